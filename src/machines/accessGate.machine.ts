/**
 * The access gate (SPEC 2 "Access gate", 4, 5, 9): the site shows only after the visitor declares
 * being a dental professional and accepts the necessary cookies. Reading and writing the cookies is
 * injected, so the machine knows no DOM: the container reads them into the input and provides
 * `persistConsent` (js-cookie).
 */
import { setup, type SnapshotFrom } from 'xstate';

export const GATE_COOKIE = { necessary: 'prihvaceni_kolacici', declaration: 'pristup_dozvoljen' };

/** A cookie to write, its attributes shaped as js-cookie's `Cookies.set(name, value, attributes)`. */
export interface ConsentCookie {
  name: string;
  value: string;
  attributes: { expires: number; path: '/'; sameSite?: 'Strict' };
}

/** SPEC 9: the necessary cookie lives 100 years, the declaration 1 year and same-site strict (days). */
export const CONSENT_COOKIES: readonly ConsentCookie[] = [
  {
    name: GATE_COOKIE.necessary,
    value: '1',
    attributes: { expires: 100 * 365.25, path: '/' },
  },
  {
    name: GATE_COOKIE.declaration,
    value: 'true',
    attributes: { expires: 365, path: '/', sameSite: 'Strict' },
  },
];

/** SPEC 4: the site opens only when both cookies hold their accepted values. */
export function hasGateConsent(readCookie: (name: string) => string | undefined): boolean {
  return (
    readCookie(GATE_COOKIE.necessary) === '1' && readCookie(GATE_COOKIE.declaration) === 'true'
  );
}

export interface AccessGateInput {
  accepted: boolean;
  /**
   * The server refused the gate's form, posted without the declaration before the app ran
   * (decision 0026): the gate opens with SPEC 5's message, as the server's HTML showed it.
   */
  refusedByServer?: boolean;
}

export const accessGateMachine = setup({
  types: {
    input: {} as AccessGateInput,
    context: {} as { accepted: boolean; refusedByServer: boolean },
    events: {} as { type: 'TOGGLE_DECLARATION' } | { type: 'ACCEPT' },
  },
  // Stryker disable next-line ObjectLiteral: the container always provides both actions
  actions: {
    // Provided by the container: write each cookie with js-cookie.
    persistConsent: (_, _cookies: readonly ConsentCookie[]) => undefined,
    // Provided by the container: the refusal is shown, so the address no longer carries it.
    forgetServerRefusal: () => undefined,
  },
  guards: {
    acceptedBefore: ({ context }) => context.accepted,
    refusedByServer: ({ context }) => context.refusedByServer,
  },
}).createMachine({
  id: 'accessGate',
  context: ({ input }) => ({
    accepted: input.accepted,
    refusedByServer: input.refusedByServer ?? false,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'acceptedBefore', target: 'accepted' },
        {
          guard: 'refusedByServer',
          target: '#accessGate.open.declarationRequired',
          actions: 'forgetServerRefusal',
        },
        { target: 'open' },
      ],
    },
    open: {
      initial: 'declarationOff',
      states: {
        declarationOff: {
          on: { TOGGLE_DECLARATION: 'declarationOn', ACCEPT: 'declarationRequired' },
        },
        // SPEC 5: accepting without the declaration shows the alert until the switch is turned on.
        declarationRequired: {
          on: { TOGGLE_DECLARATION: 'declarationOn' },
        },
        declarationOn: {
          on: {
            TOGGLE_DECLARATION: 'declarationOff',
            ACCEPT: {
              target: '#accessGate.accepted',
              actions: { type: 'persistConsent', params: CONSENT_COOKIES },
            },
          },
        },
      },
    },
    // Stryker disable next-line ObjectLiteral,StringLiteral: no transition leaves it, so final or not every later event is ignored
    accepted: { type: 'final' },
  },
});

type AccessGateSnapshot = SnapshotFrom<typeof accessGateMachine>;

export const selectSiteUnlocked = (snapshot: AccessGateSnapshot) => snapshot.matches('accepted');
export const selectDeclared = (snapshot: AccessGateSnapshot) =>
  snapshot.matches({ open: 'declarationOn' });
export const selectDeclarationRequired = (snapshot: AccessGateSnapshot) =>
  snapshot.matches({ open: 'declarationRequired' });
