import { routes } from '../../src/routes.ts';

/** The public pages of SPEC 2 with the gate accepted, and the gate of a first visit. */
export const PUBLIC_PAGES: readonly { label: string; path: string; withGateCookies: boolean }[] = [
  ...[
    routes.home,
    routes.about,
    routes.catalogues,
    routes.courses,
    routes.gallery,
    routes.privacyPolicy,
    routes.dataProcessing,
    routes.cookiePolicy,
  ].map(({ pattern }) => ({ label: pattern, path: pattern, withGateCookies: true })),
  { label: 'gate (/ without cookies)', path: '/', withGateCookies: false },
];

/** The two cookies of an accepted gate (SPEC 4), as a returning visitor's browser holds them. */
export const GATE_COOKIES = [
  { name: 'prihvaceni_kolacici', value: '1' },
  { name: 'pristup_dozvoljen', value: 'true', sameSite: 'Strict' as const },
];
