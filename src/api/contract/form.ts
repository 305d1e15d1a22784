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
 * The form's fields parsed by its schema: the cleaned values, or every broken rule per field, the
 * fields in the order of the schema (an issue without a field is the schema's mistake, under '').
 * A rule about several fields that must be judged only once they are all valid (how two dates
 * relate) is a schema of those fields, given after the form's own: zod judges an object's own
 * rules only when its fields broke none.
 */
export function parseFormFields<Schema extends z.ZodMiniObject>(
  schema: Schema,
  values: Record<string, unknown>,
  ...together: readonly z.ZodMiniObject[]
): FormParse<z.output<Schema>> {
  const results = [schema, ...together].map((part) => z.safeParse(part, values));
  const [result] = results;
  if (results.every((part) => part.success) && result?.success) {
    return { ok: true, data: result.data as z.output<Schema> };
  }
  const found: FieldProblems = {};
  for (const issue of results.flatMap((part) => part.error?.issues ?? [])) {
    const field = String(issue.path[0] ?? '');
    const messages = (found[field] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  const problems: FieldProblems = {};
  for (const field of [...Object.keys(schema.shape), ...Object.keys(found)]) {
    if (found[field]) problems[field] = found[field];
  }
  return { ok: false, problems };
}

/** A file field that must be sent: absent (undefined or null) is refused with `message`. */
export const requiredFile = (message: string) =>
  z.custom<unknown>((value) => value !== undefined && value !== null, { error: message });

/** A single-line text trimmed (not cleaned: an address keeps what was typed) and then checked. */
export const trimmedText = (field: string) =>
  z.string({ error: `${field} must be a text.` }).check(z.trim());
