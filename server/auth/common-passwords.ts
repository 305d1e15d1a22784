/**
 * The most common passwords (docs/decisions/0004-common-password-list.md): the ~49,000
 * entries of zxcvbn-ts's common list, offline, lower case. Loaded once, on first use: the
 * package decompresses its dictionaries as it loads (~80 ms), which no start should wait for.
 */
let common: Promise<ReadonlySet<string>> | undefined;

/** Case-insensitive, because `P@ssw0rd` is as guessable as `p@ssw0rd`. */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  );
  return (await common).has(password.toLowerCase());
}
