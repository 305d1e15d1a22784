import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Country, Partner, Role } from '../../src/api/contract.ts';
import { AdminContainer } from '../../src/app/AdminContainer.tsx';
import {
  adminScrollOffset,
  adminShellMachine,
  type AdminShellInput,
} from '../../src/machines/adminShell.machine.ts';
import type { StoredSession } from '../../src/machines/authSession.machine.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
import { renderWithEffects, type FakeApi } from '../support/render-with-effects.tsx';
import { setViewportWidth } from '../support/viewport.ts';

const INVITE_HEADING = 'Pozovi korisnika';
const NEWSLETTER_HEADING = 'Stvori newsletter';
/** The newsletter screen's first calls, left pending: the shell is under test, not the screen. */
const PENDING_NEWSLETTER_CALLS = {
  campaigns: { campaignIdByName: () => new Promise<number>(() => {}) },
  newsletters: { listNewsletters: () => new Promise<never>(() => {}) },
};
/** The newsletter screen's code loads on demand: slow on a busy machine. */
const newsletterHeading = () =>
  screen.findByRole('heading', { level: 1, name: NEWSLETTER_HEADING }, { timeout: 10_000 });
const NOT_FOUND = 'Stranica nije pronađena';

function rolesOf({ isEmployee, isAdministrator }: AdminShellInput): Role[] {
  if (isAdministrator) return ['administrator'];
  if (isEmployee) return ['employee'];
  return ['user'];
}

function sessionWith(roles: Role[]): StoredSession {
  const user = { id: 7, name: 'Ana', surname: 'Horvat', email: 'ana@dentalia.hr', roles };
  return { user, tokens: { accessToken: 'a', refreshToken: 'r' } };
}

let app: ReturnType<typeof renderWithEffects>;
const spyOnScrollTo = () => vi.spyOn(window, 'scrollTo');
let scrollTo: ReturnType<typeof spyOnScrollTo>;

/** The /admin container that ships, opened at `path` by a logged-in visitor with `roles`. */
function renderAdmin(path: string, roles: Role[]) {
  scrollTo = spyOnScrollTo();
  app = renderWithEffects(<AdminContainer />, {
    path,
    session: sessionWith(roles),
    api: PENDING_NEWSLETTER_CALLS,
  });
  return app;
}

const menu = () => screen.queryByRole('navigation', { name: 'Administracija' });
const entry = (name: string) => screen.getByRole('link', { name });
/** The admin menu's entries (a page may have links of its own, as Korisnici's two tabs). */
const entryNames = () =>
  within(screen.getByRole('navigation', { name: 'Administracija' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

afterEach(() => {
  vi.restoreAllMocks();
  setViewportWidth(1024);
});

describe('admin shell model', () => {
  testMachineModel(adminShellMachine, {
    inputs: [
      { isEmployee: false, isAdministrator: false, path: '/admin/user' },
      { isEmployee: true, isAdministrator: false, path: '/admin' },
      { isEmployee: true, isAdministrator: true, path: '/admin/nepoznato' },
    ],
    describeInput: ({ isEmployee, isAdministrator, path }) =>
      `${isAdministrator ? 'administrator' : isEmployee ? 'employee' : 'user'} at ${path}`,
    render: (input) => renderAdmin(input.path, rolesOf(input)),
    sampleEvents: [{ type: 'CHOOSE_ENTRY', href: '/admin/user' }],
    states: {
      denied: () => {
        expect(menu()).not.toBeInTheDocument();
        expect(app.location()).toBe('/login');
      },
      open: ({ context }) => {
        expect(menu()).toBeVisible();
        expect(app.location()).toBe(context.path);
        if (context.path === '/admin/user') {
          expect(entry('Korisnici')).toHaveAttribute('aria-current', 'page');
          expect(screen.getByRole('heading', { level: 1, name: INVITE_HEADING })).toBeVisible();
        } else if (context.path === '/admin/newsletter') {
          // Its screen loads on demand; the pinned tests below wait for it.
          expect(entry('Newsletter')).toHaveAttribute('aria-current', 'page');
        } else {
          expect(entry('Korisnici')).not.toHaveAttribute('aria-current');
          expect(screen.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
        }
      },
    },
    events: {
      CHOOSE_ENTRY: () => fireEvent.click(entry('Korisnici')),
    },
  });
});

describe('admin shell pinned by hand', () => {
  it('sends a logged-in user without a staff role to /login, replacing the admin path', () => {
    renderAdmin('/admin', ['user']);
    expect(app.history).toEqual(['/login']);
    expect(menu()).not.toBeInTheDocument();
  });

  it(
    'opens Newsletter from exactly /admin, and from /admin/ too, in place of it',
    { timeout: 15_000 },
    async () => {
      renderAdmin('/admin/', ['employee']);
      expect(app.history).toEqual(['/admin/newsletter']);
      expect(await newsletterHeading()).toBeInTheDocument();
      app.unmount();
      renderAdmin('/admin', ['employee']);
      expect(app.history).toEqual(['/admin/newsletter']);
    },
  );

  it('lists Newsletter first for staff, then Tečajevi and Edukacije for an administrator only', () => {
    renderAdmin('/admin/user', ['employee']);
    expect(entryNames()).toEqual(['Newsletter', 'Korisnici', 'Proizvodi', 'Partneri']);
    app.unmount();
    renderAdmin('/admin/user', ['administrator']);
    // SPEC 2's order: Newsletter, Tečajevi, Korisnici, Proizvodi, Edukacije, Partneri; then
    // issue 29's Zapisnik.
    expect(entryNames()).toEqual([
      'Newsletter',
      'Tečajevi',
      'Korisnici',
      'Proizvodi',
      'Edukacije',
      'Partneri',
      'Zapisnik',
    ]);
  });

  /** Lays the content area out `top` px down the page (jsdom lays nothing out). */
  const contentAt = (top: number) =>
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      return DOMRect.fromRect({ y: this.classList.contains('admin__content') ? top : 0 });
    });

  it('on a narrow screen, choosing scrolls smoothly to the content, never past its heading', () => {
    setViewportWidth(599);
    // Where a phone lays the content out: below four entries for an employee, six for an admin.
    contentAt(341);
    renderAdmin('/admin/nepoznato', ['employee']);
    fireEvent.click(entry('Korisnici'));
    expect(scrollTo.mock.calls).toEqual([[{ top: 341, behavior: 'smooth' }]]);
    expect(app.location()).toBe('/admin/user');
    app.unmount();
    contentAt(445);
    renderAdmin('/admin/nepoznato', ['administrator']);
    fireEvent.click(entry('Korisnici'));
    expect(scrollTo.mock.calls.at(-1)).toEqual([{ top: 445, behavior: 'smooth' }]);
  });

  it("scrolls by SPEC 9's entries * 75 + 225 px at most, when the content lies further down", () => {
    setViewportWidth(599);
    contentAt(2000);
    renderAdmin('/admin/nepoznato', ['employee']);
    fireEvent.click(entry('Korisnici'));
    expect(scrollTo.mock.calls).toEqual([[{ top: 525, behavior: 'smooth' }]]);
    app.unmount();
    renderAdmin('/admin/nepoznato', ['administrator']);
    fireEvent.click(entry('Korisnici'));
    expect(scrollTo.mock.calls.at(-1)).toEqual([{ top: 750, behavior: 'smooth' }]);
    expect(adminScrollOffset(5)).toBe(600);
  });

  it('from the tablet breakpoint up, choosing does not scroll', () => {
    setViewportWidth(600);
    renderAdmin('/admin/nepoznato', ['employee']);
    fireEvent.click(entry('Korisnici'));
    expect(scrollTo).not.toHaveBeenCalled();
    expect(app.location()).toBe('/admin/user');
  });

  it(
    'sends an employee who opens the course form to the first entry instead',
    { timeout: 15_000 },
    async () => {
      renderAdmin('/admin/course', ['employee']);
      expect(app.history).toEqual(['/admin/newsletter']);
      expect(await newsletterHeading()).toBeInTheDocument();
    },
  );

  it('sends an employee who opens Zapisnik to the first entry instead', () => {
    renderAdmin('/admin/zapisnik', ['employee']);
    expect(app.history).toEqual(['/admin/newsletter']);
    expect(screen.queryByRole('link', { name: 'Zapisnik' })).toBeNull();
  });

  it(
    "opens an administrator's first entry, Newsletter, from exactly /admin",
    { timeout: 15_000 },
    async () => {
      const campaignIdByName = fakePromiseActor<number, string>();
      app = renderWithEffects(<AdminContainer />, {
        path: '/admin',
        session: sessionWith(['administrator']),
        api: {
          ...PENDING_NEWSLETTER_CALLS,
          campaigns: { campaignIdByName: campaignIdByName.fn },
        },
      });
      expect(app.history).toEqual(['/admin/newsletter']);
      expect(entry('Newsletter')).toHaveAttribute('aria-current', 'page');
      await screen.findByText('Učitavanje obrasca…', {}, { timeout: 10_000 });
      expect(campaignIdByName.calls).toEqual(['Catalogs', 'Courses']);
    },
  );

  it('opens the partner form from Partneri, for an employee too', async () => {
    const listPartners = fakePromiseActor<Partner[], undefined>();
    app = renderWithEffects(<AdminContainer />, {
      path: '/admin/user',
      session: sessionWith(['employee']),
      api: { partners: { listPartners: () => listPartners.fn(undefined) } },
    });
    fireEvent.click(entry('Partneri'));
    expect(app.history).toEqual(['/admin/user', '/admin/partners']);
    expect(entry('Partneri')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 1, name: 'Novi partner' })).toBeVisible();
    await listPartners.resolve([]);
    expect(screen.getByText('Još nema unesenih partnera.')).toBeVisible();
  });

  it('loads the course form on demand for an administrator', { timeout: 15_000 }, async () => {
    const listCountries = fakePromiseActor<Country[], undefined>();
    app = renderWithEffects(<AdminContainer />, {
      path: '/admin/course',
      session: sessionWith(['administrator']),
      api: { countries: { listCountries: () => listCountries.fn(undefined) } },
    });
    expect(entry('Tečajevi')).toHaveAttribute('aria-current', 'page');
    // The course form's code (with the date picker) loads on demand: slow on a busy machine.
    await screen.findByText('Učitavanje obrasca…', {}, { timeout: 10_000 });
    expect(listCountries.calls).toHaveLength(1);
  });

  it('choosing the entry already shown replaces the location instead of adding to it', () => {
    renderAdmin('/admin/user', ['employee']);
    fireEvent.click(entry('Korisnici'));
    expect(app.history).toEqual(['/admin/user']);
  });
});

/** SPEC 2 "Admin shell", 6 and 9 as a model: who opened which address, where the app went since. */
interface AdminModel {
  role: Role | null;
  narrow: boolean;
  /** Where the content area lies down the page (px). */
  contentTop: number;
  history: string[];
  scrolls: { top: number; behavior: string }[];
}

/** SPEC 2 and 6: the entries by role, in SPEC's order (issue 29 adds Zapisnik for admins). */
function entriesOf(role: Role): [string, string][] {
  const admin = role === 'administrator';
  return [
    ['Newsletter', '/admin/newsletter'],
    ...(admin ? [['Tečajevi', '/admin/course'] as [string, string]] : []),
    ['Korisnici', '/admin/user'],
    ['Proizvodi', '/admin/products'],
    ...(admin ? [['Edukacije', '/admin/educations'] as [string, string]] : []),
    ['Partneri', '/admin/partners'],
    ...(admin ? [['Zapisnik', '/admin/zapisnik'] as [string, string]] : []),
  ];
}
const ADMIN_ONLY = ['/admin/course', '/admin/educations', '/admin/zapisnik'];
/** The screens the shell shows at once (the others load their code on demand). */
const EAGER_HEADINGS: Record<string, string> = {
  '/admin/user': INVITE_HEADING,
  '/admin/products': 'Proizvodi na početnoj stranici',
  '/admin/partners': 'Novi partner',
};
/** The API of the admin-only screens: an employee's visit never calls it. */
const ADMIN_ONLY_CALLS = /^(countries|courses|educations|auditLog)\./;

/** Every screen's calls are left pending and recorded: the shell is under test, not its screens. */
let apiCalls: string[] = [];
const pendingApi = new Proxy(
  {},
  {
    get: (_, resource: string) =>
      new Proxy(
        {},
        {
          get: (__, call: string) => () => {
            apiCalls.push(`${resource}.${call}`);
            return new Promise(() => {});
          },
        },
      ),
  },
) as FakeApi;

describe('admin shell random paths', () => {
  const current = (model: AdminModel) => model.history.at(-1) ?? '';
  /** The menu has 4 or 7 entries: a drawn position picks one of those the role sees. */
  const entryAt = (model: AdminModel, at: number): [string, string] => {
    const entries = entriesOf(model.role ?? 'employee');
    return entries[at % entries.length] ?? ['', ''];
  };
  /** The education admin opens its create form in place of /admin/educations (SPEC 2). */
  const settleEducations = async (model: AdminModel) => {
    if (model.role !== 'administrator' || current(model) !== '/admin/educations') return;
    model.history[model.history.length - 1] = '/admin/educations/create';
    await waitFor(() => expect(app.location()).toBe('/admin/educations/create'), {
      timeout: 10_000,
    });
  };

  /**
   * jsdom lays nothing out: the content area lies `top` px down the page, so the viewport sees it
   * less what the window has scrolled (the shell's own scroll moves the window).
   */
  let contentTopNow = 0;
  const layContentAt = (top: number) => {
    contentTopNow = top;
    if (vi.isMockFunction(HTMLElement.prototype.getBoundingClientRect)) return;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      return DOMRect.fromRect({
        y: this.classList.contains('admin__content') ? contentTopNow - window.scrollY : 0,
      });
    });
  };
  beforeEach(() => {
    scrollTo = spyOnScrollTo();
  });

  testRandomPaths<AdminModel>('adminShell', {
    startLabel: 'Prijavljen, bez otvorene stranice',
    // The education admin's code loads on demand in the first run that opens it: few runs.
    numRuns: 10,
    maxSteps: 10,
    start: () => {
      apiCalls = [];
      return { role: null, narrow: false, contentTop: 0, history: [], scrolls: [] };
    },
    steps: [
      fc
        .record({
          path: fc.constantFrom(
            '/admin',
            '/admin/',
            '/admin/newsletter',
            '/admin/course',
            '/admin/user',
            '/admin/products',
            '/admin/educations',
            '/admin/partners',
            '/admin/zapisnik',
            '/admin/nepoznato',
          ),
          role: fc.constantFrom<Role>('user', 'employee', 'employee', 'administrator'),
          narrow: fc.boolean(),
          contentTop: fc.constantFrom(341, 445, 2000),
        })
        .map(({ path, role, narrow, contentTop }) =>
          step<AdminModel>(
            `otvori ${path} kao ${role} na ${narrow ? 'uskom' : 'širokom'} zaslonu (sadržaj ${contentTop} px niže)`,
            async (model) => {
              cleanup();
              apiCalls = [];
              setViewportWidth(narrow ? 599 : 1024);
              layContentAt(contentTop);
              // A new visit starts at the top of the page.
              window.scrollTo({ top: 0 });
              scrollTo.mockClear();
              app = renderWithEffects(<AdminContainer />, {
                path,
                session: sessionWith([role]),
                api: pendingApi,
              });
              // SPEC 2 and 6: others go to /login; exactly /admin opens the first entry, and an
              // employee's admin-only address does too, each in place of the address opened.
              const staffOnly = role === 'user';
              const root = path.replace(/\/$/, '') === '/admin';
              const refused = role === 'employee' && ADMIN_ONLY.includes(path);
              const landing = staffOnly ? '/login' : root || refused ? '/admin/newsletter' : path;
              Object.assign(model, { role, narrow, contentTop, history: [landing], scrolls: [] });
              await settleEducations(model);
            },
          ),
        ),
      fc.nat({ max: 6 }).map((at) =>
        step<AdminModel>(
          (model) => `pritisni '${entryAt(model, at)[0]}'`,
          async (model) => {
            const entries = entriesOf(model.role ?? 'employee');
            const [name, href] = entryAt(model, at);
            fireEvent.click(entry(name));
            // Choosing the entry already shown replaces the address instead of adding to it.
            if (href === current(model)) model.history[model.history.length - 1] = href;
            else model.history.push(href);
            // SPEC 9: on a narrow screen, entries * 75 + 225 px down, never past the content.
            if (model.narrow) {
              const offset = entries.length * 75 + 225;
              model.scrolls.push({ top: Math.min(offset, model.contentTop), behavior: 'smooth' });
            }
            await settleEducations(model);
          },
          (model) => model.role === 'employee' || model.role === 'administrator',
        ),
      ),
    ],
    invariants: (model) => {
      if (model.role === null) return;
      expect(app.history).toEqual(model.history);
      if (model.role === 'user') {
        expect(menu()).not.toBeInTheDocument();
        expect(apiCalls).toEqual([]);
        return;
      }
      const entries = entriesOf(model.role);
      expect(entryNames()).toEqual(entries.map(([name]) => name));
      const path = current(model);
      for (const [name, href] of entries) {
        const inside = path === href || path.startsWith(`${href}/`);
        expect(entry(name).getAttribute('aria-current') === 'page').toBe(inside);
      }
      const known = entries.some(([, href]) => path === href || path.startsWith(`${href}/`));
      const notFound = screen.queryByRole('heading', { level: 1, name: NOT_FOUND });
      if (known) expect(notFound).not.toBeInTheDocument();
      else expect(notFound).toBeVisible();
      const heading = EAGER_HEADINGS[path];
      if (heading) expect(screen.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(scrollTo.mock.calls.map(([options]) => options)).toEqual(model.scrolls);
      if (model.role === 'employee') {
        expect(apiCalls.filter((call) => ADMIN_ONLY_CALLS.test(call))).toEqual([]);
      }
    },
  });
});
