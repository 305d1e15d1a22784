/**
 * The audit log's retention (issue 29): rows older than `AUDIT_LOG_DAYS` are deleted, the only
 * deletion of them there is. Runs once the app is ready and then hourly, like the upload sweeper.
 */
import type { FastifyBaseLogger } from 'fastify';
import { deleteAuditRowsBefore } from '../audit/store.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface AuditRetentionDeps {
  db: Db;
  now: Clock;
  days: number;
}

/** One pruning; answers how many rows it removed. */
export function pruneAuditLog(deps: AuditRetentionDeps): Promise<number> {
  const before = new Date(deps.now().getTime() - deps.days * DAY_MS);
  return deleteAuditRowsBefore(deps.db, before.toISOString());
}

/** Prunes now and then hourly; the returned function stops it. */
export function startAuditRetention(deps: AuditRetentionDeps, log: FastifyBaseLogger): () => void {
  const prune = () => {
    pruneAuditLog(deps).then(
      (removed) => {
        if (removed > 0) log.info({ removed }, 'removed audit log rows past their retention');
      },
      (error: unknown) => log.error({ err: error }, 'could not prune the audit log'),
    );
  };
  prune();
  const timer = setInterval(prune, PRUNE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
