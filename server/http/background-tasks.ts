/**
 * Work that goes on after the answer is sent (a password-reset mail), so that the answer takes
 * the same time whatever the work is. A failure is logged with its cause; closing the app waits
 * for the work still running.
 */
import type { FastifyInstance } from 'fastify';

export interface BackgroundTasks {
  run(name: string, task: () => Promise<void>): void;
}

export function backgroundTasks(app: FastifyInstance): BackgroundTasks {
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.all(running);
  });
  return {
    run(name, task) {
      const done = task()
        .catch((error: unknown) => app.log.error({ err: error }, `${name} failed`))
        .finally(() => running.delete(done));
      running.add(done);
    },
  };
}
