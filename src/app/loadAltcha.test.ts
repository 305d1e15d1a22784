import { expect, it, vi } from 'vitest';

// The widget's script fails to arrive once (a dropped connection), then arrives.
let scriptArrives = false;
vi.mock('altcha/external', () => {
  if (!scriptArrives) throw new Error('Failed to fetch dynamically imported module');
  return {};
});
vi.mock('altcha/workers/pbkdf2?worker', () => ({ default: vi.fn() }));
vi.mock('altcha/altcha.css', () => ({}));
vi.mock('altcha/i18n/hr', () => ({}));

it('tries again after a failed load instead of failing for good', async () => {
  vi.stubGlobal('$altcha', { algorithms: new Map() });
  const { loadAltcha } = await import('./loadAltcha.ts');
  await expect(loadAltcha()).rejects.toThrow();
  scriptArrives = true;
  await expect(loadAltcha()).resolves.toBeUndefined();
  expect(globalThis.$altcha.algorithms.has('PBKDF2/SHA-256')).toBe(true);
  vi.unstubAllGlobals();
});
