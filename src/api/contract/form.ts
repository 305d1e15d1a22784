/**
 * A form's rules, written once (docs/forms.md): one zod/mini schema of the form's fields as sent
 * (named as in the request), whose issues are the server's messages of the wire contract
 * (serverMessages.ts, freeText's). The server's parser answers those messages as they are; the
 * browser runs the same schema on the draft it would send and shows each message through its
 * one table of Croatian texts, the table that also shows the server's refusals.
 */
import * as z from 'zod/mini';

/** The messages of each field, named as in the request, in the order they were found. */
export type FieldProblems = Record<string, string[]>;

export type FormParse<Output> = { ok: true; data: Output } | { ok: false; problems: FieldProblems };

/**
 * The form's fields parsed by its schema: the cleaned values, or every broken rule per field (an
 * issue without a field is a schema's mistake and is put under '').
 */
export function parseFormFields<Schema extends z.ZodMiniType>(
  schema: Schema,
  values: Record<string, unknown>,
): FormParse<z.output<Schema>> {
  const result = z.safeParse(schema, values);
  if (result.success) return { ok: true, data: result.data };
  const problems: FieldProblems = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    const messages = (problems[field] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return { ok: false, problems };
}

/** A file field that must be sent: absent (undefined or null) is refused with `message`. */
export const requiredFile = (message: string) =>
  z.custom<unknown>((value) => value !== undefined && value !== null, { error: message });

/** A single-line text trimmed (not cleaned: an address keeps what was typed) and then checked. */
export const trimmedText = (field: string) =>
  z.string({ error: `${field} must be a text.` }).check(z.trim());
