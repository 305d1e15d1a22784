/**
 * Free text as every route stores and shows it (docs/decisions/0037-one-rule-for-free-text.md):
 * what a person typed, without the characters that show nothing but can disguise a text in lists,
 * pages and mail (controls, bidirectional overrides and isolates, zero-width and other
 * default-ignorable marks, lone surrogates). The contract's schemas, the server's multipart parsers
 * and the SPA's forms all clean and measure with this module, so a text that is only invisible
 * characters is empty everywhere and gets its field's "required" message. Lengths are measured
 * after cleaning, on the text as stored (UTF-16 code units, as `maxLength` counts them).
 */
import * as z from 'zod/mini';

/** Emoji variation selectors change the look of the character before them; alone they show nothing. */
const VARIATION_SELECTOR = '[\\uFE00-\\uFE0F\\u{E0100}-\\u{E01EF}]';
/**
 * Controls (Cc), format characters (Cf: bidi overrides and isolates, zero-width marks, the BOM,
 * tags), lone surrogates (Cs) and the other default-ignorable code points (Hangul fillers, the
 * combining grapheme joiner), except the variation selectors that emoji need.
 */
const INVISIBLE = `(?!${VARIATION_SELECTOR})[\\p{Cc}\\p{Cf}\\p{Cs}\\p{Default_Ignorable_Code_Point}]`;
const INVISIBLE_CHARACTERS = new RegExp(INVISIBLE, 'gu');
/**
 * In multi-line text, a zero-width joiner between two pictographs is kept: it makes one emoji of
 * them (👩‍⚕️), cannot hide a letter, and descriptions are read as prose, never compared as names.
 * The first group is such a pictograph with its joiner (kept); anything else matched goes. No
 * lookbehind: Safari before 16.4 cannot compile one, and this module loads on the first visit.
 */
const EMOJI_JOINER_OR_INVISIBLE = new RegExp(
  `(\\p{Extended_Pictographic}(?:[\\u{1F3FB}-\\u{1F3FF}]|\\uFE0F)?\\u200D)(?=\\p{Extended_Pictographic})|(?!\\n)${INVISIBLE}`,
  'gu',
);
const keepEmojiJoiner = (_match: string, joined: string | undefined) => joined ?? '';
const LONE_VARIATION_SELECTORS = new RegExp(`(^|\\s)${VARIATION_SELECTOR}+`, 'gu');
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/g;
/**
 * White space, and the blank Braille cell that passes for a letter but shows as a space; not the
 * BOM (U+FEFF), which JavaScript counts as white space but shows nothing, inside a word too.
 */
const SPACES = /(?:[^\S\uFEFF]|\u2800)+/gu;
const SPACES_WITHIN_LINES = /(?:[^\S\n\uFEFF]|\u2800)+/gu;

/**
 * A single-line text (names, titles, subjects, a lecturer, a location): NFC, every run of white
 * space (line breaks too) as one space, no invisible characters, trimmed.
 */
export function cleanLine(text: string): string {
  return text
    .replace(SPACES, ' ')
    .replace(INVISIBLE_CHARACTERS, '')
    .replace(LONE_VARIATION_SELECTORS, '$1')
    .normalize('NFC')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * A multi-line text (descriptions, a mail's body): line breaks kept as `\n`, each line cleaned as
 * `cleanLine` cleans (emoji joined by a zero-width joiner stay joined), the whole trimmed of blank
 * lines at either end.
 */
export function cleanMultiline(text: string): string {
  return text
    .replace(LINE_BREAK, '\n')
    .replace(SPACES_WITHIN_LINES, ' ')
    .replace(EMOJI_JOINER_OR_INVISIBLE, keepEmojiJoiner)
    .replace(LONE_VARIATION_SELECTORS, '$1')
    .normalize('NFC')
    .replace(/ {2,}/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .trim();
}

export interface FreeTextRules {
  /** Line breaks are kept (descriptions); otherwise they become spaces. */
  multiline?: boolean;
  /** Empty after cleaning is refused with the field's "must not be empty". */
  required?: boolean;
  /** At least this many units after cleaning. */
  minLength?: number;
  maxLength: number;
  /** A field's own tidying after cleaning (a list of lecturers), before the length rules. */
  tidy?: (text: string) => string;
}

/**
 * A free-text field of a request, named as in the request in its messages: cleaned, then its
 * length rules checked on the cleaned text, which is what the schema's output (and the store)
 * gets. The server's multipart parsers run the same schema (`parseFreeText`).
 */
export function freeText(field: string, rules: FreeTextRules) {
  const clean = rules.multiline ? cleanMultiline : cleanLine;
  const { tidy } = rules;
  const minLength = rules.minLength ?? 0;
  return z
    .string({ error: `${field} must be a text.` })
    .check(
      z.overwrite(tidy ? (text: string) => tidy(clean(text)) : clean),
      ...(rules.required
        ? [z.minLength(1, { error: `${field} must not be empty.`, abort: true })]
        : []),
      ...(minLength > 1
        ? [z.minLength(minLength, `${field} must be at least ${minLength} characters long.`)]
        : []),
      z.maxLength(rules.maxLength, `${field} must be at most ${rules.maxLength} characters long.`),
    );
}

/**
 * A text field of a multipart form (absent counts as empty) by `freeText`'s rule: the cleaned
 * text, and the messages of the rules it breaks.
 */
export function parseFreeText(
  schema: ReturnType<typeof freeText>,
  value: string | undefined,
): { text: string; problems: string[] } {
  const result = z.safeParse(schema, value ?? '');
  if (result.success) return { text: result.data, problems: [] };
  return { text: '', problems: result.error.issues.map((issue) => issue.message) };
}
