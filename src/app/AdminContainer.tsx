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

// The audit log is for administrators only, and rarely opened.
const AuditLogContainer = retryableLazy(
  () => import('./AuditLogContainer.tsx'),
  (module) => module.AuditLogContainer,
);

// The education admin brings the comboboxes, the month picker and the upload client.
const EducationAdminContainer = retryableLazy(
  () => import('./EducationAdminContainer.tsx'),
  (module) => module.EducationAdminContainer,
);

/** Narrow screens stack the menu above the content (AdminShell.css). */
const NARROW_SCREEN = '(max-width: 599px)';

/**
 * Where a narrow screen scrolls when an entry is chosen: SPEC 9's offset, but never past the
 * content's top (its heading), less the room the sticky header takes (the content's
 * `scroll-margin-top`). The formula's 75 px an entry and 225 px above are taller than this menu.
 */
function contentTarget(offset: number, content: HTMLElement | null): number {
  // Stryker disable next-line ConditionalExpression: AdminShell always renders .admin__content; the check is for the type
  if (!content) return offset;
  const top = content.getBoundingClientRect().top + window.scrollY;
  const margin = Number.parseFloat(getComputedStyle(content).scrollMarginTop) || 0;
  return Math.max(0, Math.min(offset, Math.round(top - margin)));
}

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
            window.scrollTo({
              top: contentTarget(offset, document.querySelector('.admin__content')),
              behavior: 'smooth',
            });
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
            // Stryker disable next-line OptionalChaining: the shell opens for employees only, whose first entry (Newsletter) always exists
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
            // Stryker disable next-line OptionalChaining: the shell opens for employees only, whose first entry (Newsletter) always exists
            <Redirect to={selectAdminEntries(snapshot)[0]?.href ?? routes.home.href()} replace />
          )}
        </Route>
        <Route path={routes.adminPartners.pattern}>
          <PartnerFormContainer />
        </Route>
        {/* Issue 29: the audit log is for administrators only. */}
        <Route path={routes.adminAuditLog.pattern}>
          {isAdministrator ? (
            <Suspense fallback={null}>
              <AuditLogContainer />
            </Suspense>
          ) : (
            // Stryker disable next-line OptionalChaining: the shell opens for employees only, whose first entry (Newsletter) always exists
            <Redirect to={selectAdminEntries(snapshot)[0]?.href ?? routes.home.href()} replace />
          )}
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
