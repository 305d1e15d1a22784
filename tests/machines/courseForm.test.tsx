import { fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COURSE_RULES, type Country, type Course } from '../../src/api/contract.ts';
import type { CreateCourseRequest } from '../../src/api/courses.ts';
import { ApiError } from '../../src/api/errors.ts';
import { CourseFormContainer } from '../../src/app/CourseFormContainer.tsx';
import { adminEntries } from '../../src/machines/adminShell.machine.ts';
import { courseFormMachine } from '../../src/machines/courseForm.machine.ts';
import {
  errorMessages,
  serverFieldErrors,
  type CourseDraft,
} from '../../src/machines/courseForm.rules.ts';
import { zagrebInstant } from '../../src/lib/wallTime.ts';
import { messages } from '../../src/messages.ts';
import { aCourse } from '../support/courses.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';
import { zagrebPickerText } from '../support/zagreb-picker-text.ts';

const text = messages.courseForm;
const NEXT_YEAR = new Date().getFullYear() + 1;

const loadCountries = fakePromiseActor<Country[], undefined>();
const createCourse = fakePromiseActor<Course, CreateCourseRequest>();
const offered: Country[] = [{ isoCode: 'SI' }, { isoCode: 'HR' }, { isoCode: 'AT' }];

const photo = new File([new Uint8Array([137, 80, 78, 71])], 'naslovna.png', { type: 'image/png' });
const programme = new File(['%PDF-1.7'], 'program.pdf', { type: 'application/pdf' });
const validDraft: Partial<CourseDraft> = {
  title: 'Endodoncija u praksi',
  description: 'Prvi dan teorija.\n\nDrugi dan rad na modelima.',
  lecturer: 'dr. Ana Horvat, dr. Ivo Kovač',
  location: 'Ljubljana',
  countryIsoCode: 'SI',
  startDate: `${NEXT_YEAR}-03-12T09:00`,
  endDate: `${NEXT_YEAR}-03-13T17:00`,
  price: '150',
  image: photo,
  pdf: programme,
};
const serverRefusal = new ApiError(400, {
  errors: {
    Title: ['Title must not be empty.'],
    Location: ['Location must be at most 200 characters long.'],
  },
});

const user = userEvent.setup();
let app: ReturnType<typeof renderWithEffects>;

/** The container that ships (AdminContainer loads it for /admin/course), with fake calls. */
function renderForm() {
  loadCountries.reset();
  createCourse.reset();
  app = renderWithEffects(<CourseFormContainer />, {
    path: '/admin/course',
    api: {
      countries: { listCountries: () => loadCountries.fn(undefined) },
      courses: { createCourse: createCourse.fn },
    },
  });
  return app;
}

const LABELS: Record<keyof CourseDraft, string> = {
  title: text.titleLabel,
  description: text.description,
  lecturer: text.lecturer,
  location: text.location,
  countryIsoCode: text.country,
  startDate: text.startDate,
  endDate: text.endDate,
  price: text.price,
  image: text.image,
  pdf: text.pdf,
};
const input = (field: keyof CourseDraft) =>
  screen.getByLabelText<HTMLInputElement>(LABELS[field], { selector: 'input, textarea, select' });
const submitButton = () => screen.queryByRole('button', { name: text.submit });

/** '2027-03-12T09:00' as the date picker shows it: '12. 03. 2027. 09:00'. */
const shownDate = (wallTime: string) =>
  wallTime.replace(/^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/, '$3. $2. $1. $4');

/** Fills the form the way an administrator does. */
async function fill(values: Partial<CourseDraft>) {
  for (const [field, value] of Object.entries(values) as [keyof CourseDraft, unknown][]) {
    if (field === 'image' || field === 'pdf') {
      await user.upload(input(field), value as File);
    } else if (field === 'startDate' || field === 'endDate') {
      fireEvent.change(input(field), { target: { value: shownDate(value as string) } });
    } else {
      fireEvent.change(input(field), { target: { value } });
    }
  }
}

/** Fills the form and presses submit. */
async function submitDraft(values: Partial<CourseDraft>) {
  await fill(values);
  await user.click(submitButton() ?? document.body);
}

/** The list under the form (the date picker's own live region, open when focused, is no list). */
const shownProblems = () =>
  within(
    screen.queryAllByRole('alert').find((alert) => alert.id.endsWith('-errors')) ??
      document.createElement('ul'),
  )
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('course form model', () => {
  testMachineModel(courseFormMachine, {
    render: renderForm,
    fakes: { loadCountries, createCourse },
    sampleEvents: [
      { type: 'xstate.done.actor.loadCountries', output: offered },
      { type: 'xstate.error.actor.loadCountries', error: new TypeError('Failed to fetch') },
      { type: 'EDIT', values: validDraft },
      { type: 'EDIT', values: { price: '-5' } },
      { type: 'xstate.done.actor.createCourse', output: aCourse({ id: 1, title: 'Endodoncija' }) },
      { type: 'xstate.error.actor.createCourse', error: serverRefusal },
      { type: 'xstate.error.actor.createCourse', error: new ApiError(500, null) },
    ],
    states: {
      loadingCountries: () => {
        expect(screen.getByRole('status')).toHaveTextContent(text.loading);
        expect(submitButton()).not.toBeInTheDocument();
      },
      editing: ({ context }) => {
        for (const field of ['title', 'description', 'lecturer', 'location', 'price'] as const) {
          expect(input(field).value).toBe(context[field]);
        }
        expect(input('countryIsoCode')).toHaveValue(context.countryIsoCode);
        expect(
          within(input('countryIsoCode'))
            .getAllByRole('option')
            .map((option) => option.textContent),
        ).toEqual(context.countries.map((country) => country.localizedName));
        expect(input('startDate').value).toBe(shownDate(context.startDate));
        expect(input('endDate').value).toBe(shownDate(context.endDate));
        expect(input('image').files?.[0]).toBe(context.image ?? undefined);
        expect(input('pdf').files?.[0]).toBe(context.pdf ?? undefined);
        expect(shownProblems()).toEqual(errorMessages(context.errors));
        expect(submitButton()).toBeVisible();
      },
      submitting: ({ context }) => {
        expect(createCourse.calls.at(-1)?.title).toBe(context.title.trim());
        expect(screen.getByRole('status')).toHaveTextContent(text.submitting);
        expect(submitButton()).not.toBeInTheDocument();
        expect(input('title')).toBeDisabled();
      },
    },
    events: {
      EDIT: (event) => fill(event.values as Partial<CourseDraft>),
      SUBMIT: () => user.click(submitButton() ?? document.body),
    },
  });
});

describe('course form journeys pinned by hand', () => {
  afterEach(() => vi.useRealTimers());

  it('lists every SPEC 5 message at once for an empty form, each also at its field', async () => {
    renderForm();
    await loadCountries.resolve(offered);
    await user.click(submitButton() ?? document.body);
    expect(shownProblems()).toEqual([
      'Naziv ne može biti prazan.',
      'Opis ne može biti prazan.',
      'Nije unesen predavač.',
      'Nije uneseno mjesto održavanja tečaja.',
      'Datumi početka i završetka tečaja moraju biti postavljeni.',
      'Fotografija nije učitana.',
    ]);
    expect(input('title')).toHaveAttribute('aria-invalid', 'true');
    expect(input('title')).toHaveAccessibleDescription('Naziv ne može biti prazan.');
    expect(input('image')).toHaveAccessibleDescription('Fotografija nije učitana.');
    expect(input('title')).toHaveFocus();
    expect(createCourse.calls).toEqual([]);
    // Editing a field takes its message away.
    await fill({ title: 'Endodoncija' });
    expect(shownProblems()).not.toContain('Naziv ne može biti prazan.');
    expect(input('title')).not.toHaveAttribute('aria-invalid');
  });

  it('checks the dates: in the future, start before end, not the same instant', async () => {
    vi.useFakeTimers({ now: new Date('2027-03-12T10:00:00Z'), toFake: ['Date'] });
    renderForm();
    await loadCountries.resolve(offered);
    await submitDraft({
      ...validDraft,
      startDate: '2027-03-12T10:45',
      endDate: '2027-03-12T10:45',
    });
    // 10:45 in Zagreb is 09:45 UTC: already past at 10:00 UTC.
    expect(shownProblems()).toEqual([
      'Početak održavanja tečaja mora biti u budućnosti.',
      'Početak i završetak tečaja ne mogu biti isti. Za jednodnevni tečaj postavite sate početka i završetka.',
    ]);
    await submitDraft({ startDate: '2027-03-14T09:00', endDate: '2027-03-13T17:00' });
    expect(shownProblems()).toEqual([
      'Početak održavanja tečaja mora biti prije njegovog završetka.',
    ]);
    await submitDraft({ endDate: '' });
    expect(shownProblems()).toEqual(['Datumi početka i završetka tečaja moraju biti postavljeni.']);
    expect(input('endDate')).toHaveAccessibleDescription(
      `${text.dateHint} Datumi početka i završetka tečaja moraju biti postavljeni.`,
    );
  });

  it('counts the description and refuses more than 10000 characters', async () => {
    renderForm();
    await loadCountries.resolve(offered);
    await fill({ ...validDraft, description: 'a'.repeat(10_001) });
    expect(screen.getByText('10001 / 10000 znakova')).toBeVisible();
    await user.click(submitButton() ?? document.body);
    expect(shownProblems()).toEqual(['Opis može imati najviše 10000 znakova.']);
    expect(createCourse.calls).toEqual([]);
  });

  it('takes a description of exactly 10000 characters (SPEC 9)', async () => {
    renderForm();
    await loadCountries.resolve(offered);
    await fill({ ...validDraft, description: 'a'.repeat(10_000) });
    expect(screen.getByText('10000 / 10000 znakova')).toBeVisible();
    await user.click(submitButton() ?? document.body);
    expect(shownProblems()).toEqual([]);
    expect(createCourse.calls.map((call) => call.description.length)).toEqual([10_000]);
    await createCourse.resolve(aCourse({ id: 9, title: 'Endodoncija u praksi' }));
  });

  it('a price of 0 (free) and of two decimals are taken as typed', async () => {
    renderForm();
    await loadCountries.resolve(offered);
    await submitDraft({ ...validDraft, price: '0' });
    expect(createCourse.calls.map((call) => call.price)).toEqual(['0']);
    await createCourse.resolve(aCourse({ id: 9, title: 'Endodoncija u praksi' }));
    await submitDraft({ ...validDraft, price: '12.34' });
    expect(createCourse.calls.map((call) => call.price)).toEqual(['0', '12.34']);
    await createCourse.resolve(aCourse({ id: 10, title: 'Endodoncija u praksi' }));
  });

  it('refuses a negative price or more than two decimals, and takes none', async () => {
    renderForm();
    await loadCountries.resolve(offered);
    await submitDraft({ ...validDraft, price: '12.345' });
    expect(shownProblems()).toEqual([text.priceInvalid]);
    await submitDraft({ price: '-0.01' });
    expect(shownProblems()).toEqual([text.priceInvalid]);
    expect(createCourse.calls).toEqual([]);
    await submitDraft({ price: '' });
    expect(createCourse.calls[0]?.price).toBe('');
  });

  it('sends Zagreb times as ISO instants, then resets the form with the SPEC 8 toast', async () => {
    renderForm();
    await loadCountries.resolve(offered);
    await submitDraft({
      ...validDraft,
      title: '  Endodoncija u praksi ',
      startDate: `${NEXT_YEAR}-03-12T09:00`,
      endDate: `${NEXT_YEAR}-07-12T17:15`,
    });
    expect(createCourse.calls).toEqual([
      {
        title: 'Endodoncija u praksi',
        description: 'Prvi dan teorija.\n\nDrugi dan rad na modelima.',
        countryIsoCode: 'SI',
        lecturer: 'dr. Ana Horvat, dr. Ivo Kovač',
        location: 'Ljubljana',
        // Winter time (UTC+1) in March, summer time (UTC+2) in July.
        startDate: `${NEXT_YEAR}-03-12T08:00:00.000Z`,
        endDate: `${NEXT_YEAR}-07-12T15:15:00.000Z`,
        price: '150',
        image: photo,
        pdf: programme,
      },
    ]);
    await createCourse.resolve(aCourse({ id: 9, title: 'Endodoncija u praksi' }));
    expect(app.notices).toEqual([{ tone: 'success', text: 'Tečaj uspješno stvoren!' }]);
    expect(input('title').value).toBe('');
    expect(input('startDate').value).toBe('');
    expect(input('countryIsoCode').value).toBe('HR');
    expect(input('image').value).toBe('');
    expect(input('pdf').files).toHaveLength(0);
    // A new submit closes the earlier toast, so it never stands beside a new refusal (issue 29).
    await user.click(submitButton() ?? document.body);
    expect(app.notices).toEqual([]);
  });

  it('shows the server validation errors at their fields, in Croatian where known', async () => {
    renderForm();
    await loadCountries.resolve(offered);
    await submitDraft(validDraft);
    await createCourse.reject(serverRefusal);
    expect(shownProblems()).toEqual([
      'Naziv ne može biti prazan.',
      'Mjesto održavanja može imati najviše 200 znakova.',
    ]);
    expect(input('location')).toHaveAccessibleDescription(
      'Mjesto održavanja može imati najviše 200 znakova.',
    );
    expect(input('title')).toHaveFocus();
    expect(app.notices).toEqual([]);
    expect(input('title').value).toBe('Endodoncija u praksi');
  });

  it('hands other failures to the generic error handler and keeps what was entered', async () => {
    renderForm();
    await loadCountries.resolve(offered);
    await submitDraft(validDraft);
    const failure = new ApiError(403, { errors: ['Forbidden.'] });
    await createCourse.reject(failure);
    expect(app.notices).toEqual([
      { tone: 'error', text: 'Dogodila se pogreška: {"errors":["Forbidden."]}' },
    ]);
    expect(shownProblems()).toEqual([]);
    expect(input('location').value).toBe('Ljubljana');
  });

  it('closes the error toast on a new submit and takes the refusal away once a retry succeeds', async () => {
    renderForm();
    await loadCountries.resolve(offered);
    await submitDraft(validDraft);
    await createCourse.reject(new ApiError(403, { errors: ['Forbidden.'] }));
    expect(app.notices).toEqual([
      { tone: 'error', text: 'Dogodila se pogreška: {"errors":["Forbidden."]}' },
    ]);
    // The same entries sent again: the earlier toast closes before the answer.
    await user.click(submitButton() ?? document.body);
    expect(createCourse.calls).toHaveLength(2);
    expect(app.notices).toEqual([]);
    await createCourse.reject(serverRefusal);
    expect(shownProblems()).toEqual([
      'Naziv ne može biti prazan.',
      'Mjesto održavanja može imati najviše 200 znakova.',
    ]);
    // Sent once more unchanged and taken: no problem is left under the form.
    await user.click(submitButton() ?? document.body);
    await createCourse.resolve(aCourse({ id: 9, title: 'Endodoncija u praksi' }));
    expect(shownProblems()).toEqual([]);
    expect(input('title')).not.toHaveAttribute('aria-invalid');
    expect(app.notices).toEqual([{ tone: 'success', text: 'Tečaj uspješno stvoren!' }]);
  });

  it('offers the server countries by their Croatian names, Croatia first chosen', async () => {
    renderForm();
    expect(screen.getByRole('status')).toHaveTextContent(text.loading);
    // A code the bundled list does not know keeps its code as its name, after the known ones.
    await loadCountries.resolve([...offered, { isoCode: 'ZZ' }]);
    const options = within(input('countryIsoCode')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Austrija',
      'Hrvatska',
      'Slovenija',
      'ZZ',
    ]);
    expect(input('countryIsoCode').value).toBe('HR');
  });

  it('keeps the form usable for Croatia when the countries cannot be loaded', async () => {
    renderForm();
    const failure = new TypeError('Failed to fetch');
    await loadCountries.reject(failure);
    expect(app.notices).toEqual([
      { tone: 'error', text: `Dogodila se pogreška: {"message":"${failure.message}"}` },
    ]);
    expect(
      within(input('countryIsoCode'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Hrvatska']);
  });

  it('labels every field and uses the date picker in Croatian with 15-minute steps', async () => {
    renderForm();
    await loadCountries.resolve(offered);
    expect(screen.getByRole('heading', { level: 1, name: 'Dodaj tečaj' })).toBeVisible();
    expect(input('image')).toHaveAttribute('accept', COURSE_RULES.imageAccept);
    expect(input('pdf')).toHaveAttribute('accept', 'application/pdf,.pdf');
    expect(input('price')).toHaveAttribute('step', '0.01');
    expect(input('price')).toHaveAttribute('min', '0');
    await user.click(input('startDate'));
    expect(screen.getByText('Vrijeme')).toBeVisible();
    // The calendar names its month in Croatian, e.g. 'studeni 2026'.
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: /^(siječanj|veljača|ožujak|travanj|svibanj|lipanj|srpanj|kolovoz|rujan|listopad|studeni|prosinac) \d{4}$/,
      }),
    ).toBeVisible();
    expect(screen.getByText('09:15')).toBeInTheDocument();
    expect(screen.queryByText('09:10')).not.toBeInTheDocument();
  });
});

describe('Zagreb wall-clock times', () => {
  it('are the same instants whatever the browser time zone is', async () => {
    // Node applies a changed TZ at once: the browser of this test is in California.
    vi.stubEnv('TZ', 'America/Los_Angeles');
    try {
      expect(new Date(2030, 0, 1).getTimezoneOffset()).toBe(480);
      renderForm();
      await loadCountries.resolve(offered);
      await fill({ ...validDraft, startDate: `${NEXT_YEAR}-03-12T09:00` });
      await user.click(submitButton() ?? document.body);
      expect(createCourse.calls[0]?.startDate).toBe(`${NEXT_YEAR}-03-12T08:00:00.000Z`);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('convert across the clock changes', () => {
    expect(zagrebInstant('2027-03-28T01:30')?.toISOString()).toBe('2027-03-28T00:30:00.000Z');
    expect(zagrebInstant('2027-03-28T03:30')?.toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(zagrebInstant('2027-10-31T04:00')?.toISOString()).toBe('2027-10-31T03:00:00.000Z');
    expect(zagrebInstant('2027-12-31T23:45')?.toISOString()).toBe('2027-12-31T22:45:00.000Z');
    expect(zagrebInstant('')).toBeNull();
  });
});

describe('server validation errors', () => {
  it('map known messages to Croatian and keep others as sent', () => {
    expect(
      serverFieldErrors(
        new ApiError(400, {
          errors: {
            StartDate: ['The course must start in the future.'],
            Image: ['The file in Image is larger than 10 MB.'],
            Pdf: ['Pdf must be a PDF document.'],
            CountryIsoCode: ["No courses are offered in the country 'XX'."],
          },
        }),
      ),
    ).toEqual({
      startDate: ['Početak održavanja tečaja mora biti u budućnosti.'],
      image: ['Fotografija može imati najviše 10 MB.'],
      pdf: ['Program tečaja mora biti PDF datoteka.'],
      countryIsoCode: ['Odabrana država nije dostupna.'],
    });
  });

  it('leave domain errors and unknown fields to the generic handler', () => {
    expect(serverFieldErrors(new ApiError(400, { errors: ['Bad request.'] }))).toBeNull();
    expect(serverFieldErrors(new ApiError(400, { errors: { Other: ['x'] } }))).toBeNull();
    expect(serverFieldErrors(new ApiError(500, null))).toBeNull();
  });
});

describe('the admin menu', () => {
  it('has Tečajevi for administrators only', () => {
    expect(adminEntries({ isAdministrator: true }).map((entry) => entry.label)).toContain(
      'Tečajevi',
    );
    expect(adminEntries({ isAdministrator: false }).map((entry) => entry.label)).not.toContain(
      'Tečajevi',
    );
  });
});

/** SPEC 5 "Course form" as a model: what is entered, the clock, and what was sent. */
interface CourseModel {
  title: string;
  description: string;
  lecturer: string;
  location: string;
  /** The instants chosen in the date pickers, or null when cleared. */
  start: Date | null;
  end: Date | null;
  price: string;
  image: boolean;
  waiting: boolean;
  sent: CreateCourseRequest[];
}

describe('course form random paths', () => {
  afterEach(() => vi.useRealTimers());

  // The administrator's clock: 11:00 in Zagreb. Dates are picked around it, on the picker's
  // 15-minute steps, most of them near the present, where "in the future" is decided.
  const NOW = new Date('2027-03-12T10:00:00.000Z');
  const MINUTE = 60_000;
  const DAY = 24 * 60 * MINUTE;
  const DATE_OFFSETS = [-DAY + 15 * MINUTE, -15 * MINUTE, 0, 15 * MINUTE, DAY, 2 * DAY];
  const datePick = fc
    .option(fc.constantFrom(...DATE_OFFSETS), { freq: 6 })
    .map((offset) => (offset === null ? null : new Date(NOW.getTime() + offset)));
  const zagrebDay = (instant: Date) =>
    instant.toLocaleDateString('en-CA', { timeZone: 'Europe/Zagreb' });
  /** The instant as the picker shows it in Zagreb, computed apart from the form's own helper. */
  const zagrebShown = zagrebPickerText;
  const dateLabel = (instant: Date | null) => (instant ? zagrebShown(instant) : 'ništa');

  /** SPEC 5 "Course form": every rule the form checks before anything is sent. */
  const valid = (model: CourseModel) =>
    model.title.trim() !== '' &&
    model.description.trim() !== '' &&
    model.description.trim().length <= 10_000 &&
    model.lecturer.trim() !== '' &&
    model.location.trim() !== '' &&
    model.start !== null &&
    model.end !== null &&
    model.start.getTime() > NOW.getTime() &&
    model.start.getTime() < model.end.getTime() &&
    (model.price.trim() === '' || /^\d+(\.\d{1,2})?$/.test(model.price.trim())) &&
    model.image;
  const editable = (model: CourseModel) => !model.waiting;

  // One step for the three required lines: an empty or blank entry against a filled one, the
  // filled one twice as often so that a path also reaches a form worth sending.
  const typing = fc
    .record({
      field: fc.constantFrom('title' as const, 'lecturer' as const, 'location' as const),
      value: fc.constantFrom('', '  ', ' Endodoncija u praksi ', 'Ljubljana'),
    })
    .map(({ field, value }) =>
      step<CourseModel>(
        `upiši ${LABELS[field].toLowerCase()} "${value}"`,
        (model) => {
          fireEvent.change(input(field), { target: { value } });
          model[field] = value;
        },
        editable,
      ),
    );
  const picking = (field: 'start' | 'end') =>
    datePick.map((instant) =>
      step<CourseModel>(
        `odaberi ${field === 'start' ? 'početak' : 'završetak'} ${dateLabel(instant)}`,
        (model) => {
          fireEvent.change(input(field === 'start' ? 'startDate' : 'endDate'), {
            target: { value: instant ? zagrebShown(instant) : '' },
          });
          // The picker takes no day before today (its minDate): once the field is left, it shows
          // the date it had.
          if (instant && zagrebDay(instant) < zagrebDay(NOW)) {
            fireEvent.blur(input(field === 'start' ? 'startDate' : 'endDate'));
            return;
          }
          model[field] = instant;
        },
        editable,
      ),
    );

  // Submitting is listed twice: a path often fills the form and then sends it.
  const submit = fc.constant(
    step<CourseModel>(
      `pritisni '${text.submit}'`,
      async (model) => {
        await user.click(submitButton() ?? document.body);
        if (!valid(model)) {
          expect(shownProblems().length).toBeGreaterThan(0);
          if (model.start && model.end && model.start.getTime() <= NOW.getTime()) {
            expect(shownProblems()).toContain('Početak održavanja tečaja mora biti u budućnosti.');
          }
          return;
        }
        model.waiting = true;
        model.sent.push({
          title: model.title.trim(),
          description: model.description.trim(),
          countryIsoCode: 'SI',
          lecturer: model.lecturer.trim(),
          location: model.location.trim(),
          startDate: (model.start as Date).toISOString(),
          endDate: (model.end as Date).toISOString(),
          price: model.price.trim(),
          image: photo,
          pdf: programme,
        });
      },
      editable,
    ),
  );

  testRandomPaths<CourseModel>('courseForm', {
    startLabel: "Otvori 'Dodaj tečaj' i ispuni ga",
    numRuns: 12,
    maxSteps: 12,
    start: async () => {
      vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
      renderForm();
      await loadCountries.resolve(offered);
      const start = new Date(NOW.getTime() + DAY);
      const end = new Date(NOW.getTime() + 2 * DAY);
      await fill({ ...validDraft, startDate: '', endDate: '' });
      fireEvent.change(input('startDate'), { target: { value: zagrebShown(start) } });
      fireEvent.change(input('endDate'), { target: { value: zagrebShown(end) } });
      return {
        title: validDraft.title as string,
        description: validDraft.description as string,
        lecturer: validDraft.lecturer as string,
        location: validDraft.location as string,
        start,
        end,
        price: validDraft.price as string,
        image: true,
        waiting: false,
        sent: [],
      };
    },
    steps: [
      typing,
      fc.constantFrom(0, 1, 10_000, 10_001).map((length) =>
        step<CourseModel>(
          `upiši opis od ${length} znakova`,
          (model) => {
            const value = 'a'.repeat(length);
            fireEvent.change(input('description'), { target: { value } });
            model.description = value;
          },
          editable,
        ),
      ),
      picking('start'),
      picking('start'),
      picking('end'),
      fc.constantFrom('', '0', '12.34', '12.345', '-0.01').map((value) =>
        step<CourseModel>(
          `upiši cijenu "${value}"`,
          (model) => {
            fireEvent.change(input('price'), { target: { value } });
            model.price = value;
          },
          editable,
        ),
      ),
      submit,
      submit,
      fc.constantFrom('created', 'refused', 'failed').map((answer) =>
        step<CourseModel>(
          {
            created: 'poslužitelj stvara tečaj',
            refused: 'poslužitelj odbija naziv i mjesto',
            failed: 'poslužitelj odgovara 500',
          }[answer],
          async (model) => {
            model.waiting = false;
            if (answer === 'refused') return createCourse.reject(serverRefusal);
            if (answer === 'failed') return createCourse.reject(new ApiError(500, null));
            await createCourse.resolve(aCourse({ id: 9, title: 'Endodoncija u praksi' }));
            expect(app.notices.at(-1)).toEqual({
              tone: 'success',
              text: 'Tečaj uspješno stvoren!',
            });
            // SPEC 4 "Forms": success resets the form (the photo too).
            Object.assign(model, {
              title: '',
              description: '',
              lecturer: '',
              location: '',
              start: null,
              end: null,
              price: '',
              image: false,
            });
          },
          (model) => model.waiting,
        ),
      ),
    ],
    invariants: (model) => {
      // Nothing is sent while a rule is broken, a start in the past or now above all.
      expect(createCourse.calls).toEqual(model.sent);
      if (model.waiting) {
        expect(submitButton()).not.toBeInTheDocument();
        return;
      }
      expect(submitButton()).toBeVisible();
      expect(input('title').value).toBe(model.title);
      expect(input('startDate').value).toBe(model.start ? zagrebShown(model.start) : '');
    },
  });
});
