/**
 * The password rules of SPEC 5 ("Set new password", "Activation form") as Croatian sentences, for
 * the client's own check and for the server's validation messages on `Password` (the server's
 * English texts are in the wire contract's SERVER_MESSAGES).
 */
import { SERVER_MESSAGES, isServerMessage } from '../api/serverMessages.ts';
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

const SERVER_TEXTS = [
  [SERVER_MESSAGES.passwordTooShort, messages.passwordRules.minLength],
  [SERVER_MESSAGES.passwordNeedsLowercase, messages.passwordRules.lowercase],
  [SERVER_MESSAGES.passwordNeedsUppercase, messages.passwordRules.uppercase],
  [SERVER_MESSAGES.passwordNeedsDigit, messages.passwordRules.digit],
  [SERVER_MESSAGES.passwordNeedsSpecial, messages.passwordRules.special],
  [SERVER_MESSAGES.commonPassword, messages.passwordRules.common],
  [SERVER_MESSAGES.passwordTooLong, messages.passwordRules.tooLong],
] as const;

/** The Croatian sentence for one of the server's password messages (others as sent). */
export function passwordMessageText(serverMessage: string): string {
  return (
    SERVER_TEXTS.find(([known]) => isServerMessage(serverMessage, known))?.[1] ?? serverMessage
  );
}
