import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from './reactDomClient.ts';
import { App } from './app/App.tsx';
import { InspectContext, loadInspector } from './app/inspector.tsx';
import { readPageBootstrap, type PageBootstrap } from './app/pageBootstrap.ts';
import { holdsStoredSession, preloadStoredSession } from './app/sessionStoreOnDemand.ts';
import { shellMessages } from './messages/shell.ts';
import './styles/tokens.css';
import './styles/base.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root');
const container = rootElement;

/**
 * The server renders every page as for a visitor without a session (docs/decisions/0021):
 * someone logged in gets the page rendered anew in the browser instead of hydrated.
 */
function hydrates(bootstrap: PageBootstrap | null): boolean {
  return bootstrap?.hydrate === true && !holdsStoredSession();
}

function showConfigFailure(error: unknown) {
  console.error(error);
  createRoot(container).render(
    <main className="page status">
      <p role="alert">{shellMessages.configFailed}</p>
      <button className="button" type="button" onClick={() => window.location.reload()}>
        {shellMessages.retry}
      </button>
    </main>,
  );
}

/** The configuration comes with the page, or from the server (a build served without it). */
async function start() {
  const bootstrap = readPageBootstrap(document);
  const [config, inspect] = await Promise.all([
    bootstrap?.config ??
      import('./app/loadSiteConfig.ts').then((module) => module.loadSiteConfig()),
    loadInspector(),
    preloadStoredSession(),
  ]);
  const app: ReactNode = (
    <StrictMode>
      <InspectContext value={inspect}>
        <App config={config} pageData={bootstrap?.pageData} />
      </InspectContext>
    </StrictMode>
  );
  // In a transition React hydrates in slices of a few milliseconds and yields to the browser
  // between them, instead of one long task; a tap before it has finished makes React finish at
  // once and then handle the tap (docs/decisions/0032).
  if (hydrates(bootstrap)) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

start().catch(showConfigFailure);
