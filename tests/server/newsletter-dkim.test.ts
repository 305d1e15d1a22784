/**
 * DKIM (issue 28): with DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY set, a newsletter sent
 * through the SMTP pool carries a signature that a maintained verifier (mailauth, the one
 * WildDuck and EmailEngine use) passes against the DNS record `npm start` prints; a message
 * changed on the way fails it, and without the variables nothing is signed.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dkimVerify } from 'mailauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createBulkMailer } from '../../server/mail/bulk-mailer.ts';
import { dkimDnsRecord } from '../../server/mail/dkim.ts';
import { personalise, renderNewsletter } from '../../server/newsletters/mail.ts';
import compileMjml from '../../server/newsletters/mjml-worker.ts';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.ts';

let sink: SmtpSink;
let dataDir: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  dataDir = await mkdtemp(path.join(tmpdir(), 'dkim-'));
});
afterAll(async () => {
  await sink.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** DKIM_* as a one-line service file holds them: the PEM's line breaks written `\n`. */
function dkimEnvironment() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    DKIM_DOMAIN: 'dentalia.hr',
    DKIM_SELECTOR: 'mail2026',
    DKIM_PRIVATE_KEY: pem.trim().replaceAll('\n', '\\n'),
  };
}

async function sendNewsletter(env: Record<string, string>, to: string): Promise<string> {
  const config = loadConfig({ ...env, PUBLIC_URL: 'https://www.dentalia.hr', DATA_DIR: dataDir });
  const context = { publicUrl: config.publicUrl, brand: config.brand, replyTo: config.mailReplyTo };
  const rendered = await renderNewsletter(
    context,
    {
      id: 1,
      subject: 'Dentalia Istaknuta ponuda – studeni 2026',
      heading: 'Jesenska ponuda',
      body: 'Povoljnije cijene kompozita ovoga mjeseca.',
      campaignId: 2,
      campaign: 'catalogs',
      products: [],
    },
    { compile: compileMjml },
  );
  const mailer = createBulkMailer({
    smtpUrl: sink.url,
    from: config.mailFrom,
    dkim: config.dkim,
    dataDir,
    now: () => new Date(),
    sending: { smtpPoolSize: 1 },
  });
  try {
    await mailer.send({
      ...personalise(context, rendered, { email: to, unsubscribeToken: 't'.repeat(43) }),
      messageId: '<newsletter-1-1@www.dentalia.hr>',
    });
  } finally {
    mailer.close();
  }
  return sink.received.find((mail) => mail.to === to)?.raw ?? '';
}

/** DNS as the record `npm start` prints publishes it, split in TXT strings of 255 characters. */
function publishing(record: { name: string; value: string }) {
  return async (name: string, type: string) => {
    if (type !== 'TXT' || name !== record.name) {
      throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
    }
    return [record.value.match(/.{1,255}/g) ?? []];
  };
}

describe('DKIM signing', () => {
  it('signs with the RSA key; mailauth passes it against the printed record, not a changed body', async () => {
    const env = dkimEnvironment();
    const raw = await sendNewsletter(env, 'signed@example.com');
    const config = loadConfig(env);
    const record = dkimDnsRecord(
      config.dkim ?? { domainName: '', keySelector: '', privateKey: '' },
    );
    expect(record.name).toBe('mail2026._domainkey.dentalia.hr');

    const verified = await dkimVerify(raw, { resolver: publishing(record) });
    expect(verified.results.map((result) => [result.status.result, result.signingDomain])).toEqual([
      ['pass', 'dentalia.hr'],
    ]);
    // The signature covers the headers receivers judge a newsletter by.
    const signature = /^DKIM-Signature:[\s\S]*?(?=\r\n\S)/m.exec(raw)?.[0] ?? '';
    for (const header of [
      'from',
      'subject',
      'message-id',
      'list-unsubscribe',
      'list-id',
      'reply-to',
    ]) {
      expect(signature.replace(/\s+/g, '').toLowerCase()).toContain(header);
    }

    const changed = raw.replace('Jesenska ponuda', 'Jesenska ponudA');
    const failed = await dkimVerify(changed, { resolver: publishing(record) });
    // RFC 6376 6.1.3: a body that no longer matches its hash is not a pass ("neutral" here).
    expect(failed.results[0]?.status.result).not.toBe('pass');
    expect(failed.results[0]?.status.comment).toMatch(/body hash/);
  });

  it('refuses a key that is not an RSA private key, and one DKIM_* variable without the others', () => {
    const ed25519 = generateKeyPairSync('ed25519')
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(() => loadConfig({ ...dkimEnvironment(), DKIM_PRIVATE_KEY: ed25519 })).toThrow(
      /DKIM_PRIVATE_KEY must be a PEM RSA private key/,
    );
    expect(() => loadConfig({ DKIM_DOMAIN: 'dentalia.hr' })).toThrow(
      /DKIM_SELECTOR must be set together.*DKIM_PRIVATE_KEY must be set together/,
    );
  });

  it('signs nothing without the DKIM_* variables', async () => {
    const raw = await sendNewsletter({}, 'unsigned@example.com');
    expect(raw).toContain('List-Unsubscribe');
    expect(raw).not.toMatch(/^DKIM-Signature:/m);
  });
});
