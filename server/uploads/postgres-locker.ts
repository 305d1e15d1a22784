/**
 * The tus locker of several processes on one PostgreSQL (docs/decisions/0027): which request of
 * which process may write an upload. @tus/server's own `MemoryLocker` holds only within a process;
 * with two, a stalled PATCH on one and its resumption on the other would write the same file at
 * once.
 *
 * - A lock is a session-level advisory lock on the key of the upload id, taken on one connection
 *   this process keeps for its locks. PostgreSQL frees it when that session ends, so a process that
 *   dies holding a lock holds it no longer; no row is left to expire.
 * - Within the process a map keeps the holders, since a session may take its own advisory lock
 *   twice.
 * - A request that finds the lock taken asks its holder to let go, as tus wants (a stalled PATCH
 *   gives way to its resumption): in this process by calling the holder's `requestRelease`,
 *   in another by `NOTIFY` on a channel every process listens on. It then tries again every
 *   `RETRY_MS` until tus's timeout.
 */
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import pg from 'pg';

/** The channel a process asks, with an upload id as the payload, another to release its lock. */
export const RELEASE_CHANNEL = 'tus_upload_release';
const RETRY_MS = 25;
const DEFAULT_TIMEOUT_MS = 30_000;

export interface PostgresLockerOptions {
  databaseUrl: string;
  /** How long a request waits for a lock before tus answers that it could not get it. */
  acquireLockTimeoutMs?: number;
}

export interface PostgresLocker extends Locker {
  /** Releases every lock of this process and closes its connection. */
  close(): Promise<void>;
}

/** An advisory lock's key: the upload id's 64-bit hash, in a namespace of its own. */
const LOCK_KEY = "hashtextextended('tus upload ' || $1, 0)";

export function postgresLocker(options: PostgresLockerOptions): PostgresLocker {
  const timeoutMs = options.acquireLockTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const holders = new Map<string, RequestRelease>();
  let connection: Promise<pg.Client> | undefined;
  let closed = false;

  /** The session's end takes every lock with it: their holders are told to stop writing. */
  function lostSession(client: pg.Client) {
    void client.end().catch(() => undefined);
    connection = undefined;
    const released = [...holders.values()];
    holders.clear();
    for (const requestRelease of released) void requestRelease();
  }

  function session(): Promise<pg.Client> {
    if (closed) return Promise.reject(new Error('the upload locker is closed'));
    connection ??= (async () => {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      client.on('error', () => lostSession(client));
      client.on('end', () => connection !== undefined && lostSession(client));
      client.on('notification', ({ channel, payload }) => {
        if (channel === RELEASE_CHANNEL && payload !== undefined) void holders.get(payload)?.();
      });
      try {
        await client.connect();
        await client.query(`listen ${RELEASE_CHANNEL}`);
      } catch (error) {
        connection = undefined;
        void client.end().catch(() => undefined);
        throw error;
      }
      return client;
    })();
    return connection;
  }

  async function tryLock(id: string): Promise<boolean> {
    const client = await session();
    const { rows } = await client.query<{ locked: boolean }>(
      `select pg_try_advisory_lock(${LOCK_KEY}) as locked`,
      [id],
    );
    return rows[0]?.locked === true;
  }

  async function askRelease(id: string): Promise<void> {
    const client = await session();
    await client.query('select pg_notify($1, $2)', [RELEASE_CHANNEL, id]);
  }

  class PostgresLock implements Lock {
    /** This request's entry in `holders` while it holds the lock. */
    private held: RequestRelease | undefined;

    private readonly id: string;

    constructor(id: string) {
      this.id = id;
    }

    async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!signal.aborted && Date.now() < deadline) {
        const holder = holders.get(this.id);
        if (holder !== undefined) {
          await holder();
        } else {
          // Taken in the map first: another request of this process now waits for this one.
          holders.set(this.id, requestRelease);
          if (await tryLock(this.id).catch(() => false)) {
            this.held = requestRelease;
            return;
          }
          if (holders.get(this.id) === requestRelease) holders.delete(this.id);
          await askRelease(this.id).catch(() => undefined);
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
      throw ERRORS.ERR_LOCK_TIMEOUT;
    }

    async unlock(): Promise<void> {
      const mine = this.held !== undefined && holders.get(this.id) === this.held;
      this.held = undefined;
      if (!mine) return;
      holders.delete(this.id);
      const client = await connection;
      // A lost session has released the lock already.
      await client
        ?.query(`select pg_advisory_unlock(${LOCK_KEY})`, [this.id])
        .catch(() => undefined);
    }
  }

  return {
    newLock: (id) => new PostgresLock(id),
    async close() {
      closed = true;
      const client = await connection?.catch(() => undefined);
      connection = undefined;
      holders.clear();
      await client?.end();
    },
  };
}
