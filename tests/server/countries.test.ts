import { describe, expect, it } from 'vitest';
import { countryListSchema } from '../../src/api/contract.ts';
import { ConfigError, DEFAULT_COURSE_COUNTRIES, loadConfig } from '../../server/config.ts';
import { ensureCountries } from '../../server/countries/store.ts';
import { createTestApp } from './support/test-app.ts';
import { useTempDir } from './support/temp-dir.ts';

const tempDir = useTempDir();

async function countriesOf(env: Record<string, string>, dataDir = tempDir()) {
  const testApp = await createTestApp(dataDir, { env });
  try {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/countries' });
    expect(response.statusCode).toBe(200);
    return countryListSchema.parse(response.json()).map((country) => country.isoCode);
  } finally {
    await testApp.close();
  }
}

describe('GET /countries', () => {
  it('lists the default countries to anyone, by code', async () => {
    const codes = await countriesOf({});
    expect(codes).toEqual([...DEFAULT_COURSE_COUNTRIES].sort());
    expect(codes).toEqual(expect.arrayContaining(['HR', 'SI', 'AT', 'DE', 'IT', 'BA', 'RS']));
  });

  it('lists what COURSE_COUNTRIES says, normalised', async () => {
    expect(await countriesOf({ COURSE_COUNTRIES: ' si, hr ,AT,,HR' })).toEqual(['AT', 'HR', 'SI']);
  });

  it('follows the configuration at every start, keeping countries courses refer to', async () => {
    const dataDir = tempDir();
    expect(await countriesOf({ COURSE_COUNTRIES: 'HR,SI,AT' }, dataDir)).toEqual([
      'AT',
      'HR',
      'SI',
    ]);
    const testApp = await createTestApp(dataDir, { env: { COURSE_COUNTRIES: 'HR,DE' } });
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/countries' });
      expect(response.json()).toEqual([{ isoCode: 'DE' }, { isoCode: 'HR' }]);
      // SI is no longer offered, but its row stays for courses held there.
      const rows = await testApp.db
        .selectFrom('countries')
        .selectAll()
        .orderBy('iso_code')
        .execute();
      expect(rows).toEqual([
        { iso_code: 'AT', offered: 0 },
        { iso_code: 'DE', offered: 1 },
        { iso_code: 'HR', offered: 1 },
        { iso_code: 'SI', offered: 0 },
      ]);
      // Content that refers to a country (the demo seed) adds it without offering it.
      await ensureCountries(testApp.db, ['IT', 'HR']);
      const again = await testApp.app.inject({ method: 'GET', url: '/api/v1/countries' });
      expect(again.json()).toEqual([{ isoCode: 'DE' }, { isoCode: 'HR' }]);
    } finally {
      await testApp.close();
    }
  });
});

describe('COURSE_COUNTRIES', () => {
  it.each([
    ['HRV,SI', 'must be comma-separated two-letter ISO 3166-1 country codes'],
    ['H1', 'must be comma-separated two-letter ISO 3166-1 country codes'],
    ['SI,AT', 'must include HR'],
    [',,', 'must include HR'],
  ])('refuses %j', (value, message) => {
    const load = () => loadConfig({ COURSE_COUNTRIES: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(`Invalid configuration: COURSE_COUNTRIES ${message}`);
  });

  it('defaults to HR and its neighbours', () => {
    expect(loadConfig({}).courseCountries[0]).toBe('HR');
  });
});
