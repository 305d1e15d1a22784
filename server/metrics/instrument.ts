/**
 * Where the metrics are counted: every answer (one hook for every route, the SPA's pages and the
 * not-found answers included) and every mail, whichever mailer the app was given.
 */
import type { FastifyInstance } from 'fastify';
import type { BulkMailer } from '../mail/bulk-mailer.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Metrics } from './registry.ts';

/** The label of answers no route matched: SPA pages, files and not-found answers alike. */
export const UNMATCHED_ROUTE = '(unmatched)';

export function countRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}

export function countedMailer(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        metrics.countMail('transactional', 'failed');
        throw error;
      }
      metrics.countMail('transactional', 'sent');
    },
    close: () => mailer.close(),
  };
}

export function countedBulkMailer(mailer: BulkMailer, metrics: Metrics): BulkMailer {
  return {
    async send(message) {
      try {
        const accepted = await mailer.send(message);
        metrics.countMail('newsletter', 'sent');
        return accepted;
      } catch (error) {
        metrics.countMail('newsletter', 'failed');
        throw error;
      }
    },
    close: () => mailer.close(),
  };
}
