import { act, fireEvent, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
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
import { renderWithEffects } from '../support/render-with-effects.tsx';
import { solveRobotCheck } from '../support/robot-check.ts';

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
