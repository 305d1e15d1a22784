/**
 * Password hashing: argon2id with OWASP's recommended memory (m = 46 MiB, p = 1) and more
 * passes than its minimum (t = 8 instead of 1), so one hash takes about 100 ms on the
 * reference machine (docs/decisions/0005-argon2id-cost.md; `npm run bench:login` measures it).
 * Each hash holds 46 MiB while it runs, so only two run at once and the rest wait in line:
 * fifty parallel logins cost a short queue, not 2.3 GB of memory. The line has a length: past
 * it, a caller would wait longer than a client does (`npm run bench:overload` saw logins time out
 * behind the two slots), so it is told at once to come back (503 with Retry-After) instead.
 * Hashes stored with other parameters still verify: the parameters are part of the stored string.
 */
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { OverloadedError } from '../http/errors.ts';

/** Argon2id is the library's default algorithm; the tests pin the `$argon2id$` prefix. */
const ARGON2_OPTIONS = { memoryCost: 47104, timeCost: 8, parallelism: 1 } as const;

const limited = pLimit(2);

/** At about 100 ms a hash, 32 waiting take 1.6 s on the reference machine, 5 s on a loaded one. */
export const MAX_WAITING_HASHES = 32;

function inLine<T>(work: () => Promise<T>): Promise<T> {
  if (limited.pendingCount >= MAX_WAITING_HASHES) return Promise.reject(new OverloadedError());
  return limited(work);
}

export function hashPassword(password: string): Promise<string> {
  return inLine(() => hash(password, ARGON2_OPTIONS));
}

/** False for a wrong password and for a malformed stored hash alike. */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return inLine(() => verify(passwordHash, password).catch(() => false));
}
