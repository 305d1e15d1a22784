import type { ErrorBody } from './contract.ts';

/** SPEC 8: the error a call fails with when its one token refresh fails. */
export const AUTH_EXPIRED = 'Auth expired.';

/** A non-OK answer: the status and the JSON error body (SPEC 8 "Generic"). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;

  constructor(status: number, body: ErrorBody | null) {
    super(firstErrorMessage(body) ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The first message of either error shape, as the client reads it. */
  get firstMessage(): string | undefined {
    return firstErrorMessage(this.body);
  }

  /** Messages of one field of a validation error (empty for a domain error). */
  fieldMessages(field: string): string[] {
    const errors = this.body?.errors;
    return errors && !Array.isArray(errors) ? (errors[field] ?? []) : [];
  }
}

/**
 * A form's messages per request field (a 400's body, or the form schema's own problems), per field
 * of the form: each request field named by `fieldOf` (several may name one form field), each
 * message as `text` words it, each once per field. Null when a field is not known here or `text`
 * has no words for a message: then no field can show it.
 */
export function formFieldMessages<Field extends string>(
  problems: Record<string, readonly string[]>,
  fieldOf: ReadonlyMap<string, Field>,
  text: (message: string, field: Field) => string | undefined,
): Partial<Record<Field, string[]>> | null {
  const mapped: Partial<Record<Field, string[]>> = {};
  for (const [requestField, messages] of Object.entries(problems)) {
    const field = fieldOf.get(requestField);
    if (!field) return null;
    for (const message of messages) {
      const worded = text(message, field);
      if (worded === undefined) return null;
      const shown = (mapped[field] ??= []);
      if (!shown.includes(worded)) shown.push(worded);
    }
  }
  return mapped;
}

/**
 * A 400 validation error, per field of a form (`formFieldMessages`). Null for any other error,
 * and for one naming a field or message the form does not know.
 */
export function formFieldErrors<Field extends string>(
  error: unknown,
  fieldOf: ReadonlyMap<string, Field>,
  text: (message: string, field: Field) => string | undefined,
): Partial<Record<Field, string[]>> | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const errors = error.body?.errors;
  if (!errors || Array.isArray(errors)) return null;
  return formFieldMessages(errors, fieldOf, text);
}

/** SPEC 8: raised when the server rejects a refresh token. */
export class AuthInvalidError extends ApiError {
  constructor(status: number, body: ErrorBody | null) {
    super(status, body);
    this.name = 'AuthInvalidError';
  }
}

/** SPEC 4: a call whose token refresh failed; the session is over. */
export class AuthExpiredError extends Error {
  constructor(options?: { cause: unknown }) {
    super(AUTH_EXPIRED, options);
    this.name = 'AuthExpiredError';
  }
}

export function firstErrorMessage(body: ErrorBody | null | undefined): string | undefined {
  if (!body) return undefined;
  const { errors } = body;
  if (Array.isArray(errors)) return errors[0];
  return Object.values(errors)[0]?.[0];
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('errors' in value)) return false;
  const { errors } = value;
  if (Array.isArray(errors)) return errors.every((e) => typeof e === 'string');
  return (
    typeof errors === 'object' &&
    errors !== null &&
    Object.values(errors).every((m) => Array.isArray(m) && m.every((e) => typeof e === 'string'))
  );
}
