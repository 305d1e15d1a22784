/**
 * The admin shell (SPEC 2 "Admin shell"): a side menu and the content area. Pure: the container
 * binds the admin shell machine; the current entry is marked with aria-current.
 */
import type { MouseEvent, ReactNode } from 'react';
import type { AdminEntry } from '../machines/adminShell.machine.ts';
import { adminMessages } from '../messages/admin.ts';
import './AdminShell.css';

export interface AdminShellProps {
  entries: readonly AdminEntry[];
  currentPath: string;
  onChoose: (href: string) => void;
  children: ReactNode;
}

export function AdminShell({ entries, currentPath, onChoose, children }: AdminShellProps) {
  const choose = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    event.preventDefault();
    onChoose(href);
  };
  return (
    <div className="admin">
      <nav className="admin__menu" aria-label={adminMessages.menuLabel}>
        <ul>
          {entries.map(({ href, label }) => (
            <li key={href}>
              <a
                href={href}
                className="admin__entry"
                aria-current={isWithin(currentPath, href) ? 'page' : undefined}
                onClick={(event) => choose(event, href)}
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin__content">{children}</div>
    </div>
  );
}

/** An entry is current on its own path and on every path below it. */
const isWithin = (path: string, href: string) => path === href || path.startsWith(`${href}/`);
