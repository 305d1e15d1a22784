/**
 * The route table of SPEC 2: every path of the site, written once. Each route has its wouter
 * pattern (`:name` for a parameter) and `href(...)`, which builds a link to it. The router,
 * views, machines and the server's mail links all take paths from here. No imports and only
 * erasable syntax: the server loads this file by Node's type stripping.
 */

/** The parameter names of a pattern, e.g. `{ invitationToken: string }`. */
export type RouteParams<Pattern extends string> =
  Pattern extends `${string}:${infer Name}/${infer Rest}`
    ? { [Key in Name]: string } & RouteParams<`/${Rest}`>
    : Pattern extends `${string}:${infer Name}`
      ? { [Key in Name]: string }
      : Record<never, never>;

type HrefArguments<Pattern extends string> = keyof RouteParams<Pattern> extends never
  ? []
  : [params: RouteParams<Pattern>];

/**
 * What a page says of itself in the document's head (WCAG 2.4.2): its own Croatian title, which
 * the browser's tab, bookmarks, history and screen readers show, and for the public pages a
 * description for search results (else the site's).
 */
export interface PageHead {
  /** The page's name, without the brand: the document title is `${title} – ${brand}`. */
  title: string;
  description?: string;
}

export interface Route<Pattern extends string> {
  pattern: Pattern;
  head: PageHead;
  /** The path before the first parameter: `/aktiviraj-racun` for `/aktiviraj-racun/:token`. */
  base: string;
  href: (...params: HrefArguments<Pattern>) => string;
}

function route<const Pattern extends string>(pattern: Pattern, head: PageHead): Route<Pattern> {
  return {
    pattern,
    head,
    base: pattern.replace(/\/:.*$/, ''),
    href: (...[params]: HrefArguments<Pattern>) =>
      pattern.replace(/:(\w+)/g, (_, name: string) =>
        encodeURIComponent((params as Record<string, string>)[name] ?? ''),
      ),
  };
}

/** The site's description, for the home page and the pages that have none of their own. */
export const SITE_DESCRIPTION =
  'Dentalni materijali, instrumenti i oprema, tečajevi i video edukacije za doktore dentalne medicine i dentalne tehničare.';

export const routes = {
  home: route('/', {
    title: 'Dentalni materijali, tečajevi i edukacije',
    description: SITE_DESCRIPTION,
  }),
  about: route('/info', {
    title: 'O nama',
    description: 'Tko smo, gdje nas možete pronaći i kako nas kontaktirati.',
  }),
  catalogues: route('/katalozi', {
    title: 'Proizvodi i katalozi',
    description: 'Katalozi dentalnih materijala, instrumenata i opreme za preuzimanje.',
  }),
  courses: route('/tecajevi', {
    title: 'Tečajevi',
    description: 'Trenutno aktivni tečajevi za doktore dentalne medicine i dentalne tehničare.',
  }),
  gallery: route('/tecajevi/galerija', {
    title: 'Galerija tečajeva',
    description: 'Fotografije s naših prethodnih tečajeva.',
  }),
  privacyPolicy: route('/pravila-privatnosti', {
    title: 'Pravila privatnosti',
    description: 'Koje osobne podatke prikupljamo, zašto i koliko dugo ih čuvamo.',
  }),
  dataProcessing: route('/obrada-podataka', {
    title: 'Obrada podataka',
    description: 'Pregled obrada osobnih podataka i vaša prava.',
  }),
  cookiePolicy: route('/pravila-o-koristenju-kolacica', {
    title: 'Pravila o korištenju kolačića',
    description: 'Koje kolačiće i lokalnu pohranu koristimo i kako njima upravljati.',
  }),
  login: route('/login', { title: 'Prijava' }),
  logout: route('/logout', { title: 'Odjava' }),
  activation: route('/aktiviraj-racun/:invitationToken', { title: 'Aktivacija računa' }),
  newPassword: route('/resetiraj-lozinku/:resetToken', { title: 'Postavite novu lozinku' }),
  /** The e-mail and the unsubscribe token travel in the query (SPEC 2). */
  unsubscribe: route('/newsletter-odjava/:campaign', { title: 'Odjava s newslettera' }),
  educations: route('/edukacije/', { title: 'Video edukacije' }),
  /** The viewer names itself by the education's own title once it has loaded. */
  education: route('/edukacije/:educationId', { title: 'Video edukacija' }),
  admin: route('/admin', { title: 'Administracija' }),
  adminNewsletter: route('/admin/newsletter', { title: 'Newsletteri' }),
  adminCourse: route('/admin/course', { title: 'Dodaj tečaj' }),
  adminUser: route('/admin/user', { title: 'Pozovi korisnika' }),
  /** Issue 29, decision 0054: the second screen of the `Korisnici` entry. */
  adminPeople: route('/admin/user/popis', { title: 'Korisnici i pozivnice' }),
  adminProducts: route('/admin/products', { title: 'Proizvodi na početnoj stranici' }),
  adminEducations: route('/admin/educations', { title: 'Administracija edukacija' }),
  adminEducationCreate: route('/admin/educations/create', { title: 'Dodaj edukaciju' }),
  adminEducationUpdate: route('/admin/educations/update', {
    title: 'Odaberi edukaciju za uređivanje',
  }),
  adminEducationDelete: route('/admin/educations/delete', { title: 'Obriši edukaciju' }),
  adminEducationEdit: route('/admin/educations/update/:formUpdateId', { title: 'Uredi edukaciju' }),
  adminPartners: route('/admin/partners', { title: 'Novi partner' }),
  adminAuditLog: route('/admin/zapisnik', { title: 'Zapisnik' }),
} as const;

/** A path no route has (SPEC 2's "not found" page). */
export const NOT_FOUND_HEAD: PageHead = { title: 'Stranica nije pronađena' };

/** The route whose pattern the path matches (a trailing slash aside), if any. */
function routeOf(path: string): Route<string> | undefined {
  const bare = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return Object.values(routes).find((candidate: Route<string>) => {
    const pattern = candidate.pattern.length > 1 ? candidate.pattern.replace(/\/+$/, '') : '/';
    const source = pattern
      .split(/(:\w+)/)
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    return new RegExp(`^${source}$`).test(bare);
  });
}

/** The document's title of a page by its own name: `O nama – Dentalia`. */
export function documentTitle(pageTitle: string, brand: string): string {
  return `${pageTitle} – ${brand}`;
}

/** The document title and description of the page at `path` (one source: the route table). */
export function documentHead(path: string, brand: string): { title: string; description: string } {
  const head = routeOf(path)?.head ?? NOT_FOUND_HEAD;
  return {
    title: documentTitle(head.title, brand),
    description: head.description ?? SITE_DESCRIPTION,
  };
}

/**
 * The education id of `routes.education` (`/edukacije/{educationId}`): a positive whole number,
 * or NaN (which no education has). The library marks the open card by it, the viewer loads it.
 */
export function parseEducationId(text: string): number {
  return /^[1-9]\d{0,14}$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * The access gate's form (decision 0026): where it posts when the app has not taken it over (a
 * tap before hydration, or no JavaScript), and the name of its declaration field. The server sets
 * the two gate cookies and sends the visitor back to the page. Not a page of its own. Posted
 * without the declaration, it sends the visitor back with `?izjava=nedostaje`, and the gate of that
 * page shows SPEC 5's message, in the server's HTML as once the app runs.
 */
export const GATE_FORM = {
  action: '/pristup',
  declarationField: 'izjava',
  declarationMissing: 'nedostaje',
} as const;

/** The query the gate's form adds to the page it sends back to without the declaration. */
export const GATE_REFUSAL_QUERY = `${GATE_FORM.declarationField}=${GATE_FORM.declarationMissing}`;

/** The query of a page the gate's form sent back without the declaration. */
export const isGateRefusal = (search: string) =>
  new URLSearchParams(search).get(GATE_FORM.declarationField) === GATE_FORM.declarationMissing;

/** The same query without the gate's refusal: what the address bar keeps once it is shown. */
export function withoutGateRefusal(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(GATE_FORM.declarationField);
  return params.toString();
}
