import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, readinessSchema } from '../../src/api/contract.ts';
import type { BackupStatus } from '../backup/schedule.ts';
import type { Db } from '../db/database.ts';
import type { DiskSpace } from '../disk-space.ts';
import { DomainError, MESSAGES } from '../http/errors.ts';
import { pingDatabase } from './store.ts';

const MIB = 2 ** 20;

/**
 * `GET /health` (liveness): ok only when the database answers, so a load balancer can rely on
 * it; with the last daily backup's outcome once one ran. `GET /health/ready` (readiness): also
 * not ready once the data folder's disk is down to its minimum free space, where uploads are
 * refused: an instance that can no longer take writes should get no new visitors.
 */
export function healthRoutes(deps: {
  db: Db;
  disk: DiskSpace;
  backupStatus?: () => BackupStatus | undefined;
}): FastifyPluginAsyncZod {
  const backup = () => {
    const status = deps.backupStatus?.();
    return status && { outcome: status.outcome, finishedAt: status.finishedAt.toISOString() };
  };
  return async (app) => {
    app.get('/health', { schema: { response: { 200: healthSchema } } }, async (request) => {
      try {
        await pingDatabase(deps.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: the database does not answer');
        throw new DomainError(503, MESSAGES.unavailable);
      }
      return { status: 'ok' as const, backup: backup() };
    });

    app.get(
      '/health/ready',
      { schema: { response: { 200: readinessSchema } } },
      async (request) => {
        const reasons: string[] = [];
        try {
          await pingDatabase(deps.db);
        } catch (error) {
          request.log.error({ err: error }, 'readiness: the database does not answer');
          reasons.push(MESSAGES.notReadyDatabase);
        }
        const freeBytes = await deps.disk.freeBytes();
        if (freeBytes < deps.disk.minFreeBytes) {
          request.log.warn({ freeBytes }, 'readiness: the data folder is down to its minimum');
          reasons.push(MESSAGES.notReadyDisk);
        }
        if (reasons.length > 0) throw new DomainError(503, reasons.join(' '));
        return {
          status: 'ready' as const,
          disk: {
            freeMiB: Math.floor(freeBytes / MIB),
            minFreeMiB: Math.floor(deps.disk.minFreeBytes / MIB),
          },
          backup: backup(),
        };
      },
    );
  };
}
