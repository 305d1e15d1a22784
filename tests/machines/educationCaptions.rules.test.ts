/**
 * The caption form's rules on the education edit page (issue 27) at their edges: the language,
 * the file's name, emptiness and size cap, and each server refusal mapped to Croatian at its field.
 */
import { describe, expect, it } from 'vitest';
import { CAPTION_RULES } from '../../src/api/contract.ts';
import { captionContentType } from '../../src/api/educations.ts';
import { ApiError } from '../../src/api/errors.ts';
import { EDUCATION_SERVER_MESSAGES } from '../../src/api/serverMessages.ts';
import {
  CAPTION_LANGUAGES,
  CAPTION_MAX_KIB,
  captionErrorMessages,
  captionServerErrors,
  validateCaptionDraft,
} from '../../src/machines/educationCaptions.rules.ts';
import { messages } from '../../src/messages.ts';

const text = messages.educationAdmin;
const fileOf = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name);

describe('validateCaptionDraft', () => {
  it('accepts a WebVTT or SRT file up to the cap in a chosen language', () => {
    for (const name of ['predavanje.vtt', 'PREDAVANJE.SRT']) {
      const file = fileOf(name, CAPTION_RULES.maxBytes);
      expect(validateCaptionDraft({ language: 'en', file })).toEqual({});
    }
  });

  it('asks for the language and the file, each at its field', () => {
    const errors = validateCaptionDraft({ language: '', file: null });
    expect(errors).toEqual({
      language: [text.captionLanguageRequired],
      file: [text.captionFileRequired],
    });
    expect(captionErrorMessages(errors)).toEqual([
      text.captionLanguageRequired,
      text.captionFileRequired,
    ]);
  });

  it('refuses a file one byte over the cap, an empty one and one that is no caption file', () => {
    const over = fileOf('a.vtt', CAPTION_RULES.maxBytes + 1);
    expect(validateCaptionDraft({ language: 'hr', file: over }).file).toEqual([
      text.captionFileTooLarge(512),
    ]);
    expect(validateCaptionDraft({ language: 'hr', file: fileOf('a.srt', 0) }).file).toEqual([
      text.captionFileEmpty,
    ]);
    for (const name of ['predavanje.txt', 'predavanje.vtt.png', 'vtt', 'a.ass']) {
      expect(validateCaptionDraft({ language: 'hr', file: fileOf(name, 10) }).file).toEqual([
        text.captionFileType,
      ]);
    }
  });

  it('offers only tags the server accepts, and states the cap in KiB', () => {
    for (const language of CAPTION_LANGUAGES) {
      expect(CAPTION_RULES.languagePattern.test(language)).toBe(true);
    }
    expect(CAPTION_MAX_KIB).toBe(512);
  });
});

describe('captionServerErrors', () => {
  const refusal = (status: number, message: string) => new ApiError(status, { errors: [message] });

  it('puts each refusal in Croatian at the field it is about', () => {
    const known = EDUCATION_SERVER_MESSAGES;
    expect(captionServerErrors(refusal(400, known.captionNotText))).toEqual({
      file: [text.captionNotText],
    });
    expect(
      captionServerErrors(refusal(400, known.captionInvalid('cue 3 has no timing line'))),
    ).toEqual({ file: [text.captionInvalid] });
    expect(captionServerErrors(refusal(400, known.captionLanguageInvalid))).toEqual({
      language: [text.captionLanguageInvalid],
    });
    expect(captionServerErrors(refusal(413, 'Request body is too large'))).toEqual({
      file: [text.captionFileTooLarge(512)],
    });
    expect(captionServerErrors(refusal(404, known.captionNotFound))).toEqual({
      form: [text.captionAlreadyRemoved],
    });
    expect(captionServerErrors(refusal(404, 'Education not found.'))).toEqual({
      form: [text.captionsUnavailable],
    });
  });

  it('leaves what it does not know to the generic handler', () => {
    expect(captionServerErrors(new TypeError('Failed to fetch'))).toBeNull();
    expect(captionServerErrors(refusal(500, 'Internal Server Error'))).toBeNull();
    expect(captionServerErrors(refusal(400, 'Something else.'))).toBeNull();
  });
});

describe('captionContentType', () => {
  it('sends SRT as SubRip and everything else as WebVTT', () => {
    expect(captionContentType('a.SRT')).toBe('application/x-subrip');
    expect(captionContentType('a.vtt')).toBe('text/vtt');
  });
});
