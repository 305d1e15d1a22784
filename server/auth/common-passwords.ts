/**
 * The most common passwords (docs/decisions/0004-common-password-list.md): the ~49,000
 * entries of zxcvbn-ts's common list, offline, lower case. Loaded once, on first use.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

let common: ReadonlySet<string> | undefined;

/** Case-insensitive, because `P@ssw0rd` is as guessable as `p@ssw0rd`. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}
