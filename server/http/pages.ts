/**
 * The public pages as HTML that already holds them (docs/decisions/0021): the server renders the
 * SPA's own components (the `vite build --ssr` bundle of src/entry-server.tsx) into the built
 * index.html, and the browser hydrates that. The pages that change only with a new build are
 * rendered once, at start; /tecajevi once per version of the courses list. The access gate is
 * decided here, from the request's cookies (SPEC 4): without both, every page but the three
 * policy pages is the gate's HTML and nothing of the page behind it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Course, SiteConfig } from '../../src/api/contract.ts';
import { GATE_REFUSAL_QUERY, documentHead, isGateRefusal } from '../../src/routes.ts';
import type { CachedList } from '../courses/list-cache.ts';
import type { GateCookie, GateFormOptions } from './gate-form.ts';
import {
  representationsCompressedLater,
  sendRepresentation,
  type Representations,
} from './representations.ts';

/** What a page was rendered from (src/app/pageBootstrap.ts), handed to the browser with it. */
interface PageData {
  courses?: Course[];
  renderYear?: number;
}

/** What the server takes from the server-render bundle (src/entry-server.tsx, built to dist-ssr). */
export interface ServerRenderBundle {
  renderPage(request: {
    path: string;
    search: string;
    config: SiteConfig;
    cookies: Readonly<Record<string, string>>;
    pageData: PageData;
  }): Promise<string>;
  SERVER_PAGES: Readonly<Record<string, { modules: readonly string[]; perRequest?: 'courses' }>>;
  GATE_MODULES: readonly string[];
  hasGateConsent(readCookie: (name: string) => string | undefined): boolean;
  ACCEPTED_GATE_COOKIES: Readonly<Record<string, string>>;
  CONSENT_COOKIES: readonly GateCookie[];
  isPolicyPath(path: string): boolean;
  SHOW_ABROAD_COOKIE: string;
  PAGE_BOOTSTRAP_ID: string;
  serializeBootstrap(bootstrap: {
    config: SiteConfig;
    hydrate: boolean;
    pageData: PageData;
  }): string;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PagesOptions {
  spaDir: string;
  serverRender: ServerRenderBundle;
  siteConfig: SiteConfig;
  courseList: CachedList;
}

export interface Pages {
  /** Answers a page navigation with the page's HTML, or the gate's, or the app's shell. */
  answer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** How the server answers the gate's form (gate-form.ts). */
  gateForm: GateFormOptions;
}

/** A page's HTML in each encoding, and the hashes of its inline style and script for the CSP. */
interface RenderedPage {
  representations: Representations;
  styleHash: string;
  /** Absent from the app's frame, which loads its scripts by plain script tags. */
  scriptHash?: string;
}

const HTML_TYPE = 'text/html; charset=utf-8';
/** The gate cookies decide what a page answers, so caches must keep answers apart by them. */
const VARY = ['cookie'];
/** Everything of index.html's #root, the frame the browser shows while the app loads. */
const ROOT_CONTENT = /<div id="root">[\s\S]*<!--\/app-frame-->\s*<\/div>/;

export async function loadPages(options: PagesOptions): Promise<Pages> {
  const bundle = options.serverRender;
  const document = pageDocument(options.spaDir);
  const { siteConfig } = options;

  async function render(
    pagePath: string,
    accepted: boolean,
    extraCookies: Record<string, string> = {},
    data: { courses?: Course[] } = {},
    search = '',
  ): Promise<RenderedPage> {
    // The footer's year comes with the page, so that the browser hydrates the very same HTML.
    const pageData: PageData = { ...data, renderYear: new Date().getFullYear() };
    const cookies = { ...(accepted ? bundle.ACCEPTED_GATE_COOKIES : {}), ...extraCookies };
    const markup = await bundle.renderPage({
      path: pagePath,
      search,
      config: siteConfig,
      cookies,
      pageData,
    });
    const pageModules = bundle.SERVER_PAGES[pagePath]?.modules ?? [];
    const shown = accepted || bundle.isPolicyPath(pagePath);
    const modules = shown ? pageModules : bundle.GATE_MODULES;
    const bootstrap = bundle.serializeBootstrap({ config: siteConfig, hydrate: true, pageData });
    const head = documentHead(shown ? pagePath : '/', siteConfig.brand);
    return renderedPage(document.page(markup, modules, bootstrap, bundle.PAGE_BOOTSTRAP_ID, head));
  }

  // The gate renders the same on every path it covers; with SPEC 5's message once its form was
  // posted without the declaration (gate-form.ts).
  const gate = await render('/', false);
  const refusedGate = await render('/', false, {}, {}, GATE_REFUSAL_QUERY);
  // The pages the browser renders share one frame, named after each page (by its route's title).
  const shellBootstrap = bundle.serializeBootstrap({
    config: siteConfig,
    hydrate: false,
    pageData: {},
  });
  const shells = new Map<string, RenderedPage>();
  function shellFor(pagePath: string): RenderedPage {
    const head = documentHead(pagePath, siteConfig.brand);
    let page = shells.get(head.title);
    if (!page) {
      page = renderedPage(document.shell(shellBootstrap, bundle.PAGE_BOOTSTRAP_ID, head));
      shells.set(head.title, page);
    }
    return page;
  }
  const prerendered = new Map<string, RenderedPage>();
  for (const [pagePath, page] of Object.entries(bundle.SERVER_PAGES)) {
    if (page.perRequest) continue;
    prerendered.set(pageKey(pagePath, true), await render(pagePath, true));
    if (bundle.isPolicyPath(pagePath)) {
      prerendered.set(pageKey(pagePath, false), await render(pagePath, false));
    }
  }
  const coursesPath = Object.keys(bundle.SERVER_PAGES).find(
    (pagePath) => bundle.SERVER_PAGES[pagePath]?.perRequest === 'courses',
  );
  const coursesPages = renderedPerListVersion(options.courseList, (courses, showAbroad) =>
    render(coursesPath ?? '', true, showAbroad ? { [bundle.SHOW_ABROAD_COOKIE]: 'true' } : {}, {
      courses,
    }),
  );

  async function pageFor(request: FastifyRequest): Promise<RenderedPage> {
    const pagePath = pathnameOf(request.url);
    const cookies = parseCookies(request.headers.cookie);
    const accepted = bundle.hasGateConsent((name) => cookies[name]);
    if (!accepted && !bundle.isPolicyPath(pagePath)) {
      return isGateRefusal(queryOf(request.url)) ? refusedGate : gate;
    }
    if (bundle.SERVER_PAGES[pagePath]?.perRequest === 'courses') {
      return coursesPages(cookies[bundle.SHOW_ABROAD_COOKIE] === 'true');
    }
    return prerendered.get(pageKey(pagePath, accepted)) ?? shellFor(pagePath);
  }

  return {
    gateForm: {
      consentCookies: bundle.CONSENT_COOKIES,
      secure: siteConfig.publicUrl.startsWith('https:'),
    },
    async answer(request, reply) {
      const page = await pageFor(request);
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') {
        reply.header('content-security-policy', allowingInline(policy, page));
      }
      // The gate's form sends the visitor back to the page it was on, which the Referer names.
      if (page === gate || page === refusedGate) reply.header('referrer-policy', 'same-origin');
      return sendRepresentation(request, reply, page, { contentType: HTML_TYPE, vary: VARY });
    },
  };
}

const sha256Source = (text: string) =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function renderedPage(html: string): RenderedPage {
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
  const script = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return {
    representations: representationsCompressedLater(Buffer.from(html)),
    styleHash: sha256Source(style),
    ...(script === undefined ? {} : { scriptHash: sha256Source(script) }),
  };
}

/** The security headers' policy, with the page's own inline style and script allowed by hash. */
function allowingInline(policy: string, page: RenderedPage): string {
  const allowing = (text: string, directive: string, source: string | undefined) =>
    source === undefined
      ? text
      : text.replace(new RegExp(`(^|;)\\s*${directive} ([^;]*)`), `$1${directive} $2 ${source}`);
  return allowing(allowing(policy, 'style-src', page.styleHash), 'script-src', page.scriptHash);
}

function pageKey(pagePath: string, accepted: boolean): string {
  return `${accepted ? 'accepted' : 'gate'} ${pagePath}`;
}

/**
 * The /tecajevi page of the current list, rendered once per list version and filter choice;
 * an older version's pages are dropped when a newer one is rendered.
 */
function renderedPerListVersion(
  courseList: CachedList,
  renderList: (courses: Course[], showAbroad: boolean) => Promise<RenderedPage>,
): (showAbroad: boolean) => Promise<RenderedPage> {
  let rendered: { version: number; pages: Map<boolean, Promise<RenderedPage>> } | undefined;
  return async (showAbroad) => {
    const list = await courseList.current();
    if (rendered?.version !== list.version) rendered = { version: list.version, pages: new Map() };
    let page = rendered.pages.get(showAbroad);
    if (!page) {
      const courses = JSON.parse(list.representations.identity.body.toString('utf8')) as Course[];
      page = renderList(courses, showAbroad);
      rendered.pages.set(showAbroad, page);
      // A failed render is tried again by the next request.
      page.catch(() => rendered?.pages.delete(showAbroad));
    }
    return page;
  };
}

/** The query of a request's URL, without its `?`. */
function queryOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
}

/** The path of a request, without its query and trailing slash ("/info/" is "/info"). */
function pathnameOf(url: string): string {
  const pathname = url.split('?', 1)[0] ?? '/';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** A Cookie header's values by name; a value that is not valid percent-encoding is kept as sent. */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const pair of (header ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    const name = pair.slice(0, separator).trim();
    const raw = pair.slice(separator + 1).trim();
    if (name === '' || name in cookies) continue;
    try {
      cookies[name] = decodeURIComponent(raw);
    } catch {
      cookies[name] = raw;
    }
  }
  return cookies;
}

/**
 * The built index.html, ready to take a page: its stylesheet inlined (no render-blocking
 * request), a page's own CSS and scripts added from Vite's manifest.
 */
function pageDocument(spaDir: string) {
  const template = readFileSync(path.join(spaDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(
    readFileSync(path.join(spaDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error(`No entry in ${spaDir}/.vite/manifest.json`);
  if (!ROOT_CONTENT.test(template)) throw new Error(`${spaDir}/index.html has no app frame`);
  const readAsset = (file: string) => readFileSync(path.join(spaDir, file), 'utf8');

  // The entry's stylesheet links become one inline style, first in every page.
  let base = template;
  for (const file of entry.css ?? []) {
    const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${escapeRegExp(file)}"[^>]*>`);
    base = base.replace(link, '');
  }
  const entryCss = (entry.css ?? []).map(readAsset).join('\n');

  function closure(key: string, seen = new Set<string>()): Set<string> {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk || chunk.isEntry) return seen;
    seen.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, seen);
    return seen;
  }

  /** The chunks behind these keys, each after the chunks it imports (so each runs on its own). */
  function dependencyOrder(keys: readonly string[], order = new Set<string>()): string[] {
    for (const key of keys) {
      const chunk = manifest[key];
      if (order.has(key) || !chunk || chunk.isEntry) continue;
      dependencyOrder(chunk.imports ?? [], order);
      order.add(key);
    }
    return [...order];
  }

  const chunksOf = (modules: readonly string[]) =>
    [...new Set(modules.flatMap((key) => [...closure(key)]))]
      .map((key) => manifest[key])
      .filter((chunk): chunk is ManifestChunk => chunk !== undefined);
  const inlineStyle = (chunks: ManifestChunk[]) => {
    const css = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map(readAsset);
    return `<style>${[entryCss, ...css].join('\n')}</style>`;
  };

  /** The app's frame: the entry's script tags as Vite wrote them, the pages' chunks preloaded. */
  function shellHead(modules: readonly string[]): string {
    const chunks = chunksOf(modules);
    const scripts = chunks.map(
      (chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`,
    );
    return `${inlineStyle(chunks)}${scripts.join('')}</head>`;
  }

  // A page that paints from its HTML starts its scripts once it has painted (startAfterFirstPaint).
  const pageBase = base
    .replace(/<script type="module"[^>]*><\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
  const entryImports = (entry.imports ?? []).flatMap((key) => [...closure(key)]);
  const entryFile = `/${entry.file}`;
  const entrySteps = dependencyOrder(entry.imports ?? []).map((key) => `/${manifest[key]?.file}`);
  function pageHead(modules: readonly string[], hints: string): string {
    const chunks = chunksOf([...entryImports, ...modules]);
    const start = startAfterFirstPaint(
      entryFile,
      chunks.map((chunk) => `/${chunk.file}`),
      entrySteps,
    );
    return `${hints}${inlineStyle(chunksOf(modules))}${start}</head>`;
  }

  function bootstrapScript(bootstrap: string, id: string) {
    return `<script id="${id}" type="application/json">${bootstrap}</script></body>`;
  }

  return {
    /** The page's markup in #root, React's resource hints (the LCP image preload) in the head. */
    page(
      markup: string,
      modules: readonly string[],
      bootstrap: string,
      id: string,
      head: DocumentHead,
    ): string {
      const hints = /^(?:<link [^>]*\/>)*/.exec(markup)?.[0] ?? '';
      return withHead(pageBase, head)
        .replace('</head>', () => pageHead(modules, hints))
        .replace(ROOT_CONTENT, () => `<div id="root">${markup.slice(hints.length)}</div>`)
        .replace('</body>', () => bootstrapScript(bootstrap, id));
    },
    /** The app's frame for a page the browser renders (login-only and admin pages). */
    shell(bootstrap: string, id: string, head: DocumentHead): string {
      return withHead(base, head)
        .replace('</head>', () => shellHead([]))
        .replace('</body>', () => bootstrapScript(bootstrap, id));
    },
  };
}

/**
 * The inline script that starts the app of a page that paints from its HTML: once the browser
 * has painted the page (two animation frames), it preloads the modules and imports the entry.
 * Nothing of the JavaScript competes with the HTML, its inline style and the LCP image for the
 * first paint (on a slow phone link the picture arrives first), and the first paint never waits
 * for a script that happened to arrive before it. Taps before the app runs still work: the gate
 * is a form and the switches are native (docs/decisions/0026). A hidden tab paints nothing, so it
 * starts at once.
 *
 * The entry's chunks are evaluated one by one, each in a task of its own (`steps`, dependencies
 * first), then the entry: adding the preloads, evaluating React's DOM renderer, the machines
 * and the app are short tasks instead of two long ones that a tap would wait for
 * (docs/decisions/0033).
 */
function startAfterFirstPaint(
  entry: string,
  modules: readonly string[],
  steps: readonly string[],
): string {
  const code =
    `const start=async()=>{for(const href of ${JSON.stringify(modules)}){` +
    `const link=document.createElement("link");link.rel="modulepreload";link.crossOrigin="";` +
    `link.href=href;document.head.append(link)}` +
    `for(const step of ${JSON.stringify([...steps, entry])}){` +
    `await new Promise((resolve)=>setTimeout(resolve));await import(step)}};` +
    `document.visibilityState==="hidden"?start():requestAnimationFrame(()=>requestAnimationFrame(start))`;
  return `<script type="module">${code}</script>`;
}

type DocumentHead = ReturnType<typeof documentHead>;

/** index.html with the page's own title and description (the route table's, src/routes.ts). */
function withHead(html: string, head: DocumentHead): string {
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      (_, start: string, end: string) => `${start}${escapeHtml(head.description)}${end}`,
    );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
