/**
 * The rules of the course form (SPEC 9), checked again on the server with the shared limits of
 * the contract. Every broken rule is reported at once, per field, named as in the request.
 */
import * as z from 'zod/mini';
import {
  COURSE_FIELDS as F,
  COURSE_RULES,
  courseDateTextSchema,
  DEFAULT_COURSE_COUNTRY,
  parseCoursePrice,
} from '../../src/api/contract.ts';
import { freeText, parseFreeText } from '../../src/api/text.ts';
import { MESSAGES } from '../http/errors.ts';
import type { ReceivedFile } from '../media/upload.ts';

export interface CourseForm {
  title: string;
  description: string;
  lecturer: string;
  location: string;
  countryIsoCode: string;
  startDate: Date;
  endDate: Date;
  priceCents: number | null;
  image: ReceivedFile;
  pdf: ReceivedFile | undefined;
}

export interface CourseFormInput {
  text(field: string): string | undefined;
  files: { Image?: ReceivedFile; Pdf?: ReceivedFile };
  fileErrors: Record<string, string[]>;
}

/** SPEC 3: one lecturer, or several separated by commas (stored as `A, B`). */
const lecturerList = (text: string) =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
    .join(', ');

/** The free texts of the form (src/api/text.ts), named as in the request. */
const TEXTS = {
  title: freeText(F.title, { required: true, maxLength: COURSE_RULES.titleMaxLength }),
  description: freeText(F.description, {
    multiline: true,
    required: true,
    maxLength: COURSE_RULES.descriptionMaxLength,
  }),
  lecturer: freeText(F.lecturer, {
    required: true,
    maxLength: COURSE_RULES.lecturerMaxLength,
    tidy: lecturerList,
  }),
  location: freeText(F.location, { required: true, maxLength: COURSE_RULES.locationMaxLength }),
};

const EARLIEST_DATE = new Date(COURSE_RULES.earliestDate);
const LATEST_DATE = new Date(COURSE_RULES.latestDate);

export type CourseFormResult =
  { ok: true; form: CourseForm } | { ok: false; errors: Record<string, string[]> };

export function parseCourseForm(
  input: CourseFormInput,
  now: Date,
  isOfferedCountry: (isoCode: string) => boolean,
): CourseFormResult {
  const errors: Record<string, string[]> = structuredClone(input.fileErrors);
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);

  /** The field's text as it will be stored, checked as stored. */
  const text = (field: string, schema: (typeof TEXTS)[keyof typeof TEXTS]) => {
    const { text: value, problems } = parseFreeText(schema, input.text(field));
    for (const problem of problems) fail(field, problem);
    return value;
  };
  const title = text(F.title, TEXTS.title);
  const description = text(F.description, TEXTS.description);
  const lecturer = text(F.lecturer, TEXTS.lecturer);
  const location = text(F.location, TEXTS.location);

  const countryIsoCode = (input.text(F.countryIsoCode)?.trim() || DEFAULT_COURSE_COUNTRY)
    .toUpperCase()
    .slice(0, 10);
  if (!isOfferedCountry(countryIsoCode)) {
    fail(F.countryIsoCode, MESSAGES.countryNotOffered(countryIsoCode));
  }

  const startDate = instant(input.text(F.startDate), F.startDate, fail);
  const endDate = instant(input.text(F.endDate), F.endDate, fail);
  if (startDate && endDate) {
    if (startDate.getTime() <= now.getTime()) fail(F.startDate, MESSAGES.courseStartInPast);
    if (startDate.getTime() === endDate.getTime()) fail(F.startDate, MESSAGES.courseStartEqualsEnd);
    else if (startDate.getTime() > endDate.getTime()) {
      fail(F.startDate, MESSAGES.courseStartAfterEnd);
    }
  }

  const price = parseCoursePrice(input.text(F.price) ?? '');
  if (price === undefined) fail(F.price, MESSAGES.coursePriceInvalid(COURSE_RULES.priceMax));

  const image = input.files.Image;
  if (image === undefined && errors[F.image] === undefined) {
    fail(F.image, MESSAGES.courseImageRequired);
  }

  if (Object.keys(errors).length > 0 || !startDate || !endDate || !image || price === undefined) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    form: {
      title,
      description,
      lecturer,
      location,
      countryIsoCode,
      startDate,
      endDate,
      priceCents: price === null ? null : Math.round(price * 100),
      image,
      pdf: input.files.Pdf,
    },
  };
}

/** A date field: missing, or not an instant with a zone, is reported on the field. */
function instant(
  text: string | undefined,
  field: string,
  fail: (field: string, message: string) => void,
): Date | undefined {
  const value = text?.trim() ?? '';
  if (value === '') {
    fail(field, MESSAGES.courseDatesRequired);
    return undefined;
  }
  if (!z.safeParse(courseDateTextSchema, value).success) {
    fail(field, MESSAGES.notAnInstant(field));
    return undefined;
  }
  // An offset can carry 9999-12-31T23:00-23:59 into year 10000, which ISO instants cannot hold.
  const date = new Date(value);
  if (!(date >= EARLIEST_DATE && date < LATEST_DATE)) {
    fail(field, MESSAGES.courseDateOutOfRange(field));
    return undefined;
  }
  return date;
}
