import { act, fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthResponse, Role } from '../../src/api/contract.ts';
import { HeaderContainer } from '../../src/app/HeaderContainer.tsx';
import {
  sessionFromAuthResponse,
  type StoredSession,
} from '../../src/machines/authSession.machine.ts';
import {
  headerMachine,
  selectLoginRevealed,
  selectMenuOpen,
} from '../../src/machines/header.machine.ts';
import { messages } from '../../src/messages.ts';
import { Header } from '../../src/views/Header.tsx';
import type { LinkProps } from '../../src/views/PlainLink.tsx';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';
import { createSessionProbe } from '../support/session-probe.tsx';

const { nav } = messages;
const BRAND = 'Dental Sjever';

const loginOf = (roles: Role[]): AuthResponse => ({
  id: 1,
  name: 'Ana',
  surname: 'Horvat',
  email: 'ana@primjer.hr',
  roles,
  accessToken: 'access',
  refreshToken: 'refresh',
});
const storedWith = (roles: Role[]): StoredSession => sessionFromAuthResponse(loginOf(roles));

const revokeToken = fakePromiseActor<undefined, { refreshToken: string }>();
const session = createSessionProbe();
let app: ReturnType<typeof renderWithEffects>;

/** The header container that ships, in the real session (`null`: nobody logged in). */
function renderHeader(stored: StoredSession | null, path = '/') {
  revokeToken.reset();
  app = renderWithEffects(
    <>
      <HeaderContainer brand={BRAND} />
      <session.Probe />
    </>,
    { path, session: stored, api: { users: { revokeToken: revokeToken.fn } } },
  );
  return app;
}

/** How the session changes under the header: a login elsewhere, or the logout page opening. */
const changeSession = (isLoggedIn: boolean) =>
  session.send(isLoggedIn ? { type: 'LOGIN', response: loginOf(['user']) } : { type: 'LOGOUT' });

const link = (name: string) => screen.queryByRole('link', { name });
/** The menu's toggle, by either of its names (closed: 'Izbornik', open: 'Zatvori izbornik'). */
const menuButton = () => screen.getByRole('button', { name: /^(Zatvori izbornik|Izbornik)$/ });
const header = () => screen.getByRole('banner');

// The generated paths of press-and-hold and the menu; the title ends in ' model', as the path runner
// and the planted-bug script tell generated paths by it.
describe('header model', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // fireEvent, not userEvent: Testing Library's async wrapper waits on a faked setTimeout.
  testMachineModel(headerMachine, {
    inputs: [{ isLoggedIn: true }],
    describeInput: () => 'logged in',
    render: () => renderHeader(storedWith(['user'])),
    sampleEvents: [
      { type: 'SESSION_CHANGED', isLoggedIn: false },
      { type: 'SESSION_CHANGED', isLoggedIn: true },
    ],
    states: {
      'loginLink.hidden': ({ context }) => {
        expect(link(nav.login) !== null).toBe(!context.isLoggedIn);
        expect(link(nav.logout) !== null).toBe(context.isLoggedIn);
      },
      'loginLink.holding': () => {
        expect(link(nav.login)).not.toBeInTheDocument();
        expect(link(nav.logout)).toBeVisible();
      },
      'loginLink.revealed': () => {
        expect(link(nav.login)).toHaveAttribute('href', '/login');
        expect(link(nav.logout)).toBeVisible();
      },
      'menu.closed': () => expect(menuButton()).toHaveAttribute('aria-expanded', 'false'),
      'menu.open': () => {
        expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
        expect(link(nav.catalogues)).toHaveFocus();
        expect(app.location()).toBe('/');
      },
    },
    events: {
      HOLD_START: () => fireEvent.pointerDown(header()),
      HOLD_END: () => fireEvent.pointerUp(header()),
      SESSION_CHANGED: (event) => changeSession(!!event.isLoggedIn),
      TOGGLE_MENU: () => fireEvent.click(menuButton()),
      CLOSE_MENU: () => fireEvent.keyDown(document.activeElement ?? header(), { key: 'Escape' }),
    },
  });
});

describe('press-and-hold pinned by hand', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('reveals the login link after exactly 2000 ms of holding while logged in', async () => {
    renderHeader(storedWith(['user']));
    fireEvent.pointerDown(header());
    await advance(1999);
    expect(link('Prijava')).not.toBeInTheDocument();
    await advance(1);
    expect(link('Prijava')).toHaveAttribute('href', '/login');
    fireEvent.pointerUp(header());
    expect(link('Prijava')).toBeVisible();
  });

  it('forgets a hold released, left or cancelled before 2000 ms', async () => {
    renderHeader(storedWith(['user']));
    for (const release of [fireEvent.pointerUp, fireEvent.pointerLeave, fireEvent.pointerCancel]) {
      fireEvent.pointerDown(header());
      await advance(1500);
      release(header());
      await advance(1000);
      expect(link('Prijava')).not.toBeInTheDocument();
    }
  });

  it('a hold while logged out changes nothing: the login link is there anyway', async () => {
    renderHeader(null);
    fireEvent.pointerDown(header());
    await advance(2000);
    expect(screen.getAllByRole('link', { name: 'Prijava' })).toHaveLength(1);
    expect(link('Odjava')).not.toBeInTheDocument();
  });

  it('keeps the revealed login link through a token refresh, which is no new session', async () => {
    renderHeader(storedWith(['user']));
    fireEvent.pointerDown(header());
    await advance(2000);
    await session.send({
      type: 'TOKENS_REFRESHED',
      tokens: { accessToken: 'a2', refreshToken: 'r2' },
    });
    expect(link('Prijava')).toBeVisible();
  });

  it('hides the revealed login link again when the session changes', async () => {
    renderHeader(storedWith(['user']));
    fireEvent.pointerDown(header());
    await advance(2000);
    await changeSession(false);
    expect(link('Odjava')).not.toBeInTheDocument();
    await changeSession(true);
    expect(link('Odjava')).toBeVisible();
    expect(link('Prijava')).not.toBeInTheDocument();
  });
});

describe('hamburger menu pinned by hand', () => {
  const user = userEvent.setup();

  it('opens with focus in the panel and closes on Escape with focus back on the button', async () => {
    renderHeader(null);
    expect(menuButton()).toHaveAttribute('aria-controls', screen.getByRole('navigation').id);
    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(link('Proizvodi i katalozi')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });

  it('closes when a link is followed, which navigates inside the app', async () => {
    renderHeader(null);
    await user.click(menuButton());
    await user.click(screen.getByRole('link', { name: 'O nama' }));
    expect(app.history).toEqual(['/', '/info']);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
    expect(link('O nama')).toHaveAttribute('aria-current', 'page');
  });

  it('turns its button into the close control while open (issue 32)', async () => {
    renderHeader(null);
    await user.click(menuButton());
    const close = screen.getByRole('button', { name: 'Zatvori izbornik' });
    expect(close).toHaveAttribute('aria-expanded', 'true');
    await user.click(close);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a tap on the dimmed page behind it, focus back on the button', async () => {
    const { container } = renderHeader(null);
    const backdrop = container.querySelector('.header__backdrop');
    expect(backdrop).toHaveAttribute('data-open', 'false');
    await user.click(menuButton());
    expect(backdrop).toHaveAttribute('data-open', 'true');
    await user.click(backdrop as Element);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
    expect(app.history).toEqual(['/']);
  });

  it('keeps focus inside while open: Tab cycles the close button and the links', async () => {
    renderHeader(null);
    await user.click(menuButton());
    const links = ['Proizvodi i katalozi', 'Tečajevi', 'O nama', 'Prijava'];
    expect(link(links[0] ?? '')).toHaveFocus();
    for (const name of links.slice(1)) {
      await user.tab();
      expect(link(name)).toHaveFocus();
    }
    await user.tab();
    expect(screen.getByRole('button', { name: 'Zatvori izbornik' })).toHaveFocus();
    await user.tab();
    expect(link('Proizvodi i katalozi')).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Zatvori izbornik' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(link('Prijava')).toHaveFocus();
  });

  it('closes on Escape wherever focus is, giving it back to the button', async () => {
    renderHeader(null);
    await user.click(menuButton());
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });

  it('the menu button toggles it shut again', async () => {
    renderHeader(null);
    await user.click(menuButton());
    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(app.history).toEqual(['/']);
  });

  it('closes when the logo is pressed on the home page, where the address stays the same', async () => {
    renderHeader(null);
    await user.click(menuButton());
    await user.click(screen.getByRole('link', { name: BRAND }));
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(app.location()).toBe('/');
  });
});

describe('header links by session and page', () => {
  const linkTargets = () =>
    screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);

  it('shows an anonymous visitor the public links and the login', () => {
    renderHeader(null);
    expect(linkTargets()).toEqual([
      [BRAND, '/'],
      ['Proizvodi i katalozi', '/katalozi'],
      ['Tečajevi', '/tecajevi'],
      ['O nama', '/info'],
      ['Prijava', '/login'],
    ]);
    expect(link(BRAND)).toHaveAttribute('aria-current', 'page');
  });

  it('shows a user the educations and the logout, but no admin link', () => {
    renderHeader(storedWith(['user']), '/tecajevi');
    expect(linkTargets()).toEqual([
      [BRAND, '/'],
      ['Proizvodi i katalozi', '/katalozi'],
      ['Tečajevi', '/tecajevi'],
      ['O nama', '/info'],
      ['Video edukacije', '/edukacije/'],
      ['Odjava', '/logout'],
    ]);
    expect(link('Tečajevi')).toHaveAttribute('aria-current', 'page');
    expect(link(BRAND)).not.toHaveAttribute('aria-current');
  });

  it.each<[string, Role[]]>([
    ['an employee', ['employee']],
    ['an administrator', ['administrator']],
  ])('shows %s the admin link', (_, roles) => {
    renderHeader(storedWith(roles));
    expect(link('Admin')).toHaveAttribute('href', '/admin');
  });
});

describe('Header view from a resolved snapshot', () => {
  function RouterLink(props: LinkProps) {
    return <a data-router="" {...props} />;
  }

  it('shows the login of the revealed state beside the logout, through the link it is given', () => {
    const snapshot = headerMachine.resolveState({
      value: { loginLink: 'revealed', menu: 'open' },
      context: { isLoggedIn: true },
    });
    const onHoldStart = vi.fn();
    const onHoldEnd = vi.fn();
    render(
      <Header
        brand={BRAND}
        isLoggedIn
        isEmployee
        loginRevealed={selectLoginRevealed(snapshot)}
        menuOpen={selectMenuOpen(snapshot)}
        currentPath="/tecajevi"
        onHoldStart={onHoldStart}
        onHoldEnd={onHoldEnd}
        onToggleMenu={vi.fn()}
        onCloseMenu={vi.fn()}
        LinkComponent={RouterLink}
      />,
    );
    expect(link('Prijava')).toBeVisible();
    expect(link('Odjava')).toBeVisible();
    expect(link('Admin')).toHaveAttribute('data-router');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');

    fireEvent.pointerDown(header());
    expect(onHoldStart).toHaveBeenCalledOnce();
    fireEvent.pointerLeave(header());
    expect(onHoldEnd).toHaveBeenCalledOnce();
  });
});

/** SPEC 2 "Header", 4 "Header" and 9 as a model: who is logged in, how long the header is held. */
interface HeaderModel {
  roles: Role[] | null;
  /** The time on the test's clock; the press started at `pressedAt` (null: not pressed). */
  now: number;
  pressedAt: number | null;
  /** A hold of 2000 ms finished in this session (the login link then shows until it ends). */
  revealed: boolean;
  menuOpen: boolean;
  path: string;
  logouts: number;
}

const HOLD_MS = 2000;
const roleChoices: Role[][] = [['user'], ['employee'], ['administrator']];

/** SPEC 2's links for a session, in the header's order, the logo first. */
function expectedLinks({ roles, revealed }: HeaderModel): [string, string][] {
  const loggedIn = roles !== null;
  const staff = roles?.some((role) => role === 'employee' || role === 'administrator') ?? false;
  return [
    [BRAND, '/'],
    [nav.catalogues, '/katalozi'],
    [nav.courses, '/tecajevi'],
    [nav.about, '/info'],
    ...(loggedIn ? [[nav.educations, '/edukacije/'] as [string, string]] : []),
    ...(staff ? [[nav.admin, '/admin'] as [string, string]] : []),
    ...(!loggedIn || revealed ? [[nav.login, '/login'] as [string, string]] : []),
    ...(loggedIn ? [[nav.logout, '/logout'] as [string, string]] : []),
  ];
}

/** A click is a press and a release on the header before it (a hold of no time). */
function tap(target: Element) {
  fireEvent.pointerDown(target);
  fireEvent.pointerUp(target);
  fireEvent.click(target);
}

describe('header random paths', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const idle = (model: HeaderModel) => model.pressedAt === null;
  const wait = (ms: number) =>
    step<HeaderModel>(`pričekaj ${ms} ms`, async (model) => {
      await act(() => vi.advanceTimersByTimeAsync(ms));
      model.now += ms;
      // SPEC 4: 2000 ms of holding while logged in shows the login link.
      if (model.pressedAt !== null && model.roles && model.now - model.pressedAt >= HOLD_MS) {
        model.revealed = true;
      }
    });
  const follow = (name: string, href: string) => (model: HeaderModel) => {
    tap(link(name) ?? document.body);
    model.path = href;
    model.menuOpen = false;
  };

  const press = fc.constant(
    step<HeaderModel>(
      'pritisni i drži zaglavlje',
      (model) => {
        fireEvent.pointerDown(header());
        model.pressedAt = model.now;
      },
      idle,
    ),
  );

  testRandomPaths<HeaderModel>('header', {
    startLabel: 'Otvori početnu stranicu',
    // Cheap runs; a revealed link lost on a new session needs a login, a hold, a logout and a
    // login again, so long paths.
    numRuns: 30,
    maxSteps: 16,
    start: () => {
      // A visitor arrives logged out and logs in through the header, as a person does.
      renderHeader(null);
      return {
        roles: null,
        now: 0,
        pressedAt: null,
        revealed: false,
        menuOpen: false,
        path: '/',
        logouts: 0,
      };
    },
    steps: [
      // Listed twice: most holds worth checking are long ones.
      press,
      press,
      fc.constantFrom('pointerUp', 'pointerLeave', 'pointerCancel').map((how) =>
        step<HeaderModel>(
          how === 'pointerUp'
            ? 'pusti zaglavlje'
            : how === 'pointerLeave'
              ? 'pomakni pokazivač izvan zaglavlja'
              : 'preglednik prekida pritisak',
          (model) => {
            fireEvent[how](header());
            model.pressedAt = null;
          },
          (model) => !idle(model),
        ),
      ),
      // Around the 2000 ms that SPEC 9 names, and longer waits.
      fc.constantFrom(1, 999, 1000, 1999, 2000, 2001, 3000).map(wait),
      fc.integer({ min: 1, max: 2500 }).map(wait),
      fc.constant(
        step<HeaderModel>(
          (model) => (model.menuOpen ? "pritisni 'Zatvori izbornik'" : "pritisni 'Izbornik'"),
          (model) => {
            tap(menuButton());
            model.menuOpen = !model.menuOpen;
          },
          idle,
        ),
      ),
      fc.constantFrom<'escape' | 'backdrop'>('escape', 'backdrop').map((how) =>
        step<HeaderModel>(
          how === 'escape' ? 'pritisni Escape' : 'dodirni zatamnjenu stranicu',
          (model) => {
            if (how === 'escape') {
              fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
            } else {
              fireEvent.click(document.querySelector('.header__backdrop') ?? document.body);
            }
            model.menuOpen = false;
          },
          (model) => idle(model) && model.menuOpen,
        ),
      ),
      fc
        .constantFrom<[string, string]>(
          [BRAND, '/'],
          [nav.catalogues, '/katalozi'],
          [nav.courses, '/tecajevi'],
          [nav.about, '/info'],
        )
        .map(([name, href]) =>
          step<HeaderModel>(`pritisni poveznicu '${name}'`, follow(name, href), idle),
        ),
      fc.constantFrom(...roleChoices).map((roles) =>
        step<HeaderModel>(
          `pritisni '${nav.login}' i prijavi se (${roles.join(', ')})`,
          async (model) => {
            follow(nav.login, '/login')(model);
            // The login form sends the session its LOGIN and goes home.
            await session.send({ type: 'LOGIN', response: loginOf(roles) });
            model.roles = roles;
            model.revealed = false;
          },
          (model) => idle(model) && model.roles === null,
        ),
      ),
      fc.constant(
        step<HeaderModel>(
          `pritisni '${nav.logout}'`,
          async (model) => {
            follow(nav.logout, '/logout')(model);
            // The logout page ends the session; the server revokes the token.
            await session.send({ type: 'LOGOUT' });
            await revokeToken.resolve(undefined);
            model.roles = null;
            model.revealed = false;
            model.logouts += 1;
          },
          (model) => idle(model) && model.roles !== null,
        ),
      ),
      fc.constant(
        step<HeaderModel>(
          'API obnavlja tokene',
          () =>
            session.send({
              type: 'TOKENS_REFRESHED',
              tokens: { accessToken: 'a2', refreshToken: 'r2' },
            }),
          (model) => model.roles !== null,
        ),
      ),
    ],
    invariants: (model) => {
      expect(
        screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]),
      ).toEqual(expectedLinks(model));
      for (const [name, href] of expectedLinks(model)) {
        expect(link(name)?.getAttribute('aria-current') === 'page').toBe(href === model.path);
      }
      expect(menuButton()).toHaveAttribute('aria-expanded', String(model.menuOpen));
      expect(menuButton()).toHaveAccessibleName(model.menuOpen ? 'Zatvori izbornik' : 'Izbornik');
      expect(document.querySelector('.header__backdrop')).toHaveAttribute(
        'data-open',
        String(model.menuOpen),
      );
      expect(app.location()).toBe(model.path);
      expect(revokeToken.calls).toHaveLength(model.logouts);
    },
  });
});
