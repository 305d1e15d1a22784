import { Route, Switch, useLocation } from 'wouter';
import { routes } from '../routes.ts';
import { NotFoundPage } from '../views/NotFoundPage.tsx';
import { PeopleNav } from '../views/PeopleNav.tsx';
import { InviteContainer } from './InviteContainer.tsx';
import { PeopleContainer } from './PeopleContainer.tsx';

/** /admin/user/*: the `Korisnici` entry's two screens under one sub-navigation (decision 0054). */
export function UsersAdminContainer() {
  const [path] = useLocation();
  return (
    <>
      <PeopleNav currentPath={path} />
      <Switch>
        <Route path={routes.adminUser.pattern}>
          <InviteContainer />
        </Route>
        <Route path={routes.adminPeople.pattern}>
          <PeopleContainer />
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </>
  );
}
