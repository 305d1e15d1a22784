/**
 * MJML compiled off the event loop (issue 25, docs/decisions/0035-newsletter-render-pool.md): a
 * piscina pool of one worker thread running mjml-worker.ts. The pool is created on the first
 * compilation, so a process that never renders a newsletter starts no thread and loads no MJML
 * (decision 0030), nor piscina itself (issue 31); its thread exits after a minute without work.
 */
import type { Piscina } from 'piscina';
import type { CompiledMjml } from './mjml-worker.ts';

export interface MjmlCompiler {
  compile(mjml: string): Promise<CompiledMjml>;
  /** Ends the thread; a compilation still running is rejected. */
  close(): Promise<void>;
}

const WORKER = new URL('./mjml-worker.ts', import.meta.url);
const IDLE_MS = 60_000;

/** `worker` replaces mjml-worker.ts with another module whose default export compiles (tests). */
export function mjmlWorkerPool(options: { worker?: URL } = {}): MjmlCompiler {
  let pool: Promise<Piscina<string, CompiledMjml>> | undefined;
  return {
    async compile(mjml) {
      // One thread: the machine has few cores, and the cache (rendered-newsletters.ts) leaves
      // one compilation per newsletter version; a second newsletter's render waits its turn.
      pool ??= import('piscina').then(
        ({ Piscina }) =>
          new Piscina<string, CompiledMjml>({
            filename: (options.worker ?? WORKER).href,
            minThreads: 0,
            maxThreads: 1,
            idleTimeout: IDLE_MS,
          }),
      );
      return (await pool).run(mjml);
    },
    async close() {
      const closing = pool;
      pool = undefined;
      await (await closing)?.destroy();
    },
  };
}
