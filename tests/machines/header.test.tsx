import { useMachine } from '@xstate/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useEffect, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  headerMachine,
  selectLoginRevealed,
  selectMenuOpen,
} from '../../src/machines/header.machine.ts';
import { messages } from '../../src/messages.ts';
import { Header, type LinkProps } from '../../src/views/Header.tsx';
import { testMachineModel } from '../support/model-based.ts';

const { nav } = messages;

/** What the app container does: bind the header machine and tell it when the session changes. */
function HeaderHarness({ isLoggedIn }: { isLoggedIn: boolean }) {
  const [snapshot, send] = useMachine(headerMachine, { input: { isLoggedIn } });
  useEffect(() => {
    send({ type: 'SESSION_CHANGED', isLoggedIn });
  }, [isLoggedIn, send]);
  return (
    <Header
      brand="Dental Sjever"
      isLoggedIn={isLoggedIn}
      isEmployee={false}
      loginRevealed={selectLoginRevealed(snapshot)}
      menuOpen={selectMenuOpen(snapshot)}
      currentPath="/"
      onHoldStart={() => send({ type: 'HOLD_START' })}
      onHoldEnd={() => send({ type: 'HOLD_END' })}
      onToggleMenu={() => send({ type: 'TOGGLE_MENU' })}
      onCloseMenu={() => send({ type: 'CLOSE_MENU' })}
    />
  );
}

const link = (name: string) => screen.queryByRole('link', { name });
const menuButton = () => screen.getByRole('button', { name: 'Izbornik' });
const header = () => screen.getByRole('banner');

describe('header model (press-and-hold and menu)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  let rerender: (ui: ReactNode) => void = () => undefined;

  // fireEvent, not userEvent: Testing Library's async wrapper waits on a faked setTimeout.
  testMachineModel(headerMachine, {
    inputs: [{ isLoggedIn: true }],
    render: ({ isLoggedIn }) => {
      ({ rerender } = render(<HeaderHarness isLoggedIn={isLoggedIn} />));
    },
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
        expect(link(nav.login)).toBeVisible();
        expect(link(nav.logout)).toBeVisible();
      },
      'menu.closed': () => expect(menuButton()).toHaveAttribute('aria-expanded', 'false'),
      'menu.open': () => {
        expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
        expect(link(nav.catalogues)).toHaveFocus();
      },
    },
    events: {
      HOLD_START: () => fireEvent.pointerDown(header()),
      HOLD_END: () => fireEvent.pointerUp(header()),
      SESSION_CHANGED: (event) => rerender(<HeaderHarness isLoggedIn={!!event.isLoggedIn} />),
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
    render(<HeaderHarness isLoggedIn />);
    fireEvent.pointerDown(header());
    await advance(1999);
    expect(link('Prijava')).not.toBeInTheDocument();
    await advance(1);
    expect(link('Prijava')).toHaveAttribute('href', '/login');
    fireEvent.pointerUp(header());
    expect(link('Prijava')).toBeVisible();
  });

  it('forgets a hold released, left or cancelled before 2000 ms', async () => {
    render(<HeaderHarness isLoggedIn />);
    for (const release of [fireEvent.pointerUp, fireEvent.pointerLeave, fireEvent.pointerCancel]) {
      fireEvent.pointerDown(header());
      await advance(1500);
      release(header());
      await advance(1000);
      expect(link('Prijava')).not.toBeInTheDocument();
    }
  });

  it('hides the revealed login link again when the session changes', async () => {
    const { rerender } = render(<HeaderHarness isLoggedIn />);
    fireEvent.pointerDown(header());
    await advance(2000);
    rerender(<HeaderHarness isLoggedIn={false} />);
    rerender(<HeaderHarness isLoggedIn />);
    expect(link('Prijava')).not.toBeInTheDocument();
  });
});

describe('hamburger menu pinned by hand', () => {
  const user = userEvent.setup();

  it('opens with focus in the panel and closes on Escape with focus back on the button', async () => {
    render(<HeaderHarness isLoggedIn={false} />);
    expect(menuButton()).toHaveAttribute('aria-controls', screen.getByRole('navigation').id);
    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(link('Proizvodi i katalozi')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });

  it('closes when a link is followed', async () => {
    render(<HeaderHarness isLoggedIn={false} />);
    await user.click(menuButton());
    await user.click(screen.getByRole('link', { name: 'O nama' }));
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });
});

describe('Header view from a resolved snapshot', () => {
  function RouterLink(props: LinkProps) {
    return <a data-router="" {...props} />;
  }

  it('shows every link of a logged-in employee with the login revealed, and marks the current page', () => {
    const snapshot = headerMachine.resolveState({
      value: { loginLink: 'revealed', menu: 'open' },
      context: { isLoggedIn: true },
    });
    const send = vi.fn();
    render(
      <Header
        brand="Dental Sjever"
        isLoggedIn
        isEmployee
        loginRevealed={selectLoginRevealed(snapshot)}
        menuOpen={selectMenuOpen(snapshot)}
        currentPath="/tecajevi"
        onHoldStart={() => send({ type: 'HOLD_START' })}
        onHoldEnd={() => send({ type: 'HOLD_END' })}
        onToggleMenu={() => send({ type: 'TOGGLE_MENU' })}
        onCloseMenu={() => send({ type: 'CLOSE_MENU' })}
        LinkComponent={RouterLink}
      />,
    );
    const links = screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Dental Sjever', '/'],
      ['Proizvodi i katalozi', '/katalozi'],
      ['Tečajevi', '/tecajevi'],
      ['O nama', '/info'],
      ['Video edukacije', '/edukacije/'],
      ['Admin', '/admin'],
      ['Prijava', '/login'],
      ['Odjava', '/logout'],
    ]);
    expect(screen.getByRole('link', { name: 'Tečajevi' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dental Sjever' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('data-router');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');

    fireEvent.pointerDown(header());
    fireEvent.pointerLeave(header());
    expect(send.mock.calls).toEqual([[{ type: 'HOLD_START' }], [{ type: 'HOLD_END' }]]);
  });
});

describe('Header with the router the app container passes in', () => {
  it("navigates inside the SPA with wouter's Link and closes the menu", async () => {
    const location = memoryLocation({ path: '/', record: true });
    const onCloseMenu = vi.fn();
    render(
      <Router hook={location.hook}>
        <Header
          brand="Dental Sjever"
          isLoggedIn={false}
          isEmployee={false}
          loginRevealed={false}
          menuOpen
          currentPath="/"
          onHoldStart={() => undefined}
          onHoldEnd={() => undefined}
          onToggleMenu={() => undefined}
          onCloseMenu={onCloseMenu}
          LinkComponent={Link}
        />
      </Router>,
    );
    expect(screen.getByRole('link', { name: 'Dental Sjever' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.setup().click(screen.getByRole('link', { name: 'O nama' }));
    expect(location.history).toEqual(['/', '/info']);
    expect(onCloseMenu).toHaveBeenCalledOnce();
  });
});
