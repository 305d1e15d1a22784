import { expect, it, vi } from 'vitest';
import { loginMessages } from '../messages/login.ts';
import { newsletterMessages } from '../messages/newsletter.ts';

// The widget's script fails to arrive once (a dropped connection), then arrives.
let scriptArrives = false;
vi.mock('altcha/external', () => {
  if (!scriptArrives) throw new Error('Failed to fetch dynamically imported module');
  return {};
});
vi.mock('altcha/workers/pbkdf2?worker', () => ({ default: vi.fn() }));
vi.mock('altcha/altcha.css', () => ({}));
// As the real module does: it registers its Croatian strings.
vi.mock('altcha/i18n/hr', () => {
  globalThis.$altcha.i18n.set('hr', { label: 'Ja nisam robot', verified: 'Provjereno' });
  return {};
});

const languages = new Map<string, unknown>();
vi.stubGlobal('$altcha', {
  algorithms: new Map(),
  i18n: {
    get: (name: string) => languages.get(name),
    set: (name: string, value: unknown) => languages.set(name, value),
  },
});

it('tries again after a failed load instead of failing for good', async () => {
  const { loadAltcha } = await import('./loadAltcha.ts');
  await expect(loadAltcha()).rejects.toThrow();
  scriptArrives = true;
  await expect(loadAltcha()).resolves.toBeUndefined();
  expect(globalThis.$altcha.algorithms.has('PBKDF2/SHA-256')).toBe(true);
});

it('labels the checkbox with what SPEC’s messages ask the visitor to press, the rest in Croatian', async () => {
  scriptArrives = true;
  const { loadAltcha } = await import('./loadAltcha.ts');
  await loadAltcha();
  const croatian = languages.get('hr') as Record<string, string>;
  expect(croatian).toEqual({ label: "I'm not a robot", verified: 'Provjereno' });
  expect(loginMessages.robotCheckRequired).toContain(`'${croatian['label']}'`);
  expect(newsletterMessages.robotCheckRequired).toContain(`'${croatian['label']}'`);
});
