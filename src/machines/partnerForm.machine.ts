/**
 * Create a partner (SPEC 2 admin screen 8, 4 "Forms", 5 "Partner", 8 "Partner"): the existing
 * partners load first and are listed below the form, so staff see what exists; then the form:
 * editing, submitting, then success (form reset, the new partner first in the list, a toast) or
 * the problems listed under the form. A failed list still leaves the form usable. Injected:
 * `loadPartners`, `createPartner` and `notifyCreated` (toast).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Partner } from '../api/contract.ts';
import type { CreatePartnerRequest } from '../api/partners.ts';
import { partnerFormMessages } from '../messages/partnerForm.ts';
import { hasErrors } from './form.ts';
import {
  EMPTY_PARTNER_DRAFT,
  createPartnerRequest,
  draftOf,
  partnerFailure,
  validatePartnerDraft,
  type PartnerFormContext,
  type PartnerFormEvent,
} from './partnerForm.rules.ts';

const text = partnerFormMessages;

export const partnerFormMachine = setup({
  types: {
    context: {} as PartnerFormContext,
    events: {} as PartnerFormEvent,
  },
  actors: {
    loadPartners: fromPromise<Partner[]>(() =>
      Promise.reject(new Error('loadPartners is provided by the container')),
    ),
    createPartner: fromPromise<Partner, CreatePartnerRequest>(() =>
      Promise.reject(new Error('createPartner is provided by the container')),
    ),
  },
  actions: {
    notifyCreated: (_, _text: string) => undefined,
  },
  guards: {
    draftIsValid: ({ context }) => !hasErrors(validatePartnerDraft(draftOf(context))),
  },
}).createMachine({
  id: 'partnerForm',
  context: {
    ...EMPTY_PARTNER_DRAFT,
    errors: {},
    partners: [],
    listFailed: false,
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
          { guard: 'draftIsValid', target: 'submitting' },
          { actions: assign({ errors: ({ context }) => validatePartnerDraft(draftOf(context)) }) },
        ],
      },
    },
    submitting: {
      entry: assign({ errors: {} }),
      invoke: {
        id: 'createPartner',
        src: 'createPartner',
        input: ({ context }) => createPartnerRequest(draftOf(context)),
        // SPEC 4 "Forms": success resets the form.
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context, event }) => ({
              ...EMPTY_PARTNER_DRAFT,
              // Each partner once, by id: the list mirrors the server's rows.
              partners: [
                event.output,
                ...context.partners.filter((partner) => partner.id !== event.output.id),
              ],
            })),
            { type: 'notifyCreated', params: text.created },
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({ errors: ({ event }) => partnerFailure(event.error) }),
        },
      },
    },
  },
});

type PartnerFormSnapshot = SnapshotFrom<typeof partnerFormMachine>;

export const selectPartnerDraft = (snapshot: PartnerFormSnapshot) => draftOf(snapshot.context);
export const selectPartnersLoading = (snapshot: PartnerFormSnapshot) => snapshot.matches('loading');
export const selectPartnerSubmitting = (snapshot: PartnerFormSnapshot) =>
  snapshot.matches('submitting');
