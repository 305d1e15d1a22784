/**
 * Access tokens: short-lived JWTs (15 minutes), HS256 with the server's own secret. The
 * algorithm is pinned on verification (no `alg: none`, no algorithm confusion), and issuer
 * and audience, both the public URL, are checked, so a token of another deployment that
 * happens to share the secret is refused too. Time comes from the injected clock. A token names
 * its login session (`sid`, the refresh-token family): the guards refuse it once that session is
 * revoked (decision 0039).
 */
// Only what HS256 tokens need: jose's index loads all of JWE, JWKS and key import (177 modules
// of every start, issue 31).
import { JOSEError } from 'jose/errors';
import { SignJWT } from 'jose/jwt/sign';
import { jwtVerify } from 'jose/jwt/verify';
import * as z from 'zod';
import { roleSchema, type Role } from '../../src/api/contract.ts';
import type { Clock } from '../clock.ts';

export const ACCESS_TOKEN_LIFETIME_SECONDS = 15 * 60;
const ALGORITHM = 'HS256';

export interface AccessTokenClaims {
  userId: number;
  roles: Role[];
  /** The login session (refresh-token family) the token was issued in. */
  sessionId: string;
}

export interface AccessTokens {
  issue(claims: AccessTokenClaims): Promise<string>;
  /** The claims of a valid token; undefined for anything else (expired, forged, malformed). */
  verify(token: string): Promise<AccessTokenClaims | undefined>;
}

const payloadSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  roles: z.array(z.enum(roleSchema.options)),
  sid: z.uuid(),
});

export function accessTokens(options: { secret: string; publicUrl: string; now: Clock }) {
  const key = new TextEncoder().encode(options.secret);
  const issuer = options.publicUrl;
  const audience = options.publicUrl;
  const seconds = () => Math.floor(options.now().getTime() / 1000);

  const tokens: AccessTokens = {
    async issue({ userId, roles, sessionId }) {
      const issuedAt = seconds();
      return new SignJWT({ roles, sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_LIFETIME_SECONDS)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer,
          audience,
          currentDate: options.now(),
          requiredClaims: ['exp', 'sub'],
        });
        const parsed = payloadSchema.safeParse(payload);
        if (!parsed.success) return undefined;
        const { sub, roles, sid } = parsed.data;
        return { userId: Number(sub), roles, sessionId: sid };
      } catch (error) {
        if (error instanceof JOSEError) return undefined;
        throw error;
      }
    },
  };
  return tokens;
}
