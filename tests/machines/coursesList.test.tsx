import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Course } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import { CoursesContainer } from '../../src/app/CoursesContainer.tsx';
import type { StoredSession } from '../../src/machines/authSession.machine.ts';
import {
  coursesListMachine,
  newestFirst,
  readShowAbroad,
  showAbroadCookie,
  type CoursesListContext,
} from '../../src/machines/coursesList.machine.ts';
import { messages } from '../../src/messages.ts';
import { aCourse } from '../support/courses.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const inCroatia = aCourse({ id: 1, title: 'Endodoncija u praksi' });
const abroad = aCourse({
  id: 2,
  title: 'Implantologija na Bledu',
  country: { isoCode: 'SI' },
  createdAt: '2026-11-01T10:00:00.000Z',
});
const SHOW_ABROAD = 'tecajevi-prikazuj-sve';
const NOW = new Date(2026, 10, 21, 12, 0);
const administrator: StoredSession = {
  user: {
    id: 1,
    name: 'Ana',
    surname: 'Horvat',
    email: 'ana@dentalia.hr',
    roles: ['administrator'],
  },
  tokens: { accessToken: 'access', refreshToken: 'refresh' },
};

const loadCourses = fakePromiseActor<Course[], undefined>();
const deleteCourse = fakePromiseActor<undefined, number>();

const user = userEvent.setup();
let app: ReturnType<typeof renderWithEffects>;

/** The container that ships: an administrator (or a visitor), the cookie as the browser has it. */
function renderCourses(showAbroad: boolean, asAdministrator = true) {
  loadCourses.reset();
  deleteCourse.reset();
  app = renderWithEffects(<CoursesContainer />, {
    path: '/tecajevi',
    api: {
      courses: { listCourses: () => loadCourses.fn(undefined), deleteCourse: deleteCourse.fn },
    },
    cookies: showAbroad ? { [SHOW_ABROAD]: 'true' } : {},
    session: asAdministrator ? administrator : null,
    now: () => NOW,
  });
  return app;
}

/** What the tecajevi-prikazuj-sve cookie says now ('false' when it was never written). */
const showAbroadCookieValue = () => app.cookies.get(SHOW_ABROAD)?.value ?? 'false';

const abroadSwitch = () => screen.queryByRole('switch', { name: messages.courses.showAbroad });
const cardTitles = () =>
  screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const dialog = () => screen.queryByRole('alertdialog', { name: messages.courses.confirmTitle });
const deleteButton = (title: string) =>
  screen.getByRole('button', { name: messages.courses.deleteCourse(title) });

function expectNoMessages() {
  for (const text of [
    messages.courses.none,
    messages.courses.noneInCroatia,
    messages.courses.loadFailed,
  ]) {
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  }
}

function expectList(context: CoursesListContext) {
  const visible = context.courses.filter(
    (course) => context.showAbroad || course.country.isoCode === 'HR',
  );
  expect(cardTitles()).toEqual(visible.map((course) => course.title));
  if (context.courses.some((course) => course.country.isoCode !== 'HR')) {
    expect(abroadSwitch()).toBeVisible();
    if (context.showAbroad) expect(abroadSwitch()).toBeChecked();
    else expect(abroadSwitch()).not.toBeChecked();
  } else {
    expect(abroadSwitch()).not.toBeInTheDocument();
  }
  if (visible.length === 0) {
    expect(screen.getByText(messages.courses.noneInCroatia)).toBeVisible();
  }
  expect(screen.queryByText(messages.courses.loading)).not.toBeInTheDocument();
}

describe('courses list model', () => {
  testMachineModel(coursesListMachine, {
    inputs: [{ showAbroad: false }, { showAbroad: true }],
    describeInput: ({ showAbroad }) => (showAbroad ? 'cookie: show all' : 'no cookie'),
    render: ({ showAbroad }) => renderCourses(showAbroad),
    fakes: { loadCourses, deleteCourse },
    sampleEvents: [
      { type: 'xstate.done.actor.loadCourses', output: [] },
      { type: 'xstate.done.actor.loadCourses', output: [inCroatia, abroad] },
      { type: 'xstate.done.actor.loadCourses', output: [abroad] },
      { type: 'xstate.error.actor.loadCourses', error: new ApiError(500, null) },
      { type: 'ASK_DELETE', id: inCroatia.id },
      { type: 'xstate.done.actor.deleteCourse' },
      { type: 'xstate.error.actor.deleteCourse', error: new ApiError(404, null) },
    ],
    states: {
      loading: () => {
        expect(screen.getByRole('status')).toHaveTextContent(messages.courses.loading);
        expect(cardTitles()).toEqual([]);
        expect(abroadSwitch()).not.toBeInTheDocument();
        expectNoMessages();
      },
      empty: () => {
        expect(screen.getByText(messages.courses.none)).toBeVisible();
        expect(cardTitles()).toEqual([]);
        expect(abroadSwitch()).not.toBeInTheDocument();
      },
      failed: () => {
        expect(screen.getByRole('alert')).toHaveTextContent(messages.courses.loadFailed);
        expect(cardTitles()).toEqual([]);
      },
      'list.browsing': ({ context }) => {
        expectList(context);
        expect(dialog()).not.toBeInTheDocument();
        expect(showAbroadCookieValue()).toBe(String(context.showAbroad));
      },
      'list.confirmingDelete': ({ context }) => {
        expect(dialog()).toBeVisible();
        expect(dialog()).toHaveTextContent(
          messages.courses.confirmText(context.courseToDelete?.title ?? ''),
        );
        expect(screen.getByRole('button', { name: messages.courses.confirmNo })).toHaveFocus();
      },
      'list.deleting': ({ context }) => {
        expect(deleteCourse.calls).toEqual([context.courseToDelete?.id]);
        expect(within(dialog() ?? document.body).getByRole('status')).toHaveTextContent(
          messages.courses.deleting,
        );
        expect(
          screen.queryByRole('button', { name: messages.courses.confirmYes }),
        ).not.toBeInTheDocument();
      },
    },
    events: {
      TOGGLE_ABROAD: () => user.click(abroadSwitch() ?? document.body),
      ASK_DELETE: (event) => {
        const course = [inCroatia, abroad].find(({ id }) => id === event.id);
        const button = screen.queryByRole('button', {
          name: messages.courses.deleteCourse(course?.title ?? ''),
        });
        // A course that is not on the screen cannot be asked about, and the machine ignores it.
        return button ? user.click(button) : undefined;
      },
      CANCEL_DELETE: () =>
        user.click(screen.getByRole('button', { name: messages.courses.confirmNo })),
      CONFIRM_DELETE: () =>
        user.click(
          within(dialog() ?? document.body).getByRole('button', {
            name: messages.courses.confirmYes,
          }),
        ),
    },
  });
});

describe('courses list journeys pinned by hand', () => {
  it('shows the courses newest first, Croatia only, until the visitor asks for courses abroad', async () => {
    renderCourses(false);
    await loadCourses.resolve([inCroatia, abroad]);
    expect(cardTitles()).toEqual(['Endodoncija u praksi']);
    await user.click(abroadSwitch() ?? document.body);
    expect(cardTitles()).toEqual(['Implantologija na Bledu', 'Endodoncija u praksi']);
    expect(app.cookies.get(SHOW_ABROAD)).toEqual({
      value: 'true',
      attributes: showAbroadCookie(true, NOW, false).attributes,
    });
    await user.click(abroadSwitch() ?? document.body);
    expect(app.cookies.get(SHOW_ABROAD)?.value).toBe('false');
    expect(cardTitles()).toEqual(['Endodoncija u praksi']);
  });

  it('says there are no courses in Croatia but some abroad, and offers the switch', async () => {
    renderCourses(false);
    await loadCourses.resolve([abroad]);
    expect(
      screen.getByText(
        'Trenutno ne nudimo tečajeve u Hrvatskoj, ali možete odabrati prikaz tečajeva u inozemstvu na vrhu stranice.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Prikaži i tečajeve u inozemstvu' })).toBeVisible();
  });

  it('offers no switch when every course is in Croatia', async () => {
    renderCourses(true);
    await loadCourses.resolve([inCroatia]);
    expect(cardTitles()).toEqual(['Endodoncija u praksi']);
    expect(abroadSwitch()).not.toBeInTheDocument();
  });

  it('shows the SPEC 8 text for no courses', async () => {
    renderCourses(false);
    await loadCourses.resolve([]);
    expect(screen.getByText('Trenutno nema tečajeva u ponudi. Navratite kasnije!')).toBeVisible();
  });

  it('shows the SPEC 8 text for a failed load', async () => {
    renderCourses(false);
    await loadCourses.reject(new TypeError('Failed to fetch'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Nažalost, nije uspjelo učitavanje tečajeva. Vratite se malo kasnije.',
    );
  });

  it('deletes after the confirmation, then clears the list and loads it again', async () => {
    renderCourses(true);
    await loadCourses.resolve([inCroatia, abroad]);
    await user.click(deleteButton('Endodoncija u praksi'));
    await user.click(screen.getByRole('button', { name: 'Obriši' }));
    expect(deleteCourse.calls).toEqual([1]);
    await deleteCourse.resolve(undefined);
    expect(app.notices).toEqual([{ tone: 'success', text: 'Tečaj uspješno obrisan!' }]);
    expect(dialog()).not.toBeInTheDocument();
    expect(cardTitles()).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent(messages.courses.loading);
    await loadCourses.resolve([abroad]);
    expect(cardTitles()).toEqual(['Implantologija na Bledu']);
    // The deleted course's button is gone, so focus goes to the page title.
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('keeps the list when the delete fails, with the SPEC 8 toast', async () => {
    renderCourses(true);
    await loadCourses.resolve([inCroatia]);
    await user.click(deleteButton('Endodoncija u praksi'));
    await user.click(screen.getByRole('button', { name: 'Obriši' }));
    await deleteCourse.reject(new ApiError(403, { errors: ['Forbidden.'] }));
    expect(app.notices).toEqual([{ tone: 'error', text: 'Brisanje tečaja nije uspjelo.' }]);
    expect(cardTitles()).toEqual(['Endodoncija u praksi']);
    expect(dialog()).not.toBeInTheDocument();
    expect(deleteButton('Endodoncija u praksi')).toHaveFocus();
  });

  it("'Ne' closes the dialog without deleting; 'Obriši' deletes that course", async () => {
    renderCourses(true);
    await loadCourses.resolve([inCroatia, abroad]);
    await user.click(deleteButton('Implantologija na Bledu'));
    await user.click(screen.getByRole('button', { name: 'Ne' }));
    expect(dialog()).not.toBeInTheDocument();
    expect(deleteCourse.calls).toEqual([]);
    expect(cardTitles()).toEqual(['Implantologija na Bledu', 'Endodoncija u praksi']);
    expect(app.notices).toEqual([]);
    await user.click(deleteButton('Implantologija na Bledu'));
    await user.click(screen.getByRole('button', { name: 'Obriši' }));
    expect(deleteCourse.calls).toEqual([2]);
  });

  it('a keyboard user answers the dialog: focus stays inside, Escape says no', async () => {
    renderCourses(true);
    await loadCourses.resolve([inCroatia]);
    deleteButton('Endodoncija u praksi').focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Ne' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Obriši' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Ne' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Obriši' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(dialog()).not.toBeInTheDocument();
    expect(deleteCourse.calls).toEqual([]);
    expect(deleteButton('Endodoncija u praksi')).toHaveFocus();
  });

  it('gives visitors no delete buttons', async () => {
    renderCourses(true, false);
    expect(app.storedSession()).toBeNull();
    await loadCourses.resolve([inCroatia, abroad]);
    expect(cardTitles()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Obriši/ })).not.toBeInTheDocument();
  });

  it('reads the cookie: show all courses from the start when it says true', async () => {
    renderCourses(true);
    await loadCourses.resolve([inCroatia, abroad]);
    expect(abroadSwitch()).toBeChecked();
    expect(cardTitles()).toEqual(['Implantologija na Bledu', 'Endodoncija u praksi']);
  });

  it('offers the courses newsletter', () => {
    renderCourses(false);
    expect(screen.getByRole('button', { name: messages.newsletter.subscribe })).toBeVisible();
  });

  it('links the gallery', () => {
    renderCourses(false);
    expect(
      screen.getByRole('link', { name: 'Galerija fotografija prethodnih tečajeva' }),
    ).toHaveAttribute('href', '/tecajevi/galerija');
  });
});

describe('courses list random paths', () => {
  // What the server may hold: Croatian and foreign courses with diacritics, each published on
  // its own day, so that "newest first" decides one order.
  const pool = [
    aCourse({ id: 11, title: 'Endodoncija u praksi', createdAt: '2026-10-01T10:00:00.000Z' }),
    aCourse({
      id: 12,
      title: 'Implantologija na Bledu',
      country: { isoCode: 'SI' },
      createdAt: '2026-11-01T10:00:00.000Z',
    }),
    aCourse({
      id: 13,
      title: 'Šivanje u oralnoj kirurgiji, Đakovo',
      createdAt: '2026-11-15T09:30:00.000Z',
    }),
    aCourse({
      id: 14,
      title: 'Čišćenje kanala u Grazu',
      country: { isoCode: 'AT' },
      createdAt: '2026-09-20T08:00:00.000Z',
    }),
    aCourse({ id: 15, title: 'Žvačni sustav i okluzija', createdAt: '2026-11-20T12:00:00.000Z' }),
  ];

  interface CoursesModel {
    opened: boolean;
    administrator: boolean;
    showAbroad: boolean;
    stage: 'loading' | 'empty' | 'failed' | 'list';
    /** What the last load answered, in the server's order. */
    courses: Course[];
    /** Courses the server deleted: it does not answer them again. */
    deleted: Set<number>;
    /** The course of the open confirmation. */
    asked: Course | null;
    deleting: boolean;
    sent: number[];
    loads: number;
    notices: { tone: string; text: string }[];
  }

  const publishedAt = (course: Course) => new Date(course.createdAt).getTime();
  /** SPEC 2 and 4: newest first, Croatia only unless the visitor asked for courses abroad. */
  const shownCourses = (model: CoursesModel) =>
    model.courses
      .filter((course) => model.showAbroad || course.country.isoCode === 'HR')
      .sort((a, b) => publishedAt(b) - publishedAt(a));
  const browsing = (model: CoursesModel) =>
    model.stage === 'list' && model.asked === null && !model.deleting;
  const waitingForList = (model: CoursesModel) => model.opened && model.stage === 'loading';
  const confirming = (model: CoursesModel) => model.asked !== null && !model.deleting;

  const answerLoad = fc
    .oneof(
      fc.shuffledSubarray(pool),
      // A single course most often decides between the empty message and a list.
      fc.constantFrom(...pool).map((course) => [course]),
    )
    .map((offered) => {
      const kept = (model: CoursesModel) => offered.filter(({ id }) => !model.deleted.has(id));
      return step<CoursesModel>(
        (model) => `poslužitelj šalje tečajeve [${kept(model).map(({ id }) => id)}]`,
        async (model) => {
          const courses = kept(model);
          await loadCourses.resolve(courses);
          model.courses = courses;
          model.stage = courses.length === 0 ? 'empty' : 'list';
        },
        waitingForList,
      );
    });
  const failLoad = fc
    .constantFrom(new ApiError(500, null), new TypeError('Failed to fetch'))
    .map((error) =>
      step<CoursesModel>(
        error instanceof ApiError
          ? 'učitavanje: poslužitelj odgovara 500'
          : 'učitavanje: mreža ne radi',
        async (model) => {
          await loadCourses.reject(error);
          model.stage = 'failed';
        },
        waitingForList,
      ),
    );

  const askDelete = fc.nat().map((pick) =>
    step<CoursesModel>(
      (model) => {
        const shown = shownCourses(model);
        return `pritisni 'Obriši' na tečaju "${shown[pick % shown.length]?.title}"`;
      },
      async (model) => {
        const shown = shownCourses(model);
        const course = shown[pick % shown.length] as Course;
        await user.click(deleteButton(course.title));
        // SPEC 2: a confirm dialog first, its safe answer focused; nothing is deleted yet.
        expect(dialog()).toHaveTextContent(messages.courses.confirmText(course.title));
        expect(screen.getByRole('button', { name: messages.courses.confirmNo })).toHaveFocus();
        model.asked = course;
      },
      (model) => browsing(model) && model.administrator && shownCourses(model).length > 0,
    ),
  );
  const cancel = fc.constantFrom('click', 'escape').map((how) =>
    step<CoursesModel>(
      how === 'click' ? "pritisni 'Ne'" : 'pritisni Escape',
      async (model) => {
        if (how === 'click') {
          await user.click(screen.getByRole('button', { name: messages.courses.confirmNo }));
        } else await user.keyboard('{Escape}');
        const { title } = model.asked as Course;
        model.asked = null;
        expect(deleteButton(title)).toHaveFocus();
      },
      confirming,
    ),
  );
  const confirm = fc.constant(
    step<CoursesModel>(
      "pritisni 'Obriši' u dijalogu",
      async (model) => {
        await user.click(
          within(dialog() ?? document.body).getByRole('button', {
            name: messages.courses.confirmYes,
          }),
        );
        model.sent.push((model.asked as Course).id);
        model.deleting = true;
      },
      confirming,
    ),
  );
  const answerDelete = fc
    .constantFrom<'deleted' | 404 | 403 | 500 | 'network'>(
      'deleted',
      'deleted',
      404,
      403,
      500,
      'network',
    )
    .map((answer) =>
      step<CoursesModel>(
        answer === 'deleted'
          ? 'poslužitelj briše tečaj'
          : answer === 'network'
            ? 'brisanje: mreža ne radi'
            : `brisanje: poslužitelj odgovara ${answer}`,
        async (model) => {
          const course = model.asked as Course;
          model.deleting = false;
          model.asked = null;
          if (answer === 'deleted') {
            await deleteCourse.resolve(undefined);
            // SPEC 4: after a delete the list is cleared and loaded again.
            model.deleted.add(course.id);
            model.notices.push({ tone: 'success', text: 'Tečaj uspješno obrisan!' });
            model.stage = 'loading';
            model.courses = [];
            model.loads += 1;
            return;
          }
          await deleteCourse.reject(
            answer === 'network'
              ? new TypeError('Failed to fetch')
              : new ApiError(answer, { errors: ['Course not found.'] }),
          );
          model.notices.push({ tone: 'error', text: 'Brisanje tečaja nije uspjelo.' });
          expect(deleteButton(course.title)).toHaveFocus();
        },
        (model) => model.deleting,
      ),
    );

  testRandomPaths<CoursesModel>('coursesList', {
    startLabel: 'Posjetitelj dolazi na /tecajevi',
    numRuns: 30,
    maxSteps: 14,
    start: () => ({
      opened: false,
      administrator: false,
      showAbroad: false,
      stage: 'loading',
      courses: [],
      deleted: new Set(),
      asked: null,
      deleting: false,
      sent: [],
      loads: 0,
      notices: [],
    }),
    steps: [
      // Opened by an administrator three times in four; the cookie says show all or is not set.
      fc
        .record({ cookie: fc.boolean(), administrator: fc.constantFrom(true, true, true, false) })
        .map(({ cookie, administrator }) =>
          step<CoursesModel>(
            `otvori /tecajevi kao ${administrator ? 'administrator' : 'posjetitelj'}, ${
              cookie ? "kolačić 'prikaži sve'" : 'bez kolačića'
            }`,
            (model) => {
              renderCourses(cookie, administrator);
              Object.assign(model, { opened: true, administrator, showAbroad: cookie, loads: 1 });
            },
            (model) => !model.opened,
          ),
        ),
      answerLoad,
      answerLoad,
      failLoad,
      fc.constant(
        step<CoursesModel>(
          "pritisni 'Prikaži i tečajeve u inozemstvu'",
          async (model) => {
            await user.click(abroadSwitch() ?? document.body);
            model.showAbroad = !model.showAbroad;
          },
          (model) =>
            browsing(model) && model.courses.some((course) => course.country.isoCode !== 'HR'),
        ),
      ),
      // SPEC 9: a new visit reads the choice back from the cookie the browser kept.
      fc.constant(
        step<CoursesModel>(
          'osvježi stranicu',
          (model) => {
            const cookie = showAbroadCookieValue() === 'true';
            cleanup();
            renderCourses(cookie, model.administrator);
            Object.assign(model, {
              stage: 'loading',
              courses: [],
              asked: null,
              deleting: false,
              sent: [],
              loads: 1,
              notices: [],
            });
          },
          (model) => model.opened,
        ),
      ),
      askDelete,
      askDelete,
      cancel,
      confirm,
      confirm,
      answerDelete,
    ],
    invariants: (model) => {
      if (!model.opened) return;
      // Nothing is deleted without its confirmation, and only the confirmed course.
      expect(deleteCourse.calls).toEqual(model.sent);
      expect(loadCourses.calls).toHaveLength(model.loads);
      expect(app.notices).toEqual(model.notices);
      // SPEC 9: the choice is remembered (the cookie is written only when it changes).
      expect(showAbroadCookieValue()).toBe(String(model.showAbroad));
      const shown = model.stage === 'list' ? shownCourses(model) : [];
      // The dialog's own title is a heading too: the cards are the others.
      const cards = cardTitles().filter((title) => title !== messages.courses.confirmTitle);
      expect(cards).toEqual(shown.map((course) => course.title));
      expect(screen.queryByText(messages.courses.loading) !== null).toBe(model.stage === 'loading');
      expect(screen.queryByText(messages.courses.none) !== null).toBe(model.stage === 'empty');
      expect(screen.queryByText(messages.courses.loadFailed) !== null).toBe(
        model.stage === 'failed',
      );
      expect(screen.queryByText(messages.courses.noneInCroatia) !== null).toBe(
        model.stage === 'list' && shown.length === 0,
      );
      // SPEC 2: the switch only when some course is outside Croatia.
      const abroadOffered =
        model.stage === 'list' && model.courses.some((course) => course.country.isoCode !== 'HR');
      expect(abroadSwitch() !== null).toBe(abroadOffered);
      if (abroadOffered) {
        if (model.showAbroad) expect(abroadSwitch()).toBeChecked();
        else expect(abroadSwitch()).not.toBeChecked();
      }
      // SPEC 6: only administrators get the delete buttons.
      expect(screen.queryAllByRole('button', { name: /^Obriši tečaj / })).toHaveLength(
        model.administrator ? shown.length : 0,
      );
      if (model.asked === null) {
        expect(dialog()).not.toBeInTheDocument();
        return;
      }
      expect(dialog()).toHaveTextContent(messages.courses.confirmText(model.asked.title));
      expect(within(dialog() as HTMLElement).queryByRole('status') !== null).toBe(model.deleting);
      if (model.deleting) expect(dialog()).toHaveTextContent(messages.courses.deleting);
      expect(
        within(dialog() as HTMLElement).queryByRole('button', {
          name: messages.courses.confirmYes,
        }) !== null,
      ).toBe(!model.deleting);
    },
  });
});

describe('the tecajevi-prikazuj-sve cookie', () => {
  it('shows all only when it says true', () => {
    expect(readShowAbroad(() => 'true')).toBe(true);
    expect(readShowAbroad(() => 'false')).toBe(false);
    expect(readShowAbroad(() => undefined)).toBe(false);
  });

  it('lives 6 months from the change, same-site lax, secure on https', () => {
    expect(showAbroadCookie(true, new Date(2026, 10, 21, 12, 0), true)).toEqual({
      name: 'tecajevi-prikazuj-sve',
      value: 'true',
      attributes: {
        expires: new Date(2027, 4, 21, 12, 0),
        path: '/',
        sameSite: 'Lax',
        secure: true,
      },
    });
    expect(showAbroadCookie(false, new Date(2026, 0, 10), false).value).toBe('false');
  });
});

describe('newestFirst', () => {
  it('sorts by createdAt, newest first', () => {
    expect(newestFirst([inCroatia, abroad]).map((course) => course.id)).toEqual([2, 1]);
  });
});
