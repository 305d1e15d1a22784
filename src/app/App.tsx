import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { RobotCheck, SiteConfig } from '../api/contract.ts';
import { company } from '../data/company.ts';
import { Footer } from '../views/Footer.tsx';
import { routes } from '../routes.ts';
import { AccessGateContainer } from './AccessGateContainer.tsx';
import { HeaderContainer } from './HeaderContainer.tsx';
import { PolicyRoutes, SiteRoutes, isPolicyPath } from './SiteRoutes.tsx';
import { createBrowserEffects } from './browserEffects.ts';
import { useRouteHead } from './documentHead.ts';
import { EffectsProvider, type Effects } from './effects.tsx';
import { PageDataContext, usePageData, type PageData } from './pageBootstrap.ts';
import { createSessionBridge, SessionProvider } from './session.tsx';
import { SiteConfigContext } from './siteConfig.ts';
import { ToastsOnDemand } from './toastsOnDemand.tsx';
import { useFooterYear } from './useFooterYear.ts';
import { useScrollToTop } from './useScrollToTop.ts';

const MAIN_ID = 'sadrzaj';

function SiteLayout({ brand, robotCheck }: { brand: string; robotCheck: RobotCheck }) {
  const year = useFooterYear(usePageData().renderYear);
  const [path] = useLocation();
  useRouteHead(path, brand);
  return (
    <div className="site">
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Preskoči na sadržaj
      </a>
      <HeaderContainer brand={brand} />
      <main id={MAIN_ID} tabIndex={-1}>
        <SiteRoutes brand={brand} robotCheck={robotCheck} />
      </main>
      <Footer company={company} year={year} />
    </div>
  );
}

/** The policy pages open without the gate, in a plain frame with a way back (SPEC 4). */
function PolicyLayout({ brand }: { brand: string }) {
  const [path] = useLocation();
  useRouteHead(path, brand);
  return (
    <div className="site">
      <nav className="page policy-back" aria-label="Povratak">
        <Link href={routes.home.href()}>← Natrag na početnu stranicu</Link>
      </nav>
      <main id={MAIN_ID}>
        <PolicyRoutes />
      </main>
    </div>
  );
}

/**
 * The first page's data serves only the page it was rendered for: once the visitor has moved on,
 * coming back loads afresh.
 */
function useFirstPageData(path: string, firstPageData: PageData): PageData {
  const [firstPath] = useState(path);
  const [leftFirstPage, setLeftFirstPage] = useState(false);
  if (path !== firstPath && !leftFirstPage) setLeftFirstPage(true);
  return leftFirstPage ? {} : firstPageData;
}

function Shell({ config, pageData }: { config: SiteConfig; pageData: PageData }) {
  const [path] = useLocation();
  useScrollToTop(path);
  return (
    <PageDataContext value={useFirstPageData(path, pageData)}>
      <AccessGateContainer
        brand={config.brand}
        exempt={isPolicyPath(path) ? <PolicyLayout brand={config.brand} /> : null}
      >
        <SiteLayout brand={config.brand} robotCheck={config.robotCheck} />
      </AccessGateContainer>
    </PageDataContext>
  );
}

interface AppProps {
  config: SiteConfig;
  /** The data the server rendered the first page from (src/app/pageBootstrap.ts). */
  pageData?: PageData;
  /** The server's render brings its own (src/entry-server.tsx); the browser's are made here. */
  serverEffects?: Effects;
}

export function App({ config, pageData = {}, serverEffects }: AppProps) {
  const [bridge] = useState(createSessionBridge);
  const [effects] = useState(
    () => serverEffects ?? createBrowserEffects(config.apiBaseUrl, bridge),
  );
  return (
    <SiteConfigContext value={config}>
      <EffectsProvider effects={effects}>
        <SessionProvider bridge={bridge}>
          <Shell config={config} pageData={pageData} />
          <ToastsOnDemand />
        </SessionProvider>
      </EffectsProvider>
    </SiteConfigContext>
  );
}
