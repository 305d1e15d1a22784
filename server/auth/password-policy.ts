/**
 * What the server accepts as a new password: the rules of SPEC 5 (one message per broken
 * rule), at most 256 characters (kept unchanged: no trimming, no normalisation), and none of
 * the most common passwords.
 */
import { MESSAGES } from '../http/errors.ts';
import { isCommonPassword } from './common-passwords.ts';
import { brokenPasswordRules } from './password-rules.ts';

export const PASSWORD_MAX_LENGTH = 256;

export async function newPasswordProblems(password: string): Promise<string[]> {
  const problems = brokenPasswordRules(password);
  if ([...password].length > PASSWORD_MAX_LENGTH) {
    problems.push(MESSAGES.passwordTooLong(PASSWORD_MAX_LENGTH));
  }
  if (problems.length === 0 && (await isCommonPassword(password))) {
    problems.push(MESSAGES.commonPassword);
  }
  return problems;
}
