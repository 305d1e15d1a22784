/**
 * Mail in bulk (the newsletter dispatcher): through nodemailer's SMTP pool, whose connections come
 * from the configuration (the pace is the dispatcher's, one pace for the pool and the outbox), or into the outbox folder like every other mail when
 * SMTP_URL is unset. Unlike `Mailer`, a send answers what the receiving server said, and a
 * refusal tells whether trying again can help.
 */
import path from 'node:path';
import type { Clock } from '../clock.ts';
import type { DkimSettings, NewsletterSending } from '../config.ts';
import {
  dkimDefaults,
  emlTransport,
  lazyTransport,
  writeToOutbox,
  type MailMessage,
} from './mailer.ts';

export interface BulkMailer {
  /** Resolves once the receiving server accepted the message; rejects with `SendFailure`. */
  send(message: MailMessage & { messageId: string }): Promise<{ response: string }>;
  close(): void;
}

/** A message not accepted: `permanent` for a 5xx answer, otherwise worth another try later. */
export class SendFailure extends Error {
  override name = 'SendFailure';
  readonly permanent: boolean;

  constructor(message: string, permanent: boolean, options?: ErrorOptions) {
    super(message, options);
    this.permanent = permanent;
  }

  static from(error: unknown): SendFailure {
    if (error instanceof SendFailure) return error;
    const code = (error as { responseCode?: unknown } | null)?.responseCode;
    const text = error instanceof Error ? error.message : String(error);
    return new SendFailure(text, typeof code === 'number' && code >= 500 && code < 600, {
      cause: error,
    });
  }
}

export interface BulkMailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Signs every message (DKIM_*); unsigned when undefined. */
  dkim?: DkimSettings | undefined;
  dataDir: string;
  now: Clock;
  sending: Pick<NewsletterSending, 'smtpPoolSize'>;
}

export function createBulkMailer(options: BulkMailerOptions): BulkMailer {
  return options.smtpUrl === undefined
    ? outboxBulkMailer(options)
    : smtpPoolMailer(options.smtpUrl, options);
}

function smtpPoolMailer(smtpUrl: string, options: BulkMailerOptions): BulkMailer {
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport(
      { url: smtpUrl, pool: true, maxConnections: options.sending.smtpPoolSize },
      dkimDefaults(options.dkim),
    ),
  );
  return {
    async send(message) {
      try {
        const info = await transport.sendMail({ from: options.from, ...message });
        return { response: info.response };
      } catch (error) {
        throw SendFailure.from(error);
      }
    },
    close: () => transport.close(),
  };
}

function outboxBulkMailer(options: BulkMailerOptions): BulkMailer {
  const transport = emlTransport(options.dkim);
  return {
    async send(message) {
      try {
        const info = await transport.sendMail({ from: options.from, ...message });
        const file = await writeToOutbox(options, info.message as Buffer);
        return { response: `written to ${path.basename(file)}` };
      } catch (error) {
        throw SendFailure.from(error);
      }
    },
    close: () => transport.close(),
  };
}
