/** SPEC 3: the stored user and the stored auth, kept apart in browser storage. */
export const USER_KEY = 'user';
export const AUTH_KEY = 'auth';
export const SESSION_STORAGE_KEYS = [USER_KEY, AUTH_KEY] as const;
