/**
 * Account activation's generated paths in the browser (SPEC 2 "Account activation", 4
 * "Activation", 5 "Activation form", 8 "Activation"): each path opens the link of a real
 * invitation mail. The validation and the completion wait in the browser's network layer until
 * the path lets them through; a refusal is real: the same invitation was completed in another
 * browser meanwhile, so the server no longer knows it.
 */
import { expect, type Page } from '@playwright/test';
import { activationMachine } from '../../../src/machines/activation.machine.ts';
import { addGateCookies, isHydrated } from '../support.ts';
import { HeldRequests, testBrowserPaths, type Fixtures } from './browser-paths.ts';
import { completeInvitation, invite, uniqueEmail } from './real-server.ts';

const TITLE = 'Aktivacija računa';
const VALIDATING = 'Provjera pozivnice…';
const UNUSABLE = 'Aktivacija računa nije moguća';
const INVALID = 'Čini se da imate neispravnu pozivnicu.';
const CHECK_DATA = 'Molimo, provjerite još jedanput svoje korisničke podatke.';
const SUBMIT_FAILED = 'Prijava nije uspjela!';
const SUBMIT_FAILED_HINT = 'Molimo vas, provjerite svoje podatke i pokušajte ponovno kasnije.';
const SUBMITTING = 'Aktivacija u tijeku…';
const WELCOME = 'Uspješno ste aktivirali svoj račun! Dobro nam došli!';
/** The names of the invitation (real-server.ts), prefilled by the form. */
const INVITED = { name: 'Iva', surname: 'Putić' };

interface ActivationWorld extends Fixtures {
  link: string;
  validations: HeldRequests;
  completions: HeldRequests;
  /** What the person typed, starting from the invitation's names. */
  form: { name: string; surname: string; password: string };
  /** The messages SPEC says the form shows now. */
  problems: string[];
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** SPEC 5: names trimmed longer than 2 characters, a password of at least 8. */
const looksValid = ({ name, surname, password }: ActivationWorld['form']) =>
  name.trim().length > 2 && surname.trim().length > 2 && [...password].length >= 8;

async function type(world: ActivationWorld, key: keyof ActivationWorld['form'], value: string) {
  const labels = { name: 'Ime', surname: 'Prezime', password: 'Lozinka' };
  await field(world.page, labels[key]).fill(value);
  world.form[key] = value;
}

testBrowserPaths(activationMachine, {
  inputs: [{ name: 'invitation mail', input: { invitationToken: 'from the mail' } }],
  // A person tells the form's states apart by the messages shown; the submit's guard reads
  // whether the password is long enough (the names are the invitation's, long enough).
  serializeState: (snapshot) => {
    const { problems, password } = snapshot.context as { problems: string[]; password: string };
    return JSON.stringify([snapshot.value, problems, [...password].length >= 8]);
  },
  sampleEvents: [
    { type: 'xstate.done.actor.validateInvitation', output: INVITED },
    { type: 'CHANGE_NAME', value: 'Ivana' },
    { type: 'CHANGE_SURNAME', value: 'Horvat' },
    { type: 'CHANGE_PASSWORD', value: 'Prva-Lozinka-77!' },
  ],
  open: async (fixtures): Promise<ActivationWorld> => {
    const { page, context, request, baseURL } = fixtures;
    const link = await invite(request, uniqueEmail('aktivacija'), {
      firstName: INVITED.name,
      lastName: INVITED.surname,
    });
    await addGateCookies(context, baseURL);
    const validations = await HeldRequests.on(page, /\/api\/v1\/users\/validate-registration$/);
    const completions = await HeldRequests.on(page, /\/api\/v1\/users\/complete-registration$/);
    await page.goto(link);
    await expect.poll(() => isHydrated(page)).toBe(true);
    const form = { ...INVITED, password: '' };
    return { ...fixtures, link, validations, completions, form, problems: [] };
  },
  states: {
    validating: async ({ page }) => {
      await expect(page.getByText(VALIDATING)).toBeVisible();
      await expect(field(page, 'Lozinka')).toHaveCount(0);
    },
    unusable: async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: UNUSABLE })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText(INVALID);
      await expect(field(page, 'Lozinka')).toHaveCount(0);
    },
    editing: async ({ page, form, problems }) => {
      await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
      await expect(field(page, 'Ime')).toHaveValue(form.name);
      await expect(field(page, 'Prezime')).toHaveValue(form.surname);
      await expect(field(page, 'Lozinka')).toHaveValue(form.password);
      await expect(page.getByRole('button', { name: 'Aktiviraj račun' })).toBeEnabled();
      for (const problem of problems) await expect(page.getByText(problem)).toBeVisible();
      if (problems.length === 0) await expect(page.getByRole('alert')).toHaveCount(0);
    },
    submitting: async ({ page }) => {
      await expect(page.getByText(SUBMITTING)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Aktiviraj račun' })).toHaveCount(0);
    },
    activated: async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: WELCOME })).toBeVisible();
      // SPEC 4: completing it logs the user in.
      await expect(page.getByRole('banner').getByRole('link', { name: 'Odjava' })).toBeVisible();
    },
  },
  events: {
    'xstate.done.actor.validateInvitation': async ({ validations }) => {
      expect(await validations.release()).toBe(200);
    },
    'xstate.error.actor.validateInvitation': async ({ validations, request, link }) => {
      await completeInvitation(request, link);
      expect(await validations.release()).toBeGreaterThanOrEqual(400);
    },
    CHANGE_NAME: (world, event) => type(world, 'name', String(event.value)),
    CHANGE_SURNAME: (world, event) => type(world, 'surname', String(event.value)),
    CHANGE_PASSWORD: (world, event) => type(world, 'password', String(event.value)),
    SUBMIT: async (world) => {
      world.problems = looksValid(world.form) ? [] : [CHECK_DATA];
      await world.page.getByRole('button', { name: 'Aktiviraj račun' }).click();
    },
    'xstate.done.actor.completeRegistration': async ({ completions }) => {
      expect(await completions.release()).toBe(200);
    },
    'xstate.error.actor.completeRegistration': async (world) => {
      await completeInvitation(world.request, world.link);
      // The server no longer knows the invitation (404): SPEC 8's answer to any status but 400.
      expect(await world.completions.release()).toBe(404);
      world.problems = [SUBMIT_FAILED, SUBMIT_FAILED_HINT];
    },
  },
});
