/**
 * The HLS stream and the captions of an uploaded education video (issue 27): the fields
 * `stream` and `captions` of an education, and the rules of caption files.
 */
import * as z from 'zod/mini';

/**
 * The transcode of an uploaded video: `queued` (waiting for the worker), `processing` (ffmpeg at
 * `progress` percent), `ready` (every rendition made) or `failed` (`failure` says why, to
 * administrators; `POST /educations/{id}/transcode/retry` queues it again).
 */
export const TRANSCODE_STATES = ['queued', 'processing', 'ready', 'failed'] as const;
export type TranscodeState = (typeof TRANSCODE_STATES)[number];

/**
 * An uploaded education's stream. `playlistUrl` is the signed HLS master playlist (null until a
 * first rendition is published, which can be while still `processing`: the master playlist then
 * grows as renditions finish); the education's `videoUrl` is the same address. It is bound to
 * the caller and expires after a few hours: when playback fails with 403 or 404, fetch the education again and continue at the
 * same position. `posterUrl` is a frame of the video (null until made), for an education without
 * `thumbnailUrl`. `renditions` are the published short sides (`[360, 720]`). Duration and
 * displayed size are what ffprobe found (null before the worker read them). Ordinary users see
 * an uploaded education only once it has a `playlistUrl`; administrators see every state.
 */
export const educationStreamSchema = z.object({
  state: z.enum(TRANSCODE_STATES),
  progress: z.number(),
  failure: z.nullable(z.string()),
  playlistUrl: z.nullable(z.string()),
  posterUrl: z.nullable(z.string()),
  renditions: z.array(z.number()),
  durationSeconds: z.nullable(z.number()),
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
});
export type EducationStream = z.infer<typeof educationStreamSchema>;

/**
 * One caption file of an education: `language` a BCP 47 tag (show its Croatian name with
 * `Intl.DisplayNames(['hr'], { type: 'language' })`), `url` its signed WebVTT address, for a
 * `<track kind="captions" srclang={language}>`.
 */
export const educationCaptionSchema = z.object({ language: z.string(), url: z.string() });
export type EducationCaption = z.infer<typeof educationCaptionSchema>;

/**
 * `PUT /educations/{id}/captions/{language}` (administrators): the body is the file itself, WebVTT
 * or SRT in UTF-8 (`Content-Type: text/vtt`, `application/x-subrip`, `text/plain` or
 * `application/octet-stream`), at most `maxBytes`; SRT is converted to WebVTT. Answers the
 * education. `DELETE` the same path removes it (204). Only for uploaded videos.
 */
export const CAPTION_RULES = {
  maxBytes: 512 * 1024,
  /** Language, optional script, optional region: `hr`, `en`, `pt-BR`, `sr-Latn-RS`. */
  languagePattern: /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|\d{3}))?$/,
  accept: '.vtt,.srt,text/vtt,application/x-subrip',
} as const;
