/**
 * Add a course (SPEC 2 admin screen 2, 4 "Forms", 5 "Course form", 8 "Courses", 9): the country
 * options load first (the server's countries, named and sorted from the bundled Croatian list),
 * then the form: idle, submitting, then success (form reset and a toast) or error. Every broken
 * rule is listed at once; the server's validation errors land on their fields. Dates are entered
 * as Zagreb wall-clock times and sent as ISO instants. Injected: `loadCountries`, `createCourse`,
 * `notifyCreated` (toast) and `reportError` (the generic error handler).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  COURSE_FIELDS,
  COURSE_RULES,
  DEFAULT_COURSE_COUNTRY,
  parseCoursePrice,
  type Country,
  type Course,
} from '../api/contract.ts';
import { SERVER_MESSAGES, isServerMessage } from '../api/serverMessages.ts';
import type { CreateCourseRequest } from '../api/courses.ts';
import { formFieldErrors } from '../api/errors.ts';
import {
  countries as bundledCountries,
  countryName,
  type LocalizedCountry,
} from '../data/countries.ts';
import { zagrebInstant } from '../lib/wallTime.ts';
import { courseFormMessages } from '../messages/courseForm.ts';
import { cleanLine, cleanMultiline } from '../api/text.ts';
import { reportEventError } from './form.ts';

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
export type CourseFormErrors = Partial<Record<CourseDraftField, string[]>>;

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
  countries: LocalizedCountry[];
  errors: CourseFormErrors;
}

export type CourseFormEvent = { type: 'EDIT'; values: Partial<CourseDraft> } | { type: 'SUBMIT' };

// ---------------------------------------------------------------------------------------------
// Countries, rules, the request and the server's answers.

/** SPEC 3: the server's countries, named from the bundled list in its Croatian order. */
export function namedCountries(offered: readonly Country[]): LocalizedCountry[] {
  const codes = new Set(offered.map((country) => country.isoCode));
  const known = bundledCountries.filter((country) => codes.has(country.isoCode));
  const unknown = [...codes]
    .filter((code) => !known.some((country) => country.isoCode === code))
    .map((isoCode) => ({ isoCode, localizedName: countryName(isoCode) }));
  return [...known, ...unknown];
}

const MEGABYTE = 1024 * 1024;
const IMAGE_TYPES = COURSE_RULES.imageAccept.split(',');
const isPdf = (file: File) =>
  file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

/** SPEC 5 "Course form": every broken rule, per field; empty when the draft may be sent. */
export function validateCourseDraft(draft: CourseDraft, now: Date): CourseFormErrors {
  const errors: CourseFormErrors = {};
  const fail = (field: CourseDraftField, message: string) => {
    (errors[field] ??= []).push(message);
  };
  if (!cleanLine(draft.title)) fail('title', text.titleRequired);
  const description = cleanMultiline(draft.description);
  if (!description) fail('description', text.descriptionRequired);
  else if (description.length > COURSE_RULES.descriptionMaxLength) {
    fail('description', text.descriptionTooLong(COURSE_RULES.descriptionMaxLength));
  }
  if (!cleanLine(draft.lecturer)) fail('lecturer', text.lecturerRequired);
  if (!cleanLine(draft.location)) fail('location', text.locationRequired);

  const start = zagrebInstant(draft.startDate);
  const end = zagrebInstant(draft.endDate);
  if (!start || !end) fail(start ? 'endDate' : 'startDate', text.datesRequired);
  else {
    if (start.getTime() <= now.getTime()) fail('startDate', text.startInFuture);
    if (start.getTime() > end.getTime()) fail('endDate', text.startBeforeEnd);
    else if (start.getTime() === end.getTime()) fail('endDate', text.sameStartAndEnd);
  }

  if (parseCoursePrice(draft.price) === undefined) fail('price', text.priceInvalid);
  if (!draft.image) fail('image', text.imageRequired);
  else if (!IMAGE_TYPES.includes(draft.image.type)) fail('image', text.imageType);
  else if (draft.image.size > COURSE_RULES.imageMaxBytes) {
    fail('image', text.imageTooLarge(COURSE_RULES.imageMaxBytes / MEGABYTE));
  }
  if (draft.pdf && !isPdf(draft.pdf)) fail('pdf', text.pdfType);
  else if (draft.pdf && draft.pdf.size > COURSE_RULES.pdfMaxBytes) {
    fail('pdf', text.pdfTooLarge(COURSE_RULES.pdfMaxBytes / MEGABYTE));
  }
  return errors;
}

/** The messages in the order of the form: what the list under the form shows. */
export const errorMessages = (errors: CourseFormErrors) =>
  COURSE_DRAFT_FIELDS.flatMap((field) => errors[field] ?? []);

/** A draft that passed validation, as POST /courses takes it. */
export function createCourseRequest(draft: CourseDraft): CreateCourseRequest {
  const instant = (wallTime: string) => zagrebInstant(wallTime)?.toISOString() ?? '';
  return {
    title: cleanLine(draft.title),
    description: cleanMultiline(draft.description),
    countryIsoCode: draft.countryIsoCode,
    lecturer: cleanLine(draft.lecturer),
    location: cleanLine(draft.location),
    startDate: instant(draft.startDate),
    endDate: instant(draft.endDate),
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

/** A 400 validation error of POST /courses, per field: Croatian where known, else as sent. */
export const serverFieldErrors = (error: unknown): CourseFormErrors | null =>
  formFieldErrors(
    error,
    FIELD_OF_REQUEST_FIELD,
    (message, field) =>
      SERVER_TEXTS.find(([known]) => isServerMessage(message, known))?.[1](field) ?? message,
  );

/** Editing a field takes away its messages; the two dates are judged together. */
function withoutErrorsOf(errors: CourseFormErrors, values: Partial<CourseDraft>) {
  const edited = new Set(Object.keys(values));
  if (edited.has('startDate') || edited.has('endDate')) {
    edited.add('startDate');
    edited.add('endDate');
  }
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => !edited.has(field)),
  ) as CourseFormErrors;
}

/** The country select offers only these; anything else leaves the chosen country as it is. */
function onlyOfferedCountry(values: Partial<CourseDraft>, offered: readonly LocalizedCountry[]) {
  const { countryIsoCode, ...rest } = values;
  return offered.some((country) => country.isoCode === countryIsoCode) ? values : rest;
}

const draftOf = (context: CourseFormContext): CourseDraft => ({
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

export const courseFormMachine = setup({
  types: {
    context: {} as CourseFormContext,
    events: {} as CourseFormEvent,
  },
  actors: {
    loadCountries: fromPromise<Country[]>(() =>
      Promise.reject(new Error('loadCountries is provided by the container')),
    ),
    createCourse: fromPromise<Course, CreateCourseRequest>(() =>
      Promise.reject(new Error('createCourse is provided by the container')),
    ),
  },
  actions: {
    notifyCreated: (_, _text: string) => undefined,
    reportError: (_, _error: unknown) => undefined,
  },
  guards: {
    draftIsValid: ({ context }) =>
      Object.keys(validateCourseDraft(draftOf(context), new Date())).length === 0,
    fieldErrors: (_, { error }: { error: unknown }) => serverFieldErrors(error) !== null,
  },
}).createMachine({
  id: 'courseForm',
  context: {
    ...EMPTY_COURSE_DRAFT,
    countries: [],
    errors: {},
  },
  initial: 'loadingCountries',
  states: {
    loadingCountries: {
      invoke: {
        id: 'loadCountries',
        src: 'loadCountries',
        onDone: {
          target: 'editing',
          actions: assign({ countries: ({ event }) => namedCountries(event.output) }),
        },
        // The form still works for courses in Croatia, the default.
        onError: {
          target: 'editing',
          actions: [
            assign({ countries: namedCountries([{ isoCode: DEFAULT_COURSE_COUNTRY }]) }),
            reportEventError,
          ],
        },
      },
    },
    editing: {
      on: {
        EDIT: {
          actions: assign(({ context, event }) => {
            const values = onlyOfferedCountry(event.values, context.countries);
            return { ...values, errors: withoutErrorsOf(context.errors, values) };
          }),
        },
        SUBMIT: [
          { guard: 'draftIsValid', target: 'submitting' },
          {
            actions: assign({
              errors: ({ context }) => validateCourseDraft(draftOf(context), new Date()),
            }),
          },
        ],
      },
    },
    submitting: {
      entry: assign({ errors: {} }),
      invoke: {
        id: 'createCourse',
        src: 'createCourse',
        input: ({ context }) => createCourseRequest(draftOf(context)),
        // SPEC 4 "Forms": success resets the form.
        onDone: {
          target: 'editing',
          actions: [assign(EMPTY_COURSE_DRAFT), { type: 'notifyCreated', params: text.created }],
        },
        onError: [
          {
            guard: { type: 'fieldErrors', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ errors: ({ event }) => serverFieldErrors(event.error) ?? {} }),
          },
          {
            target: 'editing',
            actions: reportEventError,
          },
        ],
      },
    },
  },
});

type CourseFormSnapshot = SnapshotFrom<typeof courseFormMachine>;

export const selectCourseDraft = (snapshot: CourseFormSnapshot) => draftOf(snapshot.context);
export const selectCourseFormLoading = (snapshot: CourseFormSnapshot) =>
  snapshot.matches('loadingCountries');
export const selectCourseFormSubmitting = (snapshot: CourseFormSnapshot) =>
  snapshot.matches('submitting');
