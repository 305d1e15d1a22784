/**
 * The password rules of SPEC 5 ("Set new password", "Activation form") as Croatian sentences, for
 * the client's own check and for the server's validation messages on `Password` (the server's
 * English texts are in server/auth/password-rules.ts and server/http/errors.ts).
 */
import { messages } from '../messages.ts';

export const PASSWORD_MIN_LENGTH = 8;

const RULES = [
  {
    text: messages.passwordRules.minLength,
    test: (password: string) => [...password].length >= PASSWORD_MIN_LENGTH,
  },
  { text: messages.passwordRules.lowercase, test: (password: string) => /\p{Ll}/u.test(password) },
  { text: messages.passwordRules.uppercase, test: (password: string) => /\p{Lu}/u.test(password) },
  { text: messages.passwordRules.digit, test: (password: string) => /\d/.test(password) },
  {
    text: messages.passwordRules.special,
    test: (password: string) => /[^\p{L}\p{N}\s]/u.test(password),
  },
];

/** One sentence per broken rule, in the order of SPEC 5. */
export function brokenPasswordRules(password: string): string[] {
  return RULES.filter((rule) => !rule.test(password)).map((rule) => rule.text);
}

/** The Croatian sentence for one of the server's password messages. */
export function passwordMessageText(serverMessage: string): string {
  const message = serverMessage.toLowerCase();
  if (message.includes('at least')) return messages.passwordRules.minLength;
  if (message.includes('lowercase')) return messages.passwordRules.lowercase;
  if (message.includes('uppercase')) return messages.passwordRules.uppercase;
  if (message.includes('digit')) return messages.passwordRules.digit;
  if (message.includes('special')) return messages.passwordRules.special;
  if (message.includes('common')) return messages.passwordRules.common;
  if (message.includes('at most')) return messages.passwordRules.tooLong;
  return serverMessage;
}
