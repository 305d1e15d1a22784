/**
 * The rules of the course form (SPEC 4 "Forms", 5 "Course form", 8 "Courses", 9), apart from its
 * machine: the draft and its validation with the contract's limits (COURSE_RULES, the same the
 * server's parser reads), the request, and the server's answers per field in Croatian.
 */
import {
  COURSE_FIELDS,
  COURSE_RULES,
  DEFAULT_COURSE_COUNTRY,
  courseDatesSchema,
  courseFormSchema,
  parseFormFields,
  matchesAccept,
} from '../api/contract.ts';
import { SERVER_MESSAGES, isServerMessage } from '../api/serverMessages.ts';
import type { CreateCourseRequest } from '../api/courses.ts';
import { formFieldErrors, formFieldMessages } from '../api/errors.ts';
import type { LocalizedCountry } from '../data/countries.ts';
import { zagrebInstant } from '../lib/wallTime.ts';
import { courseFormMessages } from '../messages/courseForm.ts';
import { cleanLine, cleanMultiline } from '../api/text.ts';
import {
  errorList,
  withoutErrorsOf as withoutErrors,
  type FormClock,
  type FormErrors,
} from './form.ts';

const text = courseFormMessages;

/** What the administrator enters. Dates are Zagreb wall-clock times 'YYYY-MM-DDTHH:mm' or ''. */
export interface CourseDraft {
  title: string;
  description: string;
  lecturer: string;
  location: string;
  countryIsoCode: string;
  startDate: string;
  endDate: string;
  /** '' for no price, else the number input's value ('12.5'). */
  price: string;
  image: File | null;
  pdf: File | null;
}

export type CourseDraftField = keyof CourseDraft;
export type CourseFormErrors = FormErrors<CourseDraftField>;

/** The fields in the order of the form, which is also the order of the listed messages. */
export const COURSE_DRAFT_FIELDS = [
  'title',
  'description',
  'lecturer',
  'location',
  'countryIsoCode',
  'startDate',
  'endDate',
  'price',
  'image',
  'pdf',
] as const satisfies readonly CourseDraftField[];

export const EMPTY_COURSE_DRAFT: CourseDraft = {
  title: '',
  description: '',
  lecturer: '',
  location: '',
  countryIsoCode: DEFAULT_COURSE_COUNTRY,
  startDate: '',
  endDate: '',
  price: '',
  image: null,
  pdf: null,
};

export interface CourseFormContext extends CourseDraft {
  /** The clock the rules are judged at (the injected `effects.now`). */
  now: () => Date;
  countries: LocalizedCountry[];
  errors: CourseFormErrors;
}

/** The injected clock; without it the form judges dates at the browser's time. */
export type CourseFormInput = FormClock | undefined;

export type CourseFormEvent = { type: 'EDIT'; values: Partial<CourseDraft> } | { type: 'SUBMIT' };

const MEGABYTE = 1024 * 1024;
const isPdf = (file: File) =>
  file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

/** A wall-clock time of the form as the instant POST /courses sends, or '' when it is none. */
const sentInstant = (wallTime: string) => zagrebInstant(wallTime)?.toISOString() ?? '';

/** The draft as POST /courses sends its fields, before cleaning: what the contract's schema judges. */
const sentFields = (draft: CourseDraft) => ({
  [COURSE_FIELDS.title]: draft.title,
  [COURSE_FIELDS.description]: draft.description,
  [COURSE_FIELDS.lecturer]: draft.lecturer,
  [COURSE_FIELDS.location]: draft.location,
  [COURSE_FIELDS.countryIsoCode]: draft.countryIsoCode,
  [COURSE_FIELDS.startDate]: sentInstant(draft.startDate),
  [COURSE_FIELDS.endDate]: sentInstant(draft.endDate),
  [COURSE_FIELDS.price]: draft.price,
  [COURSE_FIELDS.image]: draft.image,
});

/**
 * SPEC 5 "Course form": every broken rule, per field; empty when the draft may be sent. The rules
 * are the contract's `courseFormSchema`, which the server parses with too (the select offers only
 * the offered countries), worded by `SERVER_TEXTS`; the files' types and sizes are read from the
 * Files (the server judges their bytes).
 */
export function validateCourseDraft(draft: CourseDraft, now: Date): CourseFormErrors {
  const parsed = parseFormFields(courseFormSchema(), sentFields(draft), courseDatesSchema(now));
  const errors =
    (parsed.ok ? null : formFieldMessages(parsed.problems, FIELD_OF_REQUEST_FIELD, croatian)) ?? {};
  const { image, pdf } = draft;
  if (image && !matchesAccept(COURSE_RULES.imageAccept, image)) errors.image = [text.imageType];
  else if (image && image.size > COURSE_RULES.imageMaxBytes) {
    errors.image = [text.imageTooLarge(COURSE_RULES.imageMaxBytes / MEGABYTE)];
  }
  if (pdf && !isPdf(pdf)) errors.pdf = [text.pdfType];
  else if (pdf && pdf.size > COURSE_RULES.pdfMaxBytes) {
    errors.pdf = [text.pdfTooLarge(COURSE_RULES.pdfMaxBytes / MEGABYTE)];
  }
  return datesPlaced(errors);
}

/** The messages in the order of the form: what the list under the form shows. */
export const errorMessages = (errors: CourseFormErrors) => errorList(errors, COURSE_DRAFT_FIELDS);

/** A draft that passed validation, as POST /courses takes it. */
export function createCourseRequest(draft: CourseDraft): CreateCourseRequest {
  return {
    title: cleanLine(draft.title),
    description: cleanMultiline(draft.description),
    countryIsoCode: draft.countryIsoCode,
    lecturer: cleanLine(draft.lecturer),
    location: cleanLine(draft.location),
    startDate: sentInstant(draft.startDate),
    endDate: sentInstant(draft.endDate),
    price: draft.price.trim(),
    image: draft.image as File,
    pdf: draft.pdf,
  };
}

const FIELD_OF_REQUEST_FIELD = new Map<string, CourseDraftField>(
  Object.entries(COURSE_FIELDS).map(([field, requestField]) => [
    requestField,
    field as CourseDraftField,
  ]),
);

/**
 * The server's messages (the wire contract's SERVER_MESSAGES) that have a Croatian text here, by
 * the field they came on; undefined leaves the message as sent.
 */
const SERVER_TEXTS: readonly [
  Parameters<typeof isServerMessage>[1],
  (field: CourseDraftField) => string | undefined,
][] = [
  [SERVER_MESSAGES.required, requiredText],
  [SERVER_MESSAGES.tooLong, tooLongText],
  [SERVER_MESSAGES.courseDatesRequired, () => text.datesRequired],
  [SERVER_MESSAGES.notAnInstant, () => text.datesRequired],
  [SERVER_MESSAGES.courseStartInPast, () => text.startInFuture],
  [SERVER_MESSAGES.courseStartAfterEnd, () => text.startBeforeEnd],
  [SERVER_MESSAGES.courseStartEqualsEnd, () => text.sameStartAndEnd],
  [SERVER_MESSAGES.coursePriceInvalid, () => text.priceInvalid],
  [SERVER_MESSAGES.countryNotOffered, () => text.countryUnavailable],
  [SERVER_MESSAGES.courseImageRequired, () => text.imageRequired],
  [SERVER_MESSAGES.fileTooLarge, tooLargeText],
  [SERVER_MESSAGES.fileNotAllowed, fileTypeText],
  [SERVER_MESSAGES.imageUnreadable, () => text.imageType],
];

/** Each free text's length in Croatian (the inputs' `maxLength` makes the one-line ones rare). */
function tooLongText(field: CourseDraftField): string | undefined {
  const tooLong: Partial<Record<CourseDraftField, string>> = {
    title: text.titleTooLong(COURSE_RULES.titleMaxLength),
    description: text.descriptionTooLong(COURSE_RULES.descriptionMaxLength),
    lecturer: text.lecturerTooLong(COURSE_RULES.lecturerMaxLength),
    location: text.locationTooLong(COURSE_RULES.locationMaxLength),
  };
  return tooLong[field];
}

function requiredText(field: CourseDraftField): string {
  const required: Partial<Record<CourseDraftField, string>> = {
    title: text.titleRequired,
    description: text.descriptionRequired,
    lecturer: text.lecturerRequired,
    location: text.locationRequired,
    image: text.imageRequired,
  };
  return required[field] ?? text.datesRequired;
}

/** Only the two file fields have a type; the same words on another field are something else. */
function fileTypeText(field: CourseDraftField): string | undefined {
  if (field === 'pdf') return text.pdfType;
  return field === 'image' ? text.imageType : undefined;
}

function tooLargeText(field: CourseDraftField): string {
  return field === 'pdf'
    ? text.pdfTooLarge(COURSE_RULES.pdfMaxBytes / MEGABYTE)
    : text.imageTooLarge(COURSE_RULES.imageMaxBytes / MEGABYTE);
}

/** A message of the schema or of the server in Croatian where known, else as sent. */
const croatian = (message: string, field: CourseDraftField) =>
  SERVER_TEXTS.find(([known]) => isServerMessage(message, known))?.[1](field) ?? message;

/** How the dates relate is said under the end, whichever date the rule was found on. */
const SHOWN_UNDER_END: readonly string[] = [text.startBeforeEnd, text.sameStartAndEnd];

/**
 * SPEC 5: the two dates are one question. A missing date is named once, under the first date
 * that misses it; how they relate is said under the end.
 */
function datesPlaced(errors: CourseFormErrors): CourseFormErrors {
  const start = errors.startDate ?? [];
  const moved = start.filter((message) => SHOWN_UNDER_END.includes(message));
  const startDate = start.filter((message) => !moved.includes(message));
  const endDate = [...new Set([...(errors.endDate ?? []), ...moved])].filter(
    (message) => !(message === text.datesRequired && startDate.includes(message)),
  );
  const placed: CourseFormErrors = { ...errors, startDate, endDate };
  if (startDate.length === 0) delete placed.startDate;
  if (endDate.length === 0) delete placed.endDate;
  return placed;
}

/** A 400 validation error of POST /courses, per field: Croatian where known, else as sent. */
export const serverFieldErrors = (error: unknown): CourseFormErrors | null => {
  const errors = formFieldErrors(error, FIELD_OF_REQUEST_FIELD, croatian);
  return errors && datesPlaced(errors);
};

/** Editing a field takes away its messages; the two dates are judged together. */
export const withoutErrorsOf = (errors: CourseFormErrors, values: Partial<CourseDraft>) =>
  withoutErrors(errors, Object.keys(values), [['startDate', 'endDate']]);

/** The country select offers only these; anything else leaves the chosen country as it is. */
export function onlyOfferedCountry(
  values: Partial<CourseDraft>,
  offered: readonly LocalizedCountry[],
) {
  const { countryIsoCode, ...rest } = values;
  return offered.some((country) => country.isoCode === countryIsoCode) ? values : rest;
}

export const draftOf = (context: CourseFormContext): CourseDraft => ({
  title: context.title,
  description: context.description,
  lecturer: context.lecturer,
  location: context.location,
  countryIsoCode: context.countryIsoCode,
  startDate: context.startDate,
  endDate: context.endDate,
  price: context.price,
  image: context.image,
  pdf: context.pdf,
});
