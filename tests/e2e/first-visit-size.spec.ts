/**
 * The JavaScript budget of a first visit (issue 15): what the HTML of `/` loads before anything
 * lazy, the app's entry and every module its start script preloads or imports (server/http/pages.ts), at
 * most 100 KB gzip. `npm run bench:bundle`
 * is the measure and lists the chunks; this guard fails CI when a change pushes a first visit over.
 */
import { gzipSync } from 'node:zlib';
import { expect } from '@playwright/test';
import { test } from './support.ts';

const BUDGET_KB = 100;
const GATE_COOKIES = 'prihvaceni_kolacici=1; pristup_dozvoljen=true';

test(`a first visit to / loads at most ${BUDGET_KB} KB of JavaScript (gzip)`, async ({
  request,
}) => {
  const html = await (await request.get('/', { headers: { cookie: GATE_COOKIES } })).text();
  const start = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const preloads = JSON.parse(/for\(const href of (\[[^\]]*\])\)/.exec(start)?.[1] ?? '[]');
  const steps = JSON.parse(/for\(const step of (\[[^\]]*\])\)/.exec(start)?.[1] ?? '[]');
  const scripts = [...(preloads as string[]), ...(steps as string[])];
  expect(scripts.length).toBeGreaterThan(1);
  let totalBytes = 0;
  for (const script of new Set(scripts)) {
    const response = await request.get(script);
    expect(response.ok()).toBe(true);
    totalBytes += gzipSync(await response.body(), { level: 9 }).length;
  }
  expect(totalBytes / 1024).toBeLessThanOrEqual(BUDGET_KB);
});
