/**
 * The two screens of `Korisnici` (decision 0054): the invite form of SPEC 2 (/admin/user) and the
 * list of invitations and accounts, the current one marked with aria-current. Pure.
 */
import { Link } from 'wouter';
import { peopleMessages } from '../messages/people.ts';
import { routes } from '../routes.ts';
import './PeoplePage.css';

const TABS = [
  { href: routes.adminUser.href(), label: peopleMessages.inviteTab },
  { href: routes.adminPeople.href(), label: peopleMessages.listTab },
] as const;

export function PeopleNav({ currentPath }: { currentPath: string }) {
  return (
    <nav className="people__nav" aria-label={peopleMessages.tabsLabel}>
      <ul>
        {TABS.map(({ href, label }) => (
          <li key={href}>
            <Link href={href} aria-current={currentPath === href ? 'page' : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
