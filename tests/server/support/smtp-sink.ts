/**
 * A real SMTP server on loopback (`smtp-server`) that records what it accepts and answers each
 * recipient as told: accept, defer (450, try again later) or refuse (550, permanent). The
 * dispatcher tests and `npm run bench:newsletter` send to it.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type SinkAnswer = 'accept' | 'defer' | 'refuse';

export interface ReceivedMail {
  to: string;
  messageId: string;
  /** The header section, folded lines unfolded. */
  headers: string;
  raw: string;
  /** `performance.timeOrigin + performance.now()` when the message was accepted. */
  at: number;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** How RCPT TO for `email` is answered from now on (default: accept). */
  answer(email: string, answer: SinkAnswer): void;
  close(): Promise<void>;
}

class SmtpReply extends Error {
  readonly responseCode: number;
  constructor(code: number, message: string) {
    super(message);
    this.responseCode = code;
  }
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const answers = new Map<string, SinkAnswer>();
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    // The pool keeps connections open between messages; the test closes them.
    socketTimeout: 60_000,
    onRcptTo(address, _session, callback) {
      const answer = answers.get(address.address.toLowerCase()) ?? 'accept';
      if (answer === 'defer') return callback(new SmtpReply(450, 'Mailbox busy, try later'));
      if (answer === 'refuse') return callback(new SmtpReply(550, 'No such user'));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = raw.split('\r\n\r\n', 1)[0]?.replace(/\r\n[ \t]+/g, ' ') ?? '';
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(headers)?.[1] ?? '';
        for (const recipient of session.envelope.rcptTo) {
          received.push({
            to: recipient.address.toLowerCase(),
            messageId,
            headers,
            raw,
            at: performance.timeOrigin + performance.now(),
          });
        }
        callback();
      });
    },
  });
  // A sender killed mid-conversation resets its connection: expected, not a sink failure.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    answer: (email, answer) => answers.set(email.toLowerCase(), answer),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
