/**
 * The upload client's own decisions, around tus-js-client (replaced here by a recorder of what
 * it is given): the options of each upload, the bearer header and its one refresh after a 401,
 * which failures are retried, which unfinished upload a resume continues, and that aborting the
 * stop signal pauses. The protocol itself is tus-js-client's, run against the real server by the
 * education admin's browser test.
 */
import type { DetailedError, HttpRequest, PreviousUpload, UploadOptions } from 'tus-js-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from './client.ts';
import { UPLOADS_PATH } from './contract.ts';
import { ApiError } from './errors.ts';
import { uploadsApi, type VideoUploadHandlers } from './uploads.ts';

interface RecordedUpload {
  file: File;
  options: UploadOptions;
  url: string | null;
  previous: PreviousUpload[];
  resumedFrom: PreviousUpload | null;
  started: boolean;
  aborted: boolean;
}

const recorded: RecordedUpload[] = [];
/** The unfinished uploads the browser's storage holds for the next upload made. */
let storedPreviousUploads: PreviousUpload[] = [];

vi.mock('tus-js-client', () => ({
  Upload: class {
    readonly record: RecordedUpload;
    constructor(file: File, options: UploadOptions) {
      this.record = {
        file,
        options,
        url: null,
        previous: storedPreviousUploads,
        resumedFrom: null,
        started: false,
        aborted: false,
      };
      recorded.push(this.record);
    }
    get url() {
      return this.record.url;
    }
    findPreviousUploads() {
      return Promise.resolve(this.record.previous);
    }
    resumeFromPreviousUpload(previous: PreviousUpload) {
      this.record.resumedFrom = previous;
    }
    start() {
      this.record.started = true;
    }
    abort() {
      this.record.aborted = true;
      return Promise.resolve();
    }
  },
}));

const file = new File([new Uint8Array(16)], 'predavanje.mp4', { type: 'video/mp4' });
const authorization = vi.fn<(refresh?: boolean) => Promise<string | null>>();
let api: ReturnType<typeof uploadsApi>;
const handlers = (): VideoUploadHandlers => ({
  onProgress: vi.fn(),
  onSuccess: vi.fn(),
  onError: vi.fn(),
});

function lastUpload(): RecordedUpload {
  const upload = recorded.at(-1);
  if (!upload) throw new Error('No upload was made');
  return upload;
}

/** A failure as tus-js-client reports it: with the server's status, or none when no answer came. */
const failure = (status: number | null) =>
  ({
    originalResponse: status === null ? null : { getStatus: () => status },
  }) as unknown as DetailedError;

const previousUpload = (creationTime: string, uploadUrl: string) =>
  ({ creationTime, uploadUrl, size: 16, metadata: {}, urlStorageKey: uploadUrl }) as PreviousUpload;

beforeEach(() => {
  recorded.length = 0;
  storedPreviousUploads = [];
  authorization.mockReset();
  api = uploadsApi({ authorization } as unknown as ApiClient);
});

describe('starting an upload', () => {
  it('sends the file to the uploads path in bounded chunks, remembered for a resume', async () => {
    await api.startVideoUpload(file, false, handlers(), new AbortController().signal);
    const { options, started, resumedFrom } = lastUpload();
    expect(options).toMatchObject({
      endpoint: UPLOADS_PATH,
      chunkSize: 64 * 1024 * 1024,
      metadata: { filename: 'predavanje.mp4', filetype: 'video/mp4' },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
    });
    expect(options.retryDelays?.length).toBeGreaterThan(3);
    expect(started).toBe(true);
    expect(resumedFrom).toBeNull();
  });

  it('reports progress, the finished upload id from its address, and errors', async () => {
    const reported = handlers();
    await api.startVideoUpload(file, false, reported, new AbortController().signal);
    const upload = lastUpload();
    upload.options.onProgress?.(4, 16);
    expect(reported.onProgress).toHaveBeenCalledWith(4, 16);
    upload.url = `${UPLOADS_PATH}/abc123`;
    upload.options.onSuccess?.({ lastResponse: {} } as never);
    expect(reported.onSuccess).toHaveBeenCalledWith('abc123');
    const error = new Error('refused');
    upload.options.onError?.(error);
    expect(reported.onError).toHaveBeenCalledWith(error);
  });

  it('a resume continues the newest unfinished upload of the file', async () => {
    const newest = previousUpload('2026-11-23T10:00:00.000Z', `${UPLOADS_PATH}/new`);
    const older = previousUpload('2026-11-22T10:00:00.000Z', `${UPLOADS_PATH}/old`);
    storedPreviousUploads = [older, newest];
    await api.startVideoUpload(file, true, handlers(), new AbortController().signal);
    expect(lastUpload().resumedFrom).toBe(newest);
  });

  it('a resume without an unfinished upload starts a new one; no resume never looks', async () => {
    await api.startVideoUpload(file, true, handlers(), new AbortController().signal);
    expect(lastUpload()).toMatchObject({ resumedFrom: null, started: true });
    storedPreviousUploads = [previousUpload('2026-11-23T10:00:00.000Z', `${UPLOADS_PATH}/x`)];
    await api.startVideoUpload(file, false, handlers(), new AbortController().signal);
    expect(lastUpload().resumedFrom).toBeNull();
  });

  it('aborting the stop signal pauses the upload; an abort before it runs never starts it', async () => {
    const stop = new AbortController();
    await api.startVideoUpload(file, false, handlers(), stop.signal);
    expect(lastUpload().aborted).toBe(false);
    stop.abort();
    expect(lastUpload().aborted).toBe(true);

    const early = new AbortController();
    early.abort();
    await api.startVideoUpload(file, false, handlers(), early.signal);
    expect(lastUpload()).toMatchObject({ started: false, aborted: false });
  });
});

describe('finding an unfinished upload', () => {
  it('answers whether this browser holds one for the file', async () => {
    expect(await api.hasUnfinishedVideoUpload(file)).toBe(false);
    storedPreviousUploads = [previousUpload('2026-11-23T10:00:00.000Z', `${UPLOADS_PATH}/x`)];
    expect(await api.hasUnfinishedVideoUpload(file)).toBe(true);
    storedPreviousUploads = [];
    expect(await api.hasUnfinishedVideoUpload(file)).toBe(false);
  });
});

describe('every request carries the session', () => {
  const request = () => {
    const headers = new Map<string, string>();
    return {
      headers,
      setHeader: (name: string, value: string) => void headers.set(name, value),
    } as unknown as HttpRequest & { headers: Map<string, string> };
  };

  it('the bearer header, refreshed once after a 401 and then retried once', async () => {
    authorization.mockResolvedValue('Bearer access');
    await api.startVideoUpload(file, false, handlers(), new AbortController().signal);
    const { options } = lastUpload();
    const first = request();
    await options.onBeforeRequest?.(first);
    expect(first.headers.get('Authorization')).toBe('Bearer access');
    expect(authorization).toHaveBeenLastCalledWith(false);

    expect(options.onShouldRetry?.(failure(401), 0, options)).toBe(true);
    await options.onBeforeRequest?.(request());
    expect(authorization).toHaveBeenLastCalledWith(true);
    await options.onBeforeRequest?.(request());
    expect(authorization).toHaveBeenLastCalledWith(false);
    expect(options.onShouldRetry?.(failure(401), 1, options)).toBe(false);
  });

  it('no header when there is no session', async () => {
    authorization.mockResolvedValue(null);
    await api.startVideoUpload(file, false, handlers(), new AbortController().signal);
    const anonymous = request();
    await lastUpload().options.onBeforeRequest?.(anonymous);
    expect(anonymous.headers.has('Authorization')).toBe(false);
  });
});

describe('which failures are retried', () => {
  it('a dropped connection, a server failure, a conflict or a lock; never a refusal', async () => {
    await api.startVideoUpload(file, false, handlers(), new AbortController().signal);
    const { options } = lastUpload();
    const retried = (status: number | null) => options.onShouldRetry?.(failure(status), 2, options);
    expect(retried(null)).toBe(true);
    expect(retried(500)).toBe(true);
    expect(retried(503)).toBe(true);
    expect(retried(409)).toBe(true);
    expect(retried(423)).toBe(true);
    expect(retried(499)).toBe(false);
    expect(retried(400)).toBe(false);
    expect(retried(403)).toBe(false);
    expect(retried(404)).toBe(false);
    expect(retried(413)).toBe(false);
    // Past the cap of unfinished uploads, or no room on the server's disk: no use asking again.
    expect(retried(429)).toBe(false);
    expect(retried(507)).toBe(false);
  });
});

describe('a failure the server answered', () => {
  const answered = (status: number, body: string) =>
    ({
      message: `tus: unexpected response while creating upload, originated from request`,
      originalResponse: { getStatus: () => status, getBody: () => body },
    }) as unknown as DetailedError;

  it('reaches the form as the ApiError of its status and error body', async () => {
    const reported = handlers();
    await api.startVideoUpload(file, false, reported, new AbortController().signal);
    const body = { errors: ['There is not enough free disk space on the server for this upload.'] };
    lastUpload().options.onError?.(answered(507, JSON.stringify(body)));
    const error = vi.mocked(reported.onError).mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 507, body });
  });

  it('an answer that is not an error body of ours keeps only its status', async () => {
    const reported = handlers();
    await api.startVideoUpload(file, false, reported, new AbortController().signal);
    lastUpload().options.onError?.(answered(502, '<html>Bad gateway</html>'));
    expect(vi.mocked(reported.onError).mock.calls[0]?.[0]).toMatchObject({
      status: 502,
      body: null,
    });
  });
});
