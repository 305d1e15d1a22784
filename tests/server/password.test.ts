import { describe, expect, it } from 'vitest';
import {
  hashingLine,
  hashPassword,
  MAX_WAITING_HASHES,
  verifyPassword,
} from '../../server/auth/password.ts';
import { OverloadedError } from '../../server/http/errors.ts';
import {
  brokenPasswordRules,
  generateStrongPassword,
  isStrongPassword,
} from '../../server/auth/password-rules.ts';

describe('password hashing', () => {
  it('hashes with argon2id at the OWASP cost and verifies only the right password', async () => {
    const hash = await hashPassword('Tajna-Lozinka-1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=47104,t=8,p=1\$/);
    expect(await verifyPassword(hash, 'Tajna-Lozinka-1')).toBe(true);
    expect(await verifyPassword(hash, 'tajna-lozinka-1')).toBe(false);
    expect(await verifyPassword('not a hash', 'Tajna-Lozinka-1')).toBe(false);
  });
});

describe('password rules', () => {
  it('names every broken rule', () => {
    expect(brokenPasswordRules('abc')).toEqual([
      'Password must be at least 8 characters long.',
      'Password must contain an uppercase letter.',
      'Password must contain a digit.',
      'Password must contain a special character.',
    ]);
    expect(brokenPasswordRules('ŠIFRA-123')).toEqual(['Password must contain a lowercase letter.']);
    expect(isStrongPassword('Lozinka-123')).toBe(true);
  });

  it('generates passwords that pass every rule', () => {
    for (let i = 0; i < 200; i++) {
      const password = generateStrongPassword();
      expect(password).toHaveLength(16);
      expect(brokenPasswordRules(password)).toEqual([]);
    }
  });
});

describe('the line of password hashes', () => {
  it('turns a caller away at once when the line is full, and takes callers again after', async () => {
    // A malformed stored hash fails fast inside its slot, so the line drains quickly.
    const inLine = Array.from({ length: 2 + MAX_WAITING_HASHES }, () =>
      verifyPassword('not a hash', 'x'),
    );
    await expect(verifyPassword('not a hash', 'x')).rejects.toBeInstanceOf(OverloadedError);
    await expect(hashPassword('Tajna-Lozinka-1')).rejects.toBeInstanceOf(OverloadedError);
    expect(await Promise.all(inLine)).toEqual(inLine.map(() => false));
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });

  it('sends away a caller whose slot comes too late, without running its hash', async () => {
    let clock = 0;
    const line = hashingLine({ slots: 1, maxWaiting: 10, maxWaitMs: 3_000, now: () => clock });
    const release: Array<() => void> = [];
    const ran: string[] = [];
    const work = (name: string) => () => {
      ran.push(name);
      return new Promise<string>((resolve) => release.push(() => resolve(name)));
    };
    const first = line(work('first'));
    const onTime = line(work('on time'));
    clock = 3_000;
    const late = line(work('late'));
    await expect.poll(() => ran).toEqual(['first']);
    release.shift()?.();
    expect(await first).toBe('first');
    // Its slot came after exactly the longest wait allowed: it runs.
    await expect.poll(() => ran).toEqual(['first', 'on time']);
    clock = 6_001;
    release.shift()?.();
    expect(await onTime).toBe('on time');
    await expect(late).rejects.toBeInstanceOf(OverloadedError);
    expect(ran).toEqual(['first', 'on time']);
    // The line goes on: the next caller is served.
    const next = line(work('next'));
    await expect.poll(() => ran).toEqual(['first', 'on time', 'next']);
    release.shift()?.();
    expect(await next).toBe('next');
  });
});
