/**
 * Signed stream URLs (issue 27, decision 0047), the HLS counterpart of the video links of
 * decisions 0018 and 0036: the signature sits in the path, before the file name,
 *
 *   <base>/educations/{id}/stream/{stream key}/{user}/{expires}/{signature}/master.m3u8
 *
 * so that the playlists' relative URIs (`720p/index.m3u8`, `00001.ts`) resolve under the same
 * signed prefix and every segment request carries the credential without the playlists being
 * rewritten per viewer. The HMAC covers the education, its stream folder's key, the user and the
 * expiry, under a key derived from the JWT secret for this one purpose; the route checks the
 * user's access again on every request.
 */
import { createHmac, createSecretKey, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.ts';

/** The signed part of a stream URL, as the route has validated it. */
export interface StreamGrant {
  streamKey: string;
  user: number;
  expires: number;
  signature: string;
}

export type StreamGrantCheck = 'valid' | 'expired' | 'invalid';

export interface StreamUrls {
  /** The signed prefix (ending in `/`) of an education's stream folder for one user. */
  prefix(educationId: number, streamKey: string, userId: number): string;
  check(educationId: number, grant: StreamGrant): StreamGrantCheck;
}

export interface StreamUrlsOptions {
  jwtSecret: string;
  lifetimeHours: number;
  /** The API's path prefix (`/api/v1`). */
  basePath: string;
  now: Clock;
}

const KEY_PURPOSE = 'education stream URL v1';
/** HMAC-SHA256 in base64url. */
export const STREAM_SIGNATURE_LENGTH = 43;

export function streamUrls(options: StreamUrlsOptions): StreamUrls {
  const key = createSecretKey(
    Buffer.from(hkdfSync('sha256', options.jwtSecret, '', KEY_PURPOSE, 32)),
  );
  // The route takes only keys of streams.ts's fixed shape, so the parts cannot run into each other.
  const signature = (educationId: number, streamKey: string, userId: number, expires: number) =>
    createHmac('sha256', key)
      .update(`${educationId}.${streamKey}.${userId}.${expires}`)
      .digest()
      .toString('base64url');
  const nowSeconds = () => Math.floor(options.now().getTime() / 1000);

  return {
    prefix(educationId, streamKey, userId) {
      const expires = nowSeconds() + options.lifetimeHours * 3600;
      const signed = signature(educationId, streamKey, userId, expires);
      return `${options.basePath}/educations/${educationId}/stream/${streamKey}/${userId}/${expires}/${signed}/`;
    },
    check(educationId, grant) {
      // Compared as text, before the expiry: a forged link learns nothing from the answer.
      const given = Buffer.from(grant.signature);
      const expected = Buffer.from(
        signature(educationId, grant.streamKey, grant.user, grant.expires),
      );
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return grant.expires > nowSeconds() ? 'valid' : 'expired';
    },
  };
}
