/**
 * The password rules of SPEC 5 ("Set new password", "Activation form") as Croatian sentences, for
 * the client's own check and for the server's validation messages on `Password` (the server's
 * English texts are in the wire contract's SERVER_MESSAGES).
 */
import { SERVER_MESSAGES, isServerMessage } from '../api/serverMessages.ts';
import { passwordRulesMessages } from '../messages/passwordRules.ts';

export const PASSWORD_MIN_LENGTH = 8;

const RULES = [
  {
    text: passwordRulesMessages.minLength,
    test: (password: string) => [...password].length >= PASSWORD_MIN_LENGTH,
  },
  { text: passwordRulesMessages.lowercase, test: (password: string) => /\p{Ll}/u.test(password) },
  { text: passwordRulesMessages.uppercase, test: (password: string) => /\p{Lu}/u.test(password) },
  { text: passwordRulesMessages.digit, test: (password: string) => /\d/.test(password) },
  {
    text: passwordRulesMessages.special,
    test: (password: string) => /[^\p{L}\p{N}\s]/u.test(password),
  },
];

/** One sentence per broken rule, in the order of SPEC 5. */
export function brokenPasswordRules(password: string): string[] {
  return RULES.filter((rule) => !rule.test(password)).map((rule) => rule.text);
}

const SERVER_TEXTS = [
  [SERVER_MESSAGES.passwordTooShort, passwordRulesMessages.minLength],
  [SERVER_MESSAGES.passwordNeedsLowercase, passwordRulesMessages.lowercase],
  [SERVER_MESSAGES.passwordNeedsUppercase, passwordRulesMessages.uppercase],
  [SERVER_MESSAGES.passwordNeedsDigit, passwordRulesMessages.digit],
  [SERVER_MESSAGES.passwordNeedsSpecial, passwordRulesMessages.special],
  [SERVER_MESSAGES.commonPassword, passwordRulesMessages.common],
  [SERVER_MESSAGES.passwordTooLong, passwordRulesMessages.tooLong],
] as const;

/** The Croatian sentence for one of the server's password messages (others as sent). */
export function passwordMessageText(serverMessage: string): string {
  return (
    SERVER_TEXTS.find(([known]) => isServerMessage(serverMessage, known))?.[1] ?? serverMessage
  );
}
