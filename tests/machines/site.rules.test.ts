/**
 * The smaller machines' rules at their edges (SPEC 4, 9): timers at their exact length, cookies
 * and their lifetimes, role checks, the course filter and order, and what each effect receives.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { AuthResponse, Course, Product } from '../../src/api/contract.ts';
import {
  accessGateMachine,
  CONSENT_COOKIES,
  hasGateConsent,
  selectDeclarationRequired,
  selectDeclared,
  selectSiteUnlocked,
  type ConsentCookie,
} from '../../src/machines/accessGate.machine.ts';
import {
  adminEntries,
  adminScrollOffset,
  adminShellMachine,
  selectAdminEntries,
  selectAdminOpen,
} from '../../src/machines/adminShell.machine.ts';
import {
  authSessionMachine,
  hasAdministratorRole,
  hasEmployeeRole,
  selectIsAdministrator,
  selectIsEmployee,
  selectIsLoggedIn,
  selectTokens,
  selectUser,
  sessionFromAuthResponse,
} from '../../src/machines/authSession.machine.ts';
import {
  coursesListMachine,
  newestFirst,
  readShowAbroad,
  selectAbroadSwitchShown,
  selectCoursesStage,
  selectCourseToDelete,
  selectDeleting,
  selectShowAbroad,
  selectVisibleCourses,
  showAbroadCookie,
} from '../../src/machines/coursesList.machine.ts';
import {
  headerMachine,
  selectLoginRevealed,
  selectMenuOpen,
} from '../../src/machines/header.machine.ts';
import {
  heroRotationMachine,
  selectHeroIndex,
  selectHeroPaused,
  selectHeroPrevious,
} from '../../src/machines/heroRotation.machine.ts';
import {
  homeProductsMachine,
  selectHomeProducts,
  selectHomeProductsLoading,
} from '../../src/machines/homeProducts.machine.ts';
import {
  logoutCountdownMachine,
  selectSecondsLeft,
} from '../../src/machines/logoutCountdown.machine.ts';
import {
  mapSelectionMachine,
  selectMapShapes,
  selectMapUnavailable,
  selectSelectedRegionId,
  type MapShapes,
} from '../../src/machines/mapSelection.machine.ts';
import { messages } from '../../src/messages.ts';
import { aCourse } from '../support/courses.ts';

describe('timers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('header: holding 2000 ms while logged in reveals the login link, 1999 ms does not', () => {
    const header = createActor(headerMachine, { input: { isLoggedIn: true } }).start();
    header.send({ type: 'HOLD_START' });
    vi.advanceTimersByTime(1999);
    expect(selectLoginRevealed(header.getSnapshot())).toBe(false);
    header.send({ type: 'HOLD_END' });
    header.send({ type: 'HOLD_START' });
    vi.advanceTimersByTime(1999);
    expect(selectLoginRevealed(header.getSnapshot())).toBe(false);
    vi.advanceTimersByTime(1);
    expect(selectLoginRevealed(header.getSnapshot())).toBe(true);
    // Repeating the same session state keeps the link; a real change hides it.
    header.send({ type: 'SESSION_CHANGED', isLoggedIn: true });
    expect(selectLoginRevealed(header.getSnapshot())).toBe(true);
    header.send({ type: 'SESSION_CHANGED', isLoggedIn: false });
    expect(selectLoginRevealed(header.getSnapshot())).toBe(false);
    header.send({ type: 'HOLD_START' });
    vi.advanceTimersByTime(2000);
    expect(selectLoginRevealed(header.getSnapshot())).toBe(false);
  });

  it('header: the menu opens, toggles and closes independently', () => {
    const header = createActor(headerMachine, { input: { isLoggedIn: false } }).start();
    expect(selectMenuOpen(header.getSnapshot())).toBe(false);
    header.send({ type: 'CLOSE_MENU' });
    expect(selectMenuOpen(header.getSnapshot())).toBe(false);
    header.send({ type: 'TOGGLE_MENU' });
    expect(selectMenuOpen(header.getSnapshot())).toBe(true);
    header.send({ type: 'TOGGLE_MENU' });
    expect(selectMenuOpen(header.getSnapshot())).toBe(false);
    header.send({ type: 'TOGGLE_MENU' });
    header.send({ type: 'CLOSE_MENU' });
    expect(selectMenuOpen(header.getSnapshot())).toBe(false);
  });

  it('hero: changes every 5000 ms, wraps around and remembers the previous photo', () => {
    const hero = createActor(heroRotationMachine, { input: { count: 3, reducedMotion: false } });
    hero.start();
    expect(hero.getSnapshot().matches('rotating')).toBe(true);
    expect(selectHeroPrevious(hero.getSnapshot())).toBeNull();
    vi.advanceTimersByTime(4999);
    expect(selectHeroIndex(hero.getSnapshot())).toBe(0);
    vi.advanceTimersByTime(1);
    expect([selectHeroIndex(hero.getSnapshot()), selectHeroPrevious(hero.getSnapshot())]).toEqual([
      1, 0,
    ]);
    vi.advanceTimersByTime(10_000);
    expect([selectHeroIndex(hero.getSnapshot()), selectHeroPrevious(hero.getSnapshot())]).toEqual([
      0, 2,
    ]);
  });

  it.each([
    ['the pointer is over it', 'POINTER_ENTER', 'POINTER_LEAVE'],
    ['focus is inside', 'FOCUS_IN', 'FOCUS_OUT'],
    ['the visitor paused it', 'TOGGLE_PAUSE', 'TOGGLE_PAUSE'],
  ] as const)('hero: holds while %s, then waits a full interval', (_, hold, release) => {
    const hero = createActor(heroRotationMachine, { input: { count: 2, reducedMotion: false } });
    hero.start();
    vi.advanceTimersByTime(3000);
    hero.send({ type: hold });
    expect(hero.getSnapshot().matches('rotating')).toBe(false);
    vi.advanceTimersByTime(20_000);
    expect(selectHeroIndex(hero.getSnapshot())).toBe(0);
    hero.send({ type: release });
    vi.advanceTimersByTime(4999);
    expect(selectHeroIndex(hero.getSnapshot())).toBe(0);
    vi.advanceTimersByTime(1);
    expect(selectHeroIndex(hero.getSnapshot())).toBe(1);
  });

  it('hero: reduced motion starts paused; one photo never rotates', () => {
    const reduced = createActor(heroRotationMachine, { input: { count: 3, reducedMotion: true } });
    reduced.start();
    expect(selectHeroPaused(reduced.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(selectHeroIndex(reduced.getSnapshot())).toBe(0);
    reduced.send({ type: 'TOGGLE_PAUSE' });
    expect(selectHeroPaused(reduced.getSnapshot())).toBe(false);
    const single = createActor(heroRotationMachine, { input: { count: 1, reducedMotion: false } });
    single.start();
    expect(single.getSnapshot().matches('rotating')).toBe(false);
  });

  it('logout: logs out at once, counts 3, 2, 1 a second apart, then goes home', () => {
    const log: string[] = [];
    const countdown = createActor(
      logoutCountdownMachine.provide({
        actions: { logOut: () => log.push('logOut'), goHome: () => log.push('goHome') },
      }),
    ).start();
    expect(log).toEqual(['logOut']);
    const seen = [selectSecondsLeft(countdown.getSnapshot())];
    for (let tick = 0; tick < 2; tick += 1) {
      vi.advanceTimersByTime(999);
      expect(selectSecondsLeft(countdown.getSnapshot())).toBe(seen.at(-1));
      vi.advanceTimersByTime(1);
      seen.push(selectSecondsLeft(countdown.getSnapshot()));
    }
    expect(seen).toEqual([3, 2, 1]);
    vi.advanceTimersByTime(999);
    expect(log).toEqual(['logOut']);
    vi.advanceTimersByTime(1);
    expect(log).toEqual(['logOut', 'goHome']);
    expect(countdown.getSnapshot().status).toBe('done');
  });
});

describe('access gate', () => {
  it('opens only for both cookies with their accepted values', () => {
    const jar = (cookies: Record<string, string>) => (name: string) => cookies[name];
    expect(hasGateConsent(jar({ prihvaceni_kolacici: '1', pristup_dozvoljen: 'true' }))).toBe(true);
    expect(hasGateConsent(jar({ prihvaceni_kolacici: '1' }))).toBe(false);
    expect(hasGateConsent(jar({ pristup_dozvoljen: 'true' }))).toBe(false);
    expect(hasGateConsent(jar({ prihvaceni_kolacici: 'true', pristup_dozvoljen: 'true' }))).toBe(
      false,
    );
    expect(hasGateConsent(jar({ prihvaceni_kolacici: '1', pristup_dozvoljen: '1' }))).toBe(false);
  });

  it('writes the necessary cookie for 100 years and the declaration for 1 year, same-site strict', () => {
    expect(CONSENT_COOKIES).toEqual([
      { name: 'prihvaceni_kolacici', value: '1', attributes: { expires: 36525, path: '/' } },
      {
        name: 'pristup_dozvoljen',
        value: 'true',
        attributes: { expires: 365, path: '/', sameSite: 'Strict' },
      },
    ]);
  });

  it('needs the declaration before accepting, then persists the consent once', () => {
    const written: (readonly ConsentCookie[])[] = [];
    const gate = createActor(
      accessGateMachine.provide({
        actions: { persistConsent: (_, cookies) => written.push(cookies) },
      }),
      { input: { accepted: false } },
    ).start();
    gate.send({ type: 'ACCEPT' });
    expect(selectDeclarationRequired(gate.getSnapshot())).toBe(true);
    gate.send({ type: 'TOGGLE_DECLARATION' });
    expect(selectDeclared(gate.getSnapshot())).toBe(true);
    expect(selectDeclarationRequired(gate.getSnapshot())).toBe(false);
    gate.send({ type: 'ACCEPT' });
    expect(selectSiteUnlocked(gate.getSnapshot())).toBe(true);
    expect(written).toEqual([CONSENT_COOKIES]);
    const returning = createActor(accessGateMachine, { input: { accepted: true } }).start();
    expect(selectSiteUnlocked(returning.getSnapshot())).toBe(true);
  });
});

describe('admin shell', () => {
  function startShell(input: { isEmployee: boolean; isAdministrator: boolean; path: string }) {
    const log: unknown[] = [];
    const shell = createActor(
      adminShellMachine.provide({
        actions: {
          goToLogin: () => log.push('login'),
          openEntry: (_, href) => log.push(href),
          scrollToContent: (_, offset) => log.push(offset),
        },
      }),
      { input },
    ).start();
    return { shell, log };
  }

  it('lists Newsletter first, and the course, education and Zapisnik entries for administrators only', () => {
    expect(adminEntries({ isAdministrator: true })).toEqual([
      { href: '/admin/newsletter', label: messages.newsletterForm.menuEntry },
      { href: '/admin/course', label: messages.courseForm.menuEntry },
      { href: '/admin/user', label: messages.admin.users },
      { href: '/admin/products', label: messages.productStrip.menuEntry },
      { href: '/admin/educations', label: messages.educationAdmin.menuEntry },
      { href: '/admin/partners', label: messages.partnerForm.menuEntry },
      { href: '/admin/zapisnik', label: messages.auditLog.menuEntry },
    ]);
    expect(adminEntries({ isAdministrator: false })).toEqual([
      { href: '/admin/newsletter', label: messages.newsletterForm.menuEntry },
      { href: '/admin/user', label: messages.admin.users },
      { href: '/admin/products', label: messages.productStrip.menuEntry },
      { href: '/admin/partners', label: messages.partnerForm.menuEntry },
    ]);
  });

  it('scrolls by entries * 75 + 225 px', () => {
    expect(adminScrollOffset(1)).toBe(300);
    expect(adminScrollOffset(2)).toBe(375);
  });

  it('sends a non-employee to the login', () => {
    const { shell, log } = startShell({
      isEmployee: false,
      isAdministrator: false,
      path: '/admin',
    });
    expect(selectAdminOpen(shell.getSnapshot())).toBe(false);
    expect(log).toEqual(['login']);
  });

  it.each(['/admin', '/admin/'])('opens the first entry at exactly %s', (path) => {
    const { shell, log } = startShell({ isEmployee: true, isAdministrator: true, path });
    expect(selectAdminOpen(shell.getSnapshot())).toBe(true);
    expect(shell.getSnapshot().context.path).toBe('/admin/newsletter');
    expect(log).toEqual(['/admin/newsletter']);
  });

  it('stays on a deeper path and scrolls when an entry is chosen', () => {
    const { shell, log } = startShell({
      isEmployee: true,
      isAdministrator: false,
      path: '/admin/user',
    });
    expect(log).toEqual([]);
    expect(selectAdminEntries(shell.getSnapshot())).toHaveLength(4);
    shell.send({ type: 'CHOOSE_ENTRY', href: '/admin/user' });
    expect(log).toEqual(['/admin/user', 525]);
    expect(shell.getSnapshot().context.path).toBe('/admin/user');
  });
});

describe('auth session', () => {
  const response: AuthResponse = {
    id: 1,
    name: 'Ana',
    surname: 'Anić',
    email: 'ana@dentalia.hr',
    roles: ['employee'],
    accessToken: 'a1',
    refreshToken: 'r1',
  };
  const stored = sessionFromAuthResponse(response);

  it('splits an answer into the user and the tokens', () => {
    expect(stored).toEqual({
      user: { id: 1, name: 'Ana', surname: 'Anić', email: 'ana@dentalia.hr', roles: ['employee'] },
      tokens: { accessToken: 'a1', refreshToken: 'r1' },
    });
  });

  it('counts administrators as employees, not the other way round', () => {
    const user = (roles: AuthResponse['roles']) => ({ ...stored.user, roles });
    expect([hasEmployeeRole(user(['user'])), hasAdministratorRole(user(['user']))]).toEqual([
      false,
      false,
    ]);
    expect([hasEmployeeRole(user(['employee'])), hasAdministratorRole(user(['employee']))]).toEqual(
      [true, false],
    );
    expect([
      hasEmployeeRole(user(['administrator'])),
      hasAdministratorRole(user(['administrator'])),
    ]).toEqual([true, true]);
    expect([hasEmployeeRole(null), hasAdministratorRole(null)]).toEqual([false, false]);
  });

  function startSession(input: typeof stored | null, revoke: () => Promise<unknown>) {
    const log: unknown[] = [];
    const session = createActor(
      authSessionMachine.provide({
        actors: {
          revokeToken: fromPromise(({ input: call }) => {
            log.push(['revoke', call]);
            return revoke();
          }),
        },
        actions: {
          persistSession: (_, saved) => log.push(['persistSession', saved]),
          persistTokens: (_, tokens) => log.push(['persistTokens', tokens]),
          clearSession: () => log.push('clearSession'),
          notifyExpired: (_, notice) => log.push(['notifyExpired', notice]),
          redirectToLogin: () => log.push('redirectToLogin'),
        },
      }),
      { input },
    ).start();
    return { session, log };
  }

  it('restores a stored session and keeps refreshed tokens', () => {
    const { session, log } = startSession(stored, () => Promise.resolve());
    expect(selectIsLoggedIn(session.getSnapshot())).toBe(true);
    expect(selectUser(session.getSnapshot())).toEqual(stored.user);
    expect([
      selectIsEmployee(session.getSnapshot()),
      selectIsAdministrator(session.getSnapshot()),
    ]).toEqual([true, false]);
    const next = { accessToken: 'a2', refreshToken: 'r2' };
    session.send({ type: 'TOKENS_REFRESHED', tokens: next });
    expect(selectTokens(session.getSnapshot())).toEqual(next);
    expect(log).toEqual([['persistTokens', next]]);
  });

  it('logs in from logged out and persists the session', () => {
    const { session, log } = startSession(null, () => Promise.resolve());
    expect(selectUser(session.getSnapshot())).toBeNull();
    session.send({ type: 'LOGIN', response });
    expect(selectUser(session.getSnapshot())).toEqual(stored.user);
    expect(selectTokens(session.getSnapshot())).toEqual(stored.tokens);
    expect(log).toEqual([['persistSession', stored]]);
  });

  it('on a forced logout clears everything, warns and goes to the login', () => {
    const { session, log } = startSession(stored, () => Promise.resolve());
    session.send({ type: 'AUTH_EXPIRED' });
    expect(selectIsLoggedIn(session.getSnapshot())).toBe(false);
    expect(selectTokens(session.getSnapshot())).toBeNull();
    expect(log).toEqual([
      'clearSession',
      ['notifyExpired', { message: messages.auth.expired }],
      'redirectToLogin',
    ]);
  });

  it.each([
    ['revoked', () => Promise.resolve()],
    ['not revoked', () => Promise.reject(new Error('offline'))],
  ])('logs out, keeping the tokens until the revoke is over (%s)', async (_, revoke) => {
    const { session, log } = startSession(stored, revoke);
    session.send({ type: 'LOGOUT' });
    expect(selectIsLoggedIn(session.getSnapshot())).toBe(false);
    expect(selectTokens(session.getSnapshot())).toEqual(stored.tokens);
    await waitFor(session, (s) => s.matches('loggedOut'));
    expect(selectTokens(session.getSnapshot())).toBeNull();
    expect(selectUser(session.getSnapshot())).toBeNull();
    expect(log).toEqual([['revoke', { refreshToken: 'r1' }], 'clearSession']);
  });
});

describe('courses list', () => {
  const zagreb = aCourse({ id: 1, title: 'Zagreb', createdAt: '2026-10-01T10:00:00.000Z' });
  const ljubljana = aCourse({
    id: 2,
    title: 'Ljubljana',
    country: { isoCode: 'SI' },
    createdAt: '2026-10-02T10:00:00.000Z',
  });
  const split = aCourse({ id: 3, title: 'Split', createdAt: '2026-09-01T10:00:00.000Z' });

  it('keeps the choice for 6 months, Secure on https', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(showAbroadCookie(true, now, true)).toEqual({
      name: 'tecajevi-prikazuj-sve',
      value: 'true',
      attributes: {
        expires: new Date('2027-05-23T12:00:00Z'),
        path: '/',
        sameSite: 'Lax',
        secure: true,
      },
    });
    expect(showAbroadCookie(false, now, false).value).toBe('false');
    expect(showAbroadCookie(false, now, false).attributes.secure).toBe(false);
    expect(now.toISOString()).toBe('2026-11-23T12:00:00.000Z');
  });

  it('reads only "true" as show all', () => {
    expect(readShowAbroad((name) => (name === 'tecajevi-prikazuj-sve' ? 'true' : undefined))).toBe(
      true,
    );
    expect(readShowAbroad(() => '1')).toBe(false);
    expect(readShowAbroad(() => undefined)).toBe(false);
  });

  it('orders newest first without touching the given list', () => {
    const given = [split, zagreb, ljubljana];
    expect(newestFirst(given).map((c) => c.id)).toEqual([2, 1, 3]);
    expect(given.map((c) => c.id)).toEqual([3, 1, 2]);
  });

  function startList(
    load: () => Promise<(typeof zagreb)[]>,
    remove = () => Promise.resolve(undefined),
  ) {
    const log: unknown[] = [];
    const list = createActor(
      coursesListMachine.provide({
        actors: {
          loadCourses: fromPromise(load),
          deleteCourse: fromPromise<undefined, { id: number }>(({ input }) => {
            log.push(['delete', input.id]);
            return remove();
          }),
        },
        actions: {
          persistShowAbroad: (_, value) => log.push(['persist', value]),
          notifyDeleted: (_, text) => log.push(text),
          notifyDeleteFailed: (_, text) => log.push(text),
        },
      }),
      { input: { showAbroad: false } },
    ).start();
    return { list, log };
  }

  it('shows the empty and failed states', async () => {
    const empty = startList(() => Promise.resolve([]));
    expect(selectCoursesStage(empty.list.getSnapshot())).toBe('loading');
    await waitFor(empty.list, (s) => selectCoursesStage(s) === 'empty');
    const failed = startList(() => Promise.reject(new Error('offline')));
    await waitFor(failed.list, (s) => selectCoursesStage(s) === 'failed');
  });

  it('shows Croatia only until the visitor asks for abroad, and remembers the choice', async () => {
    const { list, log } = startList(() => Promise.resolve([split, zagreb, ljubljana]));
    await waitFor(list, (s) => selectCoursesStage(s) === 'list');
    expect(selectVisibleCourses(list.getSnapshot()).map((c) => c.id)).toEqual([1, 3]);
    expect(selectAbroadSwitchShown(list.getSnapshot())).toBe(true);
    list.send({ type: 'TOGGLE_ABROAD' });
    expect(selectShowAbroad(list.getSnapshot())).toBe(true);
    expect(selectVisibleCourses(list.getSnapshot()).map((c) => c.id)).toEqual([2, 1, 3]);
    list.send({ type: 'TOGGLE_ABROAD' });
    expect(log).toEqual([
      ['persist', true],
      ['persist', false],
    ]);
  });

  it('hides the switch when every course is in Croatia', async () => {
    const { list } = startList(() => Promise.resolve([zagreb]));
    await waitFor(list, (s) => selectCoursesStage(s) === 'list');
    expect(selectAbroadSwitchShown(list.getSnapshot())).toBe(false);
  });

  it('deletes only a course on the screen, after the confirmation, then reloads', async () => {
    let reload: (courses: Course[]) => void = () => undefined;
    let answer: Promise<Course[]> = Promise.resolve([zagreb, ljubljana]);
    const { list, log } = startList(() => answer);
    await waitFor(list, (s) => selectCoursesStage(s) === 'list');
    list.send({ type: 'ASK_DELETE', id: 2 });
    expect(selectCourseToDelete(list.getSnapshot())).toBeNull();
    list.send({ type: 'ASK_DELETE', id: 1 });
    expect(selectCourseToDelete(list.getSnapshot())).toEqual(zagreb);
    list.send({ type: 'CANCEL_DELETE' });
    expect(selectCourseToDelete(list.getSnapshot())).toBeNull();
    list.send({ type: 'ASK_DELETE', id: 1 });
    answer = new Promise((resolve) => (reload = resolve));
    list.send({ type: 'CONFIRM_DELETE' });
    expect(selectDeleting(list.getSnapshot())).toBe(true);
    expect(selectCourseToDelete(list.getSnapshot())).toEqual(zagreb);
    await waitFor(list, (s) => selectCoursesStage(s) === 'loading');
    expect(list.getSnapshot().context.courses).toEqual([]);
    expect(selectCourseToDelete(list.getSnapshot())).toBeNull();
    reload([ljubljana]);
    await waitFor(list, (s) => selectCoursesStage(s) === 'list');
    expect(list.getSnapshot().context.courses).toEqual([ljubljana]);
    expect(log).toEqual([['delete', 1], messages.courses.deleted]);
  });

  it('says so when a delete fails and keeps the list', async () => {
    const { list, log } = startList(
      () => Promise.resolve([zagreb]),
      () => Promise.reject(new Error('offline')),
    );
    await waitFor(list, (s) => selectCoursesStage(s) === 'list');
    list.send({ type: 'ASK_DELETE', id: 1 });
    list.send({ type: 'CONFIRM_DELETE' });
    await waitFor(list, (s) => !selectDeleting(s));
    expect(selectCourseToDelete(list.getSnapshot())).toBeNull();
    expect(selectVisibleCourses(list.getSnapshot())).toEqual([zagreb]);
    expect(log).toEqual([['delete', 1], messages.courses.deleteFailed]);
  });
});

describe('home products', () => {
  const product = (id: number, isShownOnHomepage: boolean): Product => ({
    id,
    name: `P${id}`,
    imageUrl: `/p${id}.webp`,
    isShownOnHomepage,
    isHighlighted: false,
  });

  function startProducts(load: () => Promise<Product[]>) {
    const failures: unknown[] = [];
    const actor = createActor(
      homeProductsMachine.provide({
        actors: { loadProducts: fromPromise(load) },
        actions: { logFailure: (_, { error }) => failures.push(error) },
      }),
    ).start();
    return { actor, failures };
  }

  it('shows only the products chosen for the home page', async () => {
    const { actor } = startProducts(() => Promise.resolve([product(1, true), product(2, false)]));
    expect(selectHomeProductsLoading(actor.getSnapshot())).toBe(true);
    expect(selectHomeProducts(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.status === 'done');
    expect(selectHomeProducts(actor.getSnapshot())).toEqual([product(1, true)]);
  });

  it('hides the section when none is chosen, and logs a failure', async () => {
    const none = startProducts(() => Promise.resolve([product(2, false)]));
    await waitFor(none.actor, (s) => s.status === 'done');
    expect(selectHomeProducts(none.actor.getSnapshot())).toBeNull();
    const failure = new Error('offline');
    const failed = startProducts(() => Promise.reject(failure));
    await waitFor(failed.actor, (s) => s.status === 'done');
    expect(selectHomeProducts(failed.actor.getSnapshot())).toBeNull();
    expect(failed.failures).toEqual([failure]);
  });
});

describe('map selection', () => {
  const shapes: MapShapes = { width: 10, height: 10, regions: [] };

  function startMap(load: () => Promise<MapShapes>) {
    const log: unknown[] = [];
    let sendBack: ((event: { type: 'SCROLLED_DOWN' }) => void) | null = null;
    const actor = createActor(
      mapSelectionMachine.provide({
        actors: {
          loadShapes: fromPromise(load),
          watchScroll: fromCallback(({ sendBack: send }) => {
            sendBack = send;
            return () => (sendBack = null);
          }),
        },
        actions: {
          scrollToTop: () => log.push('top'),
          logFailure: (_, { error }) => log.push(error),
        },
      }),
    ).start();
    return {
      actor,
      log,
      scrollDown: () => sendBack?.({ type: 'SCROLLED_DOWN' }),
      watching: () => sendBack !== null,
    };
  }

  it('selects a region, switches, and clears on the same region, Escape or scrolling', async () => {
    const map = startMap(() => Promise.resolve(shapes));
    expect(selectMapShapes(map.actor.getSnapshot())).toBeNull();
    await waitFor(map.actor, (s) => selectMapShapes(s) !== null);
    expect(selectSelectedRegionId(map.actor.getSnapshot())).toBeNull();
    map.actor.send({ type: 'SELECT', regionId: 2 });
    expect(selectSelectedRegionId(map.actor.getSnapshot())).toBe(2);
    expect(map.watching()).toBe(true);
    map.actor.send({ type: 'SELECT', regionId: 3 });
    expect(selectSelectedRegionId(map.actor.getSnapshot())).toBe(3);
    map.actor.send({ type: 'SELECT', regionId: 3 });
    expect(selectSelectedRegionId(map.actor.getSnapshot())).toBeNull();
    expect(map.actor.getSnapshot().context.selectedRegionId).toBeNull();
    expect(map.watching()).toBe(false);
    map.actor.send({ type: 'SELECT', regionId: 1 });
    map.actor.send({ type: 'CLEAR' });
    expect(map.actor.getSnapshot().context.selectedRegionId).toBeNull();
    map.actor.send({ type: 'SELECT', regionId: 4 });
    map.scrollDown();
    expect(map.actor.getSnapshot().context.selectedRegionId).toBeNull();
    expect(map.log).toEqual(['top', 'top', 'top', 'top']);
  });

  it('has no map when the shapes fail to load, and logs why', async () => {
    const failure = new Error('chunk failed');
    const map = startMap(() => Promise.reject(failure));
    await waitFor(map.actor, (s) => s.status === 'done');
    expect(selectMapUnavailable(map.actor.getSnapshot())).toBe(true);
    expect(selectMapShapes(map.actor.getSnapshot())).toBeNull();
    expect(map.log).toEqual([failure]);
  });
});
