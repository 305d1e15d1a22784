/**
 * Loads the ALTCHA widget on demand, so the first visit to / never pays for it. The strict CSP
 * (script-src 'self'; style-src 'self'; worker-src 'self' blob:) rules out the default build,
 * which injects an inline <style> and inline workers: the "external" build takes its CSS as a
 * file and its proof-of-work worker from our own origin. The server's challenges use
 * PBKDF2/SHA-256 (server/captcha/altcha.ts), so that is the one algorithm registered.
 */
// The type of the global `$altcha` registry.
import type {} from 'altcha/types/global';

import { robotCheckMessages } from '../messages/robotCheck.ts';

let loading: Promise<void> | null = null;

export function loadAltcha(): Promise<void> {
  loading ??= (async () => {
    await import('altcha/external');
    const [{ default: Pbkdf2Worker }] = await Promise.all([
      import('altcha/workers/pbkdf2?worker'),
      import('altcha/altcha.css'),
      import('altcha/i18n/hr'),
    ]);
    // Croatian throughout, but the checkbox says what SPEC's messages tell the visitor to press.
    globalThis.$altcha.i18n.set('hr', {
      ...globalThis.$altcha.i18n.get('hr'),
      label: robotCheckMessages.widgetLabel,
    });
    for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
      globalThis.$altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
    }
  })().catch((error: unknown) => {
    // A failed load (the network dropped) must not stay failed: the next caller tries again.
    loading = null;
    throw error;
  });
  return loading;
}
