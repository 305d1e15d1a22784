/**
 * Names as they are stored and shown (people, products, partners): NFC, white space as single spaces, and no
 * invisible characters (controls, bidirectional overrides and isolates, zero-width marks,
 * lone surrogates), which would let a name disguise itself in lists and mail.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}]/gu;

export function cleanName(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .replace(INVISIBLE, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}
