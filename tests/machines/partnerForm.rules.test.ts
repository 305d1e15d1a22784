/**
 * The partner form's rules at their edges (SPEC 5 "Partner", 8 "Partner"), driven directly: the
 * trimmed lengths, each message once per field, the server refusals each status maps, the list
 * after a create, and what a delete leaves of the form and of its dialog (issue 30).
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { PARTNER_RULES, type Partner } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import type {
  CreatePartnerRequest,
  DeletePartnerRequest,
  UpdatePartnerRequest,
} from '../../src/api/partners.ts';
import {
  partnerFormMachine,
  selectDeleteDialog,
  selectEditedPartner,
  selectPartnerSubmitting,
  selectPartnersLoading,
} from '../../src/machines/partnerForm.machine.ts';
import {
  createPartnerRequest,
  errorMessages,
  partnerFailure,
  validatePartnerDraft,
  type PartnerDraft,
} from '../../src/machines/partnerForm.rules.ts';
import { messages } from '../../src/messages.ts';
import { fakePromiseActor } from '../support/model-based.ts';

const text = messages.partnerForm;
const logo = new File([new Uint8Array(8)], 'logo.png', { type: 'image/png' });
const valid: PartnerDraft = { name: 'Adria', websiteUrl: 'https://adria.example', logo };
const aPartner = (id: number, name: string): Partner => ({
  id,
  name,
  logoUrl: `/media/partners/${'a'.repeat(21)}${id}-card.webp`,
  websiteUrl: `https://${name.toLowerCase()}.example`,
});

describe('validatePartnerDraft', () => {
  it('measures the name and the address after trimming', () => {
    const name = ` ${'n'.repeat(PARTNER_RULES.nameMaxLength)} `;
    const websiteUrl = ` https://${'a'.repeat(PARTNER_RULES.websiteUrlMaxLength - 8)} `;
    expect(validatePartnerDraft({ ...valid, name, websiteUrl })).toEqual({});
  });

  it('names a blank name and a blank address under each field, listing the message once', () => {
    const errors = validatePartnerDraft({ name: ' ', websiteUrl: ' ', logo });
    expect(errors).toEqual({ name: [text.allRequired], websiteUrl: [text.allRequired] });
    expect(errorMessages(errors)).toEqual([text.allRequired]);
  });

  it('marks a field once though it breaks two rules, listing both messages', () => {
    const tooLong = 'n'.repeat(PARTNER_RULES.nameMaxLength + 1);
    expect(
      validatePartnerDraft({
        name: tooLong,
        websiteUrl: 'adria.example',
        logo: new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }),
      }),
    ).toEqual({
      name: [text.nameTooLong(PARTNER_RULES.nameMaxLength)],
      websiteUrl: [text.websiteScheme],
      logo: [text.logoType],
    });
  });

  it("takes an iPhone's photo as the logo, by its extension where the browser gives no type", () => {
    const heic = new File([new Uint8Array(8)], 'IMG_0001.HEIC', { type: '' });
    expect(
      validatePartnerDraft({ name: 'Adria', websiteUrl: 'https://a.example', logo: heic }),
    ).toEqual({});
  });

  it('sends the trimmed entries and the logo', () => {
    expect(
      createPartnerRequest({ name: ' Adria ', websiteUrl: ' https://a.example ', logo }),
    ).toEqual({ name: 'Adria', websiteUrl: 'https://a.example', logo });
  });
});

describe('partnerFailure, by status and message', () => {
  const refused = (status: number, errors: string[] | Record<string, string[]>) =>
    new ApiError(status, Array.isArray(errors) ? { errors } : { errors });

  it('says which text is too long by the field the server named', () => {
    expect(
      partnerFailure(
        refused(400, {
          Name: ['Name must be at most 100 characters long.'],
          WebsiteUrl: ['WebsiteUrl must be at most 2048 characters long.'],
        }),
      ),
    ).toEqual({
      name: [text.nameTooLong(PARTNER_RULES.nameMaxLength)],
      websiteUrl: [text.websiteTooLong(PARTNER_RULES.websiteUrlMaxLength)],
    });
  });

  it('gives up on the whole refusal at the first message it does not know', () => {
    const error = refused(400, { Name: ['Name must not be empty.', 'Name is odd.'] });
    expect(partnerFailure(error)).toEqual({ form: [text.failed(JSON.stringify(error.body))] });
  });

  it.each<[string, ApiError]>([
    ['a taken name with another status', refused(400, ["A partner named 'A' already exists."])],
    ['a large logo with another status', refused(400, ['The file in Logo is larger than 5 MB.'])],
    ['a known field rule with another status', refused(422, { Name: ['Name must not be empty.'] })],
    ['a list of messages with status 400', refused(400, ['Name must not be empty.'])],
  ])('answers %s with its JSON', (_, error) => {
    expect(partnerFailure(error)).toEqual({ form: [text.failed(JSON.stringify(error.body))] });
  });

  it('gives the message of a thrown error and null for nothing', () => {
    expect(partnerFailure(new TypeError('Failed to fetch'))).toEqual({
      form: [text.failed('{"message":"Failed to fetch"}')],
    });
    expect(partnerFailure(undefined)).toEqual({ form: [text.failed('null')] });
  });
});

function startForm() {
  const loadPartners = fakePromiseActor<Partner[]>();
  const createPartner = fakePromiseActor<Partner, CreatePartnerRequest>();
  const updatePartner = fakePromiseActor<Partner, UpdatePartnerRequest>();
  const deletePartner = fakePromiseActor<undefined, DeletePartnerRequest>();
  const created: string[] = [];
  const actor = createActor(
    partnerFormMachine.provide({
      actors: {
        loadPartners: loadPartners.logic,
        createPartner: createPartner.logic,
        updatePartner: updatePartner.logic,
        deletePartner: deletePartner.logic,
      },
      actions: { notify: (_, message) => created.push(message) },
    }),
  ).start();
  return {
    actor,
    loadPartners,
    createPartner,
    updatePartner,
    deletePartner,
    created,
    context: () => actor.getSnapshot().context,
  };
}

describe('partner form machine', () => {
  it('lists the partners loaded, then the new one first, each id once', async () => {
    const form = startForm();
    expect(selectPartnersLoading(form.actor.getSnapshot())).toBe(true);
    await form.loadPartners.resolve([aPartner(2, 'Polarix'), aPartner(1, 'Nordentis')]);
    expect(selectPartnersLoading(form.actor.getSnapshot())).toBe(false);
    expect(form.context().listFailed).toBe(false);
    form.actor.send({ type: 'EDIT', values: valid });
    form.actor.send({ type: 'SUBMIT' });
    expect(selectPartnerSubmitting(form.actor.getSnapshot())).toBe(true);
    expect(form.createPartner.calls).toEqual([createPartnerRequest(valid)]);
    await form.createPartner.resolve(aPartner(1, 'Adria'));
    expect(selectPartnerSubmitting(form.actor.getSnapshot())).toBe(false);
    expect(form.context().partners.map((partner) => [partner.id, partner.name])).toEqual([
      [1, 'Adria'],
      [2, 'Polarix'],
    ]);
    expect(form.context()).toMatchObject({ name: '', websiteUrl: '', logo: null, errors: {} });
    expect(form.created).toEqual([text.created]);
  });

  it('keeps the form usable without the list, and clears the problems on an edit', async () => {
    const form = startForm();
    await form.loadPartners.reject(new TypeError('Failed to fetch'));
    await waitFor(form.actor, (snapshot) => snapshot.matches('editing'));
    expect(form.context()).toMatchObject({ listFailed: true, partners: [] });
    form.actor.send({ type: 'SUBMIT' });
    expect(Object.keys(form.context().errors)).toEqual(['name', 'websiteUrl', 'logo']);
    form.actor.send({ type: 'EDIT', values: { name: 'A' } });
    expect(form.context()).toMatchObject({ name: 'A', errors: {} });
  });

  it('shows a refusal, then clears it when the next valid submit goes out', async () => {
    const form = startForm();
    await form.loadPartners.resolve([]);
    form.actor.send({ type: 'EDIT', values: valid });
    form.actor.send({ type: 'SUBMIT' });
    await form.createPartner.reject(
      new ApiError(409, { errors: ["A partner named 'Adria' already exists."] }),
    );
    expect(form.context().errors).toEqual({ name: [text.nameTaken] });
    expect(form.context().name).toBe('Adria');
    form.actor.send({ type: 'SUBMIT' });
    expect(form.context().errors).toEqual({});
  });
});

describe('partner form machine: deletes (issue 30)', () => {
  const polarix = aPartner(2, 'Polarix');
  const nordentis = aPartner(1, 'Nordentis');
  const inUse = new ApiError(409, {
    errors: [
      "The partner is used by 2 education(s): 'Implantati', 'Endodoncija'. Give reassignTo to move them to another partner.",
    ],
  });

  async function openForm(partners: Partner[] = [polarix, nordentis]) {
    const form = startForm();
    await form.loadPartners.resolve(partners);
    return form;
  }
  async function deleteConfirmed(form: Awaited<ReturnType<typeof openForm>>, id: number) {
    form.actor.send({ type: 'ASK_DELETE', id });
    form.actor.send({ type: 'CONFIRM_DELETE' });
    expect(form.actor.getSnapshot().matches('deleting')).toBe(true);
  }

  it('deleting the partner in the form leaves an empty form that adds a new partner', async () => {
    const form = await openForm();
    form.actor.send({ type: 'START_EDIT', id: 2 });
    form.actor.send({ type: 'EDIT', values: { name: 'Polarix Dental', websiteUrl: 'polarix' } });
    form.actor.send({ type: 'SUBMIT' });
    expect(form.context().errors).toEqual({ websiteUrl: [text.websiteScheme] });
    await deleteConfirmed(form, 2);
    expect(form.deletePartner.calls).toEqual([{ id: 2, reassignTo: null }]);
    await form.deletePartner.resolve(undefined);
    const snapshot = form.actor.getSnapshot();
    expect(snapshot.matches({ editing: 'adding' })).toBe(true);
    expect(selectEditedPartner(snapshot)).toBeUndefined();
    expect(form.context()).toMatchObject({
      name: '',
      websiteUrl: '',
      logo: null,
      errors: {},
      editingId: null,
      deleteId: null,
      partners: [nordentis],
    });
    // The next submit adds a new partner; nothing changes the deleted one.
    form.actor.send({ type: 'EDIT', values: valid });
    form.actor.send({ type: 'SUBMIT' });
    expect(form.createPartner.calls).toEqual([createPartnerRequest(valid)]);
    expect(form.updatePartner.calls).toEqual([]);
  });

  it('deleting another partner keeps the one in the form, with its entries', async () => {
    const form = await openForm();
    form.actor.send({ type: 'START_EDIT', id: 2 });
    form.actor.send({ type: 'EDIT', values: { name: 'Polarix Dental' } });
    await deleteConfirmed(form, 1);
    await form.deletePartner.resolve(undefined);
    const snapshot = form.actor.getSnapshot();
    expect(snapshot.matches({ editing: 'changing' })).toBe(true);
    expect(selectEditedPartner(snapshot)).toEqual(polarix);
    expect(form.context()).toMatchObject({
      name: 'Polarix Dental',
      websiteUrl: polarix.websiteUrl,
      editingId: 2,
      partners: [polarix],
    });
    expect(form.created).toEqual([text.deleted]);
  });

  it('cancelling the dialog returns to the form as it was, adding or changing', async () => {
    const form = await openForm();
    form.actor.send({ type: 'EDIT', values: { name: 'Adria' } });
    form.actor.send({ type: 'ASK_DELETE', id: 1 });
    form.actor.send({ type: 'CANCEL_DELETE' });
    expect(form.actor.getSnapshot().matches({ editing: 'adding' })).toBe(true);
    expect(selectDeleteDialog(form.actor.getSnapshot())).toBeNull();
    expect(form.context()).toMatchObject({ name: 'Adria', editingId: null, deleteId: null });
    // After a refusal too, forgetting what the server said.
    await deleteConfirmed(form, 1);
    await form.deletePartner.reject(inUse);
    form.actor.send({ type: 'CANCEL_DELETE' });
    expect(form.actor.getSnapshot().matches({ editing: 'adding' })).toBe(true);
    expect(form.context()).toMatchObject({ deleteId: null, deleteProblem: null, reassignTo: null });
    form.actor.send({ type: 'START_EDIT', id: 2 });
    form.actor.send({ type: 'ASK_DELETE', id: 1 });
    form.actor.send({ type: 'CANCEL_DELETE' });
    expect(form.actor.getSnapshot().matches({ editing: 'changing' })).toBe(true);
    expect(form.context()).toMatchObject({ editingId: 2, name: 'Polarix', deleteId: null });
    expect(form.deletePartner.calls).toHaveLength(1);
  });

  it('takes over only by a listed partner: another choice is ignored', async () => {
    const form = await openForm([polarix, nordentis, aPartner(3, 'Adria')]);
    await deleteConfirmed(form, 2);
    await form.deletePartner.reject(inUse);
    // The first other partner is offered.
    expect(form.context().reassignTo).toBe(1);
    form.actor.send({ type: 'CHOOSE_REASSIGN', id: 99 });
    expect(form.context().reassignTo).toBe(1);
    form.actor.send({ type: 'CHOOSE_REASSIGN', id: 3 });
    expect(form.context().reassignTo).toBe(3);
    form.actor.send({ type: 'CONFIRM_DELETE' });
    expect(form.deletePartner.calls).toEqual([
      { id: 2, reassignTo: null },
      { id: 2, reassignTo: 3 },
    ]);
  });

  it('offers no takeover when no other partner is listed, and its confirm does nothing', async () => {
    const form = await openForm([polarix]);
    await deleteConfirmed(form, 2);
    await form.deletePartner.reject(inUse);
    const snapshot = form.actor.getSnapshot();
    expect(snapshot.status).toBe('active');
    expect(snapshot.matches({ deleteDialog: 'refused' })).toBe(true);
    expect(selectDeleteDialog(snapshot)).toMatchObject({
      partner: polarix,
      problem: { inUse: true },
      candidates: [],
      reassignTo: null,
    });
    form.actor.send({ type: 'CONFIRM_DELETE' });
    expect(form.actor.getSnapshot().matches({ deleteDialog: 'refused' })).toBe(true);
    expect(form.deletePartner.calls).toEqual([{ id: 2, reassignTo: null }]);
  });

  it('a delete that failed otherwise is not sent again, whatever is chosen', async () => {
    const form = await openForm();
    await deleteConfirmed(form, 2);
    await form.deletePartner.reject(new ApiError(500, null));
    expect(form.context().deleteProblem).toEqual({
      text: text.failed('{"status":500}'),
      inUse: false,
    });
    form.actor.send({ type: 'CHOOSE_REASSIGN', id: 1 });
    form.actor.send({ type: 'CONFIRM_DELETE' });
    expect(form.actor.getSnapshot().matches({ deleteDialog: 'refused' })).toBe(true);
    expect(form.deletePartner.calls).toHaveLength(1);
  });
});
