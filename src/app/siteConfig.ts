import { createContext, useContext } from 'react';
import { siteConfigSchema } from '../api/contract.ts';
import type { SiteConfig } from '../api/contract.ts';

/** The SPA reads its configuration from the server at start, so one build serves every environment. */
export async function loadSiteConfig(fetchImpl: typeof fetch = fetch): Promise<SiteConfig> {
  const response = await fetchImpl('/api/v1/config', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Site configuration answered ${response.status}`);
  return siteConfigSchema.parse(await response.json());
}

/**
 * The loaded configuration for the components deep in a page that need it (the newsletter button
 * on /katalozi and /tecajevi, the unsubscribe page); App provides it.
 */
export const SiteConfigContext = createContext<SiteConfig | null>(null);

export function useSiteConfig(): SiteConfig {
  const config = useContext(SiteConfigContext);
  if (!config) throw new Error('useSiteConfig needs the SiteConfigContext of App');
  return config;
}
