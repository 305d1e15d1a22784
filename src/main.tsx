import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { InspectContext, loadInspector } from './app/inspector.tsx';
import { loadSiteConfig } from './app/siteConfig.ts';
import { messages } from './messages.ts';
import './styles/tokens.css';
import './styles/base.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root');
const root = createRoot(rootElement);

/** The configuration is loaded before the first render: one build serves every environment. */
async function start() {
  try {
    const [config, inspect] = await Promise.all([loadSiteConfig(), loadInspector()]);
    root.render(
      <StrictMode>
        <InspectContext value={inspect}>
          <App config={config} />
        </InspectContext>
      </StrictMode>,
    );
  } catch (error) {
    console.error(error);
    root.render(
      <main className="page status">
        <p role="alert">{messages.configFailed}</p>
        <button className="button" type="button" onClick={() => window.location.reload()}>
          {messages.retry}
        </button>
      </main>,
    );
  }
}

void start();
