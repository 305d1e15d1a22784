import { useMachine } from '@xstate/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { CampaignKey, ErrorBody } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import type { RobotCheckProps } from '../../src/app/RobotCheck.tsx';
import { NewsletterSubscriptionDialog } from '../../src/app/NewsletterSubscriptionDialog.tsx';
import {
  emailInputModalMachine,
  type SubmitEmailInput,
} from '../../src/machines/emailInputModal.machine.ts';
import {
  newsletterSubscriptionMachine,
  selectDialogLoading,
  selectModal,
  selectOpeningProblem,
  subscriptionFailureText,
  subscriptionOutcome,
} from '../../src/machines/newsletterSubscription.machine.ts';
import { messages } from '../../src/messages.ts';
import { NewsletterSubscription } from '../../src/views/NewsletterSubscription.tsx';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';

// The real dialog, with the ALTCHA widget replaced by a button that verifies at once.
vi.mock('../../src/app/RobotCheck.tsx', () => ({
  RobotCheck: ({ verified, onVerified }: RobotCheckProps) => (
    <button type="button" aria-pressed={verified} onClick={() => onVerified('robot-token')}>
      Nisam robot
    </button>
  ),
}));

const SUBSCRIBE = messages.newsletter.subscribe;
const ROBOT = 'Nisam robot';
const ALTCHA = { provider: 'altcha', challengeUrl: '/api/v1/captcha/challenge' } as const;

const loadDialog = fakePromiseActor<undefined, unknown>();
/** The two calls behind the modal's submit; each test says how they answer. */
const calls = {
  campaignId: vi.fn<() => Promise<number>>(),
  subscribe: vi.fn<(request: SubmitEmailInput & { campaignId: number }) => Promise<void>>(),
};

/** What NewsletterSubscriptionContainer does, with the calls and the dialog loading faked. */
function Harness({ campaign }: { campaign: CampaignKey }) {
  const [snapshot, send] = useMachine(
    newsletterSubscriptionMachine.provide({
      actors: {
        loadDialog: loadDialog.logic,
        emailInputModal: emailInputModalMachine.provide({
          actors: {
            submitEmail: fromPromise<string, SubmitEmailInput>(({ input }) =>
              subscriptionOutcome(campaign, {
                campaignId: calls.campaignId,
                subscribe: (campaignId) => calls.subscribe({ ...input, campaignId }),
              }),
            ),
          },
        }),
      },
    }),
    { input: { campaign } },
  );
  const modal = selectModal(snapshot);
  return (
    <NewsletterSubscription
      loading={selectDialogLoading(snapshot)}
      problem={selectOpeningProblem(snapshot)}
      onOpen={() => send({ type: 'OPEN' })}
      dialog={
        modal && (
          <NewsletterSubscriptionDialog modal={modal} campaign={campaign} robotCheck={ALTCHA} />
        )
      }
    />
  );
}

const subscribeButton = () => screen.getByRole('button', { name: SUBSCRIBE });
const dialog = () => screen.queryByRole('dialog', { name: messages.newsletter.title });
const emailInput = () => screen.getByLabelText(messages.emailModal.emailLabel);
const submitButton = () => screen.queryByRole('button', { name: messages.emailModal.submit });
const closeButton = () => screen.getByRole('button', { name: messages.emailModal.close });

describe('newsletter subscription model', () => {
  testMachineModel(newsletterSubscriptionMachine, {
    inputs: [{ campaign: 'catalogs' }],
    render: (input) => {
      loadDialog.reset();
      render(<Harness campaign={input.campaign} />);
    },
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
      },
    },
    events: {
      OPEN: () => fireEvent.click(subscribeButton()),
      // The modal ends when the visitor closes it.
      'xstate.done.actor.modal': () => fireEvent.click(closeButton()),
    },
  });
});

describe('newsletter subscription journeys pinned by hand', () => {
  const user = userEvent.setup();

  async function openDialog(campaign: CampaignKey = 'catalogs') {
    loadDialog.reset();
    calls.campaignId.mockReset().mockResolvedValue(7);
    calls.subscribe.mockReset().mockResolvedValue(undefined);
    render(<Harness campaign={campaign} />);
    await user.click(subscribeButton());
    await loadDialog.resolve(undefined);
    expect(dialog()).toBeVisible();
  }

  async function submit(email = 'ana@primjer.hr') {
    await user.type(emailInput(), email);
    await user.click(screen.getByRole('button', { name: ROBOT }));
    await user.click(submitButton() ?? document.body);
  }

  it('catalogues: subscribes the trimmed e-mail to the looked-up campaign; the text replaces the button', async () => {
    await openDialog('catalogs');
    await submit(' ana@primjer.hr ');
    expect(calls.subscribe).toHaveBeenCalledWith({
      email: 'ana@primjer.hr',
      recaptchaToken: 'robot-token',
      campaignId: 7,
    });
    const success = await screen.findByRole('status');
    expect(success).toHaveTextContent('Uskoro očekujte zanimljive novosti iz našega kataloga!');
    expect(submitButton()).not.toBeInTheDocument();
  });

  it('courses: its own success text', async () => {
    await openDialog('courses');
    expect(dialog()).toHaveAccessibleDescription(messages.newsletter.description.courses);
    await submit();
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
      await openDialog();
      calls.subscribe.mockRejectedValue(error);
      await submit();
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      document.body.innerHTML = '';
    }
  });

  it('a failed campaign lookup is "something went wrong", and nothing is subscribed', async () => {
    await openDialog();
    calls.campaignId.mockRejectedValue(new ApiError(404, { errors: ['Campaign not found.'] }));
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.newsletter.failed);
    expect(calls.subscribe).not.toHaveBeenCalled();
  });

  it('the dialog failing to load says so beside the button; pressing again retries', async () => {
    loadDialog.reset();
    render(<Harness campaign="catalogs" />);
    await user.click(subscribeButton());
    await loadDialog.reject(new TypeError('Failed to fetch dynamically imported module'));
    expect(screen.getByRole('alert')).toHaveTextContent(messages.newsletter.failed);
    await user.click(subscribeButton());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await loadDialog.resolve(undefined);
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
