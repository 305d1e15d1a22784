/**
 * The rules of the course form (SPEC 9), checked again on the server with the contract's schema
 * the browser checks with (`courseFormSchema`). Every broken rule is reported at once, per field,
 * named as in the request.
 */
import {
  COURSE_FIELDS as F,
  courseDatesSchema,
  courseFormSchema,
  parseCoursePrice,
  parseFormFields,
} from '../../src/api/contract.ts';
import { withFileErrors } from '../http/formProblems.ts';
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

export type CourseFormResult =
  { ok: true; form: CourseForm } | { ok: false; errors: Record<string, string[]> };

export function parseCourseForm(
  input: CourseFormInput,
  now: Date,
  isOfferedCountry: (isoCode: string) => boolean,
): CourseFormResult {
  const image = input.files.Image;
  const text = (field: string) => input.text(field) ?? '';
  const parsed = parseFormFields(
    courseFormSchema({ isOfferedCountry }),
    {
      [F.title]: text(F.title),
      [F.description]: text(F.description),
      [F.lecturer]: text(F.lecturer),
      [F.location]: text(F.location),
      [F.countryIsoCode]: input.text(F.countryIsoCode),
      [F.startDate]: text(F.startDate),
      [F.endDate]: text(F.endDate),
      [F.price]: text(F.price),
      // An image the upload refused is reported with the upload's message, not as missing.
      [F.image]: image ?? input.fileErrors[F.image],
    },
    courseDatesSchema(now),
  );
  const errors = withFileErrors(input.fileErrors, parsed.ok ? {} : parsed.problems);
  if (!parsed.ok || image === undefined || Object.keys(errors).length > 0) {
    return { ok: false, errors };
  }
  const form = parsed.data;
  const price = parseCoursePrice(form[F.price]);
  return {
    ok: true,
    form: {
      title: form[F.title],
      description: form[F.description],
      lecturer: form[F.lecturer],
      location: form[F.location],
      countryIsoCode: form[F.countryIsoCode],
      startDate: new Date(form[F.startDate]),
      endDate: new Date(form[F.endDate]),
      priceCents: price === null || price === undefined ? null : Math.round(price * 100),
      image,
      pdf: input.files.Pdf,
    },
  };
}
