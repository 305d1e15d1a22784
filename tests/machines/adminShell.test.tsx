import { useMachine } from '@xstate/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  adminScrollOffset,
  adminShellMachine,
  selectAdminEntries,
  selectAdminOpen,
  type AdminShellInput,
} from '../../src/machines/adminShell.machine.ts';
import { AdminShell } from '../../src/views/AdminShell.tsx';
import { testMachineModel } from '../support/model-based.ts';

const LOGIN_PAGE = 'Prijava';

/** What the container does: navigate, scroll on narrow screens, render the chosen screen. */
function AdminHarness({ input, scroll }: { input: AdminShellInput; scroll: (n: number) => void }) {
  const [path, setPath] = useState(input.path);
  const [snapshot, send] = useMachine(
    adminShellMachine.provide({
      actions: {
        goToLogin: () => setPath('/login'),
        openEntry: (_, href) => setPath(href),
        scrollToContent: (_, offset) => scroll(offset),
      },
    }),
    { input },
  );
  if (path === '/login') return <h1>{LOGIN_PAGE}</h1>;
  if (!selectAdminOpen(snapshot)) return null;
  return (
    <AdminShell
      entries={selectAdminEntries(snapshot)}
      currentPath={path}
      onChoose={(href) => send({ type: 'CHOOSE_ENTRY', href })}
    >
      <p>{`Sadržaj ${path}`}</p>
    </AdminShell>
  );
}

const menu = () => screen.queryByRole('navigation', { name: 'Administracija' });
const entry = () => screen.getByRole('link', { name: 'Korisnici' });
let scroll = vi.fn();
const renderShell = (input: AdminShellInput) => {
  scroll = vi.fn();
  render(<AdminHarness input={input} scroll={scroll} />);
};

describe('admin shell model', () => {
  testMachineModel(adminShellMachine, {
    inputs: [
      { isEmployee: false, isAdministrator: false, path: '/admin/user' },
      { isEmployee: true, isAdministrator: false, path: '/admin' },
      { isEmployee: true, isAdministrator: true, path: '/admin/nepoznato' },
    ],
    render: renderShell,
    sampleEvents: [{ type: 'CHOOSE_ENTRY', href: '/admin/user' }],
    states: {
      denied: () => {
        expect(menu()).not.toBeInTheDocument();
        expect(screen.getByRole('heading', { name: LOGIN_PAGE })).toBeVisible();
      },
      open: ({ context }) => {
        expect(menu()).toBeVisible();
        expect(screen.getByText(`Sadržaj ${context.path}`)).toBeVisible();
        if (context.path === '/admin/user') expect(entry()).toHaveAttribute('aria-current', 'page');
        else expect(entry()).not.toHaveAttribute('aria-current');
      },
    },
    events: {
      CHOOSE_ENTRY: () => fireEvent.click(entry()),
    },
  });
});

describe('admin shell pinned by hand', () => {
  it('sends a logged-in user without a staff role to /login', () => {
    renderShell({ isEmployee: false, isAdministrator: false, path: '/admin' });
    expect(screen.getByRole('heading', { name: LOGIN_PAGE })).toBeVisible();
  });

  it('opens Korisnici from exactly /admin and scrolls by entries * 75 + 225 when choosing', () => {
    renderShell({ isEmployee: true, isAdministrator: false, path: '/admin' });
    expect(screen.getByText('Sadržaj /admin/user')).toBeVisible();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Korisnici']);
    fireEvent.click(entry());
    expect(scroll).toHaveBeenCalledWith(300);
    expect(adminScrollOffset(6)).toBe(675);
  });
});
