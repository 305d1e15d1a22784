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

export interface Route<Pattern extends string> {
  pattern: Pattern;
  /** The path before the first parameter: `/aktiviraj-racun` for `/aktiviraj-racun/:token`. */
  base: string;
  href: (...params: HrefArguments<Pattern>) => string;
}

function route<const Pattern extends string>(pattern: Pattern): Route<Pattern> {
  return {
    pattern,
    base: pattern.replace(/\/:.*$/, ''),
    href: (...[params]: HrefArguments<Pattern>) =>
      pattern.replace(/:(\w+)/g, (_, name: string) =>
        encodeURIComponent((params as Record<string, string>)[name] ?? ''),
      ),
  };
}

export const routes = {
  home: route('/'),
  about: route('/info'),
  catalogues: route('/katalozi'),
  courses: route('/tecajevi'),
  gallery: route('/tecajevi/galerija'),
  privacyPolicy: route('/pravila-privatnosti'),
  dataProcessing: route('/obrada-podataka'),
  cookiePolicy: route('/pravila-o-koristenju-kolacica'),
  login: route('/login'),
  logout: route('/logout'),
  activation: route('/aktiviraj-racun/:invitationToken'),
  newPassword: route('/resetiraj-lozinku/:resetToken'),
  /** The e-mail and the unsubscribe token travel in the query (SPEC 2). */
  unsubscribe: route('/newsletter-odjava/:campaign'),
  educations: route('/edukacije/'),
  education: route('/edukacije/:educationId'),
  admin: route('/admin'),
  adminNewsletter: route('/admin/newsletter'),
  adminCourse: route('/admin/course'),
  adminUser: route('/admin/user'),
  adminProducts: route('/admin/products'),
  adminEducations: route('/admin/educations'),
  adminEducationCreate: route('/admin/educations/create'),
  adminEducationUpdate: route('/admin/educations/update'),
  adminEducationDelete: route('/admin/educations/delete'),
  adminEducationEdit: route('/admin/educations/update/:formUpdateId'),
  adminPartners: route('/admin/partners'),
} as const;

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
 * the two gate cookies and sends the visitor back to the page. Not a page of its own.
 */
export const GATE_FORM = { action: '/pristup', declarationField: 'izjava' } as const;
