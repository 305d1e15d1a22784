/**
 * The course form's rules at their edges (SPEC 5 "Course form", 9): description 10000 against
 * 10001 characters, the start a minute before and after now, equal and swapped dates, each file
 * rule, each server message's Croatian text, and the machine's own bookkeeping.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Country, Course } from '../../src/api/contract.ts';
import type { CreateCourseRequest } from '../../src/api/courses.ts';
import { ApiError } from '../../src/api/errors.ts';
import {
  courseFormMachine,
  selectCourseDraft,
  selectCourseFormLoading,
  selectCourseFormSubmitting,
} from '../../src/machines/courseForm.machine.ts';
import {
  createCourseRequest,
  EMPTY_COURSE_DRAFT,
  errorMessages,
  serverFieldErrors,
  validateCourseDraft,
  type CourseDraft,
} from '../../src/machines/courseForm.rules.ts';
import { zagrebInstant } from '../../src/lib/wallTime.ts';
import { messages } from '../../src/messages.ts';

const text = messages.courseForm;
const MB = 1024 * 1024;
const NEXT_YEAR = new Date().getFullYear() + 1;

/** A file that claims `size` bytes without holding them. */
const file = (name: string, type: string, size = 1) =>
  Object.defineProperty(new File(['x'], name, { type }), 'size', { value: size });

const image = file('slika.jpg', 'image/jpeg');
const valid: CourseDraft = {
  ...EMPTY_COURSE_DRAFT,
  title: 'Endodoncija',
  description: 'Opis',
  lecturer: 'dr. Ana Anić',
  location: 'Zagreb',
  startDate: `${NEXT_YEAR}-03-12T09:00`,
  endDate: `${NEXT_YEAR}-03-12T17:00`,
  image,
};
const now = new Date(`${NEXT_YEAR}-01-01T00:00:00Z`);
const errorsOf = (changes: Partial<CourseDraft>, at = now) =>
  validateCourseDraft({ ...valid, ...changes }, at);

describe('validateCourseDraft', () => {
  it('accepts a complete draft', () => expect(errorsOf({})).toEqual({}));

  it('takes 10000 characters of description, not 10001 (trimmed)', () => {
    expect(errorsOf({ description: ` ${'a'.repeat(10_000)} ` })).toEqual({});
    expect(errorsOf({ description: 'a'.repeat(10_001) })).toEqual({
      description: [text.descriptionTooLong(10_000)],
    });
  });

  it.each([
    ['title', text.titleRequired],
    ['description', text.descriptionRequired],
    ['lecturer', text.lecturerRequired],
    ['location', text.locationRequired],
  ] as const)('requires the %s, spaces are not enough', (field, message) => {
    expect(errorsOf({ [field]: '  ' })).toEqual({ [field]: [message] });
  });

  it('lists every broken rule at once, in the order of the form', () => {
    const errors = validateCourseDraft(
      { ...EMPTY_COURSE_DRAFT, price: 'x', pdf: file('program.docx', 'application/msword') },
      now,
    );
    expect(errorMessages(errors)).toEqual([
      text.titleRequired,
      text.descriptionRequired,
      text.lecturerRequired,
      text.locationRequired,
      text.datesRequired,
      text.priceInvalid,
      text.imageRequired,
      text.pdfType,
    ]);
  });

  it('puts a missing date on the field that misses it', () => {
    expect(errorsOf({ startDate: '' })).toEqual({ startDate: [text.datesRequired] });
    expect(errorsOf({ endDate: '' })).toEqual({ endDate: [text.datesRequired] });
    expect(errorsOf({ startDate: '12.03.2030.' })).toEqual({ startDate: [text.datesRequired] });
  });

  it('wants the start after now: a minute later is enough, now is not', () => {
    const start = zagrebInstant(valid.startDate) as Date;
    expect(errorsOf({}, new Date(start.getTime() - 60_000))).toEqual({});
    expect(errorsOf({}, start)).toEqual({ startDate: [text.startInFuture] });
    expect(errorsOf({}, new Date(start.getTime() + 1))).toEqual({
      startDate: [text.startInFuture],
    });
  });

  it('wants different dates, the start first: a minute apart is enough', () => {
    expect(errorsOf({ endDate: valid.startDate })).toEqual({ endDate: [text.sameStartAndEnd] });
    expect(errorsOf({ endDate: `${NEXT_YEAR}-03-12T08:59` })).toEqual({
      endDate: [text.startBeforeEnd],
    });
    expect(errorsOf({ endDate: `${NEXT_YEAR}-03-12T09:01` })).toEqual({});
  });

  it.each(['', '0', '12.5', '1000000', ' 99.99 '])('accepts the price "%s"', (price) => {
    expect(errorsOf({ price })).toEqual({});
  });

  it.each(['-1', '1000000.01', '1.234', 'abc'])('refuses the price "%s"', (price) => {
    expect(errorsOf({ price })).toEqual({ price: [text.priceInvalid] });
  });

  it.each(['image/jpeg', 'image/png', 'image/webp', 'image/avif'])('accepts a %s', (type) => {
    expect(errorsOf({ image: file('slika', type) })).toEqual({});
  });

  it.each([
    ['IMG_0001.HEIC', ''],
    ['IMG_0001.heif', ''],
    ['IMG_0001.heic', 'image/heic'],
    ['photo', 'image/heif'],
  ])("accepts an iPhone's photo %s of type '%s' (only Safari types a .heic)", (name, type) => {
    expect(errorsOf({ image: file(name, type) })).toEqual({});
  });

  it('refuses an SVG and an image over 10 MB, not one of exactly 10 MB', () => {
    expect(errorsOf({ image: file('s.svg', 'image/svg+xml') })).toEqual({
      image: [text.imageType],
    });
    expect(errorsOf({ image: file('s.jpg', 'image/jpeg', 10 * MB) })).toEqual({});
    expect(errorsOf({ image: file('s.jpg', 'image/jpeg', 10 * MB + 1) })).toEqual({
      image: [text.imageTooLarge(10)],
    });
  });

  it('takes a PDF by type or by name, up to exactly 20 MB', () => {
    expect(errorsOf({ pdf: file('p', 'application/pdf') })).toEqual({});
    expect(errorsOf({ pdf: file('PROGRAM.PDF', '') })).toEqual({});
    expect(errorsOf({ pdf: file('p.pdf', 'application/pdf', 20 * MB) })).toEqual({});
    expect(errorsOf({ pdf: file('p.pdf', 'application/pdf', 20 * MB + 1) })).toEqual({
      pdf: [text.pdfTooLarge(20)],
    });
    expect(errorsOf({ pdf: file('p.txt', 'text/plain', 20 * MB + 1) })).toEqual({
      pdf: [text.pdfType],
    });
  });
});

describe('createCourseRequest', () => {
  it('trims the texts and sends the dates as instants', () => {
    const pdf = file('p.pdf', 'application/pdf');
    expect(
      createCourseRequest({
        ...valid,
        title: ' Endodoncija ',
        description: ' Opis ',
        lecturer: ' dr. Ana Anić ',
        location: ' Zagreb ',
        countryIsoCode: 'SI',
        price: ' 12.5 ',
        pdf,
      }),
    ).toEqual({
      title: 'Endodoncija',
      description: 'Opis',
      countryIsoCode: 'SI',
      lecturer: 'dr. Ana Anić',
      location: 'Zagreb',
      startDate: `${NEXT_YEAR}-03-12T08:00:00.000Z`,
      endDate: `${NEXT_YEAR}-03-12T16:00:00.000Z`,
      price: '12.5',
      image,
      pdf,
    });
  });

  it('sends a date it cannot read as empty, for the server to refuse', () => {
    const request = createCourseRequest({ ...valid, startDate: '', endDate: '12.03.2030.' });
    expect([request.startDate, request.endDate]).toEqual(['', '']);
  });
});

describe('serverFieldErrors', () => {
  const refusal = (errors: Record<string, string[]>, status = 400) =>
    serverFieldErrors(new ApiError(status, { errors }));

  it.each([
    ['Title', 'Title must not be empty.', 'title', text.titleRequired],
    ['Description', 'Description must not be empty.', 'description', text.descriptionRequired],
    ['Lecturer', 'Lecturer must not be empty.', 'lecturer', text.lecturerRequired],
    ['Location', 'Location must not be empty.', 'location', text.locationRequired],
    ['Image', 'Image must not be empty.', 'image', text.imageRequired],
    ['StartDate', 'StartDate must not be empty.', 'startDate', text.datesRequired],
    ['StartDate', 'Both StartDate and EndDate must be set.', 'startDate', text.datesRequired],
    [
      'EndDate',
      'EndDate must be an ISO 8601 date and time with a time zone, e.g. 2030-05-17T08:00:00.000Z.',
      'endDate',
      text.datesRequired,
    ],
    ['StartDate', 'The course must start in the future.', 'startDate', text.startInFuture],
    ['EndDate', 'The course must start before it ends.', 'endDate', text.startBeforeEnd],
    [
      'EndDate',
      'The start and the end of the course must differ; give the hours of a single-day course.',
      'endDate',
      text.sameStartAndEnd,
    ],
    [
      'Price',
      'Price must be a number from 0 to 1000000 with at most two decimals, or empty.',
      'price',
      text.priceInvalid,
    ],
    [
      'CountryIsoCode',
      "No courses are offered in the country 'XX'.",
      'countryIsoCode',
      text.countryUnavailable,
    ],
    ['Image', 'Image is required.', 'image', text.imageRequired],
    ['Image', 'The file in Image is larger than 10 MB.', 'image', text.imageTooLarge(10)],
    ['Pdf', 'The file in Pdf is larger than 20 MB.', 'pdf', text.pdfTooLarge(20)],
    ['Image', 'Image must be JPEG, PNG, WebP or AVIF.', 'image', text.imageType],
    ['Pdf', 'Pdf must be PDF.', 'pdf', text.pdfType],
    ['Image', 'Image is not a readable image.', 'image', text.imageType],
  ])('%s "%s" lands on %s in Croatian', (requestField, message, field, croatian) => {
    expect(refusal({ [requestField]: [message] })).toEqual({ [field]: [croatian] });
  });

  it('keeps an unknown message as sent, next to a known one', () => {
    expect(
      refusal({
        Title: ['Title must be odd.', 'Title must not be empty.'],
      }),
    ).toEqual({ title: ['Title must be odd.', text.titleRequired] });
  });

  it('says an over-long title, lecturer or location in Croatian', () => {
    expect(
      refusal({
        Title: ['Title must be at most 200 characters long.'],
        Lecturer: ['Lecturer must be at most 500 characters long.'],
        Location: ['Location must be at most 200 characters long.'],
      }),
    ).toEqual({
      title: ['Naziv može imati najviše 200 znakova.'],
      lecturer: ['Predavač može imati najviše 500 znakova.'],
      location: ['Mjesto održavanja može imati najviše 200 znakova.'],
    });
  });

  it('matches the messages whole, not any text that contains them', () => {
    expect(refusal({ StartDate: ['Not: The course must start in the future.'] })).toEqual({
      startDate: ['Not: The course must start in the future.'],
    });
    expect(refusal({ Image: ['Image is required. Really.'] })).toEqual({
      image: ['Image is required. Really.'],
    });
  });

  it('is null for anything but a 400 on known fields', () => {
    expect(refusal({ Title: ['Title must not be empty.'] }, 409)).toBeNull();
    expect(refusal({ Unknown: ['x'] })).toBeNull();
    expect(serverFieldErrors(new ApiError(400, { errors: ['Domain error.'] }))).toBeNull();
    expect(serverFieldErrors(new ApiError(400, null))).toBeNull();
    expect(serverFieldErrors(new Error('Title must not be empty.'))).toBeNull();
  });
});

const course = { id: 7 } as Course;
const offered: Country[] = [{ isoCode: 'HR' }, { isoCode: 'SI' }];

function startForm(
  createCourse: (request: CreateCourseRequest) => Promise<Course>,
  loadCountries: () => Promise<Country[]> = () => Promise.resolve(offered),
) {
  const calls: CreateCourseRequest[] = [];
  const created: string[] = [];
  const reported: unknown[] = [];
  const actor = createActor(
    courseFormMachine.provide({
      actors: {
        loadCountries: fromPromise(loadCountries),
        createCourse: fromPromise<Course, CreateCourseRequest>(({ input }) => {
          calls.push(input);
          return createCourse(input);
        }),
      },
      actions: {
        notifyCreated: (_, message) => created.push(message),
        reportError: (_, error) => reported.push(error),
      },
    }),
    { input: {} },
  ).start();
  return { actor, calls, created, reported };
}

const editing = (form: ReturnType<typeof startForm>) =>
  waitFor(form.actor, (s) => s.matches('editing'));

describe('course form machine', () => {
  it('loads the countries first, then offers only those', async () => {
    const form = startForm(() => Promise.resolve(course));
    expect(selectCourseFormLoading(form.actor.getSnapshot())).toBe(true);
    await editing(form);
    expect(form.actor.getSnapshot().context.countries.map((c) => c.isoCode)).toEqual(['HR', 'SI']);
    form.actor.send({ type: 'EDIT', values: { countryIsoCode: 'AT', title: 'T' } });
    expect(selectCourseDraft(form.actor.getSnapshot())).toMatchObject({
      countryIsoCode: 'HR',
      title: 'T',
    });
    form.actor.send({ type: 'EDIT', values: { countryIsoCode: 'SI' } });
    expect(selectCourseDraft(form.actor.getSnapshot()).countryIsoCode).toBe('SI');
  });

  it('still offers Croatia and reports the error when the countries fail to load', async () => {
    const failure = new Error('offline');
    const form = startForm(
      () => Promise.resolve(course),
      () => Promise.reject(failure),
    );
    await editing(form);
    expect(form.actor.getSnapshot().context.countries).toEqual([
      { isoCode: 'HR', localizedName: 'Hrvatska' },
    ]);
    expect(form.reported).toEqual([failure]);
  });

  it('lists the problems of an invalid draft and sends nothing', async () => {
    const form = startForm(() => Promise.resolve(course));
    await editing(form);
    form.actor.send({ type: 'SUBMIT' });
    expect(form.actor.getSnapshot().context.errors.title).toEqual([text.titleRequired]);
    expect(form.calls).toEqual([]);
  });

  it('editing a field clears its messages; editing one date clears both', async () => {
    const form = startForm(() => Promise.resolve(course));
    await editing(form);
    form.actor.send({ type: 'SUBMIT' });
    form.actor.send({ type: 'EDIT', values: { title: 'T' } });
    const afterTitle = form.actor.getSnapshot().context.errors;
    expect(afterTitle.title).toBeUndefined();
    expect(afterTitle.description).toEqual([text.descriptionRequired]);
    form.actor.send({ type: 'EDIT', values: { startDate: `${NEXT_YEAR}-03-12T09:00` } });
    expect(form.actor.getSnapshot().context.errors.startDate).toBeUndefined();
    expect(form.actor.getSnapshot().context.errors.description).toBeDefined();

    form.actor.send({ type: 'SUBMIT' });
    expect(form.actor.getSnapshot().context.errors.endDate).toEqual([text.datesRequired]);
    form.actor.send({ type: 'EDIT', values: { startDate: '' } });
    expect(form.actor.getSnapshot().context.errors.endDate).toBeUndefined();
  });

  it('editing the end clears the start message too; another field leaves the dates alone', async () => {
    const form = startForm(() => Promise.resolve(course));
    await editing(form);
    form.actor.send({ type: 'EDIT', values: { ...valid, endDate: valid.startDate } });
    form.actor.send({ type: 'SUBMIT' });
    expect(form.actor.getSnapshot().context.errors).toEqual({ endDate: [text.sameStartAndEnd] });
    form.actor.send({ type: 'EDIT', values: { title: 'Parodontologija', price: '10' } });
    expect(form.actor.getSnapshot().context.errors).toEqual({ endDate: [text.sameStartAndEnd] });

    form.actor.send({ type: 'EDIT', values: { startDate: '', endDate: '' } });
    form.actor.send({ type: 'SUBMIT' });
    expect(form.actor.getSnapshot().context.errors).toEqual({ startDate: [text.datesRequired] });
    form.actor.send({ type: 'EDIT', values: { endDate: valid.endDate } });
    expect(form.actor.getSnapshot().context.errors).toEqual({});
  });

  it('sends a valid draft, then resets the form and says so', async () => {
    const form = startForm(() => Promise.resolve(course));
    await editing(form);
    form.actor.send({ type: 'EDIT', values: { ...valid, countryIsoCode: 'SI' } });
    form.actor.send({ type: 'SUBMIT' });
    expect(selectCourseFormSubmitting(form.actor.getSnapshot())).toBe(true);
    expect(form.calls).toEqual([createCourseRequest({ ...valid, countryIsoCode: 'SI' })]);
    await editing(form);
    expect(selectCourseDraft(form.actor.getSnapshot())).toEqual(EMPTY_COURSE_DRAFT);
    expect(form.created).toEqual([text.created]);
  });

  it('puts the server validation errors on their fields', async () => {
    const form = startForm(() =>
      Promise.reject(new ApiError(400, { errors: { Title: ['Title must not be empty.'] } })),
    );
    await editing(form);
    form.actor.send({ type: 'EDIT', values: valid });
    form.actor.send({ type: 'SUBMIT' });
    await editing(form);
    expect(form.actor.getSnapshot().context.errors).toEqual({ title: [text.titleRequired] });
    expect(selectCourseDraft(form.actor.getSnapshot()).title).toBe(valid.title);
    expect(form.reported).toEqual([]);
  });

  it('hands any other failure to the error handler and keeps the draft', async () => {
    const failure = new ApiError(500, null);
    const form = startForm(() => Promise.reject(failure));
    await editing(form);
    form.actor.send({ type: 'EDIT', values: valid });
    form.actor.send({ type: 'SUBMIT' });
    await editing(form);
    expect(form.reported).toEqual([failure]);
    expect(form.actor.getSnapshot().context.errors).toEqual({});
    expect(selectCourseDraft(form.actor.getSnapshot())).toEqual(valid);
    expect(form.created).toEqual([]);
  });
});
