/**
 * The password rules of SPEC 5 ("Set new password", "Activation form") as Croatian sentences, for
 * the client's own check and for the server's validation messages on `Password` (the server's
 * English texts are in the wire contract's SERVER_MESSAGES).
 */
import { ACCOUNT_FORM_RULES, PASSWORD_RULES, type PasswordRule } from '../api/contract.ts';
import { SERVER_MESSAGES, isServerMessage } from '../api/serverMessages.ts';
import { passwordRulesMessages } from '../messages/passwordRules.ts';

export const PASSWORD_MIN_LENGTH = ACCOUNT_FORM_RULES.passwordMinLength;

/** The contract's rules, the very ones the server applies, each with its Croatian sentence. */
const RULES = PASSWORD_RULES.map(({ rule, test }) => ({
  rule,
  text: passwordRulesMessages[rule],
  test,
}));

export interface PasswordRuleCheck {
  rule: PasswordRule;
  /** What the checklist under the field says of the rule ("barem 8 znakova"). */
  label: string;
  met: boolean;
}

/** Every rule with whether `password` meets it: the checklist the forms show from the start. */
export function passwordChecklist(password: string): PasswordRuleCheck[] {
  return PASSWORD_RULES.map(({ rule, test }) => ({
    rule,
    label: passwordRulesMessages.checklist[rule],
    met: test(password),
  }));
}

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
