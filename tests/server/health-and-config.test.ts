import { afterEach, describe, expect, it } from 'vitest';
import { healthSchema, siteConfigSchema } from '../../src/api/contract.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { useTempDir } from './support/temp-dir.ts';

const tempDir = useTempDir();
let testApp: TestApp | undefined;
afterEach(() => testApp?.close());

const start = async (env: Record<string, string> = {}) => {
  testApp = await createTestApp(tempDir(), { env });
  return testApp;
};

describe('GET /api/v1/health', () => {
  it('is ok while the database answers', async () => {
    const { app } = await start();
    const response = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(healthSchema.parse(response.json())).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is 503 in the domain error shape when the database is gone', async () => {
    const { app, db } = await start();
    await db.destroy();
    const response = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ errors: ['Service unavailable.'] });
    await app.close();
    testApp = undefined;
  });
});

describe('GET /api/v1/config', () => {
  const secrets = {
    JWT_SECRET: 'jwt-secret-'.padEnd(40, 'j'),
    ALTCHA_HMAC_KEY: 'altcha-secret-'.padEnd(40, 'a'),
    SMTP_URL: 'smtp://mailuser:smtp-password@mail.example.com:587',
    DEMO_PASSWORD: 'Demo-Lozinka-123',
  };

  it('describes the ALTCHA robot check by default, with brand, URLs and campaigns', async () => {
    const { app } = await start({ ...secrets, PUBLIC_URL: 'https://www.dentalia.hr' });
    const response = await app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(response.statusCode).toBe(200);
    expect(siteConfigSchema.parse(response.json())).toEqual({
      apiBaseUrl: '/api/v1',
      publicUrl: 'https://www.dentalia.hr',
      brand: 'Dentalia',
      robotCheck: { provider: 'altcha', challengeUrl: '/api/v1/captcha/challenge' },
      campaigns: { courses: 'Courses', catalogs: 'Catalogs' },
    });
    for (const value of [...Object.values(secrets), 'smtp-password', 'mailuser']) {
      expect(response.body).not.toContain(value);
    }
  });

  it('describes reCAPTCHA with its site key, never its secret key, when both keys are set', async () => {
    const { app } = await start({
      RECAPTCHA_SITE_KEY: 'public-site-key',
      RECAPTCHA_SECRET_KEY: 'private-secret-key',
    });
    const response = await app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(response.json()).toMatchObject({
      robotCheck: { provider: 'recaptcha', siteKey: 'public-site-key' },
    });
    expect(response.body).not.toContain('private-secret-key');
  });
});

describe('security headers', () => {
  it('send a strict Content-Security-Policy that lets ALTCHA run its worker', async () => {
    const { app } = await start();
    const response = await app.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('google');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it("allow exactly the video-sharing site's no-cookie embeds and thumbnails", async () => {
    const { app } = await start();
    const response = await app.inject({ method: 'GET', url: '/api/v1/health' });
    const directives = new Map(
      String(response.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(' '))
        .map(([name = '', ...sources]) => [name, sources.join(' ')]),
    );
    expect(directives.get('frame-src')).toBe("'self' https://www.youtube-nocookie.com/embed/");
    expect(directives.get('img-src')).toBe("'self' data: blob: https://i.ytimg.com/vi/");
    const others = [...directives].filter(([name]) => !['frame-src', 'img-src'].includes(name));
    expect(others.filter(([, sources]) => /youtube|ytimg/.test(sources))).toEqual([]);
    // The uploaded videos play from our own origin (default-src), nothing else.
    expect(directives.has('media-src')).toBe(false);
    expect(directives.get('default-src')).toBe("'self'");
  });

  it("allow Google's reCAPTCHA origins only when reCAPTCHA is configured", async () => {
    const { app } = await start({ RECAPTCHA_SITE_KEY: 'k', RECAPTCHA_SECRET_KEY: 's' });
    const response = await app.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(
      "script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/",
    );
    expect(csp).toContain(
      "frame-src 'self' https://www.youtube-nocookie.com/embed/ https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/;",
    );
    // Nothing else is opened up: styles, connections and workers stay our own.
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
  });
});
