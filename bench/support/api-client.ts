/**
 * What the benches do as a browser would: solve the server's ALTCHA challenge (the real robot
 * check, never a bypass), log in, and fill in the course form. Every request is bounded in time.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

export const REQUEST_TIMEOUT_MS = 30_000;
const DAY = 24 * 60 * 60 * 1000;

/** A fresh challenge from the server, solved: the `recaptchaToken` of one request. */
export async function solvedRobotCheck(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/captcha/challenge`, {
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (response.status !== 200) throw new Error(`challenge: ${response.status}`);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: REQUEST_TIMEOUT_MS });
  if (solution === null) throw new Error('an ALTCHA challenge was not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Logs the seeded administrator in; answers the access token. */
export function loginAsAdministrator(baseUrl: string, password: string): Promise<string> {
  return logIn(baseUrl, 'admin@dentalia.hr', password);
}

/** Logs `email` in; answers the access token. */
export async function logIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password,
      recaptchaToken: await solvedRobotCheck(baseUrl),
    }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (response.status !== 200)
    throw new Error(`login: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** The multipart course form of SPEC 7 with its image (JPEG) and, when given, its PDF. */
export function courseForm(index: number, title: string, image: Buffer, pdf?: Buffer): FormData {
  const start = Date.now() + (10 + (index % 300)) * DAY;
  const form = new FormData();
  form.append('Title', title);
  form.append(
    'Description',
    'Teorijski i praktični dio s radom na modelima, u malim grupama. '.repeat(6).trim(),
  );
  form.append('CountryIsoCode', index % 5 === 0 ? 'SI' : 'HR');
  form.append('Lecturer', 'doc. dr. sc. Ana Marić, dr. Ivan Perić');
  form.append('Location', 'Zagreb, Hotel Esplanade');
  form.append('StartDate', new Date(start).toISOString());
  form.append('EndDate', new Date(start + 8 * 3_600_000).toISOString());
  form.append('Price', index % 4 === 0 ? '0' : `${100 + index}.50`);
  form.append('Image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'cover.jpg');
  if (pdf)
    form.append('Pdf', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'p.pdf');
  return form;
}
