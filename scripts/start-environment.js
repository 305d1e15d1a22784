// @ts-check
/**
 * Environment `npm start` gives the server process unless the operator set it (decision 0031).
 *
 * UV_THREADPOOL_SIZE: libuv's thread pool runs every file system call, argon2 and asynchronous
 * zlib. Its default of 4 threads, 2 of them possibly hashing passwords (server/auth/password.ts),
 * queued each video request's stat and open behind the other readers' reads: at 10 readers the
 * stat and open p99 was 4 to 6 ms each, and 16 threads halved the range requests' p99 (measured
 * on the original-file route of decision 0031; HLS segments take the same stat and open). Threads
 * that wait cost no CPU; argon2 keeps its own limit
 * of 2. libuv reads the variable when the pool first starts, so it must be set before any
 * asynchronous file system call: `scripts/start.js` sets it before it imports the server.
 *
 * @type {Readonly<Record<string, string>>}
 */
export const START_ENVIRONMENT = {
  UV_THREADPOOL_SIZE: '16',
};
