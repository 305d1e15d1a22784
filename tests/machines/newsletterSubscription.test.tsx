import { act, fireEvent, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { CampaignKey, ErrorBody, SubscriptionRequest } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import { NewsletterSubscriptionContainer } from '../../src/app/NewsletterSubscriptionContainer.tsx';
import {
  newsletterSubscriptionMachine,
  subscriptionFailureText,
} from '../../src/machines/newsletterSubscription.machine.ts';
import { messages } from '../../src/messages.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';
import { expireRobotCheck, solveRobotCheck } from '../support/robot-check.ts';

/**
 * The container's `loadDialog` waits for the dialog's code and the robot-check widget: the widget's
 * loader is faked, so its first load is this test's to settle (or fail); once it has loaded, the
 * dialog's robot check finds it loaded, as with the real loader.
 */
const altchaLoad = fakePromiseActor<undefined, undefined>();
let altchaLoaded = false;
vi.mock('../../src/app/loadAltcha.ts', () => ({
  loadAltcha: () => (altchaLoaded ? Promise.resolve() : altchaLoad.fn(undefined)),
}));

const loadDialog = {
  calls: altchaLoad.calls,
  resolve: async () => {
    altchaLoaded = true;
    await altchaLoad.resolve(undefined);
    // The lazily loaded dialog and its robot check render.
    await screen.findByRole('dialog');
    await act(async () => undefined);
  },
  reject: (error: unknown) => altchaLoad.reject(error),
  reset: () => {
    altchaLoaded = false;
    altchaLoad.reset();
  },
};

const PAGES: Record<CampaignKey, string> = { catalogs: '/katalozi', courses: '/tecajevi' };
const CAMPAIGN_ID = 7;
/** The two calls behind the modal's submit; each test says how they answer. */
const calls = {
  campaignIdByName: vi.fn<(name: string) => Promise<number>>(),
  subscribe: vi.fn<(request: SubscriptionRequest) => Promise<void>>(),
};

const subscribeButton = () => screen.getByRole('button', { name: messages.newsletter.subscribe });
const dialog = () => screen.queryByRole('dialog', { name: messages.newsletter.title });
const emailInput = () => screen.getByLabelText(messages.emailModal.emailLabel);
const submitButton = () => screen.queryByRole('button', { name: messages.emailModal.submit });
const closeButton = () => screen.getByRole('button', { name: messages.emailModal.close });

/** The container that ships, on the page of its campaign, with the dialog not yet loaded. */
function renderButton(campaign: CampaignKey) {
  loadDialog.reset();
  calls.campaignIdByName.mockReset().mockResolvedValue(CAMPAIGN_ID);
  calls.subscribe.mockReset().mockResolvedValue(undefined);
  return renderWithEffects(<NewsletterSubscriptionContainer campaign={campaign} />, {
    path: PAGES[campaign],
    api: { campaigns: calls },
  });
}

describe('newsletter subscription model', () => {
  testMachineModel(newsletterSubscriptionMachine, {
    inputs: [{ campaign: 'catalogs' }],
    describeInput: ({ campaign }) => campaign,
    render: ({ campaign }) => renderButton(campaign),
    fakes: { loadDialog },
    states: {
      idle: ({ context }) => {
        expect(subscribeButton()).toBeVisible();
        expect(dialog()).not.toBeInTheDocument();
        expect(screen.queryByText(messages.newsletter.opening)).not.toBeInTheDocument();
        if (context.problem) expect(screen.getByRole('alert')).toHaveTextContent(context.problem);
        else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      },
      loadingDialog: () => {
        expect(screen.getByRole('status')).toHaveTextContent(messages.newsletter.opening);
        expect(subscribeButton()).toBeVisible();
        expect(dialog()).not.toBeInTheDocument();
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      },
      open: () => {
        expect(dialog()).toBeVisible();
        expect(dialog()).toHaveAccessibleDescription(messages.newsletter.description.catalogs);
        expect(emailInput()).toHaveValue('');
        expect(emailInput()).toHaveFocus();
        expect(submitButton()).toBeDisabled();
        expect(screen.getByRole('group', { name: messages.robotCheck.label })).toBeVisible();
      },
    },
    events: {
      OPEN: async () => {
        fireEvent.click(subscribeButton());
        // A dialog loaded before opens at once, its robot check a moment later.
        await act(async () => undefined);
      },
      // The modal ends when the visitor closes it.
      'xstate.done.actor.modal': () => fireEvent.click(closeButton()),
    },
  });
});

describe('newsletter subscription journeys pinned by hand', () => {
  const user = userEvent.setup();

  async function openDialog(campaign: CampaignKey = 'catalogs') {
    const app = renderButton(campaign);
    await user.click(subscribeButton());
    await loadDialog.resolve();
    expect(dialog()).toBeVisible();
    return app;
  }

  async function submit(email = 'ana@primjer.hr') {
    await user.type(emailInput(), email);
    solveRobotCheck();
    await user.click(submitButton() ?? document.body);
  }

  it('catalogues: subscribes the trimmed e-mail to the looked-up campaign; the text replaces the button', async () => {
    const app = await openDialog('catalogs');
    await submit(' ana@primjer.hr ');
    expect(calls.campaignIdByName).toHaveBeenCalledWith('Catalogs');
    expect(calls.subscribe).toHaveBeenCalledWith({
      email: 'ana@primjer.hr',
      recaptchaToken: 'robot-token',
      campaignId: CAMPAIGN_ID,
      sourcePage: '/katalozi',
    });
    const success = await screen.findByRole('status');
    expect(success).toHaveTextContent('Uskoro očekujte zanimljive novosti iz našega kataloga!');
    expect(submitButton()).not.toBeInTheDocument();
    expect(app.notices).toEqual([]);
  });

  it('courses: its own campaign and success text', async () => {
    await openDialog('courses');
    expect(dialog()).toHaveAccessibleDescription(messages.newsletter.description.courses);
    await submit();
    expect(calls.campaignIdByName).toHaveBeenCalledWith('Courses');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Uspješno ste se prijavili na newsletter o tečajevima!',
    );
  });

  it('closing clears the success text; the next opening starts clean without loading again', async () => {
    await openDialog();
    await submit();
    await screen.findByRole('status');
    expect(closeButton()).toHaveFocus();
    await user.click(closeButton());
    expect(dialog()).not.toBeInTheDocument();
    expect(subscribeButton()).toHaveFocus();
    await user.click(subscribeButton());
    expect(dialog()).toBeVisible();
    expect(emailInput()).toHaveValue('');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    expect(loadDialog.calls).toHaveLength(1);
  });

  it("without the robot check: \"Pritisnite 'I'm not a robot'!\" and no call", async () => {
    await openDialog();
    await user.type(emailInput(), 'ana@primjer.hr{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent("Pritisnite 'I'm not a robot'!");
    expect(calls.subscribe).not.toHaveBeenCalled();
  });

  it('subscribed before: the SPEC 8 text; closing clears it', async () => {
    await openDialog();
    calls.subscribe.mockRejectedValue(
      new ApiError(409, { errors: ['ana@primjer.hr is already subscribed to campaign Catalogs'] }),
    );
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Već ste prijavljeni na ovaj newsletter.',
    );
    expect(submitButton()).toBeVisible();
    expect(emailInput()).toHaveFocus();
    await user.keyboard('{Escape}');
    await user.click(subscribeButton());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a refused subscription needs a new robot check: a solution is accepted once', async () => {
    await openDialog();
    calls.subscribe.mockRejectedValue(new ApiError(502, { errors: ['Unavailable.'] }));
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.newsletter.failed);
    await user.click(submitButton() ?? document.body);
    expect(screen.getByRole('alert')).toHaveTextContent("Pritisnite 'I'm not a robot'!");
    expect(calls.subscribe).toHaveBeenCalledTimes(1);
  });

  it('a refused address asks to check it; an outage or no answer is "something went wrong"', async () => {
    const cases: [unknown, string][] = [
      [
        new ApiError(400, { errors: { Email: ['Email is not a valid e-mail address.'] } }),
        'Provjerite još jednom ispravnost unesene email adrese.',
      ],
      [
        new ApiError(502, { errors: ['The e-mail could not be sent. Please try again later.'] }),
        'Nešto je pošlo po krivu. Molimo vas, pokušajte ponovno kasnije.',
      ],
      [
        new TypeError('Failed to fetch'),
        'Nešto je pošlo po krivu. Molimo vas, pokušajte ponovno kasnije.',
      ],
    ];
    for (const [error, text] of cases) {
      const app = await openDialog();
      calls.subscribe.mockRejectedValue(error);
      await submit();
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      app.unmount();
    }
  });

  it('a refusal of the address stands under the field and marks it; "something went wrong" does not', async () => {
    const cases: [unknown, string, boolean][] = [
      [
        new ApiError(409, {
          errors: ['ana@primjer.hr is already subscribed to campaign Catalogs'],
        }),
        'Već ste prijavljeni na ovaj newsletter.',
        true,
      ],
      [
        new ApiError(400, { errors: { Email: ['Email is not a valid e-mail address.'] } }),
        'Provjerite još jednom ispravnost unesene email adrese.',
        true,
      ],
      [
        new ApiError(502, { errors: ['The e-mail could not be sent. Please try again later.'] }),
        'Nešto je pošlo po krivu. Molimo vas, pokušajte ponovno kasnije.',
        false,
      ],
    ];
    for (const [error, text, aboutTheAddress] of cases) {
      const app = await openDialog();
      calls.subscribe.mockRejectedValue(error);
      await submit();
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      if (aboutTheAddress) {
        expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
        expect(emailInput()).toHaveAccessibleDescription(text);
      } else {
        expect(emailInput()).not.toHaveAttribute('aria-invalid');
        expect(emailInput()).not.toHaveAccessibleDescription(text);
      }
      app.unmount();
    }
  });

  it('a failed campaign lookup is "something went wrong", and nothing is subscribed', async () => {
    await openDialog();
    calls.campaignIdByName.mockRejectedValue(
      new ApiError(404, { errors: ['Campaign not found.'] }),
    );
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.newsletter.failed);
    expect(calls.subscribe).not.toHaveBeenCalled();
  });

  it('the dialog failing to load says so beside the button; pressing again retries', async () => {
    renderButton('catalogs');
    await user.click(subscribeButton());
    await loadDialog.reject(new TypeError('Failed to fetch dynamically imported module'));
    expect(screen.getByRole('alert')).toHaveTextContent(messages.newsletter.failed);
    expect(dialog()).not.toBeInTheDocument();
    await user.click(subscribeButton());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await loadDialog.resolve();
    expect(dialog()).toBeVisible();
  });
});

describe('subscriptionFailureText (SPEC 8 "Newsletter subscription")', () => {
  it('maps each kind of failure', () => {
    const api = (status: number, body: ErrorBody) =>
      subscriptionFailureText(new ApiError(status, body));
    expect(api(409, { errors: ['a@b.hr is already subscribed to campaign Courses'] })).toBe(
      messages.newsletter.alreadySubscribed,
    );
    expect(api(400, { errors: { Email: ['x'] } })).toBe(messages.newsletter.checkEmail);
    expect(api(404, { errors: ['Campaign not found.'] })).toBe(messages.newsletter.checkEmail);
    expect(api(400, { errors: { recaptchaToken: ['x'] } })).toBe(
      messages.newsletter.robotCheckRequired,
    );
    expect(api(429, { errors: ['Too many requests. Please try again later.'] })).toBe(
      messages.newsletter.failed,
    );
    expect(api(500, { errors: ['Internal server error.'] })).toBe(messages.newsletter.failed);
    expect(subscriptionFailureText(new Error('offline'))).toBe(messages.newsletter.failed);
  });
});

/** How the server may answer a subscription, and what SPEC 8 says the dialog then shows. */
const ANSWERS: { label: string; error: unknown; text: string }[] = [
  {
    label: 'prijavljuje',
    error: null,
    text: 'Uskoro očekujte zanimljive novosti iz našega kataloga!',
  },
  {
    label: 'kaže da je adresa već prijavljena',
    error: new ApiError(409, {
      errors: ['ana@primjer.hr is already subscribed to campaign Catalogs'],
    }),
    text: 'Već ste prijavljeni na ovaj newsletter.',
  },
  {
    label: 'odbija adresu',
    error: new ApiError(400, { errors: { Email: ['Email is not a valid e-mail address.'] } }),
    text: 'Provjerite još jednom ispravnost unesene email adrese.',
  },
  {
    label: 'ne radi (502)',
    error: new ApiError(502, { errors: ['The e-mail could not be sent.'] }),
    text: 'Nešto je pošlo po krivu. Molimo vas, pokušajte ponovno kasnije.',
  },
  {
    label: 'ne odgovara',
    error: new TypeError('Failed to fetch'),
    text: 'Nešto je pošlo po krivu. Molimo vas, pokušajte ponovno kasnije.',
  },
];

/**
 * SPEC 4 "Newsletter subscription", 5 "Input modal" and 8 as a model: where the dialog is, what was
 * typed, whether the robot check stands solved (a solution is accepted once, ARCHITECTURE.md), what
 * was sent and what the dialog says.
 */
interface SubscriptionModel {
  stage: 'button' | 'loading' | 'open';
  dialogLoaded: boolean;
  openingFailed: boolean;
  /** The dialog's code and robot check load on demand: once, retried only after a failure. */
  loads: number;
  email: string;
  robotToken: string | null;
  submitting: boolean;
  succeeded: boolean;
  feedback: { tone: 'alert' | 'status'; text: string } | null;
  sent: SubscriptionRequest[];
}

const subscribeCall = fakePromiseActor<undefined, SubscriptionRequest>();
const settle = () => act(async () => undefined);

/** What SPEC 5 says a submit does, by the button (from 5 characters) or Enter (beyond 5). */
async function trySubmit(model: SubscriptionModel, minLength: number) {
  await settle();
  if (model.succeeded || model.email.length < minLength) return;
  if (model.robotToken === null) {
    model.feedback = { tone: 'alert', text: "Pritisnite 'I'm not a robot'!" };
    return;
  }
  model.sent.push({
    email: model.email.trim(),
    recaptchaToken: model.robotToken,
    campaignId: CAMPAIGN_ID,
    sourcePage: '/katalozi',
  });
  Object.assign(model, { submitting: true, feedback: null });
}

const canEdit = (model: SubscriptionModel) => model.stage === 'open' && !model.submitting;

/** Addresses at the limits of SPEC 5 (5 and 6 characters), with spaces around, and any text. */
const typeEmail = fc
  .oneof(
    fc.constantFrom('ana@primjer.hr', ' ana@primjer.hr ', 'a@b.c', 'a@b.hr', '    a', 'a@b'),
    fc.string({ maxLength: 8 }),
  )
  .map((value) =>
    step<SubscriptionModel>(
      `upiši "${value}"`,
      (model) => {
        fireEvent.change(emailInput(), { target: { value } });
        // An e-mail field drops line breaks and the spaces around the address (HTML's value
        // sanitization) before the page sees it.
        model.email = value.replace(/[\r\n]/g, '').replace(/^[ \t\f]+|[ \t\f]+$/g, '');
      },
      canEdit,
    ),
  );

describe('newsletter subscription random paths', () => {
  testRandomPaths<SubscriptionModel>('newsletterSubscription', {
    startLabel: 'Otvori /katalozi',
    numRuns: 60,
    maxSteps: 24,
    start: () => {
      renderButton('catalogs');
      subscribeCall.reset();
      calls.subscribe.mockImplementation(subscribeCall.fn);
      return {
        stage: 'button',
        dialogLoaded: false,
        openingFailed: false,
        loads: 0,
        email: '',
        robotToken: null,
        submitting: false,
        succeeded: false,
        feedback: null,
        sent: [],
      };
    },
    steps: [
      fc.constant(
        step<SubscriptionModel>(
          "pritisni 'Prijavi se na newsletter'",
          async (model) => {
            fireEvent.click(subscribeButton());
            await settle();
            // A dialog loaded once opens at once, with a clean field and robot check.
            if (model.dialogLoaded) {
              Object.assign(model, { stage: 'open', email: '', robotToken: null, feedback: null });
              model.succeeded = false;
            } else {
              model.stage = 'loading';
              model.loads += 1;
            }
            model.openingFailed = false;
          },
          (model) => model.stage === 'button',
        ),
      ),
      // Mostly it loads: a failed load sends the visitor back to the button.
      fc.constantFrom(true, true, true, false).map((loads) =>
        step<SubscriptionModel>(
          loads ? 'prijava se učita' : 'prijava se ne učita',
          async (model) => {
            if (loads) {
              await loadDialog.resolve();
              Object.assign(model, { stage: 'open', dialogLoaded: true });
              Object.assign(model, { email: '', robotToken: null, feedback: null });
              model.succeeded = false;
            } else {
              await loadDialog.reject(new TypeError('Failed to fetch dynamically imported module'));
              Object.assign(model, { stage: 'button', openingFailed: true });
            }
          },
          (model) => model.stage === 'loading',
        ),
      ),
      typeEmail,
      typeEmail,
      fc.constantFrom('robot-token', 'robot-token-2').map((token) =>
        step<SubscriptionModel>(
          "riješi provjeru 'I'm not a robot'",
          (model) => {
            solveRobotCheck(token);
            model.robotToken = token;
          },
          (model) => model.stage === 'open',
        ),
      ),
      fc.constant(
        step<SubscriptionModel>(
          'provjera istekne',
          (model) => {
            expireRobotCheck();
            model.robotToken = null;
          },
          (model) => model.stage === 'open',
        ),
      ),
      fc.constant(
        step<SubscriptionModel>(
          "pritisni 'Pošalji'",
          (model) => {
            fireEvent.click(submitButton() ?? document.body);
            return trySubmit(model, 5);
          },
          (model) => canEdit(model) && !model.succeeded,
        ),
      ),
      fc.constant(
        step<SubscriptionModel>(
          'pritisni Enter u polju',
          (model) => {
            fireEvent.keyDown(emailInput(), { key: 'Enter' });
            return trySubmit(model, 6);
          },
          canEdit,
        ),
      ),
      fc.constantFrom(...ANSWERS).map((answer) =>
        step<SubscriptionModel>(
          `poslužitelj ${answer.label}`,
          async (model) => {
            if (answer.error === null) await subscribeCall.resolve(undefined);
            else await subscribeCall.reject(answer.error);
            await settle();
            const succeeded = answer.error === null;
            Object.assign(model, { submitting: false, succeeded, robotToken: null });
            model.feedback = { tone: succeeded ? 'status' : 'alert', text: answer.text };
          },
          (model) => model.submitting,
        ),
      ),
      fc.boolean().map((byEscape) =>
        step<SubscriptionModel>(
          byEscape ? 'pritisni Escape' : "pritisni 'Zatvori'",
          async (model) => {
            if (byEscape) fireEvent.keyDown(emailInput(), { key: 'Escape' });
            else fireEvent.click(closeButton());
            await settle();
            Object.assign(model, { stage: 'button', feedback: null });
          },
          canEdit,
        ),
      ),
    ],
    invariants: (model) => {
      // Nothing is sent without a fresh robot check and an e-mail long enough; each sent once.
      expect(calls.subscribe.mock.calls.map(([request]) => request)).toEqual(model.sent);
      expect(calls.campaignIdByName.mock.calls).toEqual(model.sent.map(() => ['Catalogs']));
      expect(loadDialog.calls).toHaveLength(model.loads);
      if (model.stage !== 'open') {
        expect(dialog()).not.toBeInTheDocument();
        expect(subscribeButton()).toBeVisible();
        const opening = screen.queryByText(messages.newsletter.opening);
        expect(opening !== null).toBe(model.stage === 'loading');
        const problem = screen.queryByRole('alert');
        if (model.openingFailed) expect(problem).toHaveTextContent(messages.newsletter.failed);
        else expect(problem).not.toBeInTheDocument();
        return;
      }
      expect(dialog()).toBeVisible();
      expect(emailInput()).toHaveValue(model.email);
      const submit = submitButton();
      if (model.submitting || model.succeeded) expect(submit).not.toBeInTheDocument();
      // SPEC 5: the button is enabled from 5 characters.
      else expect(submit?.hasAttribute('disabled')).toBe(model.email.length < 5);
      const alert = screen.queryByRole('alert');
      const status = screen.queryByRole('status');
      if (model.feedback?.tone === 'alert') expect(alert).toHaveTextContent(model.feedback.text);
      else expect(alert).not.toBeInTheDocument();
      if (model.feedback?.tone === 'status') expect(status).toHaveTextContent(model.feedback.text);
      else if (!model.submitting) expect(status).not.toBeInTheDocument();
    },
  });
});
