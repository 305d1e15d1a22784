/**
 * The rules of the education form (SPEC 5, 9; issue 13), checked again on the server with the
 * shared limits of the contract: the multipart fields of POST and the members of PATCH. What
 * needs the database (partner, users, upload, country) is the service's; every broken rule is
 * reported at once, per field, named as in the request.
 */
import {
  EDUCATION_FIELDS as F,
  EDUCATION_RULES as RULES,
  educationTexts,
  isPartnerWebsiteUrl,
  RECORDING_MONTH_PATTERN,
} from '../../src/api/contract.ts';
import { parseFreeText } from '../../src/api/text.ts';
import { MESSAGES } from '../http/errors.ts';
import type { ReceivedFile } from '../media/upload.ts';

export type VideoSource =
  | { kind: 'url'; url: string }
  | { kind: 'file'; file: ReceivedFile }
  | { kind: 'upload'; uploadId: string };

export interface EducationForm {
  title: string;
  description: string;
  lecturer: string;
  recordingMonth: string | null;
  countryIsoCode: string;
  subtitleLanguage: string | null;
  partnerId: number;
  video: VideoSource;
  thumbnail: ReceivedFile | undefined;
  /** Without repeats, in the order given; empty: open to every logged-in user. */
  accessUserIds: number[];
}

export interface EducationFormInput {
  text(field: string): string | undefined;
  texts(field: string): string[];
  files: { Video?: ReceivedFile; Thumbnail?: ReceivedFile };
  fileErrors: Record<string, string[]>;
}

export type Errors = Record<string, string[]>;
export type EducationFormResult = { ok: true; form: EducationForm } | { ok: false; errors: Errors };

/** `YYYY-MM` of `at` in Croatia, where "this month" is meant. */
export function currentMonth(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Zagreb',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value;
  return `${part('year')}-${part('month')}`;
}

/** The free texts of the form, by the rules of PATCH (src/api/text.ts), named as sent. */
const TEXTS = educationTexts(F);

/** A recording month: the pattern, and not later than the current month. */
export function checkRecordingMonth(
  value: string,
  field: string,
  now: Date,
  fail: (field: string, message: string) => void,
): void {
  if (!RECORDING_MONTH_PATTERN.test(value)) fail(field, MESSAGES.recordingMonthInvalid);
  else if (value > currentMonth(now)) fail(field, MESSAGES.recordingMonthInFuture);
}

export function parseEducationForm(input: EducationFormInput, now: Date): EducationFormResult {
  const errors: Errors = structuredClone(input.fileErrors);
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const trimmed = (field: string) => input.text(field)?.trim() ?? '';
  const text = (field: keyof typeof TEXTS) => {
    const { text: value, problems } = parseFreeText(TEXTS[field], input.text(F[field]));
    for (const problem of problems) fail(F[field], problem);
    return value;
  };

  const title = text('title');
  const description = text('description');
  const lecturer = text('lecturer');

  const recordingMonth = trimmed(F.dateOfRecording) || null;
  if (recordingMonth !== null) checkRecordingMonth(recordingMonth, F.dateOfRecording, now, fail);

  const countryIsoCode = trimmed(F.countryIsoCode).toUpperCase();
  if (countryIsoCode === '') fail(F.countryIsoCode, MESSAGES.required(F.countryIsoCode));

  const subtitleLanguage = text('subtitleLanguage') || null;

  const partnerId = positiveId(trimmed(F.partnerId));
  if (trimmed(F.partnerId) === '') fail(F.partnerId, MESSAGES.required(F.partnerId));
  else if (partnerId === undefined) fail(F.partnerId, MESSAGES.notAnId(F.partnerId));

  const video = videoSource(input, trimmed, fail);

  const idTexts = input.texts(F.initialAccessUserIds);
  const accessUserIds = [...new Set(idTexts.map((value) => positiveId(value.trim())))];
  if (accessUserIds.includes(undefined)) {
    fail(F.initialAccessUserIds, MESSAGES.notAnId(F.initialAccessUserIds));
  } else if (idTexts.length > RULES.accessUsersMax) {
    fail(
      F.initialAccessUserIds,
      MESSAGES.tooManyValues(F.initialAccessUserIds, RULES.accessUsersMax),
    );
  }

  if (Object.keys(errors).length > 0 || partnerId === undefined || video === undefined) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    form: {
      title,
      description,
      lecturer,
      recordingMonth,
      countryIsoCode,
      subtitleLanguage,
      partnerId,
      video,
      thumbnail: input.files.Thumbnail,
      accessUserIds: accessUserIds.filter((id): id is number => id !== undefined),
    },
  };
}

/** Exactly one of the three video fields (an empty text counts as absent). */
function videoSource(
  input: EducationFormInput,
  trimmed: (field: string) => string,
  fail: (field: string, message: string) => void,
): VideoSource | undefined {
  const url = trimmed(F.videoUrl);
  const uploadId = trimmed(F.videoUploadId);
  const file = input.files.Video;
  // A refused file was given: its own error says enough.
  const fileGiven = file !== undefined || input.fileErrors[F.video] !== undefined;
  if ([url !== '', uploadId !== '', fileGiven].filter(Boolean).length !== 1) {
    fail(F.video, MESSAGES.videoSourceRequired);
    return undefined;
  }
  if (url !== '') {
    if (url.length > RULES.videoUrlMaxLength) {
      fail(F.videoUrl, MESSAGES.tooLong(F.videoUrl, RULES.videoUrlMaxLength));
    } else if (!isPartnerWebsiteUrl(url)) fail(F.videoUrl, MESSAGES.videoUrlInvalid);
    else return { kind: 'url', url };
    return undefined;
  }
  if (uploadId !== '') {
    if (uploadId.length > RULES.videoUploadIdMaxLength) {
      fail(F.videoUploadId, MESSAGES.uploadNotFound);
      return undefined;
    }
    return { kind: 'upload', uploadId };
  }
  return file && { kind: 'file', file };
}

function positiveId(text: string): number | undefined {
  if (!/^\d{1,15}$/.test(text)) return undefined;
  const id = Number(text);
  return id > 0 ? id : undefined;
}
