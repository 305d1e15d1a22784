/**
 * The education library (SPEC 2 "Education library", 6, 9): login-only, so a visitor without a
 * session leaves for /login at once. Otherwise a spinner while loading, then the empty message,
 * the error message or the cards, with a partner filter when more than one partner has
 * educations; a failed load offers a retry. Which card is open comes from the route (the viewer is
 * its child), not from here. Injected: `loadEducations` and `goToLogin` (navigation).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Education } from '../api/contract.ts';
import { educationThumbnailUrl } from '../api/educations.ts';

/** SPEC 9: the partner filter's value meaning every partner (a partner id is digits only). */
// Stryker disable next-line StringLiteral: any text no partner id is works alike: '' too is the option's value, the filter's start and what the guard and the filter read as every partner
export const ALL_PARTNERS = 'all';

export interface PartnerOption {
  /** A partner id as text, or ALL_PARTNERS. */
  value: string;
  name: string;
  count: number;
}

/** One option per partner that has educations, in the order the list first names them. */
export function partnerOptions(educations: readonly Education[]): PartnerOption[] {
  const options = new Map<number, PartnerOption>();
  for (const { partner } of educations) {
    const option = options.get(partner.id);
    if (option) option.count += 1;
    else options.set(partner.id, { value: String(partner.id), name: partner.name, count: 1 });
  }
  return [...options.values()];
}

/** SPEC 2: the filter is offered only when more than one partner has educations. */
export function offeredPartnerOptions(educations: readonly Education[]): PartnerOption[] {
  const options = partnerOptions(educations);
  return options.length > 1 ? options : [];
}

/** The educations the filter lets through. */
export const educationsOfPartner = (educations: readonly Education[], partnerFilter: string) =>
  partnerFilter === ALL_PARTNERS
    ? educations
    : educations.filter(({ partner }) => String(partner.id) === partnerFilter);

export interface EducationLibraryContext {
  isLoggedIn: boolean;
  educations: Education[];
  partnerFilter: string;
}

export type EducationLibraryEvent = { type: 'CHOOSE_PARTNER'; value: string } | { type: 'RETRY' };

export const educationLibraryMachine = setup({
  types: {
    input: {} as { isLoggedIn: boolean },
    context: {} as EducationLibraryContext,
    events: {} as EducationLibraryEvent,
  },
  // Stryker disable next-line ObjectLiteral: the container always provides loadEducations
  actors: {
    loadEducations: fromPromise<Education[]>(() =>
      Promise.reject(new Error('loadEducations is provided by the container')),
    ),
  },
  // Stryker disable next-line ObjectLiteral: the container always provides goToLogin
  actions: {
    goToLogin: () => undefined,
  },
  guards: {
    loggedIn: ({ context }) => context.isLoggedIn,
    noEducations: ({ event }) => 'output' in event && (event.output as Education[]).length === 0,
    /** The sentinel or an option of the filter: anything else would empty the list for nothing. */
    offeredPartner: ({ context, event }) =>
      event.type === 'CHOOSE_PARTNER' &&
      (event.value === ALL_PARTNERS ||
        offeredPartnerOptions(context.educations).some(({ value }) => value === event.value)),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only the development inspector shows it
  id: 'educationLibrary',
  context: ({ input }) => ({
    isLoggedIn: input.isLoggedIn,
    educations: [],
    partnerFilter: ALL_PARTNERS,
  }),
  initial: 'checkingSession',
  states: {
    checkingSession: {
      always: [
        { guard: 'loggedIn', target: 'loading' },
        { target: 'denied', actions: 'goToLogin' },
      ],
    },
    // Stryker disable next-line ObjectLiteral,StringLiteral: no transition leaves it, so final or not every later event is ignored (its way in has gone to /login)
    denied: { type: 'final' },
    loading: {
      invoke: {
        id: 'loadEducations',
        src: 'loadEducations',
        onDone: [
          { guard: 'noEducations', target: 'empty' },
          { target: 'list', actions: assign({ educations: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed' },
      },
    },
    empty: {},
    failed: { on: { RETRY: 'loading' } },
    list: {
      on: {
        CHOOSE_PARTNER: {
          guard: 'offeredPartner',
          actions: assign({ partnerFilter: ({ event }) => event.value }),
        },
      },
    },
  },
});

type EducationLibrarySnapshot = SnapshotFrom<typeof educationLibraryMachine>;

export type EducationLibraryStage = 'denied' | 'loading' | 'empty' | 'failed' | 'list';

export function selectLibraryStage(snapshot: EducationLibrarySnapshot): EducationLibraryStage {
  if (snapshot.matches('list')) return 'list';
  if (snapshot.matches('empty')) return 'empty';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('denied')) return 'denied';
  return 'loading';
}

export interface EducationCardData {
  education: Education;
  thumbnailUrl: string | null;
}

/** The cards the filter lets through, newest first as the server sends them. */
export const selectEducationCards = ({ context }: EducationLibrarySnapshot): EducationCardData[] =>
  educationsOfPartner(context.educations, context.partnerFilter).map((education) => ({
    education,
    thumbnailUrl: educationThumbnailUrl(education),
  }));

export const selectPartnerOptions = ({ context }: EducationLibrarySnapshot) =>
  offeredPartnerOptions(context.educations);

// Stryker disable next-line ArrowFunction: the select's only use; left uncontrolled it shows what the person chose, which the guard always accepts (only offered options exist), and starts on the first option, every partner, as the machine does
export const selectPartnerFilter = ({ context }: EducationLibrarySnapshot) => context.partnerFilter;
