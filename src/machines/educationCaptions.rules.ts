/**
 * The rules of the uploaded video's section on the education edit page (issue 27): the caption
 * form (a language and a WebVTT or SRT file, checked before anything is sent) and the server's
 * refusals of it in Croatian. The machine is educationCaptions.machine.ts.
 */
import { CAPTION_RULES, type Education } from '../api/contract.ts';
import { ApiError } from '../api/errors.ts';
import { EDUCATION_SERVER_MESSAGES, isServerMessage } from '../api/serverMessages.ts';
import { educationAdminMessages } from '../messages/educationAdmin.ts';
import { errorCollector, errorList, FORM_LEVEL, type FormErrors, type FormLevel } from './form.ts';

const text = educationAdminMessages;

export interface CaptionDraft {
  /** A BCP 47 tag of `CAPTION_LANGUAGES`, or '' before one is chosen. */
  language: string;
  file: File | null;
}
export type CaptionField = keyof CaptionDraft;
export type CaptionErrors = FormErrors<CaptionField | FormLevel>;

export const CAPTION_DRAFT_FIELDS: readonly (CaptionField | FormLevel)[] = [
  'language',
  'file',
  FORM_LEVEL,
];
export const EMPTY_CAPTION_DRAFT: CaptionDraft = { language: '', file: null };

/**
 * The languages offered, Croatian first, then those of the lecturers and partners of the region.
 * A select rather than a typed tag: staff pick a name, and no tag can be malformed.
 */
export const CAPTION_LANGUAGES = [
  'hr',
  'en',
  'de',
  'it',
  'sl',
  'sr',
  'bs',
  'hu',
  'fr',
  'es',
] as const;

export const CAPTION_MAX_KIB = CAPTION_RULES.maxBytes / 1024;
const CAPTION_FILE_NAME = /\.(vtt|srt)$/i;

/** What is wrong with the caption form before it is sent (empty: nothing). */
export function validateCaptionDraft(draft: CaptionDraft): CaptionErrors {
  const { errors, fail } = errorCollector<CaptionField>();
  if (!CAPTION_RULES.languagePattern.test(draft.language)) {
    fail('language', text.captionLanguageRequired);
  }
  const { file } = draft;
  if (!file) fail('file', text.captionFileRequired);
  else if (!CAPTION_FILE_NAME.test(file.name)) fail('file', text.captionFileType);
  else if (file.size === 0) fail('file', text.captionFileEmpty);
  else if (file.size > CAPTION_RULES.maxBytes)
    fail('file', text.captionFileTooLarge(CAPTION_MAX_KIB));
  return errors;
}

export const captionErrorMessages = (errors: CaptionErrors) =>
  errorList(errors, CAPTION_DRAFT_FIELDS);

/** The education has captions in the draft's language: sending replaces them. */
export const replacesCaptions = (education: Education | null, language: string) =>
  education?.captions.some((caption) => caption.language === language) ?? false;

/**
 * A refused caption upload or removal in Croatian, at the field it is about; null for anything
 * else (a network failure, a 5xx), which the generic error handler reports.
 */
export function captionServerErrors(error: unknown): CaptionErrors | null {
  if (!(error instanceof ApiError)) return null;
  const message = error.firstMessage;
  const known = EDUCATION_SERVER_MESSAGES;
  if (error.status === 413) return { file: [text.captionFileTooLarge(CAPTION_MAX_KIB)] };
  if (error.status === 400 && isServerMessage(message, known.captionLanguageInvalid)) {
    return { language: [text.captionLanguageInvalid] };
  }
  if (error.status === 400 && isServerMessage(message, known.captionNotText)) {
    return { file: [text.captionNotText] };
  }
  if (error.status === 400 && isServerMessage(message, known.captionInvalid)) {
    return { file: [text.captionInvalid] };
  }
  if (captionsAlreadyRemoved(error)) return { [FORM_LEVEL]: [text.captionAlreadyRemoved] };
  // The education is gone, or its video is a link: it cannot have caption files.
  if (error.status === 404) return { [FORM_LEVEL]: [text.captionsUnavailable] };
  return null;
}

/** A removal answered 404 "no captions in this language": someone removed them already. */
export const captionsAlreadyRemoved = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 404 &&
  isServerMessage(error.firstMessage, EDUCATION_SERVER_MESSAGES.captionNotFound);

/** The education without the captions of `language` (after a removal, answered with 204). */
export const withoutCaptions = (education: Education, language: string): Education => ({
  ...education,
  captions: education.captions.filter((caption) => caption.language !== language),
});
