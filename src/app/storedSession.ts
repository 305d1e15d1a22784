import type * as z from 'zod/mini';
import { storedUserSchema, tokensSchema } from '../api/contract.ts';
import type { StoredSession } from '../machines/authSession.machine.ts';
import { AUTH_KEY, USER_KEY } from './storedSessionKeys.ts';

function readJson<T>(key: string, schema: z.ZodMiniType<T>): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    // Storage can be disabled or hold garbage from an older version: treat it as no session.
    return null;
  }
}

export function readStoredSession(): StoredSession | null {
  const user = readJson(USER_KEY, storedUserSchema);
  const tokens = readJson(AUTH_KEY, tokensSchema);
  return user && tokens ? { user, tokens } : null;
}
