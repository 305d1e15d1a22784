/**
 * Education writes for administrators (issue 13): create from the multipart form, change the
 * texts, partner, country and video (merge patch, issue 29), replace the thumbnail and the access
 * rights, delete with its files. A replaced video's rows go in the transaction of the change and
 * its files after it, as delete does; the new upload is claimed and queued as create does.
 *
 * Create keeps the all-or-nothing rule of media/service.ts: everything is checked first, then the
 * thumbnail is stored (removed again on failure by the staging), the video is moved into the
 * video folder (moved back on failure), and the row goes in last, in one transaction with the
 * claim of a tus upload. A failed create therefore leaves no row and no file, and an upload it
 * named stays usable for the corrected form.
 */
import { audited, recordAudit } from '../audit/log.ts';
import { access } from 'node:fs/promises';
import {
  EDUCATION_FIELDS as F,
  type AccessRight,
  type EducationPatch,
} from '../../src/api/contract.ts';
import type { AuthenticatedUser } from '../auth/guards.ts';
import type { Clock } from '../clock.ts';
import { offeredCountries } from '../countries/store.ts';
import type { Db } from '../db/database.ts';
import { DomainError, MESSAGES, ValidationError } from '../http/errors.ts';
import type { Media, StagedMedia } from '../media/service.ts';
import { videoProblemMessage, type ReceivedFile } from '../media/upload.ts';
import type { VideoContainer } from '../media/video-format.ts';
import { probeVideo } from '../media/video-probe.ts';
import type { CaptionStore } from '../transcodes/captions.ts';
import { insertTranscode } from '../transcodes/store.ts';
import { newStreamKey, type StreamStore } from '../transcodes/streams.ts';
import { markVideoUploadUsed } from '../uploads/store.ts';
import type { VideoUploads } from '../uploads/video-uploads.ts';
import { EDUCATION_MEDIA_COLLECTION } from './service.ts';
import {
  accessRightUserIds,
  deactivatedUserIds,
  deleteEducationRow,
  dropVideoRows,
  insertEducation,
  partnerExists,
  replaceAccessRights,
  thumbnailKeys,
  unknownUserIds,
  updateEducation,
  type EducationUpdate,
} from './store.ts';
import {
  checkRecordingMonth,
  parseEducationForm,
  type EducationFormInput,
  type Errors,
  type VideoSource,
} from './validation.ts';
import { EXTENSION_OF_CONTAINER, type MovedVideo, type VideoStore } from './videos.ts';

export interface EducationWrites {
  /** Answers the new education's id. */
  create(
    caller: AuthenticatedUser,
    input: EducationFormInput,
    staged: StagedMedia,
  ): Promise<number>;
  /** Texts, partner, country and the video (issue 29); the access rights stay. */
  patch(caller: AuthenticatedUser, id: number, patch: EducationPatch): Promise<void>;
  /** Replaces the thumbnail with the received `Thumbnail` (issue 29). */
  replaceThumbnail(id: number, input: ThumbnailFormInput, staged: StagedMedia): Promise<void>;
  replaceAccessRights(id: number, userIds: readonly number[]): Promise<AccessRight[]>;
  delete(id: number): Promise<void>;
}

export interface ThumbnailFormInput {
  files: { Thumbnail?: ReceivedFile };
  fileErrors: Record<string, string[]>;
}

export interface EducationWritesDeps {
  db: Db;
  now: Clock;
  media: Pick<Media, 'deleteMedia'>;
  videos: Pick<VideoStore, 'storeMove' | 'remove'>;
  uploads: Pick<VideoUploads, 'lookup' | 'forget'>;
  /** The HLS output and captions of a deleted education go with it (issue 27). */
  streams: Pick<StreamStore, 'remove'>;
  captions: Pick<CaptionStore, 'remove'>;
}

/** A checked video, ready to be moved into the video folder. */
type ReadyVideo =
  | { kind: 'url'; url: string }
  | { kind: 'file'; path: string; container: VideoContainer; uploadId?: string };

export function educationWrites(deps: EducationWritesDeps): EducationWrites {
  const { db, now, media, videos, uploads, streams, captions } = deps;
  const notFound = () => new DomainError(404, MESSAGES.educationNotFound);

  /** The checks that need the database or the disk, added to the form's own errors. */
  async function checkReferences(
    caller: AuthenticatedUser,
    form: { countryIsoCode: string; partnerId: number; video: VideoSource },
    errors: Errors,
  ): Promise<ReadyVideo | undefined> {
    const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
    if (!(await offeredCountries(db)).includes(form.countryIsoCode)) {
      fail(F.countryIsoCode, MESSAGES.countryUnknown(form.countryIsoCode));
    }
    if (!(await partnerExists(db, form.partnerId))) {
      fail(F.partnerId, MESSAGES.partnerNotFound(form.partnerId));
    }
    const { video } = form;
    if (video.kind === 'url') return video;
    if (video.kind === 'file') {
      const probed = video.file.video;
      if (probed === undefined) throw new Error('a received video carries what ffprobe found');
      return { kind: 'file', path: video.file.path, container: probed.container };
    }
    return checkUpload(caller, video.uploadId, F.videoUploadId, fail);
  }

  /** Into the video folder; an upload's file gone meanwhile was claimed by a racing create. */
  function moveVideo(video: ReadyVideo & { kind: 'file' }): Promise<MovedVideo> {
    const moving = videos.storeMove(video.path, EXTENSION_OF_CONTAINER[video.container]);
    return video.uploadId === undefined ? moving : moving.catch(claimedMeanwhile);
  }

  /** A finished upload of the caller's, checked as a video; undefined with its error noted. */
  async function checkUpload(
    caller: AuthenticatedUser,
    uploadId: string,
    field: string,
    fail: (field: string, message: string) => void,
  ): Promise<(ReadyVideo & { kind: 'file' }) | undefined> {
    const upload = await uploads.lookup(uploadId, caller.userId);
    if (upload.state !== 'finished') {
      fail(field, uploadMessage(upload.state));
      return undefined;
    }
    const probe = await probeVideo(upload.file).catch(claimedMeanwhile);
    if ('problem' in probe) {
      // A racing claim may have moved the file away while ffprobe read it.
      await access(upload.file).catch(claimedMeanwhile);
      fail(field, videoProblemMessage(field, probe.problem));
      return undefined;
    }
    return { kind: 'file', path: upload.file, container: probe.video.container, uploadId };
  }

  /** The old video's files, once no row refers to them any more. */
  async function removeVideoFiles(old: {
    video_key: string | null;
    stream_key: string | null;
    caption_keys: string[];
  }) {
    if (old.video_key !== null) await videos.remove(old.video_key);
    if (old.stream_key !== null) await streams.remove(old.stream_key);
    for (const key of old.caption_keys) await captions.remove(key);
  }

  /**
   * Every user must exist, and none may be a deactivated account newly given access (issue 29);
   * one who held the right before the deactivation keeps it, so saving the education again works.
   */
  async function checkUsers(
    field: string,
    userIds: readonly number[],
    errors: Errors,
    holders: readonly number[] = [],
  ) {
    const unknown = await unknownUserIds(db, userIds);
    const newlyGranted = userIds.filter((userId) => !holders.includes(userId));
    const deactivated = await deactivatedUserIds(db, newlyGranted);
    const problems = [
      ...unknown.map((userId) => MESSAGES.accessUserNotFound(userId)),
      ...deactivated.map((userId) => MESSAGES.accessUserDeactivated(userId)),
    ];
    if (problems.length > 0) errors[field] = [...(errors[field] ?? []), ...problems];
  }

  return {
    async create(caller, input, staged) {
      const at = now();
      const parsed = parseEducationForm(input, at);
      const errors: Errors = parsed.ok ? {} : parsed.errors;
      let video: ReadyVideo | undefined;
      if (parsed.ok) {
        video = await checkReferences(caller, parsed.form, errors);
        await checkUsers(F.initialAccessUserIds, parsed.form.accessUserIds, errors);
      }
      if (!parsed.ok || video === undefined || Object.keys(errors).length > 0) {
        throw new ValidationError(errors);
      }
      const { form } = parsed;
      const thumbnail = form.thumbnail
        ? await staged.storeImage(form.thumbnail, EDUCATION_MEDIA_COLLECTION)
        : undefined;
      const moved = video.kind === 'file' ? await moveVideo(video) : undefined;
      try {
        const id = await db.transaction().execute(async (transaction) => {
          if (video.kind === 'file' && video.uploadId !== undefined) {
            const claimed = await markVideoUploadUsed(transaction, video.uploadId, at);
            if (!claimed) throw ValidationError.field(F.videoUploadId, MESSAGES.uploadAlreadyUsed);
          }
          const educationId = await insertEducation(
            transaction,
            {
              title: form.title,
              description: form.description,
              lecturer: form.lecturer,
              recording_month: form.recordingMonth,
              country_iso_code: form.countryIsoCode,
              subtitle_language: form.subtitleLanguage,
              partner_id: form.partnerId,
              video_site_url: video.kind === 'url' ? video.url : null,
              video_key: moved?.key ?? null,
              thumbnail_key: thumbnail?.key ?? null,
              thumbnail_card_key: thumbnail?.cardKey ?? null,
              created_at: at.toISOString(),
            },
            form.accessUserIds,
          );
          await recordAudit(transaction, {
            kind: 'education',
            action: 'create',
            objectId: educationId,
            summary: form.title,
          });
          // Transcoded by the worker (server/transcodes); listed to users once playable.
          if (moved !== undefined) {
            await insertTranscode(transaction, {
              educationId,
              videoKey: moved.key,
              streamKey: newStreamKey(),
              at,
            });
          }
          return educationId;
        });
        if (video.kind === 'file' && video.uploadId !== undefined) {
          await uploads.forget(video.uploadId);
        }
        return id;
      } catch (error) {
        await moved?.undo();
        throw error;
      }
    },

    async patch(caller, id, patch) {
      const at = now();
      const errors: Errors = {};
      const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
      if (patch.dateOfRecording != null) {
        checkRecordingMonth(patch.dateOfRecording, 'dateOfRecording', at, fail);
      }
      const country = patch.countryIsoCode?.toUpperCase();
      if (country !== undefined && !(await offeredCountries(db)).includes(country)) {
        fail('countryIsoCode', MESSAGES.countryUnknown(country));
      }
      if (patch.partnerId !== undefined && !(await partnerExists(db, patch.partnerId))) {
        fail('partnerId', MESSAGES.partnerNotFound(patch.partnerId));
      }
      const upload =
        patch.videoUploadId === undefined
          ? undefined
          : await checkUpload(caller, patch.videoUploadId, 'videoUploadId', fail);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const replacesVideo = patch.videoUrl !== undefined || upload !== undefined;
      const update: EducationUpdate = {
        title: patch.title,
        description: patch.description,
        lecturer: patch.lecturer,
        recording_month: patch.dateOfRecording,
        subtitle_language: patch.subtitleLanguage === '' ? null : patch.subtitleLanguage,
        partner_id: patch.partnerId,
        country_iso_code: country,
      };
      const present = Object.fromEntries(
        Object.entries(update).filter(([, value]) => value !== undefined),
      ) as EducationUpdate;
      const moved = upload && (await moveVideo(upload));
      try {
        const old = await db.transaction().execute(async (transaction) => {
          if (upload?.uploadId !== undefined) {
            const claimed = await markVideoUploadUsed(transaction, upload.uploadId, at);
            if (!claimed) throw ValidationError.field('videoUploadId', MESSAGES.uploadAlreadyUsed);
          }
          const dropped = replacesVideo ? await dropVideoRows(transaction, id) : undefined;
          const video: EducationUpdate = replacesVideo
            ? {
                video_site_url: moved ? null : (patch.videoUrl ?? null),
                video_key: moved?.key ?? null,
              }
            : {};
          if (!(await updateEducation(transaction, id, { ...present, ...video }))) throw notFound();
          const changed = [...Object.keys(present), ...(replacesVideo ? ['video'] : [])];
          await recordAudit(transaction, {
            kind: 'education',
            action: 'update',
            objectId: id,
            summary: `Promijenjeno: ${changed.join(', ') || 'ništa'}`,
          });
          // Transcoded by the worker like any upload; listed to users once playable.
          if (moved !== undefined) {
            await insertTranscode(transaction, {
              educationId: id,
              videoKey: moved.key,
              streamKey: newStreamKey(),
              at,
            });
          }
          return dropped;
        });
        if (upload?.uploadId !== undefined) await uploads.forget(upload.uploadId);
        // The rows are gone first: a file left by a failed removal is unreachable.
        if (old !== undefined) await removeVideoFiles(old);
      } catch (error) {
        await moved?.undo();
        throw error;
      }
    },

    async replaceThumbnail(id, input, staged) {
      const errors: Errors = { ...input.fileErrors };
      const { Thumbnail: received } = input.files;
      if (received === undefined && errors[F.thumbnail] === undefined) {
        errors[F.thumbnail] = [MESSAGES.required(F.thumbnail)];
      }
      if (received === undefined || Object.keys(errors).length > 0) {
        throw new ValidationError(errors);
      }
      const old = await thumbnailKeys(db, id);
      if (old === undefined) throw notFound();
      const image = await staged.storeImage(received, EDUCATION_MEDIA_COLLECTION);
      const updated = await audited(
        db,
        (trx) =>
          updateEducation(trx, id, {
            thumbnail_key: image.key,
            thumbnail_card_key: image.cardKey,
          }),
        (found) =>
          found
            ? { kind: 'education', action: 'update', objectId: id, summary: 'Nova naslovna slika' }
            : undefined,
      );
      if (!updated) throw notFound();
      await media.deleteMedia([old.thumbnail_key, old.thumbnail_card_key]);
    },

    async replaceAccessRights(id, userIds) {
      const unique = [...new Set(userIds)].sort((a, b) => a - b);
      const errors: Errors = {};
      await checkUsers('userIds', unique, errors, (await accessRightUserIds(db, id)) ?? []);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const replaced = await audited(
        db,
        (trx) => replaceAccessRights(trx, id, unique),
        (found) =>
          found
            ? {
                kind: 'education',
                action: 'accessRights',
                objectId: id,
                summary: unique.length === 0 ? 'Otvoreno svima' : `Korisnici: ${unique.join(', ')}`,
              }
            : undefined,
      );
      if (!replaced) throw notFound();
      return unique.map((userId) => ({ user: { id: userId } }));
    },

    async delete(id) {
      const row = await deleteEducationRow(db, id);
      if (row === undefined) throw notFound();
      // The row is gone first: a file left by a failed removal is unreachable, never dangling.
      await media.deleteMedia([row.thumbnail_key, row.thumbnail_card_key]);
      await removeVideoFiles(row);
    },
  };
}

/** A racing claim of the same upload moved its file away first: this one lost. */
function claimedMeanwhile(error: unknown): never {
  if ((error as { code?: string }).code === 'ENOENT') {
    throw ValidationError.field(F.videoUploadId, MESSAGES.uploadAlreadyUsed);
  }
  throw error;
}

function uploadMessage(state: 'unknown' | 'used' | 'unfinished'): string {
  if (state === 'used') return MESSAGES.uploadAlreadyUsed;
  return state === 'unfinished' ? MESSAGES.uploadNotFinished : MESSAGES.uploadNotFound;
}
