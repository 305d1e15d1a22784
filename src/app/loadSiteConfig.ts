import { siteConfigSchema } from '../api/contract.ts';
import type { SiteConfig } from '../api/contract.ts';

/**
 * The SPA reads its configuration from the server at start, so one build serves every
 * environment; a page the server answered carries it already (pageBootstrap.ts), so this loads
 * only where the page came without it (Vite's development server).
 */
export async function loadSiteConfig(fetchImpl: typeof fetch = fetch): Promise<SiteConfig> {
  const response = await fetchImpl('/api/v1/config', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Site configuration answered ${response.status}`);
  return siteConfigSchema.parse(await response.json());
}
