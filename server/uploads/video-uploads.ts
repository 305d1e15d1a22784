/**
 * Resumable uploads of education videos (tus, decision 0019): `@tus/server` with
 * `@tus/file-store` writes each upload to `<dataDir>/uploads/<id>` (its state beside it in
 * `<id>.json`), the `video_uploads` row binds it to the administrator who created it, and an
 * education claims a finished one once (`finished`, then `markVideoUploadUsed` in the education's
 * transaction, then `forget`).
 */
import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from '@tus/file-store';
import type { Server } from '@tus/server';
import type { Locker } from '@tus/utils';
import type { DomainErrorBody } from '../../src/api/contract.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { DiskSpace } from '../disk-space.ts';
import { MESSAGES } from '../http/errors.ts';
import { DirectFileStore } from './direct-file-store.ts';
import { NodeStreamingTusServer } from './node-streaming-tus-server.ts';
import { serializeTransactions } from '../db/dialect.ts';
import {
  declaredBytesOfUnfinishedUploads,
  deleteVideoUpload,
  findVideoUpload,
  insertUnfinishedUpload,
  insertVideoUpload,
  markVideoUploadFinished,
  unfinishedUploadCountOf,
} from './store.ts';

export const UPLOADS_FOLDER = 'uploads';

/** What a caller may do with an upload id: an upload of someone else is as unknown as none. */
export type UploadLookup =
  { state: 'unknown' | 'used' | 'unfinished' } | { state: 'finished'; file: string };

export interface VideoUploads {
  /** The tus server's handler, for the raw request of an authorized administrator. */
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
  /** Must be called before `tus.handle` for a creation: binds the new upload to its creator. */
  bindCreator(request: IncomingMessage, administratorId: number): void;
  /**
   * Must be called before `tus.handle` for a request naming an upload (PATCH, HEAD, DELETE),
   * with the id the route checked: the only id tus acts on for that request.
   */
  bindUpload(request: IncomingMessage, id: string): void;
  /** Whether `administratorId` may continue (PATCH, HEAD, DELETE) the upload `id`. */
  mayContinue(id: string, administratorId: number): Promise<boolean>;
  lookup(id: string, administratorId: number): Promise<UploadLookup>;
  /** Removes the upload's state file after its data file was moved away by a claim. */
  forget(id: string): Promise<void>;
  /** Removes the upload's files and row (termination, expiry). */
  discard(id: string): Promise<void>;
  /** Where uploads are stored. */
  readonly directory: string;
}

export interface VideoUploadsOptions {
  db: Db;
  dataDir: string;
  now: Clock;
  videoMaxBytes: number;
  expiryHours: number;
  /** The path the tus routes are mounted at (`UPLOADS_PATH`). */
  path: string;
  /** Who may write an upload; tus's in-process `MemoryLocker` when absent (one process). */
  locker?: Locker | undefined;
  /** Uploads one administrator may have receiving bytes at once. */
  unfinishedMax: number;
  /** The data folder's disk: what every unfinished upload declared must leave its minimum free. */
  disk: DiskSpace;
}

/** An error a tus hook throws: tus answers it with this status and message. */
const TUS_ERROR = (status: number, message: string) => ({ status_code: status, body: message });

/**
 * tus answers its errors in plain text (`Tus-Resumable Required`); ours always have the
 * domain-error shape of the wire contract. Every answer of tus passes through `write`.
 */
class DomainErrorTusServer extends NodeStreamingTusServer {
  override write(...[context, headers, status, body = '']: Parameters<Server['write']>) {
    if (status < 400) return super.write(context, headers, status, body);
    headers.set('content-type', 'application/json; charset=utf-8');
    const error: DomainErrorBody = { errors: [body.trim() || MESSAGES.internal] };
    return super.write(context, headers, status, JSON.stringify(error));
  }
}

export function videoUploads(options: VideoUploadsOptions): VideoUploads {
  const { db, now } = options;
  const directory = path.join(options.dataDir, UPLOADS_FOLDER);
  const creators = new WeakMap<IncomingMessage, number>();
  const checkedIds = new WeakMap<IncomingMessage, string>();
  const stateFile = (id: string) => path.join(directory, `${id}.json`);

  // Made on first use: FileStore creates its folder in a callback that throws on failure, which
  // must not outlive an app that never took an upload (its data folder may be gone by then).
  let made: { tus: Server; datastore: FileStore } | undefined;

  /**
   * Records a new upload of `administratorId`, or throws tus's refusal: past the cap of unfinished
   * uploads, or when what every unfinished upload declared would not fit the disk. The counts
   * come from the database, one creation at a time in every process, so no two creations both
   * take the last place.
   */
  async function admit(id: string, administratorId: number, declaredBytes: number) {
    const freeBytes = await options.disk.freeBytes();
    await db.transaction().execute(async (trx) => {
      await serializeTransactions(trx, 'video upload creation');
      if ((await unfinishedUploadCountOf(trx, administratorId)) >= options.unfinishedMax) {
        throw TUS_ERROR(429, MESSAGES.tooManyUnfinishedUploads(options.unfinishedMax));
      }
      // Counted whole: what an unfinished upload wrote so far is counted twice, on the safe side.
      const promised = (await declaredBytesOfUnfinishedUploads(trx)) + declaredBytes;
      if (promised > freeBytes - options.disk.minFreeBytes) {
        throw TUS_ERROR(507, MESSAGES.uploadDiskFull);
      }
      await insertVideoUpload(trx, id, administratorId, now());
      await insertUnfinishedUpload(trx, id, declaredBytes);
    });
  }
  function tusServer() {
    if (made !== undefined) return made;
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    const datastore = new DirectFileStore({
      directory,
      // Announced to clients in Upload-Expires; the sweeper (sweeper.ts) does the removing.
      expirationPeriodInMilliseconds: options.expiryHours * 60 * 60 * 1000,
      // A terminated upload's files are gone (tus); its row goes too, before tus answers.
      afterRemove: async (id) => {
        await deleteVideoUpload(db, id);
      },
    });
    const tus = new DomainErrorTusServer({
      path: options.path,
      datastore,
      maxSize: options.videoMaxBytes,
      ...(options.locker === undefined ? {} : { locker: options.locker }),
      relativeLocation: true,
      // Same origin only: no CORS header is sent.
      allowedOrigins: [],
      // tus's own takes the last `/`-segment of the whole URL, query string included, so
      // `/uploads/<own>?x=/<foreign>` acted on the foreign upload the route never checked
      // (issue 25). The id is the route's checked path parameter, whatever else the URL holds;
      // a request the route did not bind names no upload (404). Refusing query strings instead
      // would leave tus parsing URLs beside Fastify (two parsers that can disagree) and answer
      // differently from every other route, which ignores an unknown query. Locations stay
      // tus's `<path>/<id>` (relativeLocation), the shape the route parses.
      getFileIdFromRequest(request) {
        const raw = nodeRequestOf(request);
        return raw === undefined ? undefined : checkedIds.get(raw);
      },
      // Before tus creates the upload's files: a refused upload leaves nothing behind.
      async onUploadCreate(request, upload) {
        const raw = nodeRequestOf(request);
        const creator = raw === undefined ? undefined : creators.get(raw);
        if (creator === undefined) throw TUS_ERROR(403, MESSAGES.forbidden);
        // A deferred length (tus creation-defer-length) may grow up to the cap.
        await admit(upload.id, creator, upload.size ?? options.videoMaxBytes);
        return {};
      },
      async onUploadFinish(_request, upload) {
        await markVideoUploadFinished(db, upload.id);
        return {};
      },
    });
    made = { tus, datastore };
    return made;
  }

  return {
    handle: (request, response) => tusServer().tus.handle(request, response),
    directory,
    bindCreator: (request, administratorId) => creators.set(request, administratorId),
    bindUpload: (request, id) => checkedIds.set(request, id),
    async mayContinue(id, administratorId) {
      const row = await findVideoUpload(db, id);
      return row !== undefined && row.administrator_id === administratorId && row.used_at === null;
    },
    async lookup(id, administratorId) {
      const row = await findVideoUpload(db, id);
      if (row === undefined || row.administrator_id !== administratorId)
        return { state: 'unknown' };
      if (row.used_at !== null) return { state: 'used' };
      const upload = await tusServer()
        .datastore.getUpload(id)
        .catch(() => undefined);
      if (upload === undefined) {
        // A racing claim may have used it (and removed its state) since the row was read.
        const now = await findVideoUpload(db, id);
        return { state: now?.used_at == null ? 'unknown' : 'used' };
      }
      if (upload.size === undefined || upload.offset !== upload.size)
        return { state: 'unfinished' };
      return { state: 'finished', file: path.join(directory, id) };
    },
    // The state file is FileStore's `<id>.json` (its FileKvStore).
    async forget(id) {
      await rm(stateFile(id), { force: true });
    },
    async discard(id) {
      await rm(path.join(directory, id), { force: true });
      await rm(stateFile(id), { force: true });
      await deleteVideoUpload(db, id);
    },
  };
}

/** @tus/server hands its hooks a web Request made from the Node one, which it keeps (srvx). */
function nodeRequestOf(request: Request): IncomingMessage | undefined {
  return (request as Request & { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node
    ?.req;
}
