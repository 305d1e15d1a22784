import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSecrets, SECRETS_FILE } from '../../server/secrets.ts';
import { useTempDir } from './support/temp-dir.ts';

const tempDir = useTempDir();
const unset = { jwtSecret: undefined, altchaHmacKey: undefined };

describe('loadSecrets', () => {
  it('generates missing secrets once, keeps them private, and reuses them on later starts', () => {
    const dataDir = tempDir();
    const first = loadSecrets({ dataDir, ...unset });
    expect(first.jwtSecret).toMatch(/^[\w-]{43}$/);
    expect(first.altchaHmacKey).toMatch(/^[\w-]{43}$/);
    expect(first.jwtSecret).not.toBe(first.altchaHmacKey);

    const file = path.join(dataDir, SECRETS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecrets({ dataDir, ...unset })).toEqual(first);
  });

  it('prefers configured secrets and stores only the generated ones', () => {
    const dataDir = tempDir();
    const configured = 'c'.repeat(32);
    const secrets = loadSecrets({ dataDir, jwtSecret: configured, altchaHmacKey: undefined });
    expect(secrets.jwtSecret).toBe(configured);
    const stored: unknown = JSON.parse(readFileSync(path.join(dataDir, SECRETS_FILE), 'utf8'));
    expect(stored).toEqual({ altchaHmacKey: secrets.altchaHmacKey });
  });
});
