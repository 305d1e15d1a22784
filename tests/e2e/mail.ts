/**
 * The outbox and subscriptions of the browser tests: the mail `npm start` writes as .eml files
 * (SMTP_URL unset), read as a person reads them, and subscriptions made through the API with a
 * real solution of the ALTCHA robot check.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { serverDataDir } from './support.ts';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

export const outbox = () => join(serverDataDir(), 'outbox');

/** A mail file as a reader sees it: headers unfolded, quoted-printable undone. */
export const decoded = (eml: string) =>
  eml
    .replace(/\r\n(?=[ \t])/g, '')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/gi, '=');

export async function mailsTo(address: string): Promise<string[]> {
  return (await rawMailsTo(address)).map(decoded);
}

/** The mail files to `address` as written, oldest first. */
export async function rawMailsTo(address: string): Promise<string[]> {
  const names = await readdir(outbox()).catch(() => [] as string[]);
  const mails: string[] = [];
  for (const name of names.filter((file) => file.endsWith('.eml')).sort()) {
    const raw = await readFile(join(outbox(), name), 'utf8');
    const to = new RegExp(`^To:.*${address.replace(/[.]/g, '\\.')}`, 'im');
    if (to.test(decoded(raw))) mails.push(raw);
  }
  return mails;
}

/** The unsubscribe link (path and query) of the newest mail to `address`, once it is written. */
export async function unsubscribeLinkOfMail(
  address: string,
  campaignWord: string,
): Promise<string> {
  const pattern = new RegExp(
    `/newsletter-odjava/${campaignWord}\\?email=[^\\s"<&]+&unsubscribeToken=[\\w-]+`,
  );
  let link = '';
  await expect
    .poll(
      async () => {
        link = pattern.exec((await mailsTo(address)).at(-1) ?? '')?.[0] ?? '';
        return link;
      },
      { message: `a mail to ${address} with an unsubscribe link`, timeout: 15_000 },
    )
    .toMatch(pattern);
  return link;
}

/** A real solution of a fresh server challenge, as the widget would send it. */
export async function robotCheckToken(request: APIRequestContext): Promise<string> {
  const challenge = (await (await request.get('/api/v1/captcha/challenge')).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (solution === null) throw new Error('the ALTCHA challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export async function subscribeThroughApi(
  request: APIRequestContext,
  email: string,
  campaign: string,
) {
  const { id } = (await (await request.get(`/api/v1/campaigns/by-name/${campaign}`)).json()) as {
    id: number;
  };
  const response = await request.post('/api/v1/campaigns/subscriptions', {
    data: { email, campaignId: id, recaptchaToken: await robotCheckToken(request) },
  });
  expect(response.status()).toBe(204);
}
