/**
 * The three children of /admin/educations (SPEC 2): add, edit and delete, the current one marked
 * with aria-current. Pure: links from the route table, the current path from the container.
 */
import { Link } from 'wouter';
import { educationAdminMessages } from '../messages/educationAdmin.ts';
import { routes } from '../routes.ts';
import './EducationAdmin.css';

const text = educationAdminMessages;

const TABS = [
  { href: routes.adminEducationCreate.href(), label: text.createTab },
  { href: routes.adminEducationUpdate.href(), label: text.updateTab },
  { href: routes.adminEducationDelete.href(), label: text.deleteTab },
] as const;

const isWithin = (path: string, href: string) => path === href || path.startsWith(`${href}/`);

export function EducationAdminNav({ currentPath }: { currentPath: string }) {
  return (
    <nav className="education-admin__nav" aria-label={text.tabsLabel}>
      <ul>
        {TABS.map(({ href, label }) => (
          <li key={href}>
            <Link href={href} aria-current={isWithin(currentPath, href) ? 'page' : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
