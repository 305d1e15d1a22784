import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createMailer, describeMailDestination, OUTBOX_FOLDER } from '../../server/mail/mailer.ts';
import { useTempDir } from './support/temp-dir.ts';

const tempDir = useTempDir();

function recordingLog() {
  const info = vi.fn();
  return { log: { info } as unknown as FastifyBaseLogger, info };
}

describe('the outbox mailer (no SMTP_URL)', () => {
  it('writes each message as a readable .eml file and logs where and which links', async () => {
    const dataDir = tempDir();
    const { log, info } = recordingLog();
    const mailer = createMailer({
      smtpUrl: undefined,
      from: '"Dentalia" <no-reply@dentalia.hr>',
      dataDir,
      now: () => new Date('2026-03-01T09:00:00.000Z'),
      log,
      logLinks: true,
    });
    const link = 'http://localhost:3000/aktivacija?token=abc';
    await mailer.send({
      to: 'ana@example.com',
      subject: 'Pozivnica',
      text: `Dobro došli! Aktivirajte račun: ${link}`,
      html: `<p>Dobro došli! <a href="${link}">Aktivirajte račun</a></p>`,
    });
    mailer.close();

    const outbox = path.join(dataDir, OUTBOX_FOLDER);
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^2026-03-01T09-00-00-000Z-[0-9a-f]{8}\.eml$/);
    const file = path.join(outbox, files[0] ?? '');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const eml = readFileSync(file, 'utf8');
    expect(eml).toContain('From: Dentalia <no-reply@dentalia.hr>\r\n');
    expect(eml).toContain('To: ana@example.com\r\n');
    expect(eml).toContain('Subject: Pozivnica\r\n');
    expect(eml).toMatch(/Content-Type: multipart\/alternative/);
    expect(eml).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(eml).toMatch(/Content-Type: text\/html; charset=utf-8/);
    expect(eml).toContain('Dobro do=C5=A1li!'); // quoted-printable UTF-8 "došli"
    expect(info).toHaveBeenCalledWith({ file, links: [link] }, 'mail written to the outbox');
  });

  it('throws when the message cannot be written', async () => {
    const dataDir = path.join(tempDir(), 'missing', '\0invalid');
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'a@b.hr',
      dataDir,
      now: () => new Date(),
      log: recordingLog().log,
    });
    await expect(
      mailer.send({ to: 'x@y.hr', subject: 's', text: 't', html: 'h' }),
    ).rejects.toThrow();
  });
});

describe('describeMailDestination', () => {
  it('names the outbox folder, or the SMTP host without its credentials', () => {
    expect(describeMailDestination({ smtpUrl: undefined, dataDir: '/srv/var' })).toBe(
      'written as .eml files to /srv/var/outbox',
    );
    const smtp = describeMailDestination({
      smtpUrl: 'smtps://user:secret@mail.example.com:465',
      dataDir: '/srv/var',
    });
    expect(smtp).toBe('sent through SMTP at mail.example.com:465');
    expect(smtp).not.toContain('secret');
  });
});

describe('the SMTP mailer', () => {
  it('throws when the server cannot be reached', async () => {
    const mailer = createMailer({
      // Port 9 (discard) on loopback: refused at once, nothing leaves the machine.
      smtpUrl: 'smtp://127.0.0.1:9',
      from: 'a@b.hr',
      dataDir: tempDir(),
      now: () => new Date(),
      log: recordingLog().log,
    });
    await expect(
      mailer.send({ to: 'x@y.hr', subject: 's', text: 't', html: 'h' }),
    ).rejects.toThrow();
    mailer.close();
  });
});
