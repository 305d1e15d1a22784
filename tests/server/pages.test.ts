/**
 * The server-rendered pages (server/http/pages.ts, docs/decisions/0021) with a stand-in for the
 * render bundle: which page a request gets for its path and cookies, and what goes around it
 * (inline CSS allowed by its hash, the page's scripts, the bootstrap, the headers). The real
 * render of every public page runs in tests/e2e/server-rendering.spec.ts.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerRenderBundle } from '../../server/http/pages.ts';
import { parseCookies } from '../../server/http/pages.ts';
import { imageFile, postForm } from './media-fixtures.ts';
import { ADMIN, login, seedAccounts } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { useTempDir } from './support/temp-dir.ts';

const tempDir = useTempDir();
let testApp: TestApp;
let dataDir: string;
let renders: Parameters<ServerRenderBundle['renderPage']>[0][];

const INDEX_HTML =
  '<!doctype html><html lang="hr"><head><meta name="description" content="Stranice.">' +
  '<title>Dentalia</title>' +
  '<script type="module" crossorigin src="/assets/index-A1.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-A1.css"></head>' +
  '<body><div id="root"><div class="header"></div><!--/app-frame--></div></body></html>';
const ENTRY_CSS = '.header{color:red}';
const ABOUT_CSS = '.about{color:blue}';
const GATE_CSS = '.gate{color:green}';
const GATE_COOKIES = 'prihvaceni_kolacici=1; pristup_dozvoljen=true';

const MANIFEST = {
  'index.html': {
    file: 'assets/index-A1.js',
    isEntry: true,
    imports: ['_machines-F6.js', '_react-dom-E5.js'],
    css: ['assets/index-A1.css'],
  },
  '_machines-F6.js': { file: 'assets/machines-F6.js', imports: ['_react-dom-E5.js'] },
  '_react-dom-E5.js': { file: 'assets/react-dom-E5.js' },
  'src/app/AboutContainer.tsx': {
    file: 'assets/AboutContainer-B2.js',
    imports: ['index.html', '_shared-C3.js'],
    css: ['assets/AboutContainer-B2.css'],
  },
  '_shared-C3.js': { file: 'assets/shared-C3.js' },
  'src/views/AccessGate.tsx': {
    file: 'assets/AccessGate-D4.js',
    imports: ['index.html'],
    css: ['assets/AccessGate-D4.css'],
  },
};

/** Renders what the real bundle would decide, in a form the tests can read back. */
const fakeBundle: ServerRenderBundle = {
  renderPage: async (request) => {
    renders.push(request);
    const accepted = fakeBundle.hasGateConsent((name) => request.cookies[name]);
    if (!accepted && !fakeBundle.isPolicyPath(request.path)) {
      return `<div class="gate">GATE${request.search ? ` ?${request.search}` : ''}</div>`;
    }
    const hint = request.path === '/' ? '<link rel="preload" as="image" href="/hero.webp"/>' : '';
    const { courses } = request.pageData;
    return `${hint}<main>PAGE ${request.path} ${JSON.stringify({ courses })}</main>`;
  },
  SERVER_PAGES: {
    '/': { modules: [] },
    '/info': { modules: ['src/app/AboutContainer.tsx'] },
    '/tecajevi': { modules: [], perRequest: 'courses' },
    '/pravila-privatnosti': { modules: [] },
  },
  GATE_MODULES: ['src/views/AccessGate.tsx'],
  hasGateConsent: (read) =>
    read('prihvaceni_kolacici') === '1' && read('pristup_dozvoljen') === 'true',
  ACCEPTED_GATE_COOKIES: { prihvaceni_kolacici: '1', pristup_dozvoljen: 'true' },
  CONSENT_COOKIES: [
    { name: 'prihvaceni_kolacici', value: '1', attributes: { expires: 36525, path: '/' } },
    {
      name: 'pristup_dozvoljen',
      value: 'true',
      attributes: { expires: 365, path: '/', sameSite: 'Strict' },
    },
  ],
  isPolicyPath: (pagePath) => pagePath === '/pravila-privatnosti',
  SHOW_ABROAD_COOKIE: 'tecajevi-prikazuj-sve',
  PAGE_BOOTSTRAP_ID: 'page-bootstrap',
  serializeBootstrap: (bootstrap) => JSON.stringify(bootstrap),
};

function writeSpaBuild(root: string): string {
  const spaDir = path.join(root, 'dist');
  mkdirSync(path.join(spaDir, 'assets'), { recursive: true });
  mkdirSync(path.join(spaDir, '.vite'));
  writeFileSync(path.join(spaDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(spaDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(path.join(spaDir, 'assets', 'index-A1.css'), ENTRY_CSS);
  writeFileSync(path.join(spaDir, 'assets', 'AboutContainer-B2.css'), ABOUT_CSS);
  writeFileSync(path.join(spaDir, 'assets', 'AccessGate-D4.css'), GATE_CSS);
  writeFileSync(path.join(spaDir, 'assets', 'index-A1.js'), 'export {};');
  return spaDir;
}

beforeEach(async () => {
  renders = [];
  const root = tempDir();
  dataDir = path.join(root, 'var');
  mkdirSync(dataDir);
  testApp = await createTestApp(dataDir, {
    spaDir: writeSpaBuild(root),
    serverRender: fakeBundle,
  });
});
afterEach(() => testApp.close());

/** The inline script that starts the app of a server-rendered page. */
const startScriptOf = (body: string) =>
  /<script type="module">([\s\S]*?)<\/script>/.exec(body)?.[1] ?? '';

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

describe('the gate, decided from the request', () => {
  it.each(['/', '/info', '/tecajevi', '/login', '/nema-ove-stranice'])(
    'answers %s without the gate cookies with the gate only',
    async (url) => {
      const response = await get(url, { cookie: 'prihvaceni_kolacici=1' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"><div class="gate">GATE</div></div>');
      expect(response.body).not.toContain('PAGE');
      expect(response.body).not.toContain('class="header"');
      // The gate's own code and style come with it.
      expect(response.body).toContain(`<style>${ENTRY_CSS}\n${GATE_CSS}</style>`);
      expect(startScriptOf(response.body)).toContain('"/assets/AccessGate-D4.js"');
      expect(response.headers['vary']).toBe('accept-encoding, cookie');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('answers a policy page with the page, with or without the cookies', async () => {
    for (const headers of [{}, { cookie: GATE_COOKIES }] as Record<string, string>[]) {
      const response = await get('/pravila-privatnosti', headers);
      expect(response.body).toContain('PAGE /pravila-privatnosti');
    }
  });

  it('answers with the page when both cookies hold their accepted values', async () => {
    const response = await get('/info/', { cookie: `other=x; ${GATE_COOKIES}` });
    expect(response.body).toContain('<div id="root"><main>PAGE /info {}</main></div>');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('renders the pages once, at start, not per request', async () => {
    const before = renders.length;
    await get('/info', { cookie: GATE_COOKIES });
    await get('/', { cookie: GATE_COOKIES });
    await get('/');
    expect(renders.length).toBe(before);
  });
});

describe('what the page needs for its first paint', () => {
  it('inlines the CSS of the app and of the page and allows it by hash in the CSP', async () => {
    const response = await get('/info', { cookie: GATE_COOKIES });
    const style = `${ENTRY_CSS}\n${ABOUT_CSS}`;
    expect(response.body).toContain(`<style>${style}</style>`);
    expect(response.body).not.toContain('rel="stylesheet"');
    const hash = createHash('sha256').update(style).digest('base64');
    expect(response.headers['content-security-policy']).toMatch(
      new RegExp(`style-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`),
    );
  });

  it('starts the app once the page has painted, the pages modules preloaded with it', async () => {
    const response = await get('/info', { cookie: GATE_COOKIES });
    const start = startScriptOf(response.body);
    expect(start).toContain(
      'for(const href of ["/assets/machines-F6.js","/assets/react-dom-E5.js",' +
        '"/assets/AboutContainer-B2.js","/assets/shared-C3.js"])',
    );
    // The entry's chunks run one per task, each after the chunks it imports, then the entry.
    expect(start).toContain(
      'for(const step of ["/assets/react-dom-E5.js","/assets/machines-F6.js","/assets/index-A1.js"])' +
        '{await new Promise((resolve)=>setTimeout(resolve));await import(step)}',
    );
    expect(start).toContain('requestAnimationFrame(()=>requestAnimationFrame(start))');
    // No script request of the page's own competes with its first paint.
    expect(response.body).not.toContain('<script type="module" crossorigin');
    expect(response.body).not.toContain('<link rel="modulepreload"');
    const hash = createHash('sha256').update(start).digest('base64');
    expect(response.headers['content-security-policy']).toMatch(
      new RegExp(`script-src 'self'[^;]* 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`),
    );
  });

  it('loads the app of a page the browser renders by its script tag, with no inline script', async () => {
    const response = await get('/login', { cookie: GATE_COOKIES });
    expect(response.body).toContain(
      '<script type="module" crossorigin src="/assets/index-A1.js"></script>',
    );
    expect(response.body).not.toContain('<script type="module">');
    expect(response.headers['content-security-policy']).not.toMatch(/script-src[^;]*sha256/);
  });

  it("moves React's resource hints (the hero preload) into the head", async () => {
    const { body } = await get('/', { cookie: GATE_COOKIES });
    const head = body.slice(0, body.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/hero.webp"/>');
    expect(body).toContain('<div id="root"><main>PAGE / {}</main></div>');
  });

  it('embeds the configuration, and says whether #root is to be hydrated', async () => {
    const page = await get('/info', { cookie: GATE_COOKIES });
    const shell = await get('/login', { cookie: GATE_COOKIES });
    const bootstrapOf = (body: string) =>
      JSON.parse(
        /<script id="page-bootstrap" type="application\/json">(.*?)<\/script>/.exec(body)?.[1] ??
          'null',
      ) as {
        hydrate: boolean;
        config: { brand: string };
        pageData: { renderYear?: number };
      };
    expect(bootstrapOf(page.body)).toMatchObject({ hydrate: true, config: { brand: 'Dentalia' } });
    // The footer's year: the browser hydrates the year the page was rendered with.
    const renderYear = renders.find((render) => render.path === '/info')?.pageData.renderYear;
    expect(renderYear).toBeGreaterThanOrEqual(2026);
    expect(bootstrapOf(page.body).pageData.renderYear).toBe(renderYear);
    expect(bootstrapOf(shell.body)).toMatchObject({ hydrate: false });
    // The login page is the browser's to render: the frame stays.
    expect(shell.body).toContain('<div class="header"></div>');
  });

  it('names each page by its route in the title and the description (issue 32)', async () => {
    const headOf = async (url: string, cookie = GATE_COOKIES) => {
      const { body } = await get(url, { cookie });
      return [
        /<title>(.*?)<\/title>/.exec(body)?.[1],
        /<meta name="description" content="(.*?)">/.exec(body)?.[1],
      ];
    };
    expect(await headOf('/info')).toEqual([
      'O nama – Dentalia',
      'Tko smo, gdje nas možete pronaći i kako nas kontaktirati.',
    ]);
    expect((await headOf('/tecajevi'))[0]).toBe('Tečajevi – Dentalia');
    // The pages the browser renders: their frame is named after them too.
    expect(await headOf('/login')).toEqual([
      'Prijava – Dentalia',
      expect.stringMatching(/^Dentalni materijali/),
    ]);
    expect((await headOf('/admin/partners'))[0]).toBe('Novi partner – Dentalia');
    expect((await headOf('/nema-ove-stranice'))[0]).toBe('Stranica nije pronađena – Dentalia');
    // The gate is the same on every path: it is named as the home page.
    expect((await headOf('/info', ''))[0]).toBe(
      'Dentalni materijali, tečajevi i edukacije – Dentalia',
    );
  });

  it('answers 304 to a browser that holds the page already', async () => {
    const first = await get('/info', { cookie: GATE_COOKIES });
    const again = await get('/info', {
      cookie: GATE_COOKIES,
      'if-none-match': String(first.headers['etag']),
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('/tecajevi, rendered from the courses list', () => {
  it('renders the current list with the visitor’s filter choice', async () => {
    const shown = await get('/tecajevi', { cookie: `${GATE_COOKIES}; tecajevi-prikazuj-sve=true` });
    expect(shown.body).toContain('PAGE /tecajevi {"courses":[]}');
    const request = renders.at(-1);
    expect(request?.cookies['tecajevi-prikazuj-sve']).toBe('true');
    expect(request?.pageData).toMatchObject({ courses: [] });
  });

  it('renders once per list version and filter choice', async () => {
    await get('/tecajevi', { cookie: GATE_COOKIES });
    await get('/tecajevi', { cookie: GATE_COOKIES });
    const coursesRenders = renders.filter((request) => request.path === '/tecajevi');
    expect(coursesRenders).toHaveLength(1);
  });

  it('renders a course written with control and format characters without them (issue 25)', async () => {
    await seedAccounts(testApp.db, dataDir, () => new Date());
    const { accessToken } = await login(testApp.app, ADMIN);
    const start = Date.now() + 10 * 24 * 3_600_000;
    const created = await postForm(
      testApp.app,
      '/api/v1/courses',
      {
        Title: 'Ab\u0000cd \u202eevil\u202c',
        Description: 'Opis\u0007 tečaja.',
        Lecturer: '\u200bdr. Ana Anić',
        Location: 'Osijek\u2066',
        StartDate: new Date(start).toISOString(),
        EndDate: new Date(start + 3_600_000).toISOString(),
        Image: { bytes: await imageFile('png', 320, 200), filename: 'a.png', type: 'image/png' },
      },
      accessToken,
    );
    expect(created.statusCode, created.body).toBe(201);
    const page = await get('/tecajevi', { cookie: GATE_COOKIES });
    expect(page.body).toContain('"title":"Abcd evil"');
    for (const character of ['\u0000', '\u0007', '\u202e', '\u202c', '\u200b', '\u2066']) {
      const escaped = `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
      expect(page.body).not.toContain(character);
      expect(page.body).not.toContain(escaped);
    }
  }, 60_000);
});

describe('parseCookies', () => {
  it('reads names and percent-encoded values, the first of a repeated name winning', () => {
    expect(parseCookies('a=1; b=x%20y; a=2; bad; c=%E0%A4%A')).toEqual({
      a: '1',
      b: 'x y',
      c: '%E0%A4%A',
    });
    expect(parseCookies(undefined)).toEqual({});
  });
});

describe('the gate’s form, posted before the app has taken it over', () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url: '/pristup',
      payload: body,
      headers: {
        host: 'dentalia.test',
        'content-type': 'application/x-www-form-urlencoded',
        referer: 'http://dentalia.test/info?x=1',
        ...headers,
      },
    });
  const setCookies = (response: { headers: Record<string, unknown> }) =>
    [response.headers['set-cookie'] ?? []].flat() as string[];

  it('sets both gate cookies with the declaration on, and sends the visitor back to the page', async () => {
    const response = await post('izjava=on', { origin: 'http://dentalia.test' });
    expect(response.statusCode).toBe(303);
    expect(response.headers['location']).toBe('/info?x=1');
    const cookies = setCookies(response);
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toMatch(/^prihvaceni_kolacici=1; Path=\/; Expires=/);
    expect(cookies[1]).toMatch(/^pristup_dozvoljen=true; Path=\/; Expires=.*; SameSite=Strict$/);
    const back = await get('/info', { cookie: GATE_COOKIES });
    expect(back.body).toContain('PAGE /info');
  });

  it('sets nothing without the declaration, and sends the visitor back marked as refused', async () => {
    const response = await post('');
    expect(response.statusCode).toBe(303);
    expect(setCookies(response)).toEqual([]);
    expect(response.headers['location']).toBe('/info?x=1&izjava=nedostaje');
    // The gate of that page is rendered from the refusal, which its machine turns into SPEC 5's
    // message (tests/machines/accessGate.test.tsx, tests/e2e/before-hydration.spec.ts).
    const back = await get('/info?x=1&izjava=nedostaje');
    expect(back.body).toContain('<div class="gate">GATE ?izjava=nedostaje</div>');
    expect(back.headers['referrer-policy']).toBe('same-origin');
    expect((await get('/info?x=1')).body).toContain('<div class="gate">GATE</div>');
  });

  it('refuses once, whatever the way back already said', async () => {
    const response = await post('izjava=off', {
      referer: 'http://dentalia.test/tecajevi?izjava=nedostaje',
    });
    expect(response.headers['location']).toBe('/tecajevi?izjava=nedostaje');
    const accepted = await post('izjava=on', {
      referer: 'http://dentalia.test/tecajevi?izjava=nedostaje',
    });
    expect(accepted.headers['location']).toBe('/tecajevi');
  });

  it.each([
    ['another site', 'http://elsewhere.test/info'],
    ['a path that would leave the site', 'http://dentalia.test//elsewhere.test/x'],
    ['no address', ''],
  ])('sends the visitor home when the way back is %s', async (_, referer) => {
    const response = await post('izjava=on', { referer });
    expect(response.headers['location']).toBe('/');
  });

  it('refuses a form another site made the browser post', async () => {
    const response = await post('izjava=on', { origin: 'http://elsewhere.test' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errors: ['You are not allowed to do this.'] });
    expect(setCookies(response)).toEqual([]);
  });

  it('refuses a post the browser says came from another site', async () => {
    const response = await post('izjava=on', { 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    expect(setCookies(response)).toEqual([]);
    const ours = await post('izjava=on', { 'sec-fetch-site': 'same-origin' });
    expect(setCookies(ours)).toHaveLength(2);
  });

  it('has the gate’s page send the Referer to this site, for the way back', async () => {
    const gatePage = await get('/info');
    expect(gatePage.headers['referrer-policy']).toBe('same-origin');
    const page = await get('/info', { cookie: GATE_COOKIES });
    expect(page.headers['referrer-policy']).not.toBe('same-origin');
  });

  it('refuses a body larger than the form, in the error shape', async () => {
    const response = await post(`izjava=on&x=${'a'.repeat(400)}`);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ errors: [expect.any(String)] });
  });
});
