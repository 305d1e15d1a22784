/**
 * DirectFileStore (server/uploads/direct-file-store.ts, decision 0023): tus's FileStore whose
 * `write` pipes the bytes into the file at the offset and answers the new offset.
 */
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ERRORS, Upload } from '@tus/server';
import { afterAll, describe, expect, it } from 'vitest';
import { DirectFileStore } from '../../server/uploads/direct-file-store.ts';

// One folder for the file: FileStore's constructor checks its folder in a callback that throws
// when the folder is gone by then.
const directory = mkdtempSync(path.join(tmpdir(), 'direct-file-store-'));
const store = new DirectFileStore({ directory });
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const chunks = (...texts: string[]) => Readable.from(texts.map((text) => Buffer.from(text)));

describe('DirectFileStore.write', () => {
  it('writes each body at its offset and answers the offset after it', async () => {
    await store.create(new Upload({ id: 'a1', size: 11, offset: 0 }));
    expect(await store.write(chunks('hello', ' '), 'a1', 0)).toBe(6);
    expect(await store.write(chunks('wor', 'ld'), 'a1', 6)).toBe(11);
    expect(readFileSync(path.join(directory, 'a1'), 'utf8')).toBe('hello world');
    expect((await store.getUpload('a1')).offset).toBe(11);
  });

  it('refuses an id that names a file outside its folder, and writes nothing', async () => {
    await expect(store.write(chunks('x'), '../escaped', 0)).rejects.toBe(ERRORS.FILE_NOT_FOUND);
    expect(existsSync(path.join(directory, '..', 'escaped'))).toBe(false);
  });

  it('answers a failing body as a write error', async () => {
    await store.create(new Upload({ id: 'b2', size: 10, offset: 0 }));
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(store.write(failing, 'b2', 0)).rejects.toBe(ERRORS.FILE_WRITE_ERROR);
  });
});
