/**
 * The admin shell (SPEC 2 "Admin shell", 6, 9): only employees (and administrators) may enter,
 * others go to /login; exactly /admin opens the first entry; choosing an entry on a narrow screen
 * scrolls down to the content by (entry count * 75 + 225) px at most (the container stops at the
 * content's heading). Injected: `goToLogin`,
 * `openEntry` (navigation) and `scrollToContent`.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { adminMessages } from '../messages/admin.ts';
import { auditLogMessages } from '../messages/auditLog.ts';
import { courseFormMessages } from '../messages/courseForm.ts';
import { educationAdminMessages } from '../messages/educationAdmin.ts';
import { newsletterFormMessages } from '../messages/newsletterForm.ts';
import { partnerFormMessages } from '../messages/partnerForm.ts';
import { productStripMessages } from '../messages/productStrip.ts';
import { routes } from '../routes.ts';

export interface AdminEntry {
  href: string;
  label: string;
}

/**
 * SPEC 2 and 6: Newsletter, Tečajevi (admin only), Korisnici, Proizvodi, Edukacije (admin only),
 * Partneri, and Zapisnik (admin only, issue 29). Only entries whose screens exist are listed; later issues add theirs here. The
 * first one, Newsletter, is where exactly /admin leads (SPEC 2).
 */
export function adminEntries(roles: { isAdministrator: boolean }): AdminEntry[] {
  return [
    { href: routes.adminNewsletter.href(), label: newsletterFormMessages.menuEntry },
    ...(roles.isAdministrator
      ? [{ href: routes.adminCourse.href(), label: courseFormMessages.menuEntry }]
      : []),
    { href: routes.adminUser.href(), label: adminMessages.users },
    { href: routes.adminProducts.href(), label: productStripMessages.menuEntry },
    ...(roles.isAdministrator
      ? [{ href: routes.adminEducations.href(), label: educationAdminMessages.menuEntry }]
      : []),
    { href: routes.adminPartners.href(), label: partnerFormMessages.menuEntry },
    ...(roles.isAdministrator
      ? [{ href: routes.adminAuditLog.href(), label: auditLogMessages.menuEntry }]
      : []),
  ];
}

/** Exactly /admin (with or without the trailing slash): on its way to the first entry. */
export const isAdminRoot = (path: string) => path.replace(/\/$/, '') === routes.admin.pattern;

/** SPEC 9: the narrow-screen scroll offset. */
export const adminScrollOffset = (entryCount: number) => entryCount * 75 + 225;

export interface AdminShellInput {
  isEmployee: boolean;
  isAdministrator: boolean;
  path: string;
}

export interface AdminShellContext {
  isEmployee: boolean;
  entries: AdminEntry[];
  /** The admin path shown, kept in step with the location the container navigates to. */
  path: string;
}

export type AdminShellEvent = { type: 'CHOOSE_ENTRY'; href: string };

export const adminShellMachine = setup({
  types: {
    input: {} as AdminShellInput,
    context: {} as AdminShellContext,
    events: {} as AdminShellEvent,
  },
  // Stryker disable next-line ObjectLiteral: the container always provides all three actions
  actions: {
    goToLogin: () => undefined,
    openEntry: (_, _href: string) => undefined,
    scrollToContent: (_, _offset: number) => undefined,
  },
  guards: {
    isEmployee: ({ context }) => context.isEmployee,
    atRoot: ({ context }) => isAdminRoot(context.path),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only the development inspector shows it
  id: 'adminShell',
  context: ({ input }) => ({
    isEmployee: input.isEmployee,
    entries: adminEntries(input),
    path: input.path,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: { type: 'isEmployee' }, target: 'checkingPath' },
        { target: 'denied', actions: 'goToLogin' },
      ],
    },
    checkingPath: {
      always: [
        {
          guard: 'atRoot',
          // Stryker disable next-line StringLiteral: without a target the assigned path is no longer the root, so the next branch opens it the same
          target: 'open',
          actions: [
            // Stryker disable next-line OptionalChaining: an employee always has entries (Newsletter is everyone's)
            assign({ path: ({ context }) => context.entries[0]?.href ?? routes.admin.href() }),
            { type: 'openEntry', params: ({ context }) => context.path },
          ],
        },
        { target: 'open' },
      ],
    },
    // Stryker disable next-line ObjectLiteral,StringLiteral: no transition leaves it, so final or not every later event is ignored
    denied: { type: 'final' },
    open: {
      on: {
        CHOOSE_ENTRY: {
          actions: [
            assign({ path: ({ event }) => event.href }),
            { type: 'openEntry', params: ({ event }) => event.href },
            {
              type: 'scrollToContent',
              params: ({ context }) => adminScrollOffset(context.entries.length),
            },
          ],
        },
      },
    },
  },
});

type AdminShellSnapshot = SnapshotFrom<typeof adminShellMachine>;

export const selectAdminOpen = (snapshot: AdminShellSnapshot) => snapshot.matches('open');
export const selectAdminEntries = (snapshot: AdminShellSnapshot) => snapshot.context.entries;
