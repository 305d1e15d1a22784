import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_COURSE_COUNTRIES, loadConfig } from '../../server/config.ts';

describe('loadConfig', () => {
  it('has a working default for everything optional', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('var'),
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mailFrom: '"Dentalia" <no-reply@dentalia.hr>',
      mailReplyTo: 'info@dentalia.hr',
      dkim: undefined,
      staffEmailDomain: 'dentalia.hr',
      recaptcha: undefined,
      brand: 'Dentalia',
      demoPassword: undefined,
      logLevel: 'info',
      nodeEnv: 'development',
      campaigns: { courses: 'Courses', catalogs: 'Catalogs' },
      jwtSecret: undefined,
      altchaHmacKey: undefined,
      courseCountries: DEFAULT_COURSE_COUNTRIES,
      pressure: { maxEventLoopDelayMs: 1000, maxHeapUsedMib: undefined, maxRssMib: 0 },
      educationVideoUrlHours: 4,
      auditLogDays: 730,
      newsletters: { messagesPerSecond: 10, smtpPoolSize: 2, leaseSeconds: 120 },
      educationUploads: { videoMaxBytes: 4 * 1024 ** 3, expiryHours: 24, unfinishedMax: 5 },
      minFreeDiskBytes: 1024 * 2 ** 20,
      transcodes: { concurrency: 1, threads: 2, leaseSeconds: 60, maxAttempts: 3 },
      backup: { dir: undefined, hour: undefined, keep: 7, postgresBinDir: undefined },
    });
  });

  it('derives the public URL from the port and the sender from brand and staff domain', () => {
    const config = loadConfig({ PORT: '8080', BRAND: 'Zubić', STAFF_EMAIL_DOMAIN: 'Zubic.HR' });
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.staffEmailDomain).toBe('zubic.hr');
    expect(config.mailFrom).toBe('"Zubić" <no-reply@zubic.hr>');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/dental',
      PUBLIC_URL: 'https://www.dentalia.hr/',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Web <web@dentalia.hr>',
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_SECRET_KEY: 'secret-key',
      DEMO_PASSWORD: 'Demo-Lozinka-1',
      LOG_LEVEL: 'debug',
      NODE_ENV: 'production',
      CAMPAIGN_COURSES: 'Tecajevi',
      CAMPAIGN_CATALOGS: 'Katalozi',
      JWT_SECRET: 'j'.repeat(32),
      ALTCHA_HMAC_KEY: 'a'.repeat(32),
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '250',
      PRESSURE_MAX_HEAP_USED_MIB: '768',
      PRESSURE_MAX_RSS_MIB: '0',
      EDUCATION_VIDEO_URL_HOURS: '12',
      NEWSLETTER_MESSAGES_PER_SECOND: '50',
      NEWSLETTER_SMTP_POOL_SIZE: '4',
      NEWSLETTER_LEASE_SECONDS: '30',
      MIN_FREE_DISK_MIB: '0',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      dataDir: '/srv/dental',
      publicUrl: 'https://www.dentalia.hr',
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'Web <web@dentalia.hr>',
      recaptcha: { siteKey: 'site-key', secretKey: 'secret-key' },
      demoPassword: 'Demo-Lozinka-1',
      logLevel: 'debug',
      nodeEnv: 'production',
      campaigns: { courses: 'Tecajevi', catalogs: 'Katalozi' },
      jwtSecret: 'j'.repeat(32),
      altchaHmacKey: 'a'.repeat(32),
      pressure: { maxEventLoopDelayMs: 250, maxHeapUsedMib: 768, maxRssMib: 0 },
      educationVideoUrlHours: 12,
      newsletters: { messagesPerSecond: 50, smtpPoolSize: 4, leaseSeconds: 30 },
      minFreeDiskBytes: 0,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ SMTP_URL: '', PORT: '' })).toMatchObject({
      smtpUrl: undefined,
      port: 3000,
    });
  });

  it.each([
    ['PORT', 'abc', 'PORT must be an integer between 1 and 65535'],
    ['MIN_FREE_DISK_MIB', '-1', 'MIN_FREE_DISK_MIB must be an integer between 0 and 1048576'],
    ['PORT', '70000', 'PORT must be an integer between 1 and 65535'],
    ['PORT', '0', 'PORT must be an integer between 1 and 65535'],
    ['PUBLIC_URL', 'localhost:3000', 'PUBLIC_URL must be a URL starting with http:// or https://'],
    [
      'SMTP_URL',
      'http://mail.example.com',
      'SMTP_URL must be a URL starting with smtp:// or smtps://',
    ],
    ['STAFF_EMAIL_DOMAIN', 'not a domain', 'STAFF_EMAIL_DOMAIN must be a domain name'],
    ['DEMO_PASSWORD', 'demo', 'DEMO_PASSWORD must have at least 8 characters'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of fatal, error, warn, info'],
    ['NODE_ENV', 'staging', 'NODE_ENV must be one of development, production, test'],
    ['JWT_SECRET', 'short', 'JWT_SECRET must be at least 32 characters long'],
    ['ALTCHA_HMAC_KEY', 'short', 'ALTCHA_HMAC_KEY must be at least 32 characters long'],
    ['BRAND', '   ', 'BRAND must not be empty'],
    ['RECAPTCHA_SITE_KEY', 'only-one', 'RECAPTCHA_SECRET_KEY must be set together'],
    ['RECAPTCHA_SECRET_KEY', 'only-one', 'RECAPTCHA_SITE_KEY must be set together'],
    [
      'PRESSURE_MAX_EVENT_LOOP_DELAY_MS',
      '-1',
      'PRESSURE_MAX_EVENT_LOOP_DELAY_MS must be an integer between 0 and 60000',
    ],
    [
      'PRESSURE_MAX_HEAP_USED_MIB',
      '1.5',
      'PRESSURE_MAX_HEAP_USED_MIB must be an integer between 0 and 1048576',
    ],
    ['PRESSURE_MAX_RSS_MIB', 'lots', 'PRESSURE_MAX_RSS_MIB must be an integer between 0 and'],
    [
      'EDUCATION_VIDEO_URL_HOURS',
      '0',
      'EDUCATION_VIDEO_URL_HOURS must be an integer between 1 and 168',
    ],
    [
      'NEWSLETTER_MESSAGES_PER_SECOND',
      '0',
      'NEWSLETTER_MESSAGES_PER_SECOND must be an integer between 1 and 10000',
    ],
    ['NEWSLETTER_SMTP_POOL_SIZE', '51', 'NEWSLETTER_SMTP_POOL_SIZE must be an integer between 1'],
    ['NEWSLETTER_LEASE_SECONDS', '4', 'NEWSLETTER_LEASE_SECONDS must be an integer between 5'],
  ])('refuses a bad %s (%j) with a message naming it', (variable, value, message) => {
    const load = () => loadConfig({ [variable]: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(`Invalid configuration: ${message}`);
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(
      /^Invalid configuration: PORT must .*; LOG_LEVEL must /,
    );
  });
});
