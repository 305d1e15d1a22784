/**
 * Education writes for administrators (issue 13): create from the multipart form, change the
 * texts (merge patch), replace the access rights, delete with its files.
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
import { videoProblemMessage } from '../media/upload.ts';
import type { VideoContainer } from '../media/video-format.ts';
import { probeVideo } from '../media/video-probe.ts';
import type { CaptionStore } from '../transcodes/captions.ts';
import { insertTranscode } from '../transcodes/store.ts';
import { newStreamKey, type StreamStore } from '../transcodes/streams.ts';
import { markVideoUploadUsed } from '../uploads/store.ts';
import type { VideoUploads } from '../uploads/video-uploads.ts';
import { EDUCATION_MEDIA_COLLECTION } from './service.ts';
import {
  deleteEducationRow,
  insertEducation,
  partnerExists,
  replaceAccessRights,
  unknownUserIds,
  updateEducationTexts,
  type EducationTextsUpdate,
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
  patch(id: number, patch: EducationPatch): Promise<void>;
  replaceAccessRights(id: number, userIds: readonly number[]): Promise<AccessRight[]>;
  delete(id: number): Promise<void>;
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
    const upload = await uploads.lookup(video.uploadId, caller.userId);
    if (upload.state !== 'finished') {
      fail(F.videoUploadId, uploadMessage(upload.state));
      return undefined;
    }
    const probe = await probeVideo(upload.file).catch(claimedMeanwhile);
    if ('problem' in probe) {
      // A racing claim may have moved the file away while ffprobe read it.
      await access(upload.file).catch(claimedMeanwhile);
      fail(F.videoUploadId, videoProblemMessage(F.videoUploadId, probe.problem));
      return undefined;
    }
    return {
      kind: 'file',
      path: upload.file,
      container: probe.video.container,
      uploadId: video.uploadId,
    };
  }

  /** Into the video folder; an upload's file gone meanwhile was claimed by a racing create. */
  function moveVideo(video: ReadyVideo & { kind: 'file' }): Promise<MovedVideo> {
    const moving = videos.storeMove(video.path, EXTENSION_OF_CONTAINER[video.container]);
    return video.uploadId === undefined ? moving : moving.catch(claimedMeanwhile);
  }

  async function checkUsers(field: string, userIds: readonly number[], errors: Errors) {
    const unknown = await unknownUserIds(db, userIds);
    if (unknown.length > 0) {
      errors[field] = [
        ...(errors[field] ?? []),
        ...unknown.map((userId) => MESSAGES.accessUserNotFound(userId)),
      ];
    }
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

    async patch(id, patch) {
      if (patch.dateOfRecording != null) {
        const errors: Errors = {};
        checkRecordingMonth(patch.dateOfRecording, 'dateOfRecording', now(), (field, message) =>
          (errors[field] ??= []).push(message),
        );
        if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      }
      const update: EducationTextsUpdate = {
        title: patch.title,
        description: patch.description,
        lecturer: patch.lecturer,
        recording_month: patch.dateOfRecording,
        subtitle_language: patch.subtitleLanguage === '' ? null : patch.subtitleLanguage,
      };
      const present = Object.fromEntries(
        Object.entries(update).filter(([, value]) => value !== undefined),
      ) as EducationTextsUpdate;
      const changed = Object.keys(present).join(', ');
      const updated = await audited(
        db,
        (trx) => updateEducationTexts(trx, id, present),
        (found) =>
          found
            ? {
                kind: 'education',
                action: 'update',
                objectId: id,
                summary: `Promijenjeno: ${changed || 'ništa'}`,
              }
            : undefined,
      );
      if (!updated) throw notFound();
    },

    async replaceAccessRights(id, userIds) {
      const unique = [...new Set(userIds)].sort((a, b) => a - b);
      const errors: Errors = {};
      await checkUsers('userIds', unique, errors);
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
      if (row.video_key !== null) await videos.remove(row.video_key);
      if (row.stream_key !== null) await streams.remove(row.stream_key);
      for (const key of row.caption_keys) await captions.remove(key);
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
