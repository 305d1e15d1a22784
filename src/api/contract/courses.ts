/**
 * Courses and countries (SPEC 3 "Course", "Country"; SPEC 7 `/courses`, `/countries`; SPEC 9).
 */
import * as z from 'zod/mini';
import { SERVER_MESSAGES } from '../serverMessages.ts';
import { freeText } from '../text.ts';
import { IMAGE_ACCEPT } from './common.ts';
import { requiredFile, trimmedText } from './form.ts';

/** GET /countries: the ISO 3166-1 alpha-2 codes a course may be held in (names are bundled). */
export const countrySchema = z.object({ isoCode: z.string() });
export type Country = z.infer<typeof countrySchema>;
export const countryListSchema = z.array(countrySchema);

/** SPEC 9: the default country of a course. */
export const DEFAULT_COURSE_COUNTRY = 'HR';

/**
 * One course of GET /courses. `imagePath` (up to 1600 px wide) and `imageCardPath` (600 px wide,
 * for cards and `srcset`) are WebP URLs the browser loads as they are (`/media/courses/...`);
 * `pdfPath` is null when the course has no PDF. Dates are ISO 8601 UTC instants. `price` is in
 * euros with at most two decimals: null means not given, 0 means free.
 */
export const courseSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  /** One lecturer, or several separated by commas. */
  lecturer: z.string(),
  location: z.string(),
  imagePath: z.string(),
  imageCardPath: z.string(),
  pdfPath: z.nullable(z.string()),
  startDate: z.iso.datetime(),
  endDate: z.iso.datetime(),
  price: z.nullable(z.number()),
  country: countrySchema,
  createdAt: z.iso.datetime(),
});
export type Course = z.infer<typeof courseSchema>;
/** GET /courses: newest first by `createdAt`. */
export const courseListSchema = z.array(courseSchema);

/**
 * The multipart field names of POST /courses (SPEC 7). Text fields: `StartDate`/`EndDate` as
 * ISO 8601 instants (`Date#toISOString()`), `Price` as a decimal with a dot ("12.5") or empty
 * for no price, `CountryIsoCode` defaults to HR when absent. Files: `Image` (required) and `Pdf`
 * (optional). A validation error names these fields: `{"errors":{"StartDate":["..."]}}`.
 */
export const COURSE_FIELDS = {
  title: 'Title',
  description: 'Description',
  countryIsoCode: 'CountryIsoCode',
  lecturer: 'Lecturer',
  location: 'Location',
  startDate: 'StartDate',
  endDate: 'EndDate',
  price: 'Price',
  image: 'Image',
  pdf: 'Pdf',
} as const;

/** SPEC 9: the rules of the course form, enforced by the SPA and again by the server. */
export const COURSE_RULES = {
  descriptionMaxLength: 10_000,
  /** Not in SPEC 9 (the server's sanity limits); use them as `maxLength` of the inputs. */
  titleMaxLength: 200,
  lecturerMaxLength: 500,
  locationMaxLength: 200,
  priceMin: 0,
  priceStep: 0.01,
  priceMax: 1_000_000,
  /**
   * Course dates lie in this range (UTC, start inclusive), so that every stored date stays an
   * ISO instant with a four-digit year, as `courseSchema` reads it.
   */
  earliestDate: '2000-01-01T00:00:00.000Z',
  latestDate: '2100-01-01T00:00:00.000Z',
  /** What the server accepts per file (decided from the bytes, not from the name or type). */
  imageMaxBytes: 10 * 1024 * 1024,
  pdfMaxBytes: 20 * 1024 * 1024,
  /** `accept` attributes of the file inputs. SVG is never accepted. */
  imageAccept: IMAGE_ACCEPT,
  pdfAccept: 'application/pdf,.pdf',
} as const;

/**
 * A `StartDate` or `EndDate` field as sent: an ISO 8601 date and time with seconds and a zone
 * (`Z` or `±hh:mm`), on a real calendar day. `Date#toISOString()` always matches.
 */
export const courseDateTextSchema = z.iso.datetime({ offset: true });

/** A `Price` field as sent: empty, or digits with at most two decimals after a dot. */
const PRICE_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

/**
 * The price a `Price` field means: null when empty (no price), a number of euros when valid,
 * undefined when the text breaks the rules (not a number, negative, more than two decimals,
 * above `priceMax`).
 */
export function parseCoursePrice(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!PRICE_PATTERN.test(trimmed)) return undefined;
  const price = Number(trimmed);
  return price >= COURSE_RULES.priceMin && price <= COURSE_RULES.priceMax ? price : undefined;
}

/** POST /courses answers 201 with the stored course. */
export const createCourseResponseSchema = courseSchema;

/** The course form's messages only the server's schema words (the client shows them as sent). */
export const COURSE_MESSAGES = {
  dateOutOfRange: (field: string) =>
    `${field} must lie from ${COURSE_RULES.earliestDate.slice(0, 4)} up to before ${COURSE_RULES.latestDate.slice(0, 4)}.`,
};

const EARLIEST_DATE = new Date(COURSE_RULES.earliestDate);
const LATEST_DATE = new Date(COURSE_RULES.latestDate);
// An offset can carry 9999-12-31T23:00-23:59 into year 10000, which ISO instants cannot hold.
const inDateRange = (text: string) => {
  const date = new Date(text);
  return date >= EARLIEST_DATE && date < LATEST_DATE;
};
const isInstantText = (text: string) => z.safeParse(courseDateTextSchema, text).success;

const courseDate = (field: string) =>
  trimmedText(field).check(
    z.minLength(1, { error: SERVER_MESSAGES.courseDatesRequired, abort: true }),
    z.refine(isInstantText, { error: SERVER_MESSAGES.notAnInstant(field), abort: true }),
    z.refine(inDateRange, { error: COURSE_MESSAGES.dateOutOfRange(field) }),
  );

/** SPEC 3: one lecturer, or several separated by commas (stored as `A, B`). */
const lecturerList = (text: string) =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
    .join(', ');

const CF = COURSE_FIELDS;

export interface CourseFormCountries {
  /** The countries courses are held in (the server's list); without it any country passes. */
  isOfferedCountry?: (isoCode: string) => boolean;
}

/**
 * SPEC 9: the course form's fields as sent, one rule per message, checked by the SPA
 * (courseForm.rules.ts) and by the server (server/courses/validation.ts), with
 * `courseDatesSchema`; `Image` is the file or, on the server, the upload's own
 * refusal of it. The files' types and sizes are judged by the browser from the File and by the
 * server from the bytes.
 */
export const courseFormSchema = ({ isOfferedCountry = () => true }: CourseFormCountries = {}) =>
  z.object({
    [CF.title]: freeText(CF.title, { required: true, maxLength: COURSE_RULES.titleMaxLength }),
    [CF.description]: freeText(CF.description, {
      multiline: true,
      required: true,
      maxLength: COURSE_RULES.descriptionMaxLength,
    }),
    [CF.lecturer]: freeText(CF.lecturer, {
      required: true,
      maxLength: COURSE_RULES.lecturerMaxLength,
      tidy: lecturerList,
    }),
    [CF.location]: freeText(CF.location, {
      required: true,
      maxLength: COURSE_RULES.locationMaxLength,
    }),
    // Absent means the default; codes are compared in capitals, at most ten characters read.
    [CF.countryIsoCode]: z.pipe(
      z.transform((text: unknown) =>
        ((typeof text === 'string' ? text.trim() : '') || DEFAULT_COURSE_COUNTRY)
          .toUpperCase()
          .slice(0, 10),
      ),
      z.string().check(
        z.superRefine((isoCode, context) => {
          if (!isOfferedCountry(isoCode)) {
            context.addIssue({
              code: 'custom',
              message: SERVER_MESSAGES.countryNotOffered(isoCode),
            });
          }
        }),
      ),
    ),
    [CF.startDate]: courseDate(CF.startDate),
    [CF.endDate]: courseDate(CF.endDate),
    [CF.price]: z.string().check(
      z.refine((text) => parseCoursePrice(text) !== undefined, {
        error: SERVER_MESSAGES.coursePriceInvalid(COURSE_RULES.priceMax),
      }),
    ),
    [CF.image]: requiredFile(SERVER_MESSAGES.courseImageRequired),
  });

/**
 * SPEC 9: how the two dates relate, judged once both are instants (whatever else is wrong with the
 * form) and reported on `StartDate`; parsed together with `courseFormSchema` (`parseFormFields`).
 */
export const courseDatesSchema = (now: Date) =>
  z
    .object({
      [CF.startDate]: courseDate(CF.startDate),
      [CF.endDate]: courseDate(CF.endDate),
    })
    .check(
      datesRule((start) => start > now.getTime(), SERVER_MESSAGES.courseStartInPast),
      datesRule((start, end) => start !== end, SERVER_MESSAGES.courseStartEqualsEnd),
      datesRule((start, end) => start <= end, SERVER_MESSAGES.courseStartAfterEnd),
    );

/**
 * A rule of how the two dates relate, judged once both are instants whatever else is wrong with
 * the form, and reported on `StartDate`.
 */
function datesRule(holds: (start: number, end: number) => boolean, message: string) {
  return z.refine<Record<string, string>>(
    (dates) => holds(Date.parse(dates[CF.startDate] ?? ''), Date.parse(dates[CF.endDate] ?? '')),
    { error: message, path: [CF.startDate] },
  );
}
