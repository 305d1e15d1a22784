/**
 * GET /api/v1/countries (SPEC 7): the countries a course may be held in, as ISO codes, and their
 * Croatian names for the forms that offer them (the course and the education form).
 */
import type { ApiClient } from './client.ts';
import { countryListSchema, type Country } from './contract.ts';
import {
  countries as bundledCountries,
  countryName,
  type LocalizedCountry,
} from '../data/countries.ts';

export function countriesApi(client: ApiClient) {
  return {
    listCountries: (): Promise<Country[]> => client.get('/countries', countryListSchema),
  };
}

/** SPEC 3: the server's countries, named from the bundled list in its Croatian order. */
export function namedCountries(offered: readonly Country[]): LocalizedCountry[] {
  const codes = new Set(offered.map((country) => country.isoCode));
  const known = bundledCountries.filter((country) => codes.has(country.isoCode));
  const unknown = [...codes]
    .filter((code) => !known.some((country) => country.isoCode === code))
    .map((isoCode) => ({ isoCode, localizedName: countryName(isoCode) }));
  return [...known, ...unknown];
}
