/**
 * `GET /countries` (SPEC 7): the ISO codes courses may be held in, public. The SPA names them
 * from its bundled Croatian list. The configured list is written to the table at every start
 * (server/startup.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countryListSchema } from '../../src/api/contract.ts';
import type { Db } from '../db/database.ts';
import { offeredCountries } from './store.ts';

export function countriesRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get('/countries', { schema: { response: { 200: countryListSchema } } }, async () => {
      const codes = await offeredCountries(db);
      return codes.map((isoCode) => ({ isoCode }));
    });
  };
}
