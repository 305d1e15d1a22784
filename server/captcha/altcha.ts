/**
 * Self-hosted ALTCHA proof of work (altcha-lib v2). The server signs each challenge (HMAC
 * with its own key) with an expiry; a solution is verified against the signature and
 * accepted once, by recording the challenge's nonce in `spent_robot_checks` until the
 * challenge expires.
 *
 * Difficulty: PBKDF2/SHA-256 at 1,000 iterations per attempt and a counter of 100 to 600
 * attempts, so a browser's WebCrypto solves it in a fraction of a second, a slow phone in
 * about one; verifying costs the server one HMAC (the derived key is signed at creation).
 */
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import * as z from 'zod';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { RobotCheck } from './robot-check.ts';
import { spendChallenge } from './store.ts';

export const ALTCHA_CHALLENGE_LIFETIME_MS = 10 * 60 * 1000;
const ALGORITHM = 'PBKDF2/SHA-256';
const COST = 1_000;
const COUNTER_MIN = 100;
const COUNTER_MAX = 600;

export interface AltchaRobotCheck extends RobotCheck {
  createChallenge(): Promise<Challenge>;
}

/** The widget's payload: base64 of `{"challenge": {...}, "solution": {...}}`. */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.literal(ALGORITHM),
        nonce: z.string().regex(/^[0-9a-f]{32}$/),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
        expiresAt: z.number(),
      })
      .loose(),
    signature: z.string(),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }).loose(),
});

export function altchaRobotCheck(options: { hmacKey: string; db: Db; now: Clock }) {
  const { db, now } = options;
  // Signing the derived key lets verification skip re-deriving it: one HMAC per login. Its
  // secret is derived from the one key, so a leak of either signature reveals nothing else.
  const keySignatureSecret = createHmac('sha256', options.hmacKey)
    .update('altcha-key-signature')
    .digest('hex');

  const check: AltchaRobotCheck = {
    async createChallenge() {
      return createChallenge({
        algorithm: ALGORITHM,
        cost: COST,
        counter: randomInt(COUNTER_MAX, COUNTER_MIN),
        deriveKey,
        expiresAt: new Date(now().getTime() + ALTCHA_CHALLENGE_LIFETIME_MS),
        hmacSignatureSecret: options.hmacKey,
        hmacKeySignatureSecret: keySignatureSecret,
      });
    },

    async verify(token) {
      const payload = decodePayload(token);
      if (payload === undefined) return false;
      const { parameters } = payload.challenge;
      const expiresAt = new Date(parameters.expiresAt * 1000);
      // The library checks expiry against the system time; the injected clock decides here.
      if (expiresAt <= now()) return false;
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: options.hmacKey,
        hmacKeySignatureSecret: keySignatureSecret,
      });
      if (!result.verified) return false;
      return spendChallenge(db, parameters.nonce, expiresAt, now());
    },
  };
  return check;
}

function decodePayload(token: string) {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString()));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
