/**
 * Partners (SPEC 2 admin screen 8, 4 "Forms", 5 "Partner", 8 "Partner"; issue 29): the existing
 * partners load first and are listed below the form, so staff see what exists; then the form:
 * editing, submitting, then success (form reset, the partner first in the list, a toast) or the
 * problems under their fields. A listed partner can be taken into the form and changed (its logo
 * only when a new one is chosen), or deleted after a confirmation; a partner that educations use
 * is refused, naming them, and the same dialog offers to move them to another partner. A failed
 * list still leaves the form usable. Injected: `loadPartners`, `createPartner`, `updatePartner`,
 * `deletePartner`, `notify` (toast) and `dismissNotices` (the form's earlier toasts, on submit).
 */
import { and, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Partner } from '../api/contract.ts';
import type {
  CreatePartnerRequest,
  DeletePartnerRequest,
  UpdatePartnerRequest,
} from '../api/partners.ts';
import { partnerFormMessages } from '../messages/partnerForm.ts';
import { hasErrors } from './form.ts';
import {
  EMPTY_PARTNER_DRAFT,
  createPartnerRequest,
  deletePartnerRequest,
  deleteProblem,
  draftOf,
  draftOfPartner,
  partnerFailure,
  reassignCandidates,
  updatePartnerRequest,
  validatePartnerDraft,
  type PartnerFormContext,
  type PartnerFormEvent,
} from './partnerForm.rules.ts';

const text = partnerFormMessages;

const editing = (context: PartnerFormContext) => context.editingId !== null;

/** The list with `partner` first (a new or changed one), each partner once. */
const withFirst = (partners: readonly Partner[], partner: Partner) => [
  partner,
  ...partners.filter((each) => each.id !== partner.id),
];

/** 'Partner obrisan.', or that its educations moved first. */
const notifyDeleted = {
  type: 'notify',
  params: ({ context }: { context: PartnerFormContext }) =>
    context.deleteProblem?.inUse ? text.reassigned : text.deleted,
} as const;

export const partnerFormMachine = setup({
  types: {
    context: {} as PartnerFormContext,
    events: {} as PartnerFormEvent,
  },
  // Stryker disable next-line ObjectLiteral: the container (and each test) always provides all four actors
  actors: {
    loadPartners: fromPromise<Partner[]>(() =>
      Promise.reject(new Error('loadPartners is provided by the container')),
    ),
    createPartner: fromPromise<Partner, CreatePartnerRequest>(() =>
      Promise.reject(new Error('createPartner is provided by the container')),
    ),
    updatePartner: fromPromise<Partner, UpdatePartnerRequest>(() =>
      Promise.reject(new Error('updatePartner is provided by the container')),
    ),
    deletePartner: fromPromise<undefined, DeletePartnerRequest>(() =>
      Promise.reject(new Error('deletePartner is provided by the container')),
    ),
  },
  actions: {
    notify: (_, _text: string) => undefined,
    dismissNotices: () => undefined,
    closeDeleteDialog: assign({ deleteId: null, deleteProblem: null, reassignTo: null }),
    // The partner is gone from the list, and from the form if it was there.
    forgetDeleted: assign(({ context }) => ({
      partners: context.partners.filter((partner) => partner.id !== context.deleteId),
      ...(context.editingId === context.deleteId && {
        ...EMPTY_PARTNER_DRAFT,
        editingId: null,
        errors: {},
      }),
      deleteId: null,
      deleteProblem: null,
      reassignTo: null,
    })),
  },
  guards: {
    draftIsValid: ({ context }) =>
      !hasErrors(validatePartnerDraft(draftOf(context), editing(context))),
    isEditing: ({ context }) => editing(context),
    isListed: ({ context, event }) =>
      'id' in event && context.partners.some((partner) => partner.id === event.id),
    /** After a delete: the form still holds a partner other than the deleted one. */
    keepsChanging: ({ context }) => editing(context) && context.editingId !== context.deleteId,
    canReassign: ({ context }) =>
      // Stryker disable next-line OptionalChaining: asked only in 'refused', entered only by the failed delete that sets deleteProblem to an object
      context.deleteProblem?.inUse === true && context.reassignTo !== null,
  },
}).createMachine({
  id: 'partnerForm',
  context: {
    ...EMPTY_PARTNER_DRAFT,
    errors: {},
    partners: [],
    listFailed: false,
    editingId: null,
    deleteId: null,
    deleteProblem: null,
    reassignTo: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPartners',
        src: 'loadPartners',
        onDone: { target: 'editing', actions: assign({ partners: ({ event }) => event.output }) },
        // The list is there to look at; a new partner can be entered without it.
        onError: { target: 'editing', actions: assign({ listFailed: true }) },
      },
    },
    editing: {
      on: {
        // The problems were about the entries as they were: they are judged again on submit.
        EDIT: { actions: assign(({ event }) => ({ ...event.values, errors: {} })) },
        SUBMIT: [
          {
            guard: and(['draftIsValid', 'isEditing']),
            target: 'updating',
            actions: 'dismissNotices',
          },
          { guard: 'draftIsValid', target: 'creating', actions: 'dismissNotices' },
          {
            actions: [
              'dismissNotices',
              assign({
                errors: ({ context }) => validatePartnerDraft(draftOf(context), editing(context)),
              }),
            ],
          },
        ],
        START_EDIT: {
          guard: 'isListed',
          target: '.changing',
          actions: assign(({ context, event }) => {
            const partner = context.partners.find((each) => each.id === event.id);
            return partner ? { ...draftOfPartner(partner), editingId: partner.id, errors: {} } : {};
          }),
        },
        ASK_DELETE: {
          guard: 'isListed',
          target: 'deleteDialog',
          actions: assign({
            deleteId: ({ event }) => event.id,
            deleteProblem: null,
            reassignTo: null,
          }),
        },
      },
      initial: 'adding',
      states: {
        adding: {},
        // A listed partner is in the form: it can be saved or given up.
        changing: {
          on: {
            CANCEL_EDIT: {
              target: 'adding',
              actions: assign({ ...EMPTY_PARTNER_DRAFT, editingId: null, errors: {} }),
            },
          },
        },
      },
    },
    creating: {
      entry: assign({ errors: {} }),
      invoke: {
        id: 'createPartner',
        src: 'createPartner',
        input: ({ context }) => createPartnerRequest(draftOf(context)),
        // SPEC 4 "Forms": success resets the form.
        onDone: {
          target: '#partnerForm.editing.adding',
          actions: [
            assign(({ context, event }) => ({
              ...EMPTY_PARTNER_DRAFT,
              partners: withFirst(context.partners, event.output),
            })),
            { type: 'notify', params: text.created },
          ],
        },
        onError: {
          target: '#partnerForm.editing.adding',
          actions: assign({ errors: ({ event }) => partnerFailure(event.error) }),
        },
      },
    },
    updating: {
      entry: assign({ errors: {} }),
      invoke: {
        id: 'updatePartner',
        src: 'updatePartner',
        input: ({ context }) => updatePartnerRequest(context.editingId ?? 0, draftOf(context)),
        // Saved, the form returns to adding a new partner.
        onDone: {
          target: '#partnerForm.editing.adding',
          actions: [
            assign(({ context, event }) => ({
              ...EMPTY_PARTNER_DRAFT,
              editingId: null,
              partners: withFirst(context.partners, event.output),
            })),
            { type: 'notify', params: text.updated },
          ],
        },
        onError: {
          target: '#partnerForm.editing.changing',
          actions: assign({ errors: ({ event }) => partnerFailure(event.error) }),
        },
      },
    },
    // The dialog asks first, and after a refusal says why; either way it can be closed.
    deleteDialog: {
      on: {
        CANCEL_DELETE: [
          { guard: 'isEditing', target: 'editing.changing', actions: 'closeDeleteDialog' },
          { target: 'editing.adding', actions: 'closeDeleteDialog' },
        ],
      },
      initial: 'confirming',
      states: {
        confirming: {
          on: { CONFIRM_DELETE: { target: '#partnerForm.deleting', actions: 'dismissNotices' } },
        },
        refused: {
          on: {
            CHOOSE_REASSIGN: {
              guard: 'isListed',
              actions: assign({ reassignTo: ({ event }) => event.id }),
            },
            CONFIRM_DELETE: {
              guard: 'canReassign',
              target: '#partnerForm.deleting',
              // Stryker disable next-line StringLiteral: the first CONFIRM_DELETE closed this screen's toasts, and none is shown since.
              actions: 'dismissNotices',
            },
          },
        },
      },
    },
    deleting: {
      invoke: {
        id: 'deletePartner',
        src: 'deletePartner',
        input: ({ context }) => deletePartnerRequest(context),
        onDone: [
          {
            guard: 'keepsChanging',
            target: 'editing.changing',
            actions: [notifyDeleted, 'forgetDeleted'],
          },
          { target: 'editing.adding', actions: [notifyDeleted, 'forgetDeleted'] },
        ],
        onError: {
          target: 'deleteDialog.refused',
          actions: assign(({ context, event }) => {
            const problem = deleteProblem(event.error);
            const [first] = reassignCandidates(context.partners, context.deleteId);
            return {
              deleteProblem: problem,
              // The first other partner is offered; a takeover by one gone needs a new choice.
              reassignTo: problem.inUse ? (first?.id ?? null) : null,
            };
          }),
        },
      },
    },
  },
});

type PartnerFormSnapshot = SnapshotFrom<typeof partnerFormMachine>;

export const selectPartnerDraft = (snapshot: PartnerFormSnapshot) => draftOf(snapshot.context);
export const selectPartnersLoading = (snapshot: PartnerFormSnapshot) => snapshot.matches('loading');
export const selectPartnerSubmitting = (snapshot: PartnerFormSnapshot) =>
  snapshot.matches('creating') || snapshot.matches('updating');
/** The partner being changed, or undefined while a new one is added. */
export const selectEditedPartner = (snapshot: PartnerFormSnapshot) =>
  snapshot.context.partners.find((partner) => partner.id === snapshot.context.editingId);
/** The open delete dialog: which partner, whether it runs, and what the server said. */
export function selectDeleteDialog(snapshot: PartnerFormSnapshot) {
  const { context } = snapshot;
  const partner = context.partners.find((each) => each.id === context.deleteId);
  if (!partner) return null;
  return {
    partner,
    busy: snapshot.matches('deleting'),
    problem: context.deleteProblem,
    candidates: reassignCandidates(context.partners, partner.id),
    reassignTo: context.reassignTo,
  };
}
