/**
 * E-mail addresses as the server takes them: compared and stored trimmed and in lower case, and
 * checked by the contract's one strict schema before anything is stored or mailed.
 */
import { emailSchema } from '../../src/api/contract.ts';
import { MESSAGES, ValidationError } from '../http/errors.ts';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The normalised address, or undefined when it is not one address. */
export function parseEmail(email: string): string | undefined {
  const parsed = emailSchema.safeParse(normaliseEmail(email));
  return parsed.success ? parsed.data : undefined;
}

/** The normalised address, or the validation error on `Email` of the contract. */
export function requireEmail(email: string): string {
  const parsed = parseEmail(email);
  if (parsed === undefined) throw ValidationError.field('Email', MESSAGES.invalidEmail);
  return parsed;
}
