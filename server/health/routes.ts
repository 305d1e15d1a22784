import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '../../src/api/contract.ts';
import type { BackupStatus } from '../backup/schedule.ts';
import type { Db } from '../db/database.ts';
import { DomainError, MESSAGES } from '../http/errors.ts';
import { pingDatabase } from './store.ts';

/**
 * `GET /health`: ok only when the database answers, so a load balancer can rely on it; with
 * the last daily backup's outcome once one ran.
 */
export function healthRoutes(deps: {
  db: Db;
  backupStatus?: () => BackupStatus | undefined;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/health', { schema: { response: { 200: healthSchema } } }, async (request) => {
      try {
        await pingDatabase(deps.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: the database does not answer');
        throw new DomainError(503, MESSAGES.unavailable);
      }
      const backup = deps.backupStatus?.();
      return {
        status: 'ok' as const,
        ...(backup && {
          backup: { outcome: backup.outcome, finishedAt: backup.finishedAt.toISOString() },
        }),
      };
    });
  };
}
