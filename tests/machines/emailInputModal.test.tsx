import { useMachine } from '@xstate/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  emailInputModalMachine,
  selectModalEmail,
  selectModalFeedback,
  selectModalOpen,
  selectModalRobotChecked,
  selectModalSubmitting,
  selectModalSucceeded,
  SubmitFailure,
  type EmailInputModalInput,
  type SubmitEmailInput,
} from '../../src/machines/emailInputModal.machine.ts';
import { messages } from '../../src/messages.ts';
import { EmailInputModal } from '../../src/views/EmailInputModal.tsx';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';

const PASSWORD_RESET: EmailInputModalInput = {
  outcome: 'closeWhenDone',
  withoutRobotCheck: 'ignore',
};
const NEWSLETTER: EmailInputModalInput = {
  outcome: 'showInDialog',
  withoutRobotCheck: 'warn',
  robotCheckWarning: "Pritisnite 'I'm not a robot'!",
};
/** The newsletter's dialog: created open when its button is pressed, ended when closed. */
const SINGLE_USE: EmailInputModalInput = { ...NEWSLETTER, singleUse: true };
const OPENER = 'Zaboravljena lozinka';
const ROBOT = 'Nisam robot';
const ROBOT_EXPIRES = 'Provjera je istekla';

const submitEmail = fakePromiseActor<string, SubmitEmailInput>();

/** What a container does: bind the machine, pass the robot check as a slot, toast the outcome. */
function ModalHarness({
  input,
  notify,
}: {
  input: EmailInputModalInput;
  notify: (tone: string, text: string) => void;
}) {
  const [snapshot, send] = useMachine(
    emailInputModalMachine.provide({
      actors: { submitEmail: submitEmail.logic },
      actions: {
        notifySuccess: (_, text) => notify('success', text),
        notifyFailure: (_, text) => notify('error', text),
      },
    }),
    { input },
  );
  const email = selectModalEmail(snapshot);
  return (
    <>
      <button type="button" onClick={() => send({ type: 'OPEN' })}>
        {OPENER}
      </button>
      <EmailInputModal
        open={selectModalOpen(snapshot)}
        title={messages.passwordReset.title}
        description={messages.passwordReset.description}
        email={email}
        canSubmit={email.length >= 5}
        submitting={selectModalSubmitting(snapshot)}
        succeeded={selectModalSucceeded(snapshot)}
        feedback={selectModalFeedback(snapshot)}
        robotCheck={
          <div>
            <button
              type="button"
              aria-pressed={selectModalRobotChecked(snapshot)}
              onClick={() => send({ type: 'ROBOT_VERIFIED', token: 'robot-token' })}
            >
              {ROBOT}
            </button>
            <button type="button" onClick={() => send({ type: 'ROBOT_EXPIRED' })}>
              {ROBOT_EXPIRES}
            </button>
          </div>
        }
        onChange={(value) => send({ type: 'CHANGE', email: value })}
        onSubmit={() => send({ type: 'SUBMIT', via: 'button' })}
        onEnter={() => send({ type: 'SUBMIT', via: 'enter' })}
        onClose={() => send({ type: 'CLOSE' })}
      />
    </>
  );
}

const dialog = () => screen.queryByRole('dialog', { name: messages.passwordReset.title });
const emailInput = () => screen.getByLabelText(messages.emailModal.emailLabel);
const submitButton = () => screen.queryByRole('button', { name: messages.emailModal.submit });
const renderModal = (input: EmailInputModalInput) => {
  const notify = vi.fn();
  render(<ModalHarness input={input} notify={notify} />);
  return notify;
};

describe('e-mail input modal model', () => {
  testMachineModel(emailInputModalMachine, {
    inputs: [PASSWORD_RESET, NEWSLETTER, SINGLE_USE],
    render: (input) => renderModal(input),
    fakes: { submitEmail },
    sampleEvents: [
      { type: 'CHANGE', email: 'a@b.h' },
      { type: 'CHANGE', email: 'ana@primjer.hr' },
      { type: 'ROBOT_VERIFIED', token: 'robot-token' },
      { type: 'SUBMIT', via: 'button' },
      { type: 'SUBMIT', via: 'enter' },
      { type: 'xstate.done.actor.submitEmail', output: 'Uspjeh!' },
      { type: 'xstate.error.actor.submitEmail', error: new SubmitFailure('Nije uspjelo.') },
    ],
    states: {
      closed: () => expect(dialog()).not.toBeInTheDocument(),
      ended: () => expect(dialog()).not.toBeInTheDocument(),
      'open.editing': ({ context }) => {
        expect(dialog()).toBeVisible();
        expect(emailInput()).toHaveValue(context.email);
        expect(emailInput()).toHaveAttribute('type', 'email');
        if (context.email.length >= 5) expect(submitButton()).toBeEnabled();
        else expect(submitButton()).toBeDisabled();
        if (context.feedback) {
          expect(screen.getByRole('alert')).toHaveTextContent(context.feedback.text);
        } else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      },
      'open.submitting': () => {
        expect(dialog()).toBeVisible();
        expect(screen.getByText(messages.emailModal.submitting)).toBeInTheDocument();
        expect(submitButton()).not.toBeInTheDocument();
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      },
      'open.succeeded': ({ context }) => {
        expect(screen.getByText(context.feedback?.text ?? '?')).toBeVisible();
        expect(submitButton()).not.toBeInTheDocument();
      },
    },
    events: {
      OPEN: () => fireEvent.click(screen.getByRole('button', { name: OPENER })),
      CLOSE: () => fireEvent.click(screen.getByRole('button', { name: messages.emailModal.close })),
      CHANGE: (event) => fireEvent.change(emailInput(), { target: { value: String(event.email) } }),
      ROBOT_VERIFIED: () => fireEvent.click(screen.getByRole('button', { name: ROBOT })),
      ROBOT_EXPIRED: () => fireEvent.click(screen.getByRole('button', { name: ROBOT_EXPIRES })),
      SUBMIT: (event) =>
        event.via === 'enter'
          ? fireEvent.keyDown(emailInput(), { key: 'Enter' })
          : fireEvent.click(submitButton() ?? document.body),
    },
  });
});

describe('e-mail input modal journeys pinned by hand', () => {
  const user = userEvent.setup();

  it('password reset: sends the trimmed e-mail with the robot token, toasts and closes', async () => {
    const notify = renderModal(PASSWORD_RESET);
    await user.click(screen.getByRole('button', { name: OPENER }));
    expect(emailInput()).toHaveFocus();
    await user.type(emailInput(), ' ana@primjer.hr ');
    await user.click(screen.getByRole('button', { name: ROBOT }));
    await user.click(submitButton() ?? document.body);
    expect(submitEmail.calls.at(-1)).toEqual({
      email: 'ana@primjer.hr',
      recaptchaToken: 'robot-token',
    });
    await submitEmail.resolve(messages.passwordReset.requested);
    expect(dialog()).not.toBeInTheDocument();
    expect(notify).toHaveBeenCalledWith('success', messages.passwordReset.requested);
    expect(screen.getByRole('button', { name: OPENER })).toHaveFocus();
  });

  it('password reset: a submit without the robot check is ignored', async () => {
    submitEmail.reset();
    renderModal(PASSWORD_RESET);
    await user.click(screen.getByRole('button', { name: OPENER }));
    await user.type(emailInput(), 'ana@primjer.hr{Enter}');
    await user.click(submitButton() ?? document.body);
    expect(submitEmail.calls).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Enter submits only beyond 5 characters while the button works from 5', async () => {
    submitEmail.reset();
    renderModal(PASSWORD_RESET);
    await user.click(screen.getByRole('button', { name: OPENER }));
    await user.click(screen.getByRole('button', { name: ROBOT }));
    await user.type(emailInput(), 'a@b.');
    expect(submitButton()).toBeDisabled();
    await user.type(emailInput(), 'h{Enter}');
    expect(submitEmail.calls).toEqual([]);
    await user.click(submitButton() ?? document.body);
    expect(submitEmail.calls).toHaveLength(1);
  });

  it('newsletter: warns without the robot check, then shows the failure and asks for a new check', async () => {
    submitEmail.reset();
    renderModal(NEWSLETTER);
    await user.click(screen.getByRole('button', { name: OPENER }));
    await user.type(emailInput(), 'ana@primjer.hr');
    await user.click(submitButton() ?? document.body);
    expect(screen.getByRole('alert')).toHaveTextContent("Pritisnite 'I'm not a robot'!");
    expect(emailInput()).toHaveAccessibleDescription("Pritisnite 'I'm not a robot'!");
    await user.click(screen.getByRole('button', { name: ROBOT }));
    await user.click(submitButton() ?? document.body);
    await submitEmail.reject(new SubmitFailure('Već ste prijavljeni na ovaj newsletter.'));
    expect(screen.getByRole('alert')).toHaveTextContent('Već ste prijavljeni na ovaj newsletter.');
    expect(screen.getByRole('button', { name: ROBOT })).toHaveAttribute('aria-pressed', 'false');
  });

  it('single use: starts open with the focus in the field, and closing ends it for good', async () => {
    renderModal(SINGLE_USE);
    expect(dialog()).toBeVisible();
    expect(emailInput()).toHaveFocus();
    await user.click(screen.getByRole('button', { name: messages.emailModal.close }));
    expect(dialog()).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: OPENER }));
    expect(dialog()).not.toBeInTheDocument();
  });

  it('Escape closes the dialog and a new opening starts empty', async () => {
    renderModal(NEWSLETTER);
    await user.click(screen.getByRole('button', { name: OPENER }));
    await user.type(emailInput(), 'ana@');
    await user.keyboard('{Escape}');
    expect(dialog()).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: OPENER }));
    expect(emailInput()).toHaveValue('');
  });
});
