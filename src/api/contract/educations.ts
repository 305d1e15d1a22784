/**
 * Educations (SPEC 3 "Education", "Access right"; SPEC 5 "Education form"; SPEC 7
 * `/educations`; SPEC 9 video id).
 */
import * as z from 'zod/mini';
import { EDUCATION_SERVER_MESSAGES, SERVER_MESSAGES } from '../serverMessages.ts';
import { freeText } from '../text.ts';
import { COURSE_RULES, countrySchema } from './courses.ts';
import { trimmedText } from './form.ts';
import { isPartnerWebsiteUrl } from './partners.ts';
import { educationCaptionSchema, educationStreamSchema } from './streams.ts';

/** SPEC 3: a recording month as ISO 8601 year and month, `2024-03`. */
export const RECORDING_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const recordingMonthSchema = z.string().check(z.regex(RECORDING_MONTH_PATTERN));

/**
 * One education of GET /educations and GET /educations/{id}, newest first in the list.
 * `videoUrl` is either the video-sharing site's watch URL (play it through `videoSiteVideoId`
 * and `videoSiteEmbedUrl`) or, for an uploaded video, its signed HLS master playlist (the same as
 * `stream.playlistUrl`), bound to the caller and expiring after a few hours: when playback fails,
 * fetch the education again for a fresh one (the HEAD check of SPEC 7 goes to it too). It is
 * empty while an upload has no published rendition yet (only administrators see such an
 * education; `stream` says its state). The uploaded original is never served. `thumbnailUrl` is a media address, or null: then a video-site education shows
 * `videoSiteThumbnailUrl` and any other the bundled placeholder (also when an image cannot load).
 * `subtitleLanguage` is free text. `createdAt` is an ISO 8601 UTC instant. `stream` is the HLS
 * stream of an uploaded video (null for a video-site one) and `captions` its caption files
 * (contract/streams.ts, issue 27).
 */
export const educationSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  lecturer: z.string(),
  dateOfRecording: z.nullable(recordingMonthSchema),
  createdAt: z.iso.datetime(),
  country: countrySchema,
  subtitleLanguage: z.nullable(z.string()),
  partner: z.object({ id: z.number(), name: z.string(), logoUrl: z.string() }),
  videoUrl: z.string(),
  thumbnailUrl: z.nullable(z.string()),
  stream: z.nullable(educationStreamSchema),
  captions: z.array(educationCaptionSchema),
});
export type Education = z.infer<typeof educationSchema>;
/** GET /educations: the educations the caller may see, newest first. */
export const educationListSchema = z.array(educationSchema);

/** SPEC 3: one access right of GET /educations/{id}/access-rights. */
export const accessRightSchema = z.object({ user: z.object({ id: z.number() }) });
export type AccessRight = z.infer<typeof accessRightSchema>;
/** An empty list means the education is open to every logged-in user. */
export const accessRightListSchema = z.array(accessRightSchema);

/**
 * The video-sharing site of SPEC 7: its privacy-enhanced (no-cookie) embed and its image host are
 * the only hosts of that site the page may load (the server's Content-Security-Policy allows
 * exactly these two).
 */
export const VIDEO_SITE = {
  embedOrigin: 'https://www.youtube-nocookie.com',
  thumbnailOrigin: 'https://i.ytimg.com',
} as const;

/** SPEC 9: the video id of the video-sharing site. */
const VIDEO_SITE_ID = /^[\w-]{11}$/;
const VIDEO_SITE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be']);
const VIDEO_SITE_ID_PATHS = /^\/(?:embed|shorts|live)\/([^/]+)\/?$/;

/**
 * The 11-character video id of a video-sharing site URL: the watch URL's `v` parameter, or the
 * short-link, embed and shorts forms; null for any other address (an uploaded video's).
 */
export function videoSiteVideoId(videoUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(videoUrl);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol) || !VIDEO_SITE_HOSTS.has(url.hostname)) return null;
  const id =
    url.hostname === 'youtu.be'
      ? url.pathname.slice(1).replace(/\/$/, '')
      : url.pathname === '/watch'
        ? url.searchParams.get('v')
        : VIDEO_SITE_ID_PATHS.exec(url.pathname)?.[1];
  return id && VIDEO_SITE_ID.test(id) ? id : null;
}

/** The privacy-enhanced embed of one video-site video. */
export const videoSiteEmbedUrl = (videoId: string) => `${VIDEO_SITE.embedOrigin}/embed/${videoId}`;
/** The site's default thumbnail of one video, for an education without a thumbnail of its own. */
export const videoSiteThumbnailUrl = (videoId: string) =>
  `${VIDEO_SITE.thumbnailOrigin}/vi/${videoId}/hqdefault.jpg`;

/* Education writes (issue 13; SPEC 5 "Education form"; SPEC 7 POST, PATCH, PUT and DELETE). */

/**
 * The multipart field names of POST /educations (SPEC 7, plus `VideoUploadId`). Text fields:
 * `DateOfRecording` as `2024-03` (optional, not later than the current month), `CountryIsoCode`
 * an offered country, `SubtitleLanguage` optional free text, `PartnerId` a partner's id. The video
 * is exactly one of `VideoUrl` (http:// or https://), `Video` (the file) or `VideoUploadId` (the
 * id of a finished tus upload at `UPLOADS_PATH`, see `uploadIdOf`). `Thumbnail` is an optional
 * image. `InitialAccessUserIds` is repeated, once per user, only when the education is restricted.
 * A validation error names these fields: `{"errors":{"Title":["..."]}}`.
 */
export const EDUCATION_FIELDS = {
  title: 'Title',
  description: 'Description',
  lecturer: 'Lecturer',
  dateOfRecording: 'DateOfRecording',
  countryIsoCode: 'CountryIsoCode',
  subtitleLanguage: 'SubtitleLanguage',
  partnerId: 'PartnerId',
  videoUrl: 'VideoUrl',
  video: 'Video',
  videoUploadId: 'VideoUploadId',
  thumbnail: 'Thumbnail',
  initialAccessUserIds: 'InitialAccessUserIds',
} as const;

/** SPEC 9 and the server's limits: the rules of the education form, enforced by both sides. */
export const EDUCATION_RULES = {
  /** SPEC 9: longer than 2 (after trimming). */
  titleMinLength: 3,
  titleMaxLength: 200,
  /** SPEC 9: at least 5. */
  descriptionMinLength: 5,
  descriptionMaxLength: 10_000,
  /** SPEC 9: longer than 1. */
  lecturerMinLength: 2,
  lecturerMaxLength: 500,
  subtitleLanguageMaxLength: 100,
  videoUrlMaxLength: 2048,
  /** A tus upload id as the server makes them (hex), with room to spare. */
  videoUploadIdMaxLength: 128,
  /** Users of one restricted education (`InitialAccessUserIds`, `userIds`). */
  accessUsersMax: 1000,
  /**
   * `accept` of the video input: what the server accepts, decided from the bytes. The size cap is
   * the server's configuration (4 GiB by default); over it the server answers 413 `videoTooLarge`.
   */
  videoAccept: 'video/*,.mov,.mkv,.avi',
  thumbnailMaxBytes: COURSE_RULES.imageMaxBytes,
  /** `accept` of the thumbnail input. SVG is never accepted. */
  thumbnailAccept: COURSE_RULES.imageAccept,
} as const;

/** POST /educations answers 201 with the stored education (its video URL signed for the caller). */
export const createEducationResponseSchema = educationSchema;

/** The education texts of POST (multipart, fields as in EDUCATION_FIELDS) and PATCH (JSON). */
export const educationTexts = (fields: {
  title: string;
  description: string;
  lecturer: string;
  subtitleLanguage: string;
}) => ({
  title: freeText(fields.title, {
    required: true,
    minLength: EDUCATION_RULES.titleMinLength,
    maxLength: EDUCATION_RULES.titleMaxLength,
  }),
  description: freeText(fields.description, {
    multiline: true,
    required: true,
    minLength: EDUCATION_RULES.descriptionMinLength,
    maxLength: EDUCATION_RULES.descriptionMaxLength,
  }),
  lecturer: freeText(fields.lecturer, {
    required: true,
    minLength: EDUCATION_RULES.lecturerMinLength,
    maxLength: EDUCATION_RULES.lecturerMaxLength,
  }),
  /** Empty means none. */
  subtitleLanguage: freeText(fields.subtitleLanguage, {
    maxLength: EDUCATION_RULES.subtitleLanguageMaxLength,
  }),
});
const patchTexts = educationTexts({
  title: 'title',
  description: 'description',
  lecturer: 'lecturer',
  subtitleLanguage: 'subtitleLanguage',
});

/**
 * PATCH /educations/{id} (`application/merge-patch+json`): any of these members; null clears the
 * two optional ones. The same rules as POST; a `dateOfRecording` later than the current month is
 * refused by the server, as are an unknown `partnerId` and a `countryIsoCode` not offered. At most
 * one of `videoUrl` and `videoUploadId` (a finished tus upload of the caller, as POST's
 * `VideoUploadId`) replaces the video (issue 29): the old one, its stream and its captions go,
 * a new upload is transcoded like any other; the access rights stay. Answers 200 with the
 * education as stored.
 */
export const educationPatchSchema = z
  .strictObject(
    {
      title: z.optional(patchTexts.title),
      description: z.optional(patchTexts.description),
      lecturer: z.optional(patchTexts.lecturer),
      dateOfRecording: z.optional(
        z.nullable(
          z
            .string({ error: 'dateOfRecording must be a text.' })
            .check(
              z.regex(
                RECORDING_MONTH_PATTERN,
                'dateOfRecording must be a year and month, e.g. 2024-03.',
              ),
            ),
        ),
      ),
      subtitleLanguage: z.optional(z.nullable(patchTexts.subtitleLanguage)),
      partnerId: z.optional(
        z
          .number({ error: 'partnerId must be a partner id.' })
          .check(
            z.int('partnerId must be a partner id.'),
            z.positive('partnerId must be a partner id.'),
          ),
      ),
      countryIsoCode: z.optional(
        z
          .string({ error: 'countryIsoCode must be a text.' })
          .check(z.regex(/^[A-Za-z]{2}$/, 'countryIsoCode must be an ISO 3166-1 alpha-2 code.')),
      ),
      videoUrl: z.optional(
        z
          .string({ error: 'videoUrl must be a text.' })
          .check(
            z.maxLength(
              EDUCATION_RULES.videoUrlMaxLength,
              SERVER_MESSAGES.tooLong('videoUrl', EDUCATION_RULES.videoUrlMaxLength),
            ),
            z.refine(isPartnerWebsiteUrl, EDUCATION_SERVER_MESSAGES.videoUrlInvalid),
          ),
      ),
      videoUploadId: z.optional(
        z
          .string({ error: 'videoUploadId must be a text.' })
          .check(
            z.minLength(1, SERVER_MESSAGES.required('videoUploadId')),
            z.maxLength(EDUCATION_RULES.videoUploadIdMaxLength, 'videoUploadId is not an upload.'),
          ),
      ),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? 'The patch may set only title, description, lecturer, dateOfRecording, subtitleLanguage, partnerId, countryIsoCode, videoUrl and videoUploadId.'
          : 'The patch must be a JSON object.',
    },
  )
  .check(
    z.refine((patch) => patch.videoUrl === undefined || patch.videoUploadId === undefined, {
      error: 'Give at most one of videoUrl and videoUploadId.',
      path: ['videoUploadId'],
    }),
  );
export type EducationPatch = z.infer<typeof educationPatchSchema>;

/**
 * PUT /educations/{id}/access-rights (JSON): the users who may see the education, every one an
 * existing user; an empty list opens it to every logged-in user. Answers 200 with the access
 * rights as stored (`accessRightListSchema`).
 */
export const accessRightsUpdateSchema = z.object({
  userIds: z
    .array(
      z
        .number({ error: 'userIds must hold user ids.' })
        .check(z.int('userIds must hold user ids.'), z.positive('userIds must hold user ids.')),
      { error: 'userIds must be a list of user ids.' },
    )
    .check(
      z.maxLength(
        EDUCATION_RULES.accessUsersMax,
        `userIds may hold at most ${EDUCATION_RULES.accessUsersMax} users.`,
      ),
    ),
});

/** The education form's messages only the server's schema words (the client shows them as sent). */
export const EDUCATION_MESSAGES = {
  notAnId: (field: string) => `${field} must be a positive whole number.`,
};

/** A positive whole number of at most 15 digits, as ids are sent; undefined for anything else. */
export function positiveId(text: string): number | undefined {
  if (!/^\d{1,15}$/.test(text)) return undefined;
  const id = Number(text);
  return id > 0 ? id : undefined;
}

const EF = EDUCATION_FIELDS;
const EDUCATION_TEXTS = educationTexts(EF);

/**
 * SPEC 5 "Education form", 9: the text fields of POST /educations as sent, one rule per message,
 * checked by the SPA (educationForm.rules.ts) and by the server (server/educations/validation.ts).
 * `currentMonth` ('YYYY-MM' in Zagreb) is the latest recording month. What depends on the files
 * and the repeated user ids (exactly one video source, the upload, the access rights) and on the
 * database (partner, country, users) is the server parser's and service's; the browser has its
 * own words for the video source and the users it asks for.
 */
export const educationFormSchema = (currentMonth: string) =>
  z.object({
    [EF.title]: EDUCATION_TEXTS.title,
    [EF.description]: EDUCATION_TEXTS.description,
    [EF.lecturer]: EDUCATION_TEXTS.lecturer,
    /** Empty means not given. */
    [EF.dateOfRecording]: trimmedText(EF.dateOfRecording).check(
      z.refine((month) => month === '' || RECORDING_MONTH_PATTERN.test(month), {
        error: EDUCATION_SERVER_MESSAGES.recordingMonthInvalid,
        abort: true,
      }),
      z.refine((month) => month <= currentMonth, {
        error: EDUCATION_SERVER_MESSAGES.recordingMonthInFuture,
      }),
    ),
    [EF.countryIsoCode]: trimmedText(EF.countryIsoCode).check(
      z.toUpperCase(),
      z.minLength(1, { error: SERVER_MESSAGES.required(EF.countryIsoCode) }),
    ),
    /** Empty means none. */
    [EF.subtitleLanguage]: EDUCATION_TEXTS.subtitleLanguage,
    [EF.partnerId]: trimmedText(EF.partnerId).check(
      z.minLength(1, { error: SERVER_MESSAGES.required(EF.partnerId), abort: true }),
      z.refine((id) => positiveId(id) !== undefined, {
        error: EDUCATION_MESSAGES.notAnId(EF.partnerId),
      }),
    ),
    /** Empty when the video comes as a file or an upload. The same rule as a partner's website. */
    [EF.videoUrl]: trimmedText(EF.videoUrl).check(
      z.maxLength(EDUCATION_RULES.videoUrlMaxLength, {
        error: SERVER_MESSAGES.tooLong(EF.videoUrl, EDUCATION_RULES.videoUrlMaxLength),
        abort: true,
      }),
      z.refine((url) => url === '' || isPartnerWebsiteUrl(url), {
        error: EDUCATION_SERVER_MESSAGES.videoUrlInvalid,
      }),
    ),
  });
