import { fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PARTNER_RULES, type Partner } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import type {
  CreatePartnerRequest,
  DeletePartnerRequest,
  UpdatePartnerRequest,
} from '../../src/api/partners.ts';
import { PartnerFormContainer } from '../../src/app/PartnerFormContainer.tsx';
import { partnerFormMachine } from '../../src/machines/partnerForm.machine.ts';
import {
  errorMessages,
  partnerFailure,
  type PartnerDraft,
} from '../../src/machines/partnerForm.rules.ts';
import { messages } from '../../src/messages.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const text = messages.partnerForm;
const MB = 1024 * 1024;

const loadPartners = fakePromiseActor<Partner[], undefined>();
const createPartner = fakePromiseActor<Partner, CreatePartnerRequest>();
const updatePartner = fakePromiseActor<Partner, UpdatePartnerRequest>();
const deletePartner = fakePromiseActor<undefined, DeletePartnerRequest>();

const aPartner = (id: number, name: string): Partner => ({
  id,
  name,
  logoUrl: `/media/partners/${'a'.repeat(21)}${id}-card.webp`,
  websiteUrl: `https://www.${name.toLowerCase()}.example`,
});
const existing = [aPartner(2, 'Polarix'), aPartner(1, 'Nordentis')];
const logoFile = (bytes = 8, type = 'image/png', name = 'logo.png') =>
  new File([new Uint8Array(bytes)], name, { type });
const logo = logoFile();
const validDraft: PartnerDraft = {
  name: 'Adria Dental',
  websiteUrl: 'https://www.adria-dental.example',
  logo,
};
const nameTaken = new ApiError(409, { errors: ["A partner named 'Adria Dental' already exists."] });
const inUse = new ApiError(409, {
  errors: [
    "The partner is used by 2 education(s): 'Implantati', 'Endodoncija'. Give reassignTo to move them to another partner.",
  ],
});

// The file input offers images only; a person can still pick "All files", which this allows.
const user = userEvent.setup({ applyAccept: false });
let app: ReturnType<typeof renderWithEffects>;

/** The container that ships (AdminContainer shows it at /admin/partners), with fake calls. */
function renderForm() {
  for (const fake of [loadPartners, createPartner, updatePartner, deletePartner]) fake.reset();
  app = renderWithEffects(<PartnerFormContainer />, {
    path: '/admin/partners',
    api: {
      partners: {
        listPartners: () => loadPartners.fn(undefined),
        createPartner: createPartner.fn,
        updatePartner: updatePartner.fn,
        deletePartner: deletePartner.fn,
      },
    },
  });
  return app;
}

const LABELS: Record<keyof PartnerDraft, string> = {
  name: text.name,
  websiteUrl: text.websiteUrl,
  logo: text.logo,
};
const input = (field: keyof PartnerDraft) =>
  screen.getByLabelText<HTMLInputElement>(LABELS[field], { selector: 'input' });
const submitButton = () => screen.queryByRole('button', { name: text.submit });
const saveButton = () => screen.queryByRole('button', { name: text.save });
const dialog = () => screen.queryByRole('alertdialog');
const created = aPartner(3, 'Adria Dental');
const changed = { ...aPartner(2, 'Polarix Dental'), logoUrl: '/media/partners/novi-card.webp' };
/** The names a listed partner may have in the model's paths, by id. */
const nameOf = (id: number, context?: { partners: Partner[] }) =>
  (context?.partners ?? [created, changed, ...existing]).find((partner) => partner.id === id)
    ?.name ?? `#${id}`;
/** A listed partner's button: its name is one of those the partner has in the paths. */
const listButton = (label: (name: string) => string, id: number) => {
  const names = [created, changed, ...existing].filter((partner) => partner.id === id);
  const [button] = names.flatMap((partner) =>
    screen.queryAllByRole('button', { name: label(partner.name) }),
  );
  if (!button) throw new Error(`no button of partner ${id}`);
  return button;
};
const buttonIn = (name: string) => within(dialog() ?? document.body).getByRole('button', { name });
const shownProblems = () =>
  within(screen.queryByRole('alert') ?? document.createElement('ul'))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
const listed = () => {
  const list = screen.getByRole('region', { name: text.listTitle });
  return within(list)
    .queryAllByRole('listitem')
    .map((item) => within(item).getByText(/./, { selector: '.partner-list__name' }).textContent);
};

/** Fills the form the way an employee does. */
async function fill(values: Partial<PartnerDraft>) {
  for (const [field, value] of Object.entries(values) as [keyof PartnerDraft, unknown][]) {
    if (field === 'logo') {
      if (value) await user.upload(input('logo'), value as File);
      else fireEvent.change(input('logo'), { target: { files: [] } });
    } else fireEvent.change(input(field), { target: { value } });
  }
}

async function submitDraft(values: Partial<PartnerDraft>) {
  await fill(values);
  await user.click(submitButton() ?? document.body);
}

/** The form, opened once its list has loaded. */
async function openForm(partners: Partner[] = existing) {
  renderForm();
  await loadPartners.resolve(partners);
}

describe('partner form model', () => {
  testMachineModel(partnerFormMachine, {
    render: renderForm,
    fakes: { loadPartners, createPartner, updatePartner, deletePartner },
    sampleEvents: [
      { type: 'xstate.done.actor.loadPartners', output: existing },
      { type: 'xstate.error.actor.loadPartners', error: new TypeError('Failed to fetch') },
      { type: 'EDIT', values: validDraft },
      { type: 'EDIT', values: { websiteUrl: 'www.adria-dental.example' } },
      { type: 'xstate.done.actor.createPartner', output: created },
      { type: 'xstate.error.actor.createPartner', error: nameTaken },
      { type: 'START_EDIT', id: 2 },
      { type: 'xstate.done.actor.updatePartner', output: changed },
      { type: 'xstate.error.actor.updatePartner', error: nameTaken },
      { type: 'ASK_DELETE', id: 1 },
      { type: 'xstate.done.actor.deletePartner', output: undefined },
      { type: 'xstate.error.actor.deletePartner', error: inUse },
      { type: 'CHOOSE_REASSIGN', id: 2 },
    ],
    // What a person can tell apart: the form's mode and entries, the list, the dialog. Every
    // failure changes one of them; a cancel returns to a state seen before, so it is kept apart
    // by its event, or the transition back would never be tested.
    serializeState: ({ value, context }, event) =>
      JSON.stringify([
        value,
        event?.type.startsWith('CANCEL_') ? event.type : '',
        context.editingId,
        context.partners.map((partner) => partner.name),
        context.listFailed,
        context.name,
        context.websiteUrl,
        context.logo?.name,
        context.errors,
        context.deleteId,
        context.deleteProblem,
        context.reassignTo,
      ]),
    states: {
      loading: () => {
        expect(screen.getByRole('status')).toHaveTextContent(text.loading);
        expect(submitButton()).not.toBeInTheDocument();
      },
      editing: ({ context }) => {
        expect(input('name').value).toBe(context.name);
        expect(input('websiteUrl').value).toBe(context.websiteUrl);
        expect(input('logo').files?.[0]).toBe(context.logo ?? undefined);
        expect(shownProblems()).toEqual(errorMessages(context.errors));
        for (const field of ['name', 'websiteUrl', 'logo'] as const) {
          expect(input(field).getAttribute('aria-invalid')).toBe(
            context.errors[field] ? 'true' : null,
          );
        }
        expect(listed()).toEqual(context.partners.map((partner) => partner.name));
        expect(screen.queryByText(text.listFailed) !== null).toBe(context.listFailed);
        expect(dialog()).not.toBeInTheDocument();
        if (context.editingId === null) {
          expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(text.title);
          expect(submitButton()).toBeVisible();
        } else {
          expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
            text.editTitle(nameOf(context.editingId, context)),
          );
          expect(saveButton()).toBeVisible();
          expect(screen.getByRole('button', { name: text.cancelEdit })).toBeVisible();
        }
      },
      creating: ({ context }) => {
        expect(createPartner.calls.at(-1)?.name).toBe(context.name.trim());
        expect(screen.getByRole('status')).toHaveTextContent(text.submitting);
        expect(submitButton()).not.toBeInTheDocument();
        expect(input('name')).toBeDisabled();
      },
      updating: ({ context }) => {
        expect(updatePartner.calls.at(-1)).toMatchObject({
          id: context.editingId,
          name: context.name.trim(),
        });
        expect(screen.getByRole('status')).toHaveTextContent(text.saving);
        expect(saveButton()).not.toBeInTheDocument();
        expect(input('name')).toBeDisabled();
      },
      'deleteDialog.confirming': ({ context }) => {
        expect(dialog()).toHaveAccessibleName(text.confirmTitle);
        expect(dialog()).toHaveAccessibleDescription(
          text.confirmText(nameOf(context.deleteId ?? 0, context)),
        );
        expect(buttonIn(text.confirmNo)).toHaveFocus();
        expect(buttonIn(text.confirmYes)).toBeVisible();
      },
      deleting: ({ context }) => {
        expect(deletePartner.calls.at(-1)).toEqual({
          id: context.deleteId,
          reassignTo: context.deleteProblem?.inUse ? context.reassignTo : null,
        });
        expect(within(dialog() ?? document.body).getByRole('status')).toHaveTextContent(
          text.deleting,
        );
      },
      'deleteDialog.refused': ({ context }) => {
        expect(dialog()).toHaveAccessibleName(text.refusedTitle);
        expect(dialog()).toHaveAccessibleDescription(context.deleteProblem?.text ?? '');
        expect(buttonIn(text.close)).toBeVisible();
        // Focus stays in the dialog: on its safe answer first, on the choice once made.
        expect(dialog()).toContainElement(document.activeElement as HTMLElement);
        const select = within(dialog() ?? document.body).queryByRole('combobox', {
          name: text.reassignLabel,
        });
        expect((select as HTMLSelectElement | null)?.value).toBe(
          context.reassignTo === null ? undefined : String(context.reassignTo),
        );
      },
    },
    events: {
      EDIT: (event) => fill(event.values as Partial<PartnerDraft>),
      SUBMIT: () => user.click(submitButton() ?? saveButton() ?? document.body),
      START_EDIT: (event) => user.click(listButton(text.editLabel, event.id as number)),
      CANCEL_EDIT: () => user.click(screen.getByRole('button', { name: text.cancelEdit })),
      ASK_DELETE: (event) => user.click(listButton(text.deleteLabel, event.id as number)),
      CANCEL_DELETE: () =>
        user.click(
          buttonIn(dialog()?.textContent?.includes(text.close) ? text.close : text.confirmNo),
        ),
      CONFIRM_DELETE: () =>
        user.click(
          buttonIn(screen.queryByText(text.reassignYes) ? text.reassignYes : text.confirmYes),
        ),
      CHOOSE_REASSIGN: (event) =>
        user.selectOptions(
          within(dialog() ?? document.body).getByRole('combobox', { name: text.reassignLabel }),
          String(event.id),
        ),
    },
  });
});

describe('partner form journeys pinned by hand', () => {
  it('shows each message under its field, marked and described, and focuses the first', async () => {
    await openForm();
    await submitDraft({ name: 'Adria', websiteUrl: 'adria.example' });
    const under = (field: keyof PartnerDraft) =>
      document.getElementById(
        input(field).getAttribute('aria-describedby')?.split(' ').at(-1) ?? '',
      );
    expect(input('name')).not.toHaveAttribute('aria-invalid');
    expect(input('websiteUrl')).toHaveAttribute('aria-invalid', 'true');
    expect(under('websiteUrl')).toHaveTextContent(text.websiteScheme);
    expect(input('logo')).toHaveAttribute('aria-invalid', 'true');
    expect(under('logo')).toHaveTextContent(text.allRequired);
    // The message sits in the field, next to its control, not only in the list by the button.
    expect(input('websiteUrl').closest('.form__field')).toContainElement(under('websiteUrl'));
    expect(input('websiteUrl')).toHaveFocus();
  });

  it('puts a refusal of the server under the field it names', async () => {
    await openForm();
    await submitDraft(validDraft);
    await createPartner.reject(
      new ApiError(400, { errors: { WebsiteUrl: ['WebsiteUrl is not a valid web address.'] } }),
    );
    expect(input('websiteUrl')).toHaveAttribute('aria-invalid', 'true');
    expect(input('websiteUrl')).toHaveAccessibleDescription(
      `${text.websiteUrlHint} ${text.websiteInvalid}`,
    );
    expect(input('name')).not.toHaveAttribute('aria-invalid');
    expect(input('websiteUrl')).toHaveFocus();
  });

  it("says 'Niste unijeli sva tražena polja.' once for an empty form, marking every field", async () => {
    await openForm();
    await user.click(submitButton() ?? document.body);
    expect(shownProblems()).toEqual(['Niste unijeli sva tražena polja.']);
    for (const field of ['name', 'websiteUrl', 'logo'] as const) {
      expect(input(field)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(input('name')).toHaveAccessibleDescription('Niste unijeli sva tražena polja.');
    expect(createPartner.calls).toEqual([]);
    // A name of spaces is no name; the other two fields are then fine.
    await submitDraft({ ...validDraft, name: '   ' });
    expect(shownProblems()).toEqual(['Niste unijeli sva tražena polja.']);
    expect(input('name')).toHaveAttribute('aria-invalid', 'true');
    expect(input('websiteUrl')).not.toHaveAttribute('aria-invalid');
    // Editing takes the problems away until the next submit.
    await fill({ name: 'Adria' });
    expect(shownProblems()).toEqual([]);
  });

  it.each(['www.adria.example', 'adria.example', 'ftp://adria.example', '//adria.example'])(
    'refuses the website %j with the SPEC 5 message',
    async (websiteUrl) => {
      await openForm();
      await submitDraft({ ...validDraft, websiteUrl });
      expect(shownProblems()).toEqual([
        "Poveznica na stranicu partnera mora započeti s 'http://' ili 'https://'.",
      ]);
      expect(input('websiteUrl')).toHaveAccessibleDescription(
        `${text.websiteUrlHint} Poveznica na stranicu partnera mora započeti s 'http://' ili 'https://'.`,
      );
      expect(createPartner.calls).toEqual([]);
    },
  );

  it('refuses an address that starts right but is none, and takes either scheme in any case', async () => {
    await openForm();
    await submitDraft({ ...validDraft, websiteUrl: 'https://adria dental' });
    expect(shownProblems()).toEqual([text.websiteInvalid]);
    await submitDraft({ websiteUrl: ' HTTP://Adria.example/o-nama ' });
    expect(createPartner.calls.map((call) => call.websiteUrl)).toEqual([
      'HTTP://Adria.example/o-nama',
    ]);
    await createPartner.resolve(aPartner(3, 'Adria'));
  });

  it('takes a name of 100 characters and refuses 101', async () => {
    await openForm();
    expect(input('name')).toHaveAttribute('maxlength', '100');
    await submitDraft({ ...validDraft, name: 'N'.repeat(PARTNER_RULES.nameMaxLength + 1) });
    expect(shownProblems()).toEqual(['Naziv partnera može imati najviše 100 znakova.']);
    expect(input('name')).toHaveAttribute('aria-invalid', 'true');
    await submitDraft({ name: ` ${'N'.repeat(PARTNER_RULES.nameMaxLength)} ` });
    expect(createPartner.calls.map((call) => call.name.length)).toEqual([100]);
    await createPartner.resolve(aPartner(3, 'N'));
  });

  it('takes an address of 2048 characters and refuses 2049', async () => {
    await openForm();
    const base = 'https://adria.example/';
    const longest = `${base}${'a'.repeat(PARTNER_RULES.websiteUrlMaxLength - base.length)}`;
    expect(input('websiteUrl')).toHaveAttribute('maxlength', '2048');
    await submitDraft({ ...validDraft, websiteUrl: `${longest}a` });
    expect(shownProblems()).toEqual([
      'Poveznica na stranicu partnera može imati najviše 2048 znakova.',
    ]);
    await submitDraft({ websiteUrl: longest });
    expect(createPartner.calls.map((call) => call.websiteUrl)).toEqual([longest]);
    await createPartner.resolve(aPartner(3, 'Adria'));
  });

  it('takes an image logo up to 5 MB, refuses one byte more and any other type', async () => {
    await openForm();
    expect(input('logo')).toHaveAttribute(
      'accept',
      'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,.heic,.heif',
    );
    await submitDraft({ ...validDraft, logo: logoFile(5 * MB + 1) });
    expect(shownProblems()).toEqual(['Logotip može imati najviše 5 MB.']);
    await submitDraft({ logo: logoFile(8, 'application/pdf', 'logo.pdf') });
    expect(shownProblems()).toEqual([text.logoType]);
    await submitDraft({ logo: logoFile(8, 'image/svg+xml', 'logo.svg') });
    expect(shownProblems()).toEqual([text.logoType]);
    expect(createPartner.calls).toEqual([]);
    const largest = logoFile(5 * MB, 'image/webp', 'logo.webp');
    await submitDraft({ logo: largest });
    expect(createPartner.calls.map((call) => call.logo)).toEqual([largest]);
    await createPartner.resolve(aPartner(3, 'Adria Dental'));
  });

  it("sends the trimmed entries, then resets the form, lists the new partner first and toasts 'Partner stvoren.'", async () => {
    await openForm();
    await submitDraft({
      name: '  Adria Dental ',
      websiteUrl: ' https://www.adria-dental.example ',
      logo,
    });
    expect(createPartner.calls).toEqual([
      { name: 'Adria Dental', websiteUrl: 'https://www.adria-dental.example', logo },
    ]);
    await createPartner.resolve(aPartner(3, 'Adria Dental'));
    expect(app.notices).toEqual([{ tone: 'success', text: 'Partner stvoren.' }]);
    expect(input('name').value).toBe('');
    expect(input('websiteUrl').value).toBe('');
    expect(input('logo').files).toHaveLength(0);
    expect(listed()).toEqual(['Adria Dental', 'Polarix', 'Nordentis']);
  });

  it('says a taken name in Croatian at the name, keeping the entries', async () => {
    await openForm();
    await submitDraft(validDraft);
    await createPartner.reject(nameTaken);
    expect(shownProblems()).toEqual(['Partner s tim nazivom već postoji.']);
    expect(input('name')).toHaveAttribute('aria-invalid', 'true');
    expect(input('name').value).toBe('Adria Dental');
    expect(app.notices).toEqual([]);
    expect(listed()).toEqual(['Polarix', 'Nordentis']);
  });

  it("answers any other failure with 'Nešto je pošlo po zlu: {json}'", async () => {
    await openForm();
    await submitDraft(validDraft);
    await createPartner.reject(new ApiError(403, { errors: ['You are not allowed to do this.'] }));
    expect(shownProblems()).toEqual([
      'Nešto je pošlo po zlu: {"errors":["You are not allowed to do this."]}',
    ]);
    await user.click(submitButton() ?? document.body);
    await createPartner.reject(new TypeError('Failed to fetch'));
    expect(shownProblems()).toEqual(['Nešto je pošlo po zlu: {"message":"Failed to fetch"}']);
    expect(input('websiteUrl').value).toBe(validDraft.websiteUrl);
  });

  it('lists the existing partners with logo, name and website (new tab)', async () => {
    await openForm();
    const list = screen.getByRole('region', { name: 'Postojeći partneri' });
    const [first] = within(list).getAllByRole('listitem');
    if (!first) throw new Error('no partner listed');
    const [polarix] = existing;
    expect(first.querySelector('img')).toHaveAttribute('src', polarix?.logoUrl);
    expect(within(first).getByText('Polarix')).toBeVisible();
    const link = within(first).getByRole('link', { name: /www\.polarix\.example/ });
    expect(link).toHaveAttribute('href', 'https://www.polarix.example');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('says when there are no partners yet', async () => {
    await openForm([]);
    expect(screen.getByText('Još nema unesenih partnera.')).toBeVisible();
  });

  it('keeps the form usable when the list cannot be loaded', async () => {
    renderForm();
    expect(screen.getByRole('status')).toHaveTextContent('Učitavanje partnera…');
    await loadPartners.reject(new TypeError('Failed to fetch'));
    expect(screen.getByText(text.listFailed)).toBeVisible();
    expect(screen.queryByText(text.none)).not.toBeInTheDocument();
    await submitDraft(validDraft);
    await createPartner.resolve(aPartner(3, 'Adria Dental'));
    expect(listed()).toEqual(['Adria Dental']);
    expect(app.notices).toEqual([{ tone: 'success', text: 'Partner stvoren.' }]);
  });
});

describe('partner changes and deletes pinned by hand (issue 29)', () => {
  const editButton = (name: string) => screen.getByRole('button', { name: text.editLabel(name) });
  const deleteButton = (name: string) =>
    screen.getByRole('button', { name: text.deleteLabel(name) });

  it('closes its earlier toasts on every submit and delete, and toasts each success', async () => {
    await openForm();
    await submitDraft(validDraft);
    await createPartner.resolve(created);
    expect(app.notices).toEqual([{ tone: 'success', text: 'Partner stvoren.' }]);
    // Saving a change closes the toast before it is sent, and says it is saved.
    await user.click(editButton('Polarix'));
    await fill({ name: 'Polarix Dental' });
    await user.click(saveButton() ?? document.body);
    expect(updatePartner.calls).toHaveLength(1);
    expect(app.notices).toEqual([]);
    await updatePartner.resolve(changed);
    expect(app.notices).toEqual([{ tone: 'success', text: 'Promjene partnera spremljene.' }]);
    // A new partner the same way.
    await submitDraft({ ...validDraft, name: 'Dentalia' });
    expect(createPartner.calls).toHaveLength(2);
    expect(app.notices).toEqual([]);
    await createPartner.resolve(aPartner(4, 'Dentalia'));
    expect(app.notices).toEqual([{ tone: 'success', text: 'Partner stvoren.' }]);
    // A confirmed delete.
    await user.click(deleteButton('Nordentis'));
    await user.click(buttonIn(text.confirmYes));
    expect(deletePartner.calls).toEqual([{ id: 1, reassignTo: null }]);
    expect(app.notices).toEqual([]);
    await deletePartner.resolve(undefined);
    expect(app.notices).toEqual([{ tone: 'success', text: 'Partner obrisan.' }]);
    expect(listed()).toEqual(['Dentalia', 'Polarix Dental', 'Adria Dental']);
    // And a refused submit.
    await user.click(submitButton() ?? document.body);
    expect(shownProblems()).toEqual([text.allRequired]);
    expect(app.notices).toEqual([]);
  });

  it('a change sends the logo chosen for it, and no logo when none was chosen', async () => {
    await openForm();
    const newLogo = logoFile(64, 'image/webp', 'polarix-novi.webp');
    await user.click(editButton('Polarix'));
    await fill({ logo: newLogo });
    await user.click(saveButton() ?? document.body);
    expect(updatePartner.calls).toHaveLength(1);
    expect(updatePartner.calls[0]?.logo).toBe(newLogo);
    await updatePartner.resolve(changed);
    await user.click(editButton(changed.name));
    await fill({ name: 'Polarix Dental d.o.o.', websiteUrl: 'https://www.polarix.hr' });
    await user.click(saveButton() ?? document.body);
    expect(updatePartner.calls[1]).toMatchObject({ name: 'Polarix Dental d.o.o.', logo: null });
  });

  it("says 'Edukacije premještene, partner obrisan.' once the educations moved", async () => {
    await openForm();
    await user.click(deleteButton('Polarix'));
    await user.click(buttonIn(text.confirmYes));
    await deletePartner.reject(inUse);
    await user.click(buttonIn(text.reassignYes));
    expect(deletePartner.calls.at(-1)).toEqual({ id: 2, reassignTo: 1 });
    await deletePartner.resolve(undefined);
    expect(app.notices).toEqual([
      { tone: 'success', text: 'Edukacije premještene, partner obrisan.' },
    ]);
    expect(listed()).toEqual(['Nordentis']);
  });

  it('takes the earlier problems away once a retried create or change succeeds', async () => {
    await openForm();
    await submitDraft(validDraft);
    await createPartner.reject(new TypeError('Failed to fetch'));
    expect(shownProblems()).toEqual(['Nešto je pošlo po zlu: {"message":"Failed to fetch"}']);
    await user.click(submitButton() ?? document.body);
    await createPartner.resolve(created);
    expect(shownProblems()).toEqual([]);
    await user.click(editButton('Polarix'));
    await user.click(saveButton() ?? document.body);
    await updatePartner.reject(new TypeError('Failed to fetch'));
    expect(shownProblems()).toEqual(['Nešto je pošlo po zlu: {"message":"Failed to fetch"}']);
    await user.click(saveButton() ?? document.body);
    await updatePartner.resolve(aPartner(2, 'Polarix'));
    expect(shownProblems()).toEqual([]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Novi partner');
  });

  it('gives up a change: the form is empty again and adds a new partner', async () => {
    await openForm();
    await user.click(editButton('Polarix'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Uređivanje partnera: Polarix',
    );
    expect(input('name').value).toBe('Polarix');
    await user.click(screen.getByRole('button', { name: text.cancelEdit }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Novi partner');
    expect(input('name').value).toBe('');
    expect(input('websiteUrl').value).toBe('');
    await submitDraft(validDraft);
    expect(createPartner.calls).toEqual([validDraft]);
    expect(updatePartner.calls).toEqual([]);
  });
});

describe('partner form random paths', () => {
  type Field = keyof PartnerDraft;
  interface PartnerModel {
    name: string;
    websiteUrl: string;
    logo: File | null;
    /** The listed partner taken into the form, as it was listed. */
    edited: Partner | null;
    /** The list under the form, as SPEC orders it: a new or changed partner first. */
    partners: Partner[];
    waiting: 'create' | 'update' | null;
    creates: CreatePartnerRequest[];
    updates: UpdatePartnerRequest[];
    /** What the form shows under its fields and by its button, and which fields are marked. */
    problems: string[];
    invalid: Field[];
    notices: { tone: string; text: string }[];
    nextId: number;
  }

  const LOGO_MAX = 5 * MB;
  const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/heic'];
  const smallLogo = logoFile(8, 'image/png', 'logotip-čćž.png');
  const largestLogo = logoFile(LOGO_MAX, 'image/webp', 'logotip.webp');
  const tooLargeLogo = logoFile(LOGO_MAX + 1, 'image/png', 'veliki.png');
  const pdfLogo = logoFile(8, 'application/pdf', 'logotip.pdf');
  const svgLogo = logoFile(8, 'image/svg+xml', 'logotip.svg');
  const site = 'https://www.dental-šibenik.example/';
  const longestSite = `${site}${'a'.repeat(PARTNER_RULES.websiteUrlMaxLength - site.length)}`;

  /** SPEC 9 cleaning of a one-line name: runs of white space as one space, trimmed. */
  const cleaned = (value: string) => value.replace(/\s+/g, ' ').trim();
  const firstOf = (a: Partner, b: Partner[]) => [a, ...b.filter(({ id }) => id !== a.id)];

  /** SPEC 5 "Partner", with the contract's limits: every broken rule, by field. */
  function brokenRules(model: PartnerModel): Partial<Record<Field, string>> {
    const broken: Partial<Record<Field, string>> = {};
    const name = cleaned(model.name);
    if (name === '') broken.name = text.allRequired;
    else if (name.length > 100) broken.name = 'Naziv partnera može imati najviše 100 znakova.';
    const website = model.websiteUrl.trim();
    if (website === '') broken.websiteUrl = text.allRequired;
    else if (website.length > 2048) {
      broken.websiteUrl = 'Poveznica na stranicu partnera može imati najviše 2048 znakova.';
    } else if (!/^https?:\/\//i.test(website)) {
      broken.websiteUrl =
        "Poveznica na stranicu partnera mora započeti s 'http://' ili 'https://'.";
    }
    // A change keeps the current logo when none is chosen.
    if (!model.logo) {
      if (!model.edited) broken.logo = text.allRequired;
    } else if (!IMAGE_TYPES.includes(model.logo.type)) broken.logo = text.logoType;
    else if (model.logo.size > LOGO_MAX) broken.logo = 'Logotip može imati najviše 5 MB.';
    return broken;
  }
  const editable = (model: PartnerModel) => model.waiting === null;
  const taken = (model: PartnerModel, name: string) =>
    model.partners.some((partner) => partner.name === name && partner.id !== model.edited?.id);
  const showProblems = (model: PartnerModel, byField: Partial<Record<Field, string>>) => {
    model.invalid = (['name', 'websiteUrl', 'logo'] as const).filter((field) => byField[field]);
    // Each message once, in the order of the fields.
    model.problems = [...new Set(model.invalid.map((field) => byField[field] as string))];
  };
  const clearProblems = (model: PartnerModel) => {
    model.problems = [];
    model.invalid = [];
  };

  // A web address field (type url) holds its value without white space around it, as the
  // browser's value sanitization keeps it.
  const held = (field: 'name' | 'websiteUrl', value: string) =>
    field === 'websiteUrl' ? value.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '') : value;
  const typing = (field: 'name' | 'websiteUrl', values: string[]) =>
    fc.constantFrom(...values).map((value) =>
      step<PartnerModel>(
        `upiši ${LABELS[field].toLowerCase()} "${value.length > 40 ? `${value.slice(0, 12)}… (${value.length} znakova)` : value}"`,
        (model) => {
          fireEvent.change(input(field), { target: { value } });
          model[field] = held(field, value);
          // The problems were about the entries as they were: judged again on the next submit.
          clearProblems(model);
        },
        // Typing what the field already holds changes nothing.
        (model) => editable(model) && model[field] !== held(field, value),
      ),
    );
  const picking = fc
    .constantFrom(
      smallLogo,
      smallLogo,
      smallLogo,
      largestLogo,
      tooLargeLogo,
      pdfLogo,
      svgLogo,
      null,
    )
    .map((file) =>
      step<PartnerModel>(
        file ? `odaberi logotip ${file.name} (${file.size} B)` : 'ukloni odabrani logotip',
        async (model) => {
          if (file) await user.upload(input('logo'), file);
          else fireEvent.change(input('logo'), { target: { files: [] } });
          model.logo = file;
          clearProblems(model);
        },
        (model) => editable(model) && model.logo !== file,
      ),
    );
  // Listed twice: a path often fills the form and then sends it.
  const submit = fc.constant(
    step<PartnerModel>(
      (model) => `pritisni '${model.edited ? text.save : text.submit}'`,
      async (model) => {
        await user.click((model.edited ? saveButton() : submitButton()) ?? document.body);
        // Every submit closes the screen's earlier toasts.
        model.notices = [];
        const broken = brokenRules(model);
        if (Object.keys(broken).length > 0) {
          showProblems(model, broken);
          // The first marked field takes the focus.
          expect(input(model.invalid[0] as Field)).toHaveFocus();
          return;
        }
        clearProblems(model);
        const sent = {
          name: cleaned(model.name),
          websiteUrl: model.websiteUrl.trim(),
        };
        if (model.edited) {
          model.updates.push({ id: model.edited.id, ...sent, logo: model.logo });
          model.waiting = 'update';
        } else {
          model.creates.push({ ...sent, logo: model.logo as File });
          model.waiting = 'create';
        }
      },
      editable,
    ),
  );

  type Answer = 'saved' | 'nameTaken' | 'websiteRefused' | 'logoTooLarge' | 500 | 'network';
  const failures: Record<Exclude<Answer, 'saved'>, [ApiError | TypeError, Field | null, string]> = {
    nameTaken: [nameTaken, 'name', 'Partner s tim nazivom već postoji.'],
    websiteRefused: [
      new ApiError(400, { errors: { WebsiteUrl: ['WebsiteUrl is not a valid web address.'] } }),
      'websiteUrl',
      text.websiteInvalid,
    ],
    logoTooLarge: [
      new ApiError(413, { errors: ['The file in Logo is larger than 5 MB.'] }),
      'logo',
      'Logotip može imati najviše 5 MB.',
    ],
    500: [new ApiError(500, null), null, 'Nešto je pošlo po zlu: {"status":500}'],
    network: [
      new TypeError('Failed to fetch'),
      null,
      'Nešto je pošlo po zlu: {"message":"Failed to fetch"}',
    ],
  };
  const answerLabel: Record<Answer, string> = {
    saved: 'poslužitelj sprema partnera',
    nameTaken: 'poslužitelj odgovara 409: naziv je zauzet',
    websiteRefused: 'poslužitelj odgovara 400: adresa nije ispravna',
    logoTooLarge: 'poslužitelj odgovara 413: logotip je prevelik',
    500: 'poslužitelj odgovara 500',
    network: 'mreža ne radi',
  };
  const answering = fc
    .constantFrom<Answer>(
      'saved',
      'saved',
      'saved',
      'nameTaken',
      'websiteRefused',
      'logoTooLarge',
      500,
      'network',
    )
    .map((answer) =>
      step<PartnerModel>(
        answerLabel[answer],
        async (model) => {
          const fake = model.waiting === 'create' ? createPartner : updatePartner;
          const request = model.waiting === 'create' ? model.creates.at(-1) : model.updates.at(-1);
          const wasUpdate = model.waiting === 'update';
          model.waiting = null;
          if (answer !== 'saved') {
            const [error, field, message] = failures[answer];
            await fake.reject(error);
            // SPEC 8 "Partner": the entries stay, the problem is said where it belongs.
            model.problems = [message];
            model.invalid = field ? [field] : [];
            if (field) expect(input(field)).toHaveFocus();
            return;
          }
          const saved: Partner = {
            id: wasUpdate ? (model.edited as Partner).id : model.nextId++,
            name: request?.name ?? '',
            websiteUrl: request?.websiteUrl ?? '',
            logoUrl: '/media/partners/novi-card.webp',
          };
          await fake.resolve(saved);
          // SPEC 4 "Forms": success resets the form; the partner is listed first.
          model.partners = firstOf(saved, model.partners);
          Object.assign(model, { name: '', websiteUrl: '', logo: null, edited: null });
          clearProblems(model);
          model.notices = [
            { tone: 'success', text: wasUpdate ? text.updated : 'Partner stvoren.' },
          ];
        },
        // The server does not save a name another partner has.
        (model) => {
          if (model.waiting === null) return false;
          const request = model.waiting === 'create' ? model.creates.at(-1) : model.updates.at(-1);
          return answer !== 'saved' || !taken(model, request?.name ?? '');
        },
      ),
    );
  const startEdit = fc.nat().map((pick) =>
    step<PartnerModel>(
      (model) =>
        `pritisni 'Uredi' kod partnera "${model.partners[pick % model.partners.length]?.name}"`,
      async (model) => {
        const partner = model.partners[pick % model.partners.length] as Partner;
        await user.click(screen.getByRole('button', { name: text.editLabel(partner.name) }));
        Object.assign(model, {
          edited: partner,
          name: partner.name,
          websiteUrl: partner.websiteUrl,
          logo: null,
        });
        clearProblems(model);
      },
      (model) => editable(model) && model.partners.length > 0,
    ),
  );
  const cancelEdit = fc.constant(
    step<PartnerModel>(
      `pritisni '${text.cancelEdit}'`,
      async (model) => {
        await user.click(screen.getByRole('button', { name: text.cancelEdit }));
        Object.assign(model, { edited: null, name: '', websiteUrl: '', logo: null });
        clearProblems(model);
      },
      (model) => editable(model) && model.edited !== null,
    ),
  );

  const freshModel = (): PartnerModel => ({
    name: '',
    websiteUrl: '',
    logo: null,
    edited: null,
    partners: [...existing],
    waiting: null,
    creates: [],
    updates: [],
    problems: [],
    invalid: [],
    notices: [],
    nextId: 3,
  });
  const paths = {
    steps: [
      typing('name', [
        '',
        '   ',
        ' Ćevapčić  Dental ',
        'Đurđevac Implant',
        'Polarix',
        'Š'.repeat(100),
        'Ž'.repeat(101),
        ` ${'n'.repeat(100)} `,
      ]),
      typing('websiteUrl', [
        '',
        '  ',
        ' https://www.adria-dental.hr ',
        'HTTP://Dental.example/o-nama',
        'www.adria-dental.hr',
        'ftp://adria-dental.hr',
        longestSite,
        `${longestSite}a`,
      ]),
      picking,
      submit,
      submit,
      answering,
      answering,
      startEdit,
      cancelEdit,
    ],
    invariants: (model: PartnerModel) => {
      // Nothing is sent while a rule is broken; what is sent is what was typed, cleaned.
      expect(createPartner.calls).toEqual(model.creates);
      expect(updatePartner.calls).toEqual(model.updates);
      expect(deletePartner.calls).toEqual([]);
      expect(app.notices).toEqual(model.notices);
      expect(listed()).toEqual(model.partners.map((partner) => partner.name));
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
        model.edited ? text.editTitle(model.edited.name) : text.title,
      );
      if (model.waiting) {
        expect(screen.getByRole('status')).toHaveTextContent(
          model.waiting === 'create' ? text.submitting : text.saving,
        );
        expect(submitButton()).not.toBeInTheDocument();
        expect(saveButton()).not.toBeInTheDocument();
        expect(input('name')).toBeDisabled();
        return;
      }
      expect(input('name').value).toBe(model.name);
      expect(input('websiteUrl').value).toBe(model.websiteUrl);
      expect(input('logo').files?.[0]).toBe(model.logo ?? undefined);
      expect(shownProblems()).toEqual(model.problems);
      for (const field of ['name', 'websiteUrl', 'logo'] as const) {
        expect(input(field).getAttribute('aria-invalid')).toBe(
          model.invalid.includes(field) ? 'true' : null,
        );
      }
      if (model.edited) {
        expect(saveButton()).toBeVisible();
        expect(screen.getByRole('button', { name: text.cancelEdit })).toBeVisible();
      } else expect(submitButton()).toBeVisible();
    },
  };

  testRandomPaths<PartnerModel>('partnerForm', {
    startLabel: "Otvori 'Partneri' (Polarix i Nordentis na popisu)",
    numRuns: 12,
    maxSteps: 16,
    start: async () => {
      await openForm();
      return freshModel();
    },
    ...paths,
  });

  // Changes of a listed partner start several steps in on the first paths: these start there.
  testRandomPaths<PartnerModel>('partnerForm', {
    variant: 'izmjena partnera',
    startLabel: "Otvori 'Partneri' i pritisni 'Uredi' kod partnera \"Polarix\"",
    numRuns: 10,
    maxSteps: 12,
    start: async () => {
      await openForm();
      const [polarix] = existing as [Partner];
      await user.click(screen.getByRole('button', { name: text.editLabel(polarix.name) }));
      return {
        ...freshModel(),
        edited: polarix,
        name: polarix.name,
        websiteUrl: polarix.websiteUrl,
      };
    },
    ...paths,
  });
});

describe('SPEC 8 "Partner" failures', () => {
  const problems = (error: unknown) => errorMessages(partnerFailure(error));
  const fields = (errors: Record<string, string[]>) => new ApiError(400, { errors });

  it('maps the server rules of a refused form to the form texts', () => {
    expect(
      partnerFailure(
        fields({
          Name: ['Name must not be empty.'],
          WebsiteUrl: ['WebsiteUrl must start with http:// or https://.'],
          Logo: ['Logo must not be empty.'],
        }),
      ),
    ).toEqual({
      name: [text.allRequired],
      websiteUrl: [text.websiteScheme],
      logo: [text.allRequired],
    });
    expect(
      problems(fields({ Logo: ['Logo must be a JPEG, PNG, WebP, AVIF or HEIC image.'] })),
    ).toEqual(['Logotip mora biti slika u formatu JPEG, PNG, WebP, AVIF ili HEIC.']);
    expect(problems(fields({ Logo: ['Logo is not a readable image.'] }))).toEqual([text.logoType]);
    expect(problems(fields({ WebsiteUrl: ['WebsiteUrl is not a valid web address.'] }))).toEqual([
      text.websiteInvalid,
    ]);
  });

  it('says a logo over the cap (413) in Croatian', () => {
    expect(
      partnerFailure(new ApiError(413, { errors: ['The file in Logo is larger than 5 MB.'] })),
    ).toEqual({ logo: ['Logotip može imati najviše 5 MB.'] });
  });

  it('gives the JSON of anything it does not know', () => {
    expect(problems(fields({ Other: ['x'] }))).toEqual([
      'Nešto je pošlo po zlu: {"errors":{"Other":["x"]}}',
    ]);
    expect(problems(fields({ Logo: ['Logo has more than 50 megapixels.'] }))).toEqual([
      'Nešto je pošlo po zlu: {"errors":{"Logo":["Logo has more than 50 megapixels."]}}',
    ]);
    expect(problems(new ApiError(409, { errors: ['Something else.'] }))).toEqual([
      'Nešto je pošlo po zlu: {"errors":["Something else."]}',
    ]);
    expect(
      problems(new ApiError(413, { errors: ['The form has too many fields or files.'] })),
    ).toEqual(['Nešto je pošlo po zlu: {"errors":["The form has too many fields or files."]}']);
    expect(problems(new ApiError(502, null))).toEqual(['Nešto je pošlo po zlu: {"status":502}']);
    expect(problems('odd')).toEqual(['Nešto je pošlo po zlu: "odd"']);
  });
});
