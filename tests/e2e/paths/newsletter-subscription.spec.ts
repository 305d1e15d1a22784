/**
 * The newsletter subscription's generated paths in the browser (SPEC 2 "Products and
 * catalogues", 4 "Newsletter subscription", 5 "Input modal", 8 "Newsletter subscription"): the
 * button on /katalozi, whose dialog code loads when pressed, and the e-mail modal inside it with
 * the robot check solved in the browser. The dialog's code and the subscription wait in the
 * browser's network layer until the path lets them through; the code fails to arrive as on a
 * dropped connection; a refused subscription is real: the same address was subscribed meanwhile
 * (in another tab, say), and the server says so.
 */
import { expect, type Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { emailInputModalMachine } from '../../../src/machines/emailInputModal.machine.ts';
import {
  NEWSLETTER_MODAL_INPUT,
  newsletterSubscriptionMachine,
} from '../../../src/machines/newsletterSubscription.machine.ts';
import { subscribeThroughApi } from '../mail.ts';
import { addGateCookies, openPage, solveRobotCheck } from '../support.ts';
import { HeldRequests, testBrowserPaths, type Fixtures } from './browser-paths.ts';
import { uniqueEmail } from './real-server.ts';

const SUBSCRIBE = 'Prijavi se na newsletter';
const DIALOG = 'Prijava na newsletter';
const OPENING = 'Otvaranje prijave…';
const EMAIL = 'Email adresa';
const SEND = 'Pošalji';
const CLOSE = 'Zatvori';
const SENDING = 'Slanje…';
const PRESS_ROBOT = "Pritisnite 'I'm not a robot'!";
const SUBSCRIBED = 'Uskoro očekujte zanimljive novosti iz našega kataloga!';
const ALREADY_SUBSCRIBED = 'Već ste prijavljeni na ovaj newsletter.';
const FAILED = 'Nešto je pošlo po krivu. Molimo vas, pokušajte ponovno kasnije.';

const opener = (page: Page) => page.getByRole('button', { name: SUBSCRIBE });
const dialog = (page: Page) => page.getByRole('dialog', { name: DIALOG });
const sendButton = (page: Page) => dialog(page).getByRole('button', { name: SEND });

async function openCatalogues({ page, context, baseURL }: Fixtures) {
  await addGateCookies(context, baseURL);
  await openPage(page, '/katalozi');
}

interface ButtonWorld extends Fixtures {
  dialogCode: HeldRequests;
  /** SPEC 8: the text shown when the dialog could not open. */
  problem: string | null;
}

testBrowserPaths(newsletterSubscriptionMachine, {
  inputs: [{ name: '/katalozi', input: { campaign: 'catalogs' } }],
  open: async (fixtures): Promise<ButtonWorld> => {
    const dialogCode = await HeldRequests.on(
      fixtures.page,
      /\/assets\/NewsletterSubscriptionDialog-[\w-]+\.js$/,
      'GET',
    );
    await openCatalogues(fixtures);
    return { ...fixtures, dialogCode, problem: null };
  },
  states: {
    idle: async ({ page, problem }) => {
      await expect(opener(page)).toBeVisible();
      await expect(dialog(page)).toHaveCount(0);
      await expect(page.getByText(OPENING)).toHaveCount(0);
      if (problem) await expect(page.getByRole('main').getByRole('alert')).toHaveText(problem);
    },
    loadingDialog: async ({ page }) => {
      await expect(page.getByText(OPENING)).toBeVisible();
      await expect(dialog(page)).toHaveCount(0);
    },
    open: async ({ page }) => {
      await expect(dialog(page)).toBeVisible();
      await expect(dialog(page).getByLabel(EMAIL)).toHaveValue('');
      await expect(dialog(page).getByLabel(EMAIL)).toBeFocused();
      await expect(sendButton(page)).toBeDisabled();
    },
  },
  events: {
    OPEN: async ({ page }) => opener(page).click(),
    'xstate.done.actor.loadDialog': async ({ dialogCode }) => {
      expect(await dialogCode.release()).toBe(200);
    },
    'xstate.error.actor.loadDialog': async (world) => {
      await world.dialogCode.dropConnection();
      world.problem = FAILED;
    },
    // The modal ends when the visitor closes it.
    'xstate.done.actor.modal': async ({ page }) =>
      dialog(page).getByRole('button', { name: CLOSE }).click(),
  },
});

interface ModalWorld extends Fixtures {
  subscriptions: HeldRequests;
  typed: string;
  robotSolved: boolean;
  /** The text SPEC says the dialog shows now. */
  feedback: string | null;
}

/**
 * One state per thing the visitor can tell apart: where the dialog is and, while editing, what
 * the guards read (the robot check solved, the address long enough) and the message shown. The
 * one address typed is a real one: an address of exactly 5 characters enables the button (SPEC
 * 5) but is no address the server takes, so a path could not subscribe it.
 */
function modalState(snapshot: AnyMachineSnapshot): string {
  if (!snapshot.matches('open.editing')) return JSON.stringify(snapshot.value);
  const { robotToken, email, feedback } = snapshot.context as {
    robotToken: string | null;
    email: string;
    feedback: { text: string } | null;
  };
  return JSON.stringify([robotToken !== null, email.length >= 5, feedback?.text ?? null]);
}

testBrowserPaths(emailInputModalMachine, {
  inputs: [{ name: 'newsletter on /katalozi', input: NEWSLETTER_MODAL_INPUT }],
  serializeState: modalState,
  sampleEvents: [
    { type: 'CHANGE', email: 'ana@primjer.hr' },
    { type: 'ROBOT_VERIFIED', token: 'solved' },
    { type: 'SUBMIT', via: 'button' },
    { type: 'SUBMIT', via: 'enter' },
  ],
  notArranged: {
    ROBOT_EXPIRED:
      "the robot check's solution expires after ten minutes, longer than a path should wait",
  },
  open: async (fixtures): Promise<ModalWorld> => {
    const subscriptions = await HeldRequests.on(
      fixtures.page,
      /\/api\/v1\/campaigns\/subscriptions$/,
    );
    await openCatalogues(fixtures);
    await opener(fixtures.page).click();
    await expect(dialog(fixtures.page)).toBeVisible({ timeout: 15_000 });
    return { ...fixtures, subscriptions, typed: '', robotSolved: false, feedback: null };
  },
  states: {
    'open.editing': async ({ page, typed, feedback }) => {
      await expect(dialog(page)).toBeVisible();
      await expect(dialog(page).getByLabel(EMAIL)).toHaveValue(typed);
      // SPEC 5: the button from 5 characters.
      await expect(sendButton(page)).toBeEnabled({ enabled: typed.length >= 5 });
      if (feedback) await expect(dialog(page).getByRole('alert')).toHaveText(feedback);
      else await expect(dialog(page).getByRole('alert')).toHaveCount(0);
    },
    'open.submitting': async ({ page }) => {
      await expect(dialog(page).getByText(SENDING)).toBeVisible();
      await expect(sendButton(page)).toHaveCount(0);
      await expect(dialog(page).getByRole('alert')).toHaveCount(0);
    },
    // SPEC 4: the success text replaces the button until the dialog closes.
    'open.succeeded': async ({ page }) => {
      await expect(dialog(page).getByText(SUBSCRIBED)).toBeVisible();
      await expect(sendButton(page)).toHaveCount(0);
    },
    ended: async ({ page }) => {
      await expect(dialog(page)).toHaveCount(0);
      await expect(opener(page)).toBeVisible();
      await expect(page.getByText(SUBSCRIBED)).toHaveCount(0);
    },
  },
  events: {
    CHANGE: async (world, event) => {
      // A long address is made unique, so that only a path that means it is refused.
      const sample = String(event.email);
      world.typed = sample.length > 5 ? uniqueEmail(sample.split('@')[0] ?? 'ana') : sample;
      await dialog(world.page).getByLabel(EMAIL).fill(world.typed);
    },
    ROBOT_VERIFIED: async (world) => {
      await solveRobotCheck(dialog(world.page));
      world.robotSolved = true;
    },
    SUBMIT: async (world, event) => {
      // SPEC 5: the button from 5 characters, Enter beyond 5; a warning without the robot check.
      const byEnter = event.via === 'enter';
      const sends = byEnter ? world.typed.length > 5 : world.typed.length >= 5;
      if (sends && !world.robotSolved) world.feedback = PRESS_ROBOT;
      if (sends && world.robotSolved) world.feedback = null;
      if (byEnter) await dialog(world.page).getByLabel(EMAIL).press('Enter');
      else await sendButton(world.page).click();
    },
    'xstate.done.actor.submitEmail': async (world) => {
      expect(await world.subscriptions.release()).toBe(204);
      world.robotSolved = false;
    },
    'xstate.error.actor.submitEmail': async (world) => {
      await subscribeThroughApi(world.request, world.typed, 'Catalogs');
      expect(await world.subscriptions.release()).toBe(409);
      // SPEC 8; and a solution is accepted once: the next attempt needs a new robot check.
      world.feedback = ALREADY_SUBSCRIBED;
      world.robotSolved = false;
    },
    CLOSE: async ({ page }) => dialog(page).getByRole('button', { name: CLOSE }).click(),
  },
});
