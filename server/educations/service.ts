/**
 * Educations (SPEC 3 "Education", "Access right"; SPEC 6 visibility): the reads of the library
 * and the viewer, and the check behind a signed stream URL. An education the caller may not see
 * answers exactly like one that does not exist. The uploaded original is never served (decision
 * 0049): an upload's `videoUrl` is its signed HLS master playlist, empty until one is published.
 */
import type { AccessRight, Education, EducationStream } from '../../src/api/contract.ts';
import { hasRole, type AuthenticatedUser } from '../auth/guards.ts';
import type { Db } from '../db/database.ts';
import { DomainError, MESSAGES } from '../http/errors.ts';
import type { Media } from '../media/service.ts';
import type { StreamGrant, StreamUrls } from '../transcodes/stream-urls.ts';
import {
  accessRightUserIds,
  captionsOf,
  findVisibleEducation,
  listVisibleEducations,
  streamAccessOf,
  type EducationWithPartner,
  type Viewer,
} from './store.ts';

export const EDUCATION_MEDIA_COLLECTION = 'educations';

export interface EducationsService {
  list(caller: AuthenticatedUser): Promise<Education[]>;
  get(caller: AuthenticatedUser, id: number): Promise<Education>;
  /** For administrators: the users of a restricted education, none for an open one. */
  accessRights(id: number): Promise<AccessRight[]>;
  /**
   * Checks a signed stream URL's grant: the signature and its expiry (403 for a bad or expired
   * link), then the user's roles and access now and that the stream folder is still the
   * education's (404 otherwise, as for a missing education: deleted, or another education with
   * the same id).
   */
  checkStreamGrant(id: number, grant: StreamGrant): Promise<void>;
}

export interface EducationsServiceDeps {
  db: Db;
  media: Pick<Media, 'url'>;
  streamUrls: StreamUrls;
}

export function educationsService(deps: EducationsServiceDeps): EducationsService {
  const { db, media, streamUrls } = deps;
  const notFound = () => new DomainError(404, MESSAGES.educationNotFound);

  /** The stream of an uploaded video, its URLs signed for the viewer. */
  function streamOf(viewer: Viewer, row: EducationWithPartner): EducationStream | null {
    if (row.stream_key === null || row.transcode_state === null) return null;
    const published =
      row.renditions === null || row.renditions === '' ? [] : row.renditions.split(',').map(Number);
    const prefix =
      published.length > 0 ? streamUrls.prefix(row.id, row.stream_key, viewer.userId) : null;
    return {
      state: row.transcode_state,
      progress: row.transcode_progress ?? 0,
      failure: viewer.isAdministrator ? row.transcode_failure : null,
      playlistUrl: prefix && `${prefix}master.m3u8`,
      posterUrl: prefix && `${prefix}poster.jpg`,
      renditions: published,
      durationSeconds: row.duration_seconds,
      width: row.video_width,
      height: row.video_height,
    };
  }

  /** Answers `rows` with their captions, read in one query. */
  async function answerAll(viewer: Viewer, rows: EducationWithPartner[]): Promise<Education[]> {
    const captions = await captionsOf(
      db,
      rows.filter((row) => row.stream_key !== null).map((row) => row.id),
    );
    return rows.map((row) => {
      const own = captions.filter((caption) => caption.education_id === row.id);
      const prefix =
        own.length > 0 && row.stream_key !== null
          ? streamUrls.prefix(row.id, row.stream_key, viewer.userId)
          : '';
      const stream = streamOf(viewer, row);
      return {
        ...answer(row),
        // The one address an upload plays from; clients read `stream` for its state.
        videoUrl: row.video_site_url ?? stream?.playlistUrl ?? '',
        stream,
        captions: own.map((caption) => ({
          language: caption.language,
          url: `${prefix}captions/${caption.language}.vtt`,
        })),
      };
    });
  }

  const answer = (
    row: EducationWithPartner,
  ): Omit<Education, 'videoUrl' | 'stream' | 'captions'> => ({
    id: row.id,
    title: row.title,
    description: row.description,
    lecturer: row.lecturer,
    dateOfRecording: row.recording_month,
    createdAt: row.created_at,
    country: { isoCode: row.country_iso_code },
    subtitleLanguage: row.subtitle_language,
    partner: {
      id: row.partner_id,
      name: row.partner_name,
      logoUrl: media.url(row.partner_logo_card_key),
    },
    thumbnailUrl: row.thumbnail_card_key === null ? null : media.url(row.thumbnail_card_key),
  });

  return {
    async list(caller) {
      const viewer = viewerOf(caller);
      return answerAll(viewer, await listVisibleEducations(db, viewer));
    },

    async get(caller, id) {
      const viewer = viewerOf(caller);
      const row = await findVisibleEducation(db, viewer, id);
      if (row === undefined) throw notFound();
      const [education] = await answerAll(viewer, [row]);
      if (education === undefined) throw notFound();
      return education;
    },

    async accessRights(id) {
      const userIds = await accessRightUserIds(db, id);
      if (userIds === undefined) throw notFound();
      return userIds.map((userId) => ({ user: { id: userId } }));
    },

    async checkStreamGrant(id, grant) {
      if (streamUrls.check(id, grant) !== 'valid') {
        throw new DomainError(403, MESSAGES.videoLinkInvalid);
      }
      const access = await streamAccessOf(db, grant.user, id);
      if (!access.hasAccount) throw new DomainError(403, MESSAGES.videoLinkInvalid);
      if (access.streamKey !== grant.streamKey) throw notFound();
    },
  };
}

function viewerOf(caller: AuthenticatedUser): Viewer {
  return { userId: caller.userId, isAdministrator: hasRole(caller, 'administrator') };
}
