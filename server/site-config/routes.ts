import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteConfigSchema, type SiteConfig } from '../../src/api/contract.ts';
import type { Config } from '../config.ts';

export const API_BASE_URL = '/api/v1';

/** What the SPA needs at start (ARCHITECTURE.md "Site configuration"); public keys only. */
export function siteConfigFor(config: Config): SiteConfig {
  return {
    apiBaseUrl: API_BASE_URL,
    publicUrl: config.publicUrl,
    brand: config.brand,
    robotCheck: config.recaptcha
      ? { provider: 'recaptcha', siteKey: config.recaptcha.siteKey }
      : { provider: 'altcha', challengeUrl: `${API_BASE_URL}/captcha/challenge` },
    campaigns: config.campaigns,
  };
}

/** `GET /config`: the response schema drops any field the contract does not name. */
export function siteConfigRoutes(deps: { config: Config }): FastifyPluginAsyncZod {
  const siteConfig = siteConfigFor(deps.config);
  return async (app) => {
    app.get('/config', { schema: { response: { 200: siteConfigSchema } } }, async () => siteConfig);
  };
}
