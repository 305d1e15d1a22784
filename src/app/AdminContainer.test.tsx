/** The admin container in its real session and router: who may enter, then which screen shows. */
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Role, SiteConfig } from '../api/contract.ts';
import { AdminContainer } from './AdminContainer.tsx';
import { SessionProvider } from './session.tsx';

const CONFIG: SiteConfig = {
  apiBaseUrl: '/api/v1',
  publicUrl: 'http://localhost:3000',
  brand: 'Dentalia',
  robotCheck: { provider: 'altcha', challengeUrl: '/api/v1/captcha/challenge' },
  campaigns: { courses: 'Courses', catalogs: 'Catalogs' },
};

const NOT_FOUND = 'Stranica nije pronađena';

function storeUser(roles: Role[]) {
  const user = { id: 7, name: 'Ana', surname: 'Horvat', email: 'ana@dentalia.hr', roles };
  localStorage.setItem('user', JSON.stringify(user));
  localStorage.setItem('auth', JSON.stringify({ accessToken: 'a', refreshToken: 'r' }));
}

function renderAdminAt(path: string, { moving = true } = {}) {
  // A static location ignores navigation: the screen stays as it is on its way elsewhere.
  const location = memoryLocation({ path, record: true, static: !moving });
  render(
    <SessionProvider config={CONFIG}>
      <Router hook={location.hook}>
        <AdminContainer />
      </Router>
    </SessionProvider>,
  );
  return location.history;
}

const menu = () => screen.queryByRole('navigation', { name: 'Administracija' });

afterEach(() => localStorage.clear());

describe('AdminContainer', () => {
  it('shows the not-found page inside the shell on an unknown admin path', () => {
    storeUser(['user', 'employee']);
    const history = renderAdminAt('/admin/nepoznato');
    expect(menu()).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Korisnici' })).not.toHaveAttribute('aria-current');
    expect(history).toEqual(['/admin/nepoznato']);
  });

  it('sends a visitor without a staff role to /login before looking at the path', () => {
    storeUser(['user']);
    const history = renderAdminAt('/admin/nepoznato');
    expect(history.at(-1)).toBe('/login');
    expect(menu()).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: NOT_FOUND })).not.toBeInTheDocument();
  });

  it('sends an anonymous visitor to /login too', () => {
    const history = renderAdminAt('/admin/nepoznato');
    expect(history.at(-1)).toBe('/login');
    expect(screen.queryByRole('heading', { name: NOT_FOUND })).not.toBeInTheDocument();
  });

  it('opens the first entry from exactly /admin', () => {
    storeUser(['user', 'employee']);
    const history = renderAdminAt('/admin');
    expect(history.at(-1)).toBe('/admin/user');
    expect(screen.getByRole('heading', { level: 1, name: 'Pozovi korisnika' })).toBeVisible();
  });

  it('shows no not-found page on exactly /admin while on the way to the first entry', () => {
    storeUser(['user', 'employee']);
    renderAdminAt('/admin', { moving: false });
    expect(menu()).toBeVisible();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
