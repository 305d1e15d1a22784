/**
 * Outgoing mail. With SMTP_URL it goes through SMTP; otherwise every message is written as
 * an `.eml` file to the outbox folder and, outside production, its links are logged, so
 * invitations and password resets work on a laptop. A production log never holds a live link:
 * logs travel further than mailboxes. A failed send always throws: callers decide, nothing is dropped.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type nodemailer from 'nodemailer';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type { Clock } from '../clock.ts';
import type { DkimSettings } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields, e.g. RFC 8058 `List-Unsubscribe` on newsletter mail. */
  headers?: Record<string, string>;
  /** `<id@host>`; nodemailer makes a random one when absent. */
  messageId?: string;
  /** Where a reply goes when not to the sender (newsletters: MAIL_REPLY_TO). */
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Releases pooled SMTP connections. */
  close(): void;
}

export const OUTBOX_FOLDER = 'outbox';

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Signs every message (DKIM_*); unsigned when undefined. */
  dkim?: DkimSettings | undefined;
  dataDir: string;
  now: Clock;
  log: FastifyBaseLogger;
  /** Logs the links of outbox mail: for development only, never with a production config. */
  logLinks?: boolean;
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl === undefined
    ? createOutboxMailer(options)
    : createSmtpMailer(options.smtpUrl, options);
}

/** Where mail goes, for the start-up banner; never includes SMTP credentials. */
export function describeMailDestination(options: Pick<MailerOptions, 'smtpUrl' | 'dataDir'>) {
  if (options.smtpUrl === undefined) {
    return `written as .eml files to ${path.join(options.dataDir, OUTBOX_FOLDER)}`;
  }
  return `sent through SMTP at ${new URL(options.smtpUrl).host}`;
}

type Nodemailer = typeof nodemailer;

/** A nodemailer transport that `lazyTransport` makes with the first message. */
export interface LazyTransport<Info> {
  sendMail(mail: SendMailOptions): Promise<Info>;
  close(): void;
}

/**
 * nodemailer (~100 modules) loads with the first message, not with the server (issue 31): most
 * starts send nothing for a while, and none waits for mail before it serves.
 */
export function lazyTransport<Info>(
  create: (nodemailer: Nodemailer) => Transporter<Info>,
): LazyTransport<Info> {
  let made: Promise<Transporter<Info>> | undefined;
  const transport = () =>
    (made ??= import('nodemailer').then(({ default: nodemailer }) => create(nodemailer)));
  return {
    sendMail: async (mail) => (await transport()).sendMail(mail),
    close: () => void made?.then((opened) => opened.close()),
  };
}

function createSmtpMailer(smtpUrl: string, options: MailerOptions): Mailer {
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport(smtpUrl, dkimDefaults(options.dkim)),
  );
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      options.log.info({ messageId: info.messageId }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

/** CRLF line ends: an .eml file is an RFC 5322 message that mail clients open as is. */
export const emlTransport = (dkim?: DkimSettings) =>
  lazyTransport((nodemailer) =>
    nodemailer.createTransport(
      { streamTransport: true, buffer: true, newline: 'windows' },
      dkimDefaults(dkim),
    ),
  );

/** nodemailer's defaults for every message of a transport: its DKIM signature, when configured. */
export const dkimDefaults = (dkim: DkimSettings | undefined) =>
  dkim === undefined ? {} : { dkim: { ...dkim } };

/** Writes a whole message into the outbox folder; answers the file's path. */
export async function writeToOutbox(
  options: Pick<MailerOptions, 'dataDir' | 'now'>,
  message: Buffer,
): Promise<string> {
  const outbox = path.join(options.dataDir, OUTBOX_FOLDER);
  await mkdir(outbox, { recursive: true, mode: 0o700 });
  // The time first, so a folder listing reads in the order the mail was sent.
  const stamp = options.now().toISOString().replace(/[:.]/g, '-');
  const file = path.join(outbox, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
  await writeFile(file, message, { mode: 0o600 });
  return file;
}

function createOutboxMailer(options: MailerOptions): Mailer {
  const transport = emlTransport(options.dkim);
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      const file = await writeToOutbox(options, info.message as Buffer);
      const links = options.logLinks === true ? { links: linksIn(message.text) } : {};
      options.log.info({ file, ...links }, 'mail written to the outbox');
    },
    close: () => transport.close(),
  };
}

function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}
