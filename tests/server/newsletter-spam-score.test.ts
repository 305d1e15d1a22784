/**
 * The newsletter as SpamAssassin (Debian's `spamassassin`, network tests off with `-L`) scores
 * it (issue 28): a subscriber's copy with products, written by the same transport as the outbox
 * and DKIM-signed as production signs it, scores at most 0.5. `.ci/run` installs the package; the
 * rules that fired are printed, so a change that costs points says which.
 */
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { emlTransport } from '../../server/mail/mailer.ts';
import {
  newsletterMessageId,
  personalise,
  renderNewsletter,
} from '../../server/newsletters/mail.ts';
import compileMjml from '../../server/newsletters/mjml-worker.ts';

const SPAMASSASSIN = '/usr/bin/spamassassin';
const GOAL = 0.5;

async function subscriberCopy(): Promise<Buffer> {
  const context = {
    publicUrl: 'https://www.dentalia.hr',
    brand: 'Dentalia',
    replyTo: 'prodaja@dentalia.hr',
  };
  const media = 'https://www.dentalia.hr/media/newsletters';
  const rendered = await renderNewsletter(
    context,
    {
      id: 12,
      subject: 'Dentalia Istaknuta ponuda – studeni 2026',
      heading: 'Jesenska ponuda kompozita',
      body: 'Poštovani, ovog mjeseca donosimo povoljnije cijene kompozita i instrumenata za svakodnevni rad u ordinaciji.\n\nPonuda vrijedi do kraja mjeseca ili do isteka zaliha.',
      campaignId: 2,
      campaign: 'catalogs',
      products: ['Kompozit A2 4 g', 'Set sondi', 'Rukavice M 100 kom'].map((title, index) => ({
        title,
        priceCents: [4990, 129900, 850][index] ?? 0,
        imageUrl: `${media}/${'a'.repeat(21)}${index}.jpg`,
        image2xUrl: `${media}/${'a'.repeat(21)}${index}-2x.jpg`,
      })),
    },
    { compile: compileMjml },
  );
  const message = personalise(context, rendered, {
    email: 'ana.horvat@example.com',
    unsubscribeToken: 'Zk3'.repeat(14).padEnd(43, 'q'),
  });
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const dkim = {
    domainName: 'dentalia.hr',
    keySelector: 'mail2026',
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
  const info = await emlTransport(dkim).sendMail({
    from: '"Dentalia" <no-reply@dentalia.hr>',
    ...message,
    messageId: newsletterMessageId(context.publicUrl, 12, 34),
  });
  return info.message as Buffer;
}

/** `spamassassin -t` ends its report with the score and one line per rule that fired. */
function scoreOf(report: string): { score: number; rules: string[] } {
  const score = Number(/^Content analysis details:\s+\((-?[\d.]+) points/m.exec(report)?.[1]);
  const table = report.split(/^---- -+ -+$/m)[1] ?? '';
  const rules = [...table.matchAll(/^\s*(-?[\d.]+) (\w+)\s/gm)].map(
    ([, points, rule]) => `${rule} ${points}`,
  );
  return { score, rules };
}

describe('the newsletter under SpamAssassin', () => {
  it(`scores at most ${GOAL}`, async () => {
    const mail = await subscriberCopy();
    const run = promisify(execFile)(SPAMASSASSIN, ['-L', '-t'], { maxBuffer: 16 * 2 ** 20 });
    run.child.stdin?.end(mail);
    const { stdout } = await run.catch((error: unknown) => {
      throw new Error(
        `${SPAMASSASSIN} did not run: install Debian's spamassassin (.ci/run does) (${String(error)})`,
      );
    });
    const { score, rules } = scoreOf(stdout);
    console.info(`SpamAssassin: ${score} points; rules: ${rules.join(', ')}`);
    expect(Number.isFinite(score)).toBe(true);
    expect(score, rules.join(', ')).toBeLessThanOrEqual(GOAL);
  }, 60_000);
});
