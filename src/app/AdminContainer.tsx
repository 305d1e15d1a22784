import { useMachine } from '@xstate/react';
import { Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import {
  adminShellMachine,
  isAdminRoot,
  selectAdminEntries,
  selectAdminOpen,
} from '../machines/adminShell.machine.ts';
import { AdminShell } from '../views/AdminShell.tsx';
import { NotFoundPage } from '../views/NotFoundPage.tsx';
import { routes } from '../routes.ts';
import { PartnerFormContainer } from './PartnerFormContainer.tsx';
import { ProductStripContainer } from './ProductStripContainer.tsx';
import { retryableLazy } from './retryableLazy.tsx';
import { useInspect } from './inspector.tsx';
import { useSession } from './session.tsx';
import { UsersAdminContainer } from './UsersAdminContainer.tsx';

// The course form brings the date picker: it loads only when /admin/course opens.
const CourseFormContainer = retryableLazy(
  () => import('./CourseFormContainer.tsx'),
  (module) => module.CourseFormContainer,
);

// The newsletter screen brings the date picker too.
const NewsletterContainer = retryableLazy(
  () => import('./NewsletterContainer.tsx'),
  (module) => module.NewsletterContainer,
);

// The education admin brings the comboboxes, the month picker and the upload client.
const EducationAdminContainer = retryableLazy(
  () => import('./EducationAdminContainer.tsx'),
  (module) => module.EducationAdminContainer,
);

/** Narrow screens stack the menu above the content (AdminShell.css). */
const NARROW_SCREEN = '(max-width: 599px)';

/**
 * /admin/*: the shell and its screens. Who may enter is checked first (others go to /login); an
 * admin path of no screen shows the not-found page inside the shell, its menu still at hand.
 */
export function AdminContainer() {
  const { isEmployee, isAdministrator } = useSession();
  const [path, navigate] = useLocation();
  const [snapshot, send] = useMachine(
    adminShellMachine.provide({
      actions: {
        goToLogin: () => navigate(routes.login.href(), { replace: true }),
        // Exactly /admin is a redirect: Back must not lead to it, or it would redirect again.
        openEntry: (_, href) => navigate(href, { replace: href === path || isAdminRoot(path) }),
        scrollToContent: (_, offset) => {
          if (window.matchMedia(NARROW_SCREEN).matches) {
            window.scrollTo({ top: offset, behavior: 'smooth' });
          }
        },
      },
    }),
    { input: { isEmployee, isAdministrator, path }, inspect: useInspect() },
  );
  if (!selectAdminOpen(snapshot)) return null;
  return (
    <AdminShell
      entries={selectAdminEntries(snapshot)}
      currentPath={path}
      onChoose={(href) => send({ type: 'CHOOSE_ENTRY', href })}
    >
      <Switch>
        <Route path={routes.adminNewsletter.pattern}>
          <Suspense fallback={null}>
            <NewsletterContainer />
          </Suspense>
        </Route>
        {/* Korisnici: the invite form of SPEC 2 and the list of issue 29 (decision 0054). */}
        <Route path={`${routes.adminUser.pattern}/*?`}>
          <UsersAdminContainer />
        </Route>
        <Route path={routes.adminProducts.pattern}>
          <ProductStripContainer />
        </Route>
        {/* SPEC 2 and 6: the course form is for administrators only. */}
        <Route path={routes.adminCourse.pattern}>
          {isAdministrator ? (
            <Suspense fallback={null}>
              <CourseFormContainer />
            </Suspense>
          ) : (
            <Redirect to={selectAdminEntries(snapshot)[0]?.href ?? routes.home.href()} replace />
          )}
        </Route>
        {/* SPEC 2 and 6: the education admin is for administrators only. */}
        <Route path={`${routes.adminEducations.pattern}/*?`}>
          {isAdministrator ? (
            <Suspense fallback={null}>
              <EducationAdminContainer />
            </Suspense>
          ) : (
            <Redirect to={selectAdminEntries(snapshot)[0]?.href ?? routes.home.href()} replace />
          )}
        </Route>
        <Route path={routes.adminPartners.pattern}>
          <PartnerFormContainer />
        </Route>
        {/* Exactly /admin is on its way to the first entry: nothing to show meanwhile. */}
        <Route path={routes.admin.pattern}>{null}</Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </AdminShell>
  );
}
