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
import { EVENTS, type Server } from '@tus/server';
import type { Locker } from '@tus/utils';
import type { DomainErrorBody } from '../../src/api/contract.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { MESSAGES } from '../http/errors.ts';
import { DirectFileStore } from './direct-file-store.ts';
import { NodeStreamingTusServer } from './node-streaming-tus-server.ts';
import { deleteVideoUpload, findVideoUpload, insertVideoUpload } from './store.ts';

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
  function tusServer() {
    if (made !== undefined) return made;
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    const datastore = new DirectFileStore({
      directory,
      // Announced to clients in Upload-Expires; the sweeper (sweeper.ts) does the removing.
      expirationPeriodInMilliseconds: options.expiryHours * 60 * 60 * 1000,
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
      async onUploadCreate(request, upload) {
        const raw = nodeRequestOf(request);
        const creator = raw === undefined ? undefined : creators.get(raw);
        if (creator === undefined) throw TUS_ERROR(403, MESSAGES.forbidden);
        await insertVideoUpload(db, upload.id, creator, now());
        return {};
      },
    });
    // A terminated upload's files are gone (tus); its row goes too, or else with the sweeper.
    tus.on(EVENTS.POST_TERMINATE, (_request, _response, id) => {
      deleteVideoUpload(db, id).catch(() => undefined);
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
