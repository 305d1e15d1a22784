import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  adminEntries,
  adminShellMachine,
  selectAdminEntries,
} from '../../src/machines/adminShell.machine.ts';
import { AdminShell } from '../../src/views/AdminShell.tsx';

const user = userEvent.setup();

function renderShell(path: string, isAdministrator = false) {
  const snapshot = adminShellMachine.resolveState({
    value: 'open',
    context: { isEmployee: true, entries: adminEntries({ isAdministrator }), path },
  });
  const onChoose = vi.fn();
  render(
    <AdminShell
      entries={selectAdminEntries(snapshot)}
      currentPath={snapshot.context.path}
      onChoose={onChoose}
    >
      <h1>Pozovi korisnika</h1>
    </AdminShell>,
  );
  return onChoose;
}

const menu = () => screen.getByRole('navigation', { name: 'Administracija' });
const usersEntry = () => screen.getByRole('link', { name: 'Korisnici' });

describe('AdminShell', () => {
  it('lists the built entries in the admin menu and shows the screen beside it', () => {
    renderShell('/admin/user');
    expect(menu()).toBeVisible();
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/admin/user',
      '/admin/products',
      '/admin/partners',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Pozovi korisnika' })).toBeVisible();
    expect(menu()).not.toContainElement(screen.getByRole('heading', { level: 1 }));
  });

  it('highlights the entry of the current screen, also below it', () => {
    renderShell('/admin/user/nova');
    expect(usersEntry()).toHaveAttribute('aria-current', 'page');
  });

  it('highlights nothing on a path of no entry, even one that starts alike', () => {
    renderShell('/admin/nepoznato', true);
    expect(usersEntry()).not.toHaveAttribute('aria-current');
    cleanup();
    renderShell('/admin/users');
    expect(usersEntry()).not.toHaveAttribute('aria-current');
  });

  it('reports the chosen entry instead of following the link itself', async () => {
    const onChoose = renderShell('/admin/nepoznato');
    await user.click(usersEntry());
    expect(onChoose.mock.calls).toEqual([['/admin/user']]);
    // `false`: the click's default (a full page load) was prevented.
    expect(fireEvent.click(usersEntry())).toBe(false);
  });
});
