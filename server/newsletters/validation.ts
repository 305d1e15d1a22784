/**
 * The rules of a newsletter (SPEC 5 "Newsletter") the request's own schema cannot judge, because
 * they depend on the time (the date in the future, at most a year ahead): the contract's
 * `newsletterFormSchema`, which the browser's form judges its draft with too. Every broken rule
 * per field, named as in the request.
 */
import {
  newsletterFormSchema,
  parseFormFields,
  type CreateNewsletterRequest,
} from '../../src/api/contract.ts';

/** The form's field names that the request nests. */
const REQUEST_FIELD: Record<string, string> = { body: 'singleValues.body' };

export function newsletterRequestProblems(
  request: CreateNewsletterRequest,
  now: Date,
): Record<string, string[]> {
  const parsed = parseFormFields(newsletterFormSchema(now), {
    subject: request.subject,
    scheduledAt: request.scheduledAt,
    body: request.singleValues.body,
    listValues: request.listValues,
  });
  if (parsed.ok) return {};
  return Object.fromEntries(
    Object.entries(parsed.problems).map(([field, messages]) => [
      REQUEST_FIELD[field] ?? field,
      messages,
    ]),
  );
}
