/**
 * Issue 25: a newsletter's MJML is compiled in a worker thread, never on the event loop. The
 * pool here runs a stand-in compiler that holds its thread until the test lets it go; while it
 * holds, the server answers other requests. Were the compilation on the event loop, nothing
 * would be answered until the stand-in gave up, and the test would fail.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NewsletterPreview } from '../../src/api/contract.ts';
import { mjmlWorkerPool } from '../../server/newsletters/mjml-pool.ts';
import { EMPLOYEE, login } from './support/accounts.ts';
import {
  campaignIdByName,
  createNewsletter,
  newsletterRequest,
  uploadNewsletterImage,
} from './support/newsletters.ts';
import { useServer } from './support/server-fixture.ts';

const gate = mkdtempSync(path.join(tmpdir(), 'mjml-gate-'));
// Read by the worker thread, which copies the environment when the pool starts it.
process.env.MJML_GATE_DIR = gate;
const mjmlCompiler = mjmlWorkerPool({
  worker: new URL('./support/gated-mjml-worker.ts', import.meta.url),
});
const server = useServer({ seedAccounts: true, perFile: true, mjmlCompiler });
let token: string;
let imageUrl: string;

beforeAll(async () => {
  token = (await login(server.app, EMPLOYEE)).accessToken;
  imageUrl = (await uploadNewsletterImage(server.app, token)).productImageUrl;
});
afterAll(async () => {
  await mjmlCompiler.close();
  rmSync(gate, { recursive: true, force: true });
  delete process.env.MJML_GATE_DIR;
});

it('answers the health check and the course list while a preview is being rendered', async () => {
  const catalogs = await campaignIdByName(server.app, 'Catalogs');
  const created = await createNewsletter(
    server.app,
    token,
    newsletterRequest(catalogs, [imageUrl], server.clock.now(), {
      singleValues: { name: 'Dok se priprema', body: 'Tekst.' },
    }),
  );
  let previewAnswered = false;
  const preview = server.app
    .inject({
      url: `/api/v1/newsletters/${created.id}/preview`,
      headers: { authorization: `Bearer ${token}` },
    })
    .finally(() => (previewAnswered = true));
  await expect.poll(() => existsSync(path.join(gate, 'started')), { timeout: 30_000 }).toBe(true);

  const health = await server.app.inject({ url: '/api/v1/health' });
  const courses = await server.app.inject({ url: '/api/v1/courses' });
  expect([health.statusCode, courses.statusCode]).toEqual([200, 200]);
  expect(previewAnswered).toBe(false);

  writeFileSync(path.join(gate, 'open'), '');
  const answer = await preview;
  expect(answer.statusCode, answer.body).toBe(200);
  // The stand-in answers the MJML it was given: the newsletter's own template.
  expect(answer.json<NewsletterPreview>().html).toContain('Dok se priprema');
}, 60_000);
