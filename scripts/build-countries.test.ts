import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countries, countryName } from '../src/data/countries.ts';
import { COUNTRIES_FILE, buildCountryList, countriesModule } from './build-countries.ts';

describe('the bundled Croatian country list', () => {
  it('is what the generator writes today (run `npm run data:countries` after a change)', () => {
    const { entries } = buildCountryList();
    expect(readFileSync(COUNTRIES_FILE, 'utf8')).toBe(countriesModule(entries));
  });

  it('holds about 240 countries with unique ISO codes', () => {
    expect(countries.length).toBeGreaterThan(230);
    const codes = countries.map((country) => country.isoCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('names countries in Croatian and sorts them the Croatian way', () => {
    expect(countryName('HR')).toBe('Hrvatska');
    expect(countryName('DE')).toBe('Njemačka');
    expect(countryName('SZ')).toBe('Esvatini');
    const names = countries.map((country) => country.localizedName);
    expect(names).toEqual([...names].sort(new Intl.Collator('hr').compare));
    // Č follows C in Croatian, not Z as in a code-point sort.
    expect(names.indexOf('Čile')).toBeGreaterThan(names.indexOf('Curaçao'));
    expect(names.indexOf('Čile')).toBeLessThan(names.indexOf('Danska'));
  });

  it('gives back an unknown code unchanged', () => {
    expect(countryName('XX')).toBe('XX');
  });
});
