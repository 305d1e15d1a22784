import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { SERVER_MESSAGES } from './serverMessages.ts';
import { cleanLine, cleanMultiline, freeText, parseFreeText } from './text.ts';

describe('cleanLine: names, titles, subjects', () => {
  it.each([
    ['Ab\u0000cd', 'Abcd'],
    ['\u202eevil\u202c', 'evil'],
    ['\u2066iso\u2069late', 'isolate'],
    ['a\ud800b\udfff', 'ab'],
    ['\ufeffBOM', 'BOM'],
    ['Ad\u200dmin', 'Admin'],
    ['Ivo\u00ad Ivić', 'Ivo Ivić'],
    ['  Ana \t\r\n  Horvat\u00a0 ', 'Ana Horvat'],
    ['a\u2800b', 'a b'],
    ['e\u0301', '\u00e9'],
    // Stripping first: the accent joins the letter the zero-width space kept it from.
    ['e\u200b\u0301', '\u00e9'],
    // Emoji keep their presentation; joined ones fall apart into their parts, as in any name.
    ['⚠\ufe0f Pažnja', '⚠\ufe0f Pažnja'],
    ['👩\u200d⚕\ufe0f', '👩⚕\ufe0f'],
  ])('%j is stored as %j', (text, cleaned) => {
    expect(cleanLine(text)).toBe(cleaned);
  });

  it.each(['\u200b\u200b\u200b', '\u202e\u202c', '\u3164\u3164', '\ufe0f', ' \u0000 \u2060 ', ''])(
    'finds nothing visible in %j',
    (text) => {
      expect(cleanLine(text)).toBe('');
    },
  );
});

describe('cleanMultiline: descriptions and a mail body', () => {
  it('keeps line breaks as \\n and cleans each line as a single line is cleaned', () => {
    expect(
      cleanMultiline(
        '\n Prvi  red \r\n\r\n\u202edrugi\u202c\tred\u0007\rtreći\u2028četvrti\u0085peti \n\n',
      ),
    ).toBe('Prvi red\n\ndrugi red\ntreći\nčetvrti\npeti');
  });

  it('keeps emoji joined by a zero-width joiner, and no other joiner', () => {
    const emoji = '👩🏽\u200d⚕\ufe0f 🏳\ufe0f\u200d🌈';
    expect(cleanMultiline(`${emoji} Ad\u200dmin 🦷\u200d`)).toBe(`${emoji} Admin 🦷`);
  });

  it('finds nothing visible in line breaks and invisible characters', () => {
    expect(cleanMultiline('\n\u200b\r\n\u202e\n\ufe0f')).toBe('');
  });
});

describe('freeText: the schema every text field uses', () => {
  const lecturer = freeText('Lecturer', { required: true, minLength: 2, maxLength: 5 });

  it('outputs the cleaned text', () => {
    expect(z.parse(lecturer, ' A\u0000b\u202e ')).toBe('Ab');
  });

  it('calls a text of invisible characters empty, with the message the server sends', () => {
    expect(parseFreeText(lecturer, '\u200b\u200b\u200b')).toEqual({
      text: '',
      problems: [SERVER_MESSAGES.required('Lecturer')],
    });
    expect(parseFreeText(lecturer, undefined).problems).toEqual([
      SERVER_MESSAGES.required('Lecturer'),
    ]);
  });

  it('measures lengths on the cleaned text', () => {
    expect(parseFreeText(lecturer, `\u200b${'x'.repeat(5)}\u202e\u0000`)).toEqual({
      text: 'xxxxx',
      problems: [],
    });
    expect(parseFreeText(lecturer, 'x'.repeat(6)).problems).toEqual([
      SERVER_MESSAGES.tooLong('Lecturer', 5),
    ]);
    expect(parseFreeText(lecturer, 'x\u200b\u200b').problems).toEqual([
      'Lecturer must be at least 2 characters long.',
    ]);
  });

  it('tidies after cleaning and before the length rules', () => {
    const list = freeText('Lecturer', {
      required: true,
      maxLength: 10,
      tidy: (text) => text.replaceAll(',', ', '),
    });
    expect(parseFreeText(list, 'a,\u200bb')).toEqual({ text: 'a, b', problems: [] });
    expect(parseFreeText(list, 'a,b,c,d,e,f').problems).toEqual([
      SERVER_MESSAGES.tooLong('Lecturer', 10),
    ]);
  });

  it('leaves an optional text empty', () => {
    const optional = freeText('SubtitleLanguage', { maxLength: 100 });
    expect(parseFreeText(optional, '\u200b')).toEqual({ text: '', problems: [] });
  });

  it('refuses what is not a text', () => {
    expect(z.safeParse(lecturer, 12).error?.issues[0]?.message).toBe('Lecturer must be a text.');
  });
});
