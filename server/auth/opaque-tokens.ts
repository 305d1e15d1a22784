/**
 * Opaque single-purpose tokens (invitation, refresh, password reset): 32 random bytes in
 * base64url for the holder, and only their SHA-256 in the database. A fast hash is enough
 * here, unlike for passwords: 256 random bits cannot be guessed, only stolen.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface OpaqueToken {
  /** Given to the holder once (mail link, login answer); never stored, never logged. */
  token: string;
  hash: string;
}

export function newOpaqueToken(): OpaqueToken {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The moment a token made at `now` expires. */
export function expiryAfter(now: Date, milliseconds: number): Date {
  return new Date(now.getTime() + milliseconds);
}
