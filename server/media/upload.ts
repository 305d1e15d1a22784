/**
 * Receiving a multipart form (ARCHITECTURE.md "Media"): every file part is streamed to a
 * temporary file while its bytes are counted, so nothing is held whole in memory and an
 * oversized file is cut off at its cap (413). Its type is then decided from its bytes (magic
 * numbers), never from its name or declared type, and checked against the field's allow-list.
 * SVG has no magic number and is never accepted. A video is whatever ffprobe reads as one in a
 * video container (video-probe.ts).
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import type { DiskSpace } from '../disk-space.ts';
import { DomainError, MESSAGES, ValidationError } from '../http/errors.ts';
import type { VideoContainer } from './video-format.ts';
import { probeVideo, type ProbedVideo, type VideoProblem } from './video-probe.ts';

export type FileKind = 'image' | 'pdf' | 'video';

/** What a kind accepts, by the type the bytes say. */
const KIND_TYPES: Record<FileKind, readonly string[]> = {
  image: ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/heic', 'image/heif'],
  pdf: ['application/pdf'],
  video: ['video/mp4', 'video/x-matroska', 'video/x-msvideo'],
};
const VIDEO_CONTAINER_TYPES: Record<VideoContainer, string> = {
  'iso-bmff': 'video/mp4',
  matroska: 'video/x-matroska',
  avi: 'video/x-msvideo',
};
const KIND_DESCRIPTIONS: Record<FileKind, string> = {
  image: 'a JPEG, PNG, WebP, AVIF or HEIC image',
  pdf: 'a PDF document',
  video: 'a video',
};

export interface FileFieldSpec {
  kinds: readonly FileKind[];
  maxBytes: number;
}

export interface UploadSpec<F extends string> {
  /** The file fields of the form; any other file part is an error on its field. */
  files: Record<F, FileFieldSpec>;
  /** Text fields at most (default 30) and bytes per text field (default 64 KiB). */
  maxTextFields?: number;
  maxTextFieldBytes?: number;
}

export interface ReceivedFile {
  field: string;
  /** The temporary file; gone when the request is finished. */
  path: string;
  kind: FileKind;
  /** The type the bytes say, e.g. `image/png`. */
  mime: string;
  size: number;
  /** What ffprobe found in a video. */
  video?: ProbedVideo;
}

export interface Upload<F extends string> {
  /** The first value of a text field, undefined when absent. */
  text(field: string): string | undefined;
  /** Every value of a repeated text field, in order. */
  texts(field: string): string[];
  files: Partial<Record<F, ReceivedFile>>;
  /**
   * Problems with the files that are the sender's (wrong type, unknown or repeated field), by
   * field, for the caller to report together with its own validation errors.
   */
  fileErrors: Record<string, string[]>;
}

const DEFAULT_MAX_TEXT_FIELDS = 30;
const DEFAULT_MAX_TEXT_FIELD_BYTES = 64 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** The disk uploads are written to (server/disk-space.ts), for `receiveUpload`. */
    uploadDisk: DiskSpace;
  }
}

/** Registers the multipart parser on `app` (the API scope): parsing starts only when asked. */
export async function registerMultipart(app: FastifyInstance, disk: DiskSpace): Promise<void> {
  // No global limits: each upload passes those of its form to `receiveUpload`.
  await app.register(fastifyMultipart);
  app.decorate('uploadDisk', disk);
}

/**
 * Refuses a body that would leave less than the minimum free, before a byte of it is read: a
 * full disk never holds a half-written file. The declared length is the body's upper bound; a
 * body without one is only let in while the minimum itself is free.
 */
async function ensureDiskRoom(request: FastifyRequest): Promise<void> {
  const declared = Number(request.headers['content-length'] ?? 0);
  const bytes = Number.isSafeInteger(declared) && declared > 0 ? declared : 0;
  if (!(await request.server.uploadDisk.hasRoomFor(bytes))) {
    throw new DomainError(507, MESSAGES.uploadDiskFull);
  }
}

/** Streams the multipart body of `request` into files under `workDir`. */
export async function receiveUpload<F extends string>(
  request: FastifyRequest,
  spec: UploadSpec<F>,
  workDir: string,
): Promise<Upload<F>> {
  if (!request.isMultipart()) throw new DomainError(415, MESSAGES.multipartRequired);
  await ensureDiskRoom(request);
  const fileSpecs: Record<string, FileFieldSpec> = spec.files;
  const fileFields = Object.keys(fileSpecs);
  const maxTextFields = spec.maxTextFields ?? DEFAULT_MAX_TEXT_FIELDS;
  const largestFile = Math.max(0, ...fileFields.map((field) => fileSpecs[field]?.maxBytes ?? 0));
  const parts = request.parts({
    limits: {
      // The parser's own cap, for parts nobody stores (an unknown or repeated field).
      fileSize: largestFile,
      files: fileFields.length,
      fields: maxTextFields,
      fieldSize: spec.maxTextFieldBytes ?? DEFAULT_MAX_TEXT_FIELD_BYTES,
      parts: fileFields.length + maxTextFields,
    },
  });

  const texts = new Map<string, string[]>();
  const files: Partial<Record<string, ReceivedFile>> = {};
  const fileErrors: Record<string, string[]> = {};
  const reject = (field: string, message: string) => (fileErrors[field] ??= []).push(message);

  try {
    for await (const part of parts) {
      const field = part.fieldname;
      if (part.type === 'field') {
        if (part.valueTruncated) throw new DomainError(413, MESSAGES.fieldTooLarge(field));
        texts.set(field, [...(texts.get(field) ?? []), String(part.value)]);
        continue;
      }
      const fieldSpec = Object.hasOwn(fileSpecs, field) ? fileSpecs[field] : undefined;
      if (fieldSpec === undefined || files[field] !== undefined) {
        reject(field, fieldSpec ? MESSAGES.duplicateFile(field) : MESSAGES.unexpectedFile(field));
        part.file.resume();
        continue;
      }
      const target = path.join(workDir, randomUUID());
      const size = await writeCapped(part.file, target, field, fieldSpec.maxBytes);
      // An empty file input of a plain HTML form sends a nameless empty part: nothing chosen.
      if (size === 0 && part.filename === '') {
        await rm(target, { force: true });
        continue;
      }
      if (fieldSpec.kinds.includes('video')) {
        const probe = await probeVideo(target);
        if ('problem' in probe) {
          await rm(target, { force: true });
          reject(field, videoProblemMessage(field, probe.problem));
          continue;
        }
        const mime = VIDEO_CONTAINER_TYPES[probe.video.container];
        files[field] = { field, path: target, kind: 'video', mime, size, video: probe.video };
        continue;
      }
      const detected = await fileTypeFromFile(target);
      const kind = fieldSpec.kinds.find((candidate) =>
        KIND_TYPES[candidate].includes(detected?.mime ?? ''),
      );
      if (kind === undefined || detected === undefined) {
        await rm(target, { force: true });
        reject(field, MESSAGES.fileNotAllowed(field, describeKinds(fieldSpec.kinds)));
        continue;
      }
      files[field] = { field, path: target, kind, mime: detected.mime, size };
    }
  } catch (error) {
    throw asClientError(error, (field) => fileSpecs[field]?.maxBytes ?? largestFile);
  }

  return {
    text: (field) => texts.get(field)?.[0],
    texts: (field) => texts.get(field) ?? [],
    files: files as Partial<Record<F, ReceivedFile>>,
    fileErrors,
  };
}

/**
 * Copies a file part to `target`, failing with a 413 as soon as it passes `maxBytes`: the part
 * stream is destroyed, the parser stops, and the rest of the body is never stored.
 */
async function writeCapped(
  file: Readable & { truncated?: boolean },
  target: string,
  field: string,
  maxBytes: number,
): Promise<number> {
  let size = 0;
  const tooLarge = () => new DomainError(413, MESSAGES.fileTooLarge(field, maxBytes));
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(size > maxBytes ? tooLarge() : null, chunk);
    },
  });
  await pipeline(file, counter, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
  // The parser's own cap (the largest of the form) cuts the stream short without an error.
  if (file.truncated) throw tooLarge();
  return size;
}

/** A video field's problem, also for a video that arrived through a tus upload. */
export function videoProblemMessage(field: string, problem: VideoProblem): string {
  const message = {
    empty: MESSAGES.videoEmpty,
    'not-a-video': MESSAGES.videoNotAllowed,
    incomplete: MESSAGES.videoIncomplete,
    'audio-only': MESSAGES.videoAudioOnly,
    'image-only': MESSAGES.videoImageOnly,
    undecodable: MESSAGES.videoUndecodable,
  }[problem];
  return message(field);
}

function describeKinds(kinds: readonly FileKind[]): string {
  return kinds.map((kind) => KIND_DESCRIPTIONS[kind]).join(' or ');
}

/**
 * Our own errors pass; the parser's limits become 413 with our messages; a file-system error
 * stays a server error; anything else the parser throws means a malformed body (400).
 */
function asClientError(error: unknown, capOf: (field: string) => number): unknown {
  if (error instanceof DomainError || error instanceof ValidationError) return error;
  if (!(error instanceof Error)) return error;
  if ('syscall' in error) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const field = (error as { part?: { fieldname?: string } }).part?.fieldname ?? 'file';
    return new DomainError(413, MESSAGES.fileTooLarge(field, capOf(field)), { cause: error });
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new DomainError(413, MESSAGES.tooManyParts, { cause: error });
  }
  return new DomainError(400, MESSAGES.malformedMultipart, { cause: error });
}
