/**
 * The password policy (SPEC 5 "Set new password"): one rule, one message, so a later
 * validation error on `Password` can list every broken rule.
 */
import { randomInt } from 'node:crypto';
import {
  ACCOUNT_FORM_RULES,
  PASSWORD_RULES as RULES,
  type PasswordRule,
} from '../../src/api/contract.ts';
import { SERVER_MESSAGES } from '../../src/api/serverMessages.ts';

export const PASSWORD_MIN_LENGTH = ACCOUNT_FORM_RULES.passwordMinLength;

// None that a shell would interpret, so the password can be pasted into a curl command.
const SPECIAL_CHARACTERS = '%+-.:=@_';

const RULE_MESSAGES: Record<PasswordRule, string> = {
  minLength: SERVER_MESSAGES.passwordTooShort(PASSWORD_MIN_LENGTH),
  lowercase: SERVER_MESSAGES.passwordNeedsLowercase,
  uppercase: SERVER_MESSAGES.passwordNeedsUppercase,
  digit: SERVER_MESSAGES.passwordNeedsDigit,
  special: SERVER_MESSAGES.passwordNeedsSpecial,
};

/** The contract's rules (the forms tick the same ones), each with the server's message. */
export const PASSWORD_RULES = RULES.map(({ rule, test }) => ({
  message: RULE_MESSAGES[rule],
  test,
}));

export function brokenPasswordRules(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}

export function isStrongPassword(password: string): boolean {
  return brokenPasswordRules(password).length === 0;
}

/** A random password that passes every rule and is easy to copy from a terminal. */
export function generateStrongPassword(length = 16): string {
  const pools = [
    'abcdefghijkmnopqrstuvwxyz',
    'ABCDEFGHJKLMNPQRSTUVWXYZ',
    '23456789',
    SPECIAL_CHARACTERS,
  ];
  const everything = pools.join('');
  const pick = (pool: string) => pool[randomInt(pool.length)] ?? '';
  const characters = pools.map(pick);
  while (characters.length < length) characters.push(pick(everything));
  // Fisher–Yates, so the guaranteed characters are not always at the front.
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j] ?? '', characters[i] ?? ''];
  }
  return characters.join('');
}
