/**
 * The newsletter dispatcher (issue 14, docs/decisions/0016): started by the server, stopped with
 * it, and never in a request's way (it runs between them on its own timer). Each round it
 *
 *   1. claims every due newsletter with one atomic update, snapshotting the campaign's active
 *      subscribers into the ledger (server/newsletters/deliveries.ts);
 *   2. leases a batch of recipients: pending ones that are due, and those whose lease ran out
 *      because their process died mid-send (flagged uncertain: at least once, never missed);
 *   3. per recipient, at the configured rate and at most pool-size at a time: checks that the
 *      newsletter is still sending and the subscription still active right before sending,
 *      sends through the SMTP pool with a Message-ID derived from (newsletter, subscription),
 *      and only after the server accepted it marks the row sent; a 5xx marks it failed and
 *      the subscription undeliverable (left out of later sends), anything else retries with
 *      backoff;
 *   4. marks newsletters without pending recipients sent, and closes the rows of cancelled
 *      newsletters whose lease ran out (server/newsletters/deliveries.ts).
 *
 * Times (due, leases, backoff) come from the injected clock; pacing uses the real one.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import pLimit from 'p-limit';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { SendFailure, type BulkMailer } from '../mail/bulk-mailer.ts';
import type { Media } from '../media/service.ts';
import { newsletterMessageId, personalise, type RenderedNewsletter } from '../newsletters/mail.ts';
import type { RenderedNewsletters } from '../newsletters/rendered-newsletters.ts';
import { newsletterMailContent } from '../newsletters/service.ts';
import {
  claimDueNewsletter,
  closeCancelledDeliveries,
  finishSentNewsletters,
  leaseDeliveries,
  markUndeliverable,
  recipientToSend,
  settleDelivery,
  type LeasedDelivery,
  type Settlement,
} from '../newsletters/deliveries.ts';

export interface DispatcherLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface DispatcherOptions {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'brand' | 'campaigns' | 'newsletters' | 'mailReplyTo'>;
  media: Pick<Media, 'url'>;
  mailer: BulkMailer;
  now: Clock;
  log: DispatcherLog;
  /** The renders the previews and test mails use too (the app's one). */
  renderedNewsletters: RenderedNewsletters;
  /** Pause between rounds that found no work. */
  idlePollMs?: number;
  /** Sends at most this often before a temporary refusal becomes a failure. */
  maxAttempts?: number;
  /** The first retry waits this long; each next one twice as long, up to an hour. */
  retryBaseMs?: number;
}

export interface NewsletterDispatcher {
  /** One round; answers how many recipients it handled. */
  runOnce(): Promise<number>;
  start(): void;
  /** Stops starting rounds and waits for the running one. */
  stop(): Promise<void>;
}

const RETRY_MAX_MS = 60 * 60_000;

type Template = (newsletterId: number) => Promise<RenderedNewsletter | undefined>;

export function newsletterDispatcher(options: DispatcherOptions): NewsletterDispatcher {
  const { db, mailer, now, log } = options;
  const sending = options.config.newsletters;
  const maxAttempts = options.maxAttempts ?? 8;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const idlePollMs = options.idlePollMs ?? 1000;
  const leaseMs = sending.leaseSeconds * 1000;
  // A batch takes about a second at the configured rate, far inside its lease; a crash strands
  // at most one batch until the lease passes.
  const batchSize = Math.max(sending.smtpPoolSize, Math.min(200, sending.messagesPerSecond));
  const owner = `${hostname()}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const context = {
    publicUrl: options.config.publicUrl,
    brand: options.config.brand,
    replyTo: options.config.mailReplyTo,
  };
  const atOnce = pLimit(sending.smtpPoolSize);
  const pace = pacer(sending.messagesPerSecond);
  /**
   * The mail of each newsletter of one round: its content read once per round (not once per
   * recipient), its render the shared one of that version.
   */
  function roundTemplates(): Template {
    const round = new Map<number, Promise<RenderedNewsletter | undefined>>();
    return (newsletterId) => {
      let mail = round.get(newsletterId);
      if (mail === undefined) {
        mail = newsletterMailContent(options, newsletterId).then(
          (content) => content && options.renderedNewsletters.render(content),
        );
        round.set(newsletterId, mail);
      }
      return mail;
    };
  }

  async function deliver(row: LeasedDelivery, template: Template): Promise<void> {
    await pace();
    const settle = (settlement: Settlement) => settleDelivery(db, row.id, owner, settlement);
    const { newsletterSending, subscription, undeliverable } = await recipientToSend(db, row.id);
    if (!newsletterSending) return settle({ state: 'cancelled', error: 'newsletter cancelled' });
    if (subscription === undefined) return settle({ state: 'skipped', error: 'unsubscribed' });
    if (undeliverable) return settle({ state: 'skipped', error: 'undeliverable' });
    const mail = await template(row.newsletter_id);
    if (mail === undefined) return settle({ state: 'failed', error: 'newsletter is gone' });
    const message = {
      ...personalise(context, mail, subscription),
      messageId: newsletterMessageId(context.publicUrl, row.newsletter_id, subscription.id),
    };
    try {
      const { response } = await mailer.send(message);
      return await settle({ state: 'sent', smtpResponse: response, at: now() });
    } catch (error) {
      const failure = SendFailure.from(error);
      // A hard bounce: the address is left out of later sends (a 4xx that never passed is not).
      if (failure.permanent) await markUndeliverable(db, subscription.id, failure.message, now());
      if (failure.permanent || row.attempts >= maxAttempts) {
        return settle({ state: 'failed', error: failure.message });
      }
      const delay = Math.min(RETRY_MAX_MS, retryBaseMs * 2 ** (row.attempts - 1));
      return settle({
        state: 'pending',
        error: failure.message,
        nextAttemptAt: new Date(now().getTime() + delay),
      });
    }
  }

  async function runOnce(): Promise<number> {
    while ((await claimDueNewsletter(db, owner, now())) !== undefined);
    const leased = await leaseDeliveries(db, owner, now(), leaseMs, batchSize);
    const uncertain = leased.filter((row) => row.uncertain === 1).length;
    if (uncertain > 0) log.warn({ uncertain }, 'sending again the mail of an interrupted send');
    const template = roundTemplates();
    await Promise.all(leased.map((row) => atOnce(() => deliver(row, template))));
    await finishSentNewsletters(db, now());
    await closeCancelledDeliveries(db, now());
    return leased.length;
  }

  let running: Promise<void> | undefined;
  let stopped = true;
  let wake = new AbortController();

  async function loop(): Promise<void> {
    while (!stopped) {
      let handled = 0;
      try {
        handled = await runOnce();
      } catch (error) {
        log.error({ err: error }, 'newsletter dispatcher round failed');
      }
      if (handled === 0 && !stopped) {
        await sleep(idlePollMs, undefined, { signal: wake.signal }).catch(() => {});
      }
    }
  }

  return {
    runOnce,
    start() {
      if (running !== undefined) return;
      stopped = false;
      wake = new AbortController();
      running = loop();
    },
    async stop() {
      stopped = true;
      wake.abort();
      await running;
      running = undefined;
    },
  };
}

/** Resolves each call one interval after the previous one: `perSecond` calls a second at most. */
function pacer(perSecond: number): () => Promise<void> {
  const interval = 1000 / perSecond;
  let next = 0;
  return async () => {
    const current = performance.now();
    const wait = next - current;
    next = Math.max(next, current) + interval;
    if (wait > 0) await sleep(wait);
  };
}
