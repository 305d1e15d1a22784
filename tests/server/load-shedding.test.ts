import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../server/http/errors.ts';
import { PRESSURE_RETRY_AFTER_SECONDS } from '../../server/http/load-shedding.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { useTempDir } from './support/temp-dir.ts';

const tempDir = useTempDir();
let testApp: TestApp | undefined;
afterEach(() => testApp?.close());

const start = async (env: Record<string, string> = {}) => {
  testApp = await createTestApp(tempDir(), { env });
  return testApp.app;
};

/** The plugin samples once a second; until its first sample nothing counts as pressure. */
const sampled = async (app: Awaited<ReturnType<typeof start>>) => {
  await expect.poll(() => app.memoryUsage().heapUsed, { timeout: 10_000 }).toBeGreaterThan(0);
};

describe('load shedding', () => {
  it('answers 503 with Retry-After in the domain-error shape while over a memory limit', async () => {
    // Any process uses more than 1 MiB of heap: the limit is exceeded from the first sample on.
    const app = await start({ PRESSURE_MAX_HEAP_USED_MIB: '1' });
    await sampled(app);
    for (const url of ['/api/v1/health', '/api/v1/courses', '/media/courses/x.webp']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['retry-after'], url).toBe(String(PRESSURE_RETRY_AFTER_SECONDS));
      expect(response.headers['x-request-id'], url).toBeTruthy();
      expect(response.json(), url).toEqual({ errors: [MESSAGES.overloaded] });
    }
  });

  it('turns requests away before parsing or validating them, over a resident-memory limit', async () => {
    const app = await start({ PRESSURE_MAX_RSS_MIB: '1' });
    await sampled(app);
    // Without pressure this body is a 400 validation error: the route never saw it.
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/campaigns/subscriptions',
      payload: { email: 'not an address' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ errors: [MESSAGES.overloaded] });
  });

  it('lets every request through with the default limits', async () => {
    const app = await start();
    await sampled(app);
    expect(app.isUnderPressure()).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  });
});
