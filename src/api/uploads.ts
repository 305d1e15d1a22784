/**
 * Resumable video uploads (issue 13; decision 0019): tus-js-client against `UPLOADS_PATH`, the
 * bearer header of the session on every request (refreshed once after a 401), retries after a
 * dropped connection from the offset the server reports, and the upload's address remembered in
 * the browser's storage, so that after a reload the same file can continue where it stopped.
 */
import type { DetailedError, Upload } from 'tus-js-client';
import type { ApiClient } from './client.ts';
import { UPLOADS_PATH, uploadIdOf } from './contract.ts';
import { ApiError, isErrorBody } from './errors.ts';

export interface VideoUploadHandlers {
  onProgress(bytesSent: number, bytesTotal: number): void;
  /** The finished upload's id, for `VideoUploadId`. */
  onSuccess(uploadId: string): void;
  onError(error: unknown): void;
}

/** A request the server refused with this status (0: no answer, e.g. a dropped connection). */
const statusOf = (error: DetailedError) => error.originalResponse?.getStatus() ?? 0;

// Seconds between retries after a failure: a shaky connection gets about a minute to come back.
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000];
// Bounded requests pass proxies with a body limit; a lost request costs at most this much.
const CHUNK_BYTES = 64 * 1024 * 1024;
const UNAUTHORIZED = 401;
// The server cannot take the upload until space is freed: asking again within a minute is no use.
const INSUFFICIENT_STORAGE = 507;

/** A failure the server answered, as the ApiError of its status and error body (forms word it). */
function answeredFailure(error: Error): Error {
  const response = (error as Partial<DetailedError>).originalResponse;
  if (!response) return error;
  let body: unknown = null;
  try {
    body = JSON.parse(response.getBody());
  } catch {
    // Not an answer of ours (a proxy's page): the status alone.
  }
  return new ApiError(response.getStatus(), isErrorBody(body) ? body : null);
}

// The upload client loads with the first upload: the API module is part of every first visit.
const loadTus = () => import('tus-js-client');

export function uploadsApi(client: ApiClient) {
  async function videoUpload(file: File, handlers?: VideoUploadHandlers): Promise<Upload> {
    const tus = await loadTus();
    let refreshBeforeNextRequest = false;
    const upload: Upload = new tus.Upload(file, {
      endpoint: UPLOADS_PATH,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: { filename: file.name, filetype: file.type },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      async onBeforeRequest(request) {
        const authorization = await client.authorization(refreshBeforeNextRequest);
        refreshBeforeNextRequest = false;
        if (authorization) request.setHeader('Authorization', authorization);
      },
      onShouldRetry(error, retryAttempt) {
        const status = statusOf(error);
        // An access token expires during a long upload: new tokens, then the same request again.
        if (status === UNAUTHORIZED) {
          refreshBeforeNextRequest = true;
          return retryAttempt === 0;
        }
        return (
          status === 0 ||
          (status >= 500 && status !== INSUFFICIENT_STORAGE) ||
          status === 409 ||
          status === 423
        );
      },
      // Stryker disable OptionalChaining,StringLiteral: only the probe of hasUnfinishedVideoUpload has no handlers, and it never starts; a finished upload has its url.
      onProgress: (bytesSent, bytesTotal) => handlers?.onProgress(bytesSent, bytesTotal),
      onSuccess: () => handlers?.onSuccess(uploadIdOf(upload.url ?? '')),
      onError: (error) => handlers?.onError(answeredFailure(error)),
      // Stryker restore OptionalChaining,StringLiteral
    });
    return upload;
  }

  return {
    /** Whether this browser holds an unfinished upload of the same file (name, type, size, date). */
    hasUnfinishedVideoUpload: async (file: File): Promise<boolean> =>
      (await (await videoUpload(file)).findPreviousUploads()).length > 0,
    /**
     * Starts the upload, or continues the file's newest unfinished one when `resume` says so, and
     * settles once it runs; the handlers report what follows. Aborting `stop` pauses: sending
     * stops and the server keeps what it has, for the next resume. Asynchronous like every
     * method of the API, which may itself still be loading (src/app/apiOnDemand.ts).
     */
    async startVideoUpload(
      file: File,
      resume: boolean,
      handlers: VideoUploadHandlers,
      stop: AbortSignal,
    ): Promise<void> {
      const upload = await videoUpload(file, handlers);
      if (resume) {
        const previous = await upload.findPreviousUploads();
        const newest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (newest) upload.resumeFromPreviousUpload(newest);
      }
      if (stop.aborted) return;
      stop.addEventListener('abort', () => void upload.abort());
      upload.start();
    },
  };
}
