/**
 * The findings of the attacker's probe of the landed server (issue 10), one block each, every
 * one seen failing before its fix.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTempDir } from './support/temp-dir.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const tempDir = useTempDir('dental-findings-');
let testApp: TestApp;

beforeEach(async () => {
  const dataDir = path.join(tempDir(), 'var');
  mkdirSync(dataDir);
  testApp = await createTestApp(dataDir);
});
afterEach(() => testApp.close());

describe('router-level errors (finding 11)', () => {
  it.each([
    ['a bad percent-encoding', 'DELETE', '/api/v1/courses/%E0%A4%A', 400],
    ['an over-long path parameter', 'GET', `/api/v1/campaigns/by-name/${'a'.repeat(150)}`, 414],
  ] as const)(
    '%s answers in the error shape with the security headers',
    async (_, method, url, status) => {
      const response = await testApp.app.inject({ method, url });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ errors: [expect.any(String)] });
      expect(response.body).not.toContain('aaaa');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-request-id']).toBeDefined();
    },
  );
});
