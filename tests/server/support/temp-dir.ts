import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/** A fresh temporary folder per test, removed after it. Call at the top of a test file. */
export function useTempDir(prefix = 'dental-server-'): () => string {
  let current: string | undefined;
  afterEach(() => {
    if (current) rmSync(current, { recursive: true, force: true });
    current = undefined;
  });
  return () => (current ??= mkdtempSync(path.join(tmpdir(), prefix)));
}
