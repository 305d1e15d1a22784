/** The admin container in its real session and router: who may enter, then which screen shows. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithEffects } from '../../tests/support/render-with-effects.tsx';
import type { Role } from '../api/contract.ts';
import type { StoredSession } from '../machines/authSession.machine.ts';
import { routes } from '../routes.ts';
import { AdminContainer } from './AdminContainer.tsx';

const NOT_FOUND = 'Stranica nije pronađena';
const UNKNOWN_ADMIN_PATH = `${routes.admin.href()}/nepoznato`;

function sessionOf(roles: Role[]): StoredSession {
  const user = { id: 7, name: 'Ana', surname: 'Horvat', email: 'ana@dentalia.hr', roles };
  return { user, tokens: { accessToken: 'a', refreshToken: 'r' } };
}

function renderAdminAt(
  path: string,
  { roles, moving = true }: { roles?: Role[]; moving?: boolean } = {},
) {
  // A static location ignores navigation: the screen stays as it is on its way elsewhere.
  return renderWithEffects(<AdminContainer />, {
    path,
    staticLocation: !moving,
    session: roles ? sessionOf(roles) : null,
    // The newsletter screen's first calls stay pending: the container is under test.
    api: {
      campaigns: { campaignIdByName: () => new Promise<number>(() => {}) },
      newsletters: { listNewsletters: () => new Promise<never>(() => {}) },
    },
  }).history;
}

const menu = () => screen.queryByRole('navigation', { name: 'Administracija' });

describe('AdminContainer', () => {
  it('shows the not-found page inside the shell on an unknown admin path', () => {
    const history = renderAdminAt(UNKNOWN_ADMIN_PATH, { roles: ['user', 'employee'] });
    expect(menu()).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Korisnici' })).not.toHaveAttribute('aria-current');
    expect(history).toEqual([UNKNOWN_ADMIN_PATH]);
  });

  it('sends a visitor without a staff role to /login before looking at the path', () => {
    const history = renderAdminAt(UNKNOWN_ADMIN_PATH, { roles: ['user'] });
    expect(history.at(-1)).toBe(routes.login.href());
    expect(menu()).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: NOT_FOUND })).not.toBeInTheDocument();
  });

  it('sends an anonymous visitor to /login too', () => {
    const history = renderAdminAt(UNKNOWN_ADMIN_PATH);
    expect(history.at(-1)).toBe(routes.login.href());
    expect(screen.queryByRole('heading', { name: NOT_FOUND })).not.toBeInTheDocument();
  });

  it('opens the first entry, Newsletter, from exactly /admin', { timeout: 15_000 }, async () => {
    const history = renderAdminAt(routes.admin.href(), { roles: ['user', 'employee'] });
    expect(history).toEqual([routes.adminNewsletter.href()]);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Stvori newsletter' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
  });

  it('shows no not-found page on exactly /admin while on the way to the first entry', () => {
    renderAdminAt(routes.admin.href(), { roles: ['user', 'employee'], moving: false });
    expect(menu()).toBeVisible();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
