import { Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import type { RobotCheck } from '../api/contract.ts';
import { LoadingScreen } from '../views/LoadingScreen.tsx';
import { NotFoundPage } from '../views/NotFoundPage.tsx';
import { routes } from '../routes.ts';
import { HomeContainer } from './HomeContainer.tsx';
import { LoadErrorBoundary } from './LoadErrorBoundary.tsx';
import { retryableLazy } from './retryableLazy.tsx';

// The account screens load on demand: the first visit to / stays small (SPEC budget in bench/).
// A page whose code fails to load shows a retry in its place (LoadErrorBoundary).
const LoginContainer = retryableLazy(
  () => import('./LoginContainer.tsx'),
  (module) => module.LoginContainer,
);
const LogoutContainer = retryableLazy(
  () => import('./LogoutContainer.tsx'),
  (module) => module.LogoutContainer,
);
const NewPasswordContainer = retryableLazy(
  () => import('./NewPasswordContainer.tsx'),
  (module) => module.NewPasswordContainer,
);
const ActivationContainer = retryableLazy(
  () => import('./ActivationContainer.tsx'),
  (module) => module.ActivationContainer,
);
const AdminContainer = retryableLazy(
  () => import('./AdminContainer.tsx'),
  (module) => module.AdminContainer,
);
const CoursesContainer = retryableLazy(
  () => import('./CoursesContainer.tsx'),
  (module) => module.CoursesContainer,
);
const UnsubscribeContainer = retryableLazy(
  () => import('./UnsubscribeContainer.tsx'),
  (module) => module.UnsubscribeContainer,
);
const EducationLibraryContainer = retryableLazy(
  () => import('./EducationLibraryContainer.tsx'),
  (module) => module.EducationLibraryContainer,
);
const loadAbout = () => import('./AboutContainer.tsx');
const loadCatalogues = () => import('./CataloguesContainer.tsx');
const loadGallery = () => import('./GalleryContainer.tsx');
// The legal texts are long: each loads with its own page.
const loadPrivacyPolicy = () => import('../views/policies/PrivacyPolicy.tsx');
const loadDataProcessing = () => import('../views/policies/DataProcessing.tsx');
const loadCookiePolicy = () => import('../views/policies/CookiePolicy.tsx');

const AboutContainer = retryableLazy(loadAbout, (module) => module.AboutContainer);
const CataloguesContainer = retryableLazy(loadCatalogues, (module) => module.CataloguesContainer);
const GalleryContainer = retryableLazy(loadGallery, (module) => module.GalleryContainer);
const PrivacyPolicy = retryableLazy(loadPrivacyPolicy, (module) => module.PrivacyPolicy);
const DataProcessing = retryableLazy(loadDataProcessing, (module) => module.DataProcessing);
const CookiePolicy = retryableLazy(loadCookiePolicy, (module) => module.CookiePolicy);

/** SPEC 2: the three policy pages, reachable without the access gate. */
export const POLICY_PATHS: readonly string[] = [
  routes.privacyPolicy.pattern,
  routes.dataProcessing.pattern,
  routes.cookiePolicy.pattern,
];

export function isPolicyPath(path: string): boolean {
  return POLICY_PATHS.includes(path.replace(/\/$/, ''));
}

export function PolicyRoutes() {
  const [path] = useLocation();
  return (
    <LoadErrorBoundary size="page" resetKeys={[path]}>
      <Suspense fallback={<LoadingScreen />}>
        <Switch>
          <Route path={routes.privacyPolicy.pattern}>
            <PrivacyPolicy />
          </Route>
          <Route path={routes.dataProcessing.pattern}>
            <DataProcessing />
          </Route>
          <Route path={routes.cookiePolicy.pattern}>
            <CookiePolicy />
          </Route>
        </Switch>
      </Suspense>
    </LoadErrorBoundary>
  );
}

/** SPEC 2 route table; screens of later issues join here as they are built. */
export function SiteRoutes({ brand, robotCheck }: { brand: string; robotCheck: RobotCheck }) {
  const [path] = useLocation();
  return (
    <LoadErrorBoundary size="page" resetKeys={[path]}>
      <Suspense fallback={<LoadingScreen />}>
        <Switch>
          <Route path={routes.home.pattern}>
            <HomeContainer brand={brand} />
          </Route>
          <Route path={routes.about.pattern}>
            <AboutContainer />
          </Route>
          <Route path={routes.catalogues.pattern}>
            <CataloguesContainer />
          </Route>
          <Route path={routes.gallery.pattern}>
            <GalleryContainer />
          </Route>
          <Route path={routes.login.pattern}>
            <LoginContainer robotCheck={robotCheck} />
          </Route>
          <Route path={routes.logout.pattern}>
            <LogoutContainer />
          </Route>
          <Route path={routes.activation.pattern}>
            {({ invitationToken }) => <ActivationContainer invitationToken={invitationToken} />}
          </Route>
          {/* SPEC 2: without a token the activation page goes home. */}
          <Route path={routes.activation.base}>
            <Redirect to={routes.home.href()} replace />
          </Route>
          <Route path={routes.newPassword.pattern}>
            {({ resetToken }) => <NewPasswordContainer resetToken={resetToken} />}
          </Route>
          <Route path={routes.courses.pattern}>
            <CoursesContainer />
          </Route>
          {/* The library with or without its child, the viewer of one education. */}
          <Route path={`${routes.education.pattern}?`}>
            {({ educationId }) => <EducationLibraryContainer educationId={educationId} />}
          </Route>
          <Route path={routes.admin.pattern}>
            <AdminContainer />
          </Route>
          <Route path={`${routes.admin.pattern}/*`}>
            <AdminContainer />
          </Route>
          {/* SPEC 2: the e-mail in the query or, in the other reading, in the path. */}
          <Route path={`${routes.unsubscribe.pattern}/:email`}>
            {({ campaign, email }) => <UnsubscribeContainer campaign={campaign} email={email} />}
          </Route>
          <Route path={routes.unsubscribe.pattern}>
            {({ campaign }) => <UnsubscribeContainer campaign={campaign} />}
          </Route>
          <Route path={routes.unsubscribe.base}>
            <Redirect to={routes.home.href()} replace />
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
      </Suspense>
    </LoadErrorBoundary>
  );
}
