/**
 * The backup archive: a plain tar (decision 0041), written and read as a stream with
 * tar-stream, so a video of gigabytes passes through in chunks and never sits in memory. Its last
 * entry, `manifest.json`, holds every other entry's size and SHA-256 and the schema version;
 * it comes last because the checksums are known only once the files have passed through.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar-stream';
import * as z from 'zod';
import { MANIFEST_ENTRY } from './contents.ts';

/** A reason an archive cannot be taken, verified or restored, for the operator. */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

const manifestEntrySchema = z.object({
  name: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ManifestEntry = z.infer<typeof manifestEntrySchema>;

export const manifestSchema = z.object({
  format: z.literal('dental-site-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  database: z.object({
    dialect: z.enum(['sqlite', 'postgres']),
    entry: z.string(),
    /** The latest migration applied to the database the archive holds. */
    schemaVersion: z.string(),
  }),
  entries: z.array(manifestEntrySchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A manifest above this is no manifest of ours (it is read into memory). */
const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;
const ERRNO_NOT_FOUND = 'ENOENT';

export interface ArchiveWriter {
  /**
   * Streams a file into the archive under `name`; answers false (and adds nothing) when the file
   * is gone, as a media file deleted after the database snapshot is.
   */
  addFile(name: string, file: string): Promise<boolean>;
  /** Writes the manifest, flushes the archive to disk and gives it its final name. */
  finish(manifest: Omit<Manifest, 'entries'>): Promise<Manifest>;
  /** Removes the unfinished archive. */
  abort(): Promise<void>;
}

/** Writes `<file>.partial` until `finish` renames it to `file`: a half-written archive never looks done. */
export function archiveWriter(file: string): ArchiveWriter {
  const partial = `${file}.partial`;
  const pack = tar.pack();
  const output: WriteStream = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  const written = pipeline(pack, output);
  // Seen by `finish` or `abort`; until then a rejection must not go unhandled.
  written.catch(() => undefined);
  const entries: ManifestEntry[] = [];

  async function addFile(name: string, file: string): Promise<boolean> {
    const handle = await open(file, 'r').catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === ERRNO_NOT_FOUND) return undefined;
      throw error;
    });
    if (handle === undefined) return false;
    try {
      const { size, mtime } = await handle.stat();
      const hash = createHash('sha256');
      let entryError: Error | null | undefined;
      let entryDone!: () => void;
      const done = new Promise<void>((resolve) => (entryDone = resolve));
      const header = { name, size, mtime, mode: 0o600 };
      if (size === 0) {
        pack.entry(header, Buffer.alloc(0), (error) => ((entryError = error), entryDone()));
      } else {
        const entry = pack.entry(header, (error) => ((entryError = error), entryDone()));
        // Exactly the size the header announced, even if the file grew meanwhile.
        for await (const chunk of handle.createReadStream({
          start: 0,
          end: size - 1,
          autoClose: false,
        })) {
          hash.update(chunk as Buffer);
          if (!entry.write(chunk)) await once(entry, 'drain');
        }
        // streamx's `end` takes the last chunk, if any.
        entry.end(undefined);
      }
      await done;
      if (entryError) throw entryError;
      entries.push({ name, size, sha256: hash.digest('hex') });
      return true;
    } finally {
      await handle.close();
    }
  }

  return {
    addFile,
    async finish(fields) {
      const manifest: Manifest = { ...fields, entries };
      const body = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
      await new Promise<void>((resolve, reject) =>
        pack.entry({ name: MANIFEST_ENTRY, size: body.length, mode: 0o600 }, body, (error) =>
          error ? reject(error) : resolve(),
        ),
      );
      pack.finalize();
      await written;
      const handle = await open(partial, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(partial, file);
      return manifest;
    },
    async abort() {
      pack.destroy();
      await written.catch(() => undefined);
      await rm(partial, { force: true });
    },
  };
}

/**
 * Where `readArchive` writes an entry's bytes: a file path, or undefined to only check it.
 * Throwing refuses the archive (an entry restore has no place for).
 */
export type EntryTarget = (name: string) => string | undefined;

/**
 * Reads the whole archive, hashing every entry as it passes (and writing it where `target`
 * says), then holds every entry against the manifest. Throws `BackupRefused` naming the entry
 * at fault: damaged, missing, unlisted, or where a truncated archive ends.
 */
export async function readArchive(
  file: string,
  target: EntryTarget = () => undefined,
): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | undefined;
  let current: string | undefined;
  const extract = tar.extract();
  const input = createReadStream(file);
  input.on('error', (error) => extract.destroy(error));
  input.pipe(extract);
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      current = name;
      if (type !== 'file') throw new BackupRefused(`entry ${name}: not a file (${type})`);
      if (seen.has(name) || (name === MANIFEST_ENTRY && manifestText !== undefined)) {
        throw new BackupRefused(`entry ${name}: appears twice`);
      }
      // tar-stream yields an entry's bytes as Buffers; its types say `unknown`.
      const bytes = entry as AsyncIterable<Uint8Array>;
      if (name === MANIFEST_ENTRY) {
        manifestText = await readSmall(bytes, name);
      } else {
        seen.set(name, await copyEntry(bytes, target(name)));
      }
      current = undefined;
    }
  } catch (error) {
    if (error instanceof BackupRefused) throw error;
    const where = current === undefined ? 'after the last whole entry' : `in entry ${current}`;
    throw new BackupRefused(
      `the archive is truncated or damaged ${where}: ${(error as Error).message}`,
    );
  } finally {
    input.destroy();
  }
  if (manifestText === undefined) {
    throw new BackupRefused(
      `entry ${MANIFEST_ENTRY} is missing: the archive is truncated or no backup`,
    );
  }
  const manifest = parseManifest(manifestText);
  const problems: string[] = [];
  for (const listed of manifest.entries) {
    const found = seen.get(listed.name);
    if (found === undefined) problems.push(`entry ${listed.name} is missing`);
    else if (found.size !== listed.size || found.sha256 !== listed.sha256) {
      problems.push(`entry ${listed.name} differs from its checksum`);
    }
  }
  const listedNames = new Set(manifest.entries.map((entry) => entry.name));
  for (const name of seen.keys()) {
    if (!listedNames.has(name)) problems.push(`entry ${name} is not in the manifest`);
  }
  if (problems.length > 0) throw new BackupRefused(problems.join('; '));
  return manifest;
}

function parseManifest(text: string): Manifest {
  try {
    return manifestSchema.parse(JSON.parse(text));
  } catch {
    throw new BackupRefused(`entry ${MANIFEST_ENTRY} is damaged`);
  }
}

async function readSmall(entry: AsyncIterable<Uint8Array>, name: string): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of entry) {
    size += chunk.length;
    if (size > MANIFEST_MAX_BYTES) throw new BackupRefused(`entry ${name}: too large`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function copyEntry(
  entry: AsyncIterable<Uint8Array>,
  destination: string | undefined,
): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  if (destination !== undefined) await mkdir(path.dirname(destination), { recursive: true });
  const output =
    destination === undefined
      ? undefined
      : createWriteStream(destination, { flags: 'wx', mode: 0o600 });
  // Heard here, not thrown at the process: a write failing after the entry broke off, say.
  let outputError: Error | undefined;
  output?.on('error', (error) => (outputError ??= error));
  try {
    for await (const chunk of entry) {
      hash.update(chunk);
      size += chunk.length;
      if (output && !output.write(chunk)) await once(output, 'drain');
    }
    if (output) {
      output.end();
      await once(output, 'finish');
    }
  } finally {
    output?.destroy();
  }
  if (outputError) throw outputError;
  return { size, sha256: hash.digest('hex') };
}
