import { createContext, useContext } from 'react';
import type { SiteConfig } from '../api/contract.ts';

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
