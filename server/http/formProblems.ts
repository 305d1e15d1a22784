/**
 * A multipart form's refusal: what the upload already refused (a file too large, of the wrong
 * kind) first, then the broken rules of the form's schema (src/api/contract/form.ts), per field.
 */
import type { FieldProblems } from '../../src/api/contract.ts';

export function withFileErrors(fileErrors: FieldProblems, problems: FieldProblems): FieldProblems {
  const errors = structuredClone(fileErrors);
  for (const [field, messages] of Object.entries(problems))
    (errors[field] ??= []).push(...messages);
  return errors;
}
