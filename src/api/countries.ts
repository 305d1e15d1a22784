/** GET /api/v1/countries (SPEC 7): the countries a course may be held in, as ISO codes. */
import type { ApiClient } from './client.ts';
import { countryListSchema, type Country } from './contract.ts';

export function countriesApi(client: ApiClient) {
  return {
    listCountries: (): Promise<Country[]> => client.get('/countries', countryListSchema),
  };
}
