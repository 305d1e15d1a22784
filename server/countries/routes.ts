/**
 * `GET /countries` (SPEC 7): the ISO codes courses may be held in, public. The SPA names them
 * from its bundled Croatian list. The configured list is written to the table when the routes
 * are registered, i.e. at every start.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countryListSchema } from '../../src/api/contract.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { offeredCountries, syncOfferedCountries } from './store.ts';

export interface CountriesRoutesDeps {
  db: Db;
  config: Pick<Config, 'courseCountries'>;
}

export function countriesRoutes(deps: CountriesRoutesDeps): FastifyPluginAsyncZod {
  const { db, config } = deps;
  return async (app) => {
    await syncOfferedCountries(db, config.courseCountries);
    app.get('/countries', { schema: { response: { 200: countryListSchema } } }, async () => {
      const codes = await offeredCountries(db);
      return codes.map((isoCode) => ({ isoCode }));
    });
  };
}
