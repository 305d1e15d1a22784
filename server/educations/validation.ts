/**
 * The rules of the education form (SPEC 5, 9; issue 13), checked again on the server with the
 * shared limits of the contract: the multipart fields of POST and the members of PATCH. What
 * needs the database (partner, users, upload, country) is the service's; every broken rule is
 * reported at once, per field, named as in the request.
 */
import {
  EDUCATION_FIELDS as F,
  EDUCATION_RULES as RULES,
  educationFormSchema,
  parseFormFields,
  positiveId,
  RECORDING_MONTH_PATTERN,
} from '../../src/api/contract.ts';
import { zagrebMonth } from '../../src/lib/month.ts';
import { MESSAGES } from '../http/errors.ts';
import { withFileErrors } from '../http/formProblems.ts';
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

/** A recording month: the pattern, and not later than the current month. */
export function checkRecordingMonth(
  value: string,
  field: string,
  now: Date,
  fail: (field: string, message: string) => void,
): void {
  if (!RECORDING_MONTH_PATTERN.test(value)) fail(field, MESSAGES.recordingMonthInvalid);
  else if (value > zagrebMonth(now)) fail(field, MESSAGES.recordingMonthInFuture);
}

export function parseEducationForm(input: EducationFormInput, now: Date): EducationFormResult {
  const trimmed = (field: string) => input.text(field)?.trim() ?? '';
  const text = (field: string) => input.text(field) ?? '';
  const parsed = parseFormFields(educationFormSchema(zagrebMonth(now)), {
    [F.title]: text(F.title),
    [F.description]: text(F.description),
    [F.lecturer]: text(F.lecturer),
    [F.dateOfRecording]: text(F.dateOfRecording),
    [F.countryIsoCode]: text(F.countryIsoCode),
    [F.subtitleLanguage]: text(F.subtitleLanguage),
    [F.partnerId]: text(F.partnerId),
    [F.videoUrl]: text(F.videoUrl),
  });
  // The address is judged only as the one video source; otherwise that is what is wrong.
  const problems = Object.fromEntries(
    Object.entries(parsed.ok ? {} : parsed.problems).filter(
      ([field]) => field !== F.videoUrl || oneVideoSource(input, trimmed),
    ),
  );
  const errors: Errors = withFileErrors(input.fileErrors, problems);
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
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

  const partnerId = positiveId(trimmed(F.partnerId));
  if (!parsed.ok || Object.keys(errors).length > 0 || partnerId === undefined || !video) {
    return { ok: false, errors };
  }
  const form = parsed.data;
  return {
    ok: true,
    form: {
      title: form[F.title],
      description: form[F.description],
      lecturer: form[F.lecturer],
      recordingMonth: form[F.dateOfRecording] || null,
      countryIsoCode: form[F.countryIsoCode],
      subtitleLanguage: form[F.subtitleLanguage] || null,
      partnerId,
      video,
      thumbnail: input.files.Thumbnail,
      accessUserIds: accessUserIds.filter((id): id is number => id !== undefined),
    },
  };
}

/** Whether exactly one of the three video fields is given (an empty text counts as absent). */
function oneVideoSource(input: EducationFormInput, trimmed: (field: string) => string): boolean {
  // A refused file was given: its own error says enough.
  const fileGiven = input.files.Video !== undefined || input.fileErrors[F.video] !== undefined;
  return (
    [trimmed(F.videoUrl) !== '', trimmed(F.videoUploadId) !== '', fileGiven].filter(Boolean)
      .length === 1
  );
}

/** The one video source (the address is judged by the schema), or the rule it breaks. */
function videoSource(
  input: EducationFormInput,
  trimmed: (field: string) => string,
  fail: (field: string, message: string) => void,
): VideoSource | undefined {
  if (!oneVideoSource(input, trimmed)) {
    fail(F.video, MESSAGES.videoSourceRequired);
    return undefined;
  }
  const url = trimmed(F.videoUrl);
  if (url !== '') return { kind: 'url', url };
  const uploadId = trimmed(F.videoUploadId);
  if (uploadId !== '') {
    if (uploadId.length > RULES.videoUploadIdMaxLength) {
      fail(F.videoUploadId, MESSAGES.uploadNotFound);
      return undefined;
    }
    return { kind: 'upload', uploadId };
  }
  return input.files.Video && { kind: 'file', file: input.files.Video };
}
