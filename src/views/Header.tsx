/**
 * The site header (SPEC 2 "Header and footer", 4 "Header"): logo, session-dependent links, and a
 * hamburger side panel below the tablet breakpoint. Pure: the container binds the header machine
 * (press-and-hold, menu) and the auth session, and passes wouter's `<Link>` as `LinkComponent`
 * so that navigation stays inside the SPA; without it the links are plain anchors.
 */
import { useEffect, useId, useRef } from 'react';
import { navMessages } from '../messages/nav.ts';
import { routes } from '../routes.ts';
import { PlainLink, type LinkComponent } from './PlainLink.tsx';
import './Header.css';

export interface HeaderProps {
  brand: string;
  isLoggedIn: boolean;
  /** Employee or administrator (SPEC 6). */
  isEmployee: boolean;
  /** Press-and-hold revealed the login link while logged in. */
  loginRevealed: boolean;
  menuOpen: boolean;
  currentPath: string;
  onHoldStart: () => void;
  onHoldEnd: () => void;
  onToggleMenu: () => void;
  onCloseMenu: () => void;
  LinkComponent?: LinkComponent;
}

const MENU_LABEL = 'Izbornik';
/** The open menu's button closes it, and says so (its name follows its action). */
const CLOSE_MENU_LABEL = 'Zatvori izbornik';
const NAV_LABEL = 'Glavna navigacija';

interface NavItem {
  href: string;
  label: string;
}

function navItems({ isLoggedIn, isEmployee, loginRevealed }: HeaderProps): NavItem[] {
  return [
    { href: routes.catalogues.href(), label: navMessages.catalogues },
    { href: routes.courses.href(), label: navMessages.courses },
    { href: routes.about.href(), label: navMessages.about },
    ...(isLoggedIn ? [{ href: routes.educations.href(), label: navMessages.educations }] : []),
    ...(isEmployee ? [{ href: routes.admin.href(), label: navMessages.admin }] : []),
    ...(!isLoggedIn || loginRevealed
      ? [{ href: routes.login.href(), label: navMessages.login }]
      : []),
    ...(isLoggedIn ? [{ href: routes.logout.href(), label: navMessages.logout }] : []),
  ];
}

const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);

export function Header(props: HeaderProps) {
  const { brand, menuOpen, currentPath, onHoldStart, onHoldEnd, onToggleMenu, onCloseMenu } = props;
  const Link = props.LinkComponent ?? PlainLink;
  const panelId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const wasOpen = useRef(menuOpen);

  // Opening moves focus into the panel; closing it (Escape, a link) gives focus back to the button.
  useEffect(() => {
    if (menuOpen && !wasOpen.current) panel.current?.querySelector('a')?.focus();
    if (!menuOpen && wasOpen.current) menuButton.current?.focus();
    wasOpen.current = menuOpen;
  }, [menuOpen]);

  // While open, the menu is modal on a phone: Escape closes it, and Tab cycles through the close
  // button and the panel's links without reaching the dimmed page behind.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        onCloseMenu();
        return;
      }
      if (event.key !== 'Tab') return;
      const stops: HTMLElement[] = [...(panel.current?.querySelectorAll('a') ?? [])];
      if (menuButton.current) stops.unshift(menuButton.current);
      const at = stops.findIndex((stop) => stop === document.activeElement);
      const next = at + (event.shiftKey ? -1 : 1);
      if (at >= 0 && next >= 0 && next < stops.length) return;
      event.preventDefault();
      stops.at(event.shiftKey ? -1 : 0)?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen, onCloseMenu]);
  const current = (href: string) =>
    withoutTrailingSlash(currentPath) === withoutTrailingSlash(href) ? 'page' : undefined;

  return (
    <>
      <header
        className="header"
        onPointerDown={onHoldStart}
        onPointerUp={onHoldEnd}
        onPointerLeave={onHoldEnd}
        onPointerCancel={onHoldEnd}
      >
        <Link
          href={routes.home.href()}
          className="header__logo"
          aria-current={current(routes.home.href())}
          // On the home page the address does not change, so nothing else would close the menu.
          onClick={onCloseMenu}
        >
          <Logo />
          <span className="header__brand">{brand}</span>
        </Link>
        <button
          ref={menuButton}
          type="button"
          className="header__menu-button"
          aria-label={menuOpen ? CLOSE_MENU_LABEL : MENU_LABEL}
          aria-expanded={menuOpen}
          aria-controls={panelId}
          onClick={onToggleMenu}
        >
          <span className="header__menu-icon" aria-hidden="true" />
        </button>
        <nav
          ref={panel}
          id={panelId}
          aria-label={NAV_LABEL}
          className="header__nav"
          data-open={menuOpen}
        >
          <ul className="header__links">
            {navItems(props).map(({ href, label }) => (
              <li key={href}>
                <Link
                  href={href}
                  className="header__link"
                  aria-current={current(href)}
                  onClick={onCloseMenu}
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {/* The page dimmed behind the open menu; a tap on it closes the menu (the close button is
        the control for keyboards and screen readers, so this is hidden from them). */}
      <div
        className="header__backdrop"
        data-open={menuOpen}
        aria-hidden="true"
        onClick={onCloseMenu}
      />
    </>
  );
}

/** A simple tooth mark; the brand name beside it is the link's accessible text. */
function Logo() {
  return (
    <svg
      className="header__logo-mark"
      viewBox="0 0 32 32"
      width="36"
      height="36"
      aria-hidden="true"
    >
      <path
        d="M9 3c-4 0-6 3-6 7 0 5 2 8 3 12 1 5 2 8 4 8s2-4 3-8c.5-2 1.5-3 3-3s2.5 1 3 3c1 4 1 8 3 8s3-3 4-8c1-4 3-7 3-12 0-4-2-7-6-7-3 0-4 2-7 2S12 3 9 3z"
        fill="var(--color-primary, #e30613)"
      />
    </svg>
  );
}
