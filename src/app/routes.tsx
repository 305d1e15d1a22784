import { Route, Switch } from 'wouter';
import { company } from '../data/company.ts';
import { HomePage } from '../views/HomePage.tsx';
import { NotFoundPage } from '../views/NotFoundPage.tsx';
import { PolicyPage } from '../views/PolicyPage.tsx';

/** SPEC 2: the three policy pages, reachable without the access gate. */
export const POLICY_PATHS = [
  '/pravila-privatnosti',
  '/obrada-podataka',
  '/pravila-o-koristenju-kolacica',
] as const;

export function isPolicyPath(path: string): boolean {
  return (POLICY_PATHS as readonly string[]).includes(path.replace(/\/$/, ''));
}

const contact = (
  <p>
    Za sva pitanja o zaštiti osobnih podataka pišite nam na{' '}
    <a href={`mailto:${company.privacyEmail}`}>{company.privacyEmail}</a>.
  </p>
);

export function PolicyRoutes() {
  return (
    <Switch>
      <Route path="/pravila-privatnosti">
        <PolicyPage title="Pravila privatnosti">{contact}</PolicyPage>
      </Route>
      <Route path="/obrada-podataka">
        <PolicyPage title="Obrada podataka">{contact}</PolicyPage>
      </Route>
      <Route path="/pravila-o-koristenju-kolacica">
        <PolicyPage title="Pravila o korištenju kolačića">{contact}</PolicyPage>
      </Route>
    </Switch>
  );
}

/** SPEC 2 route table; screens of later issues join here as they are built. */
export function SiteRoutes({ brand }: { brand: string }) {
  return (
    <Switch>
      <Route path="/">
        <HomePage brand={brand} />
      </Route>
      {POLICY_PATHS.map((path) => (
        <Route key={path} path={path}>
          <PolicyRoutes />
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
