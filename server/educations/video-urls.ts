/**
 * Signed video URLs (decision 0018):
 * `<base>/educations/{id}/video?video=..&user=..&expires=..&signature=..`, where the signature is
 * an HMAC-SHA256 of the education, its video's key, the user and the expiry (Unix seconds) under
 * a key derived from the JWT secret for this one purpose. A video element cannot send the bearer
 * token, so the URL itself carries who it was made for; the route then checks that this user may
 * still see the education and that it still has this video, so a link outlives neither its
 * expiry, nor the access, nor the file (SQLite gives a deleted row's id to the next education).
 */
import { createHmac, createSecretKey, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.ts';

/** The query of a signed video URL, as the route has validated it. */
export interface VideoUrlQuery {
  /** The video file's key (videos.ts) the link was made for. */
  video: string;
  user: number;
  expires: number;
  signature: string;
}

export type VideoUrlCheck = 'valid' | 'expired' | 'invalid';

export interface VideoUrls {
  /**
   * The signed URL of an education's uploaded video (its key) for one user, valid for the
   * configured hours.
   */
  sign(educationId: number, videoKey: string, userId: number): string;
  check(educationId: number, query: VideoUrlQuery): VideoUrlCheck;
}

export interface VideoUrlsOptions {
  jwtSecret: string;
  lifetimeHours: number;
  /** The API's path prefix (`/api/v1`). */
  basePath: string;
  now: Clock;
}

/** Tells these signatures apart from every other use of the same secret. */
const KEY_PURPOSE = 'education video URL v1';
/** HMAC-SHA256 in base64url. */
export const VIDEO_SIGNATURE_LENGTH = 43;

export function videoUrls(options: VideoUrlsOptions): VideoUrls {
  // A KeyObject once, not raw bytes per call: every range request checks a signature, and
  // importing the raw key each time cost several times the HMAC itself.
  const key = createSecretKey(
    Buffer.from(hkdfSync('sha256', options.jwtSecret, '', KEY_PURPOSE, 32)),
  );
  // The route takes only keys of videos.ts's fixed shape, so the parts cannot run into each other.
  const signature = (educationId: number, videoKey: string, userId: number, expires: number) =>
    createHmac('sha256', key).update(`${educationId}.${videoKey}.${userId}.${expires}`).digest();
  const nowSeconds = () => Math.floor(options.now().getTime() / 1000);

  return {
    sign(educationId, videoKey, userId) {
      const expires = nowSeconds() + options.lifetimeHours * 3600;
      const query = new URLSearchParams({
        video: videoKey,
        user: String(userId),
        expires: String(expires),
        signature: signature(educationId, videoKey, userId, expires).toString('base64url'),
      });
      return `${options.basePath}/educations/${educationId}/video?${query}`;
    },
    check(educationId, query) {
      // Compared as text: decoding would accept several spellings of one signature.
      const given = Buffer.from(query.signature);
      const expected = Buffer.from(
        signature(educationId, query.video, query.user, query.expires).toString('base64url'),
      );
      // Checked before the expiry, so that a forged link learns nothing from the answer.
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return query.expires > nowSeconds() ? 'valid' : 'expired';
    },
  };
}
