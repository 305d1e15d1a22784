/**
 * Password hashing: argon2id with OWASP's recommended memory (m = 46 MiB, p = 1) and more
 * passes than its minimum (t = 8 instead of 1), so one hash takes about 100 ms on the
 * reference machine (docs/decisions/0005-argon2id-cost.md; `npm run bench:login` measures it).
 * Each hash holds 46 MiB while it runs, so only two run at once and the rest wait in line:
 * fifty parallel logins cost a short queue, not 2.3 GB of memory. A caller who would wait
 * longer than a client does is told at once to come back (503 with Retry-After) instead
 * (docs/decisions/0012-memory-and-waiting-under-overload.md).
 * Hashes stored with other parameters still verify: the parameters are part of the stored string.
 */
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { OverloadedError } from '../http/errors.ts';

/** Argon2id is the library's default algorithm; the tests pin the `$argon2id$` prefix. */
const ARGON2_OPTIONS = { memoryCost: 47104, timeCost: 8, parallelism: 1 } as const;

/** At about 100 ms a hash, 32 waiting take 1.6 s on the reference machine, 5 s on a loaded one. */
export const MAX_WAITING_HASHES = 32;
/**
 * A shorter line can still be slow: on a loaded machine a hash took 0.7 s, and 30 logins
 * behind two slots timed out at a client's 10 s. Past this wait, the hash and the answer
 * still to come would leave a client too little of its patience, so the caller is sent away.
 */
export const MAX_HASH_WAIT_MS = 3_000;

export interface HashingLineOptions {
  slots: number;
  maxWaiting: number;
  maxWaitMs: number;
  /** Milliseconds from any fixed origin; tests pass their own clock. */
  now?: () => number;
}

/**
 * Runs at most `slots` hashes at once. A caller is refused (OverloadedError) when `maxWaiting`
 * are already waiting, or when its slot comes after more than `maxWaitMs`: its hash never runs.
 */
export function hashingLine(options: HashingLineOptions) {
  const limited = pLimit(options.slots);
  const now = options.now ?? (() => performance.now());
  return function inLine<T>(work: () => Promise<T>): Promise<T> {
    if (limited.pendingCount >= options.maxWaiting) return Promise.reject(new OverloadedError());
    const queuedAt = now();
    return limited(() =>
      now() - queuedAt > options.maxWaitMs ? Promise.reject(new OverloadedError()) : work(),
    );
  };
}

const inLine = hashingLine({
  slots: 2,
  maxWaiting: MAX_WAITING_HASHES,
  maxWaitMs: MAX_HASH_WAIT_MS,
});

export function hashPassword(password: string): Promise<string> {
  return inLine(() => hash(password, ARGON2_OPTIONS));
}

/** False for a wrong password and for a malformed stored hash alike. */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return inLine(() => verify(passwordHash, password).catch(() => false));
}
