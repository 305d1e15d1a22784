import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Country, Partner, Role } from '../../src/api/contract.ts';
import { AdminContainer } from '../../src/app/AdminContainer.tsx';
import {
  adminScrollOffset,
  adminShellMachine,
  type AdminShellInput,
} from '../../src/machines/adminShell.machine.ts';
import type { StoredSession } from '../../src/machines/authSession.machine.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';
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
