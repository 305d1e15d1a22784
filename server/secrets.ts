/**
 * Signing secrets. A configured value wins; a missing one is generated once and kept in
 * `<dataDir>/secrets.json` (mode 0600) so tokens stay valid across restarts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import type { Config } from './config.ts';

export interface Secrets {
  jwtSecret: string;
  altchaHmacKey: string;
}

export const SECRETS_FILE = 'secrets.json';

const storedSecretsSchema = z.object({
  jwtSecret: z.string().optional(),
  altchaHmacKey: z.string().optional(),
});

const generate = () => randomBytes(32).toString('base64url');

export function loadSecrets(
  config: Pick<Config, 'dataDir' | 'jwtSecret' | 'altchaHmacKey'>,
): Secrets {
  const file = path.join(config.dataDir, SECRETS_FILE);
  const stored = existsSync(file)
    ? storedSecretsSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
    : {};
  const secrets: Secrets = {
    jwtSecret: config.jwtSecret ?? stored.jwtSecret ?? generate(),
    altchaHmacKey: config.altchaHmacKey ?? stored.altchaHmacKey ?? generate(),
  };
  const toStore = {
    ...stored,
    ...(config.jwtSecret === undefined && { jwtSecret: secrets.jwtSecret }),
    ...(config.altchaHmacKey === undefined && { altchaHmacKey: secrets.altchaHmacKey }),
  };
  if (toStore.jwtSecret !== stored.jwtSecret || toStore.altchaHmacKey !== stored.altchaHmacKey) {
    // Write then rename: a crash mid-write must not leave a torn file that loses the secrets.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(toStore, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, file);
  }
  return secrets;
}
