/**
 * React's DOM renderer, as the app's entry uses it. This module lives in the renderer's chunk
 * (vite.config.ts), so the renderer initialises when that chunk is evaluated, in a task of its
 * own, instead of on the entry's first use of it (docs/decisions/0033).
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
