/**
 * The e-mail input modal's rules at their edges (SPEC 5 "Input modal"): the button submits from 5
 * characters, Enter only beyond 5; both outcomes of both dialogs; the texts of each failure.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
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

const PASSWORD_RESET: EmailInputModalInput = {
  outcome: 'closeWhenDone',
  withoutRobotCheck: 'ignore',
};
const NEWSLETTER: EmailInputModalInput = {
  outcome: 'showInDialog',
  withoutRobotCheck: 'warn',
  robotCheckWarning: 'Potvrdite da niste robot.',
};

function startModal(
  input: EmailInputModalInput,
  submitEmail: (input: SubmitEmailInput) => Promise<string> = () => Promise.resolve('Poslano.'),
) {
  const calls: SubmitEmailInput[] = [];
  const notices: { tone: 'success' | 'error'; text: string }[] = [];
  const actor = createActor(
    emailInputModalMachine.provide({
      actors: {
        submitEmail: fromPromise<string, SubmitEmailInput>(({ input: call }) => {
          calls.push(call);
          return submitEmail(call);
        }),
      },
      actions: {
        notifySuccess: (_, text) => notices.push({ tone: 'success', text }),
        notifyFailure: (_, text) => notices.push({ tone: 'error', text }),
      },
    }),
    { input },
  ).start();
  return { actor, calls, notices };
}

/** Opens the modal (unless single use), types the e-mail, optionally robot-checks, submits. */
function submit(
  modal: ReturnType<typeof startModal>,
  email: string,
  via: 'button' | 'enter',
  robotChecked = true,
) {
  if (!selectModalOpen(modal.actor.getSnapshot())) modal.actor.send({ type: 'OPEN' });
  modal.actor.send({ type: 'CHANGE', email });
  if (robotChecked) modal.actor.send({ type: 'ROBOT_VERIFIED', token: 'robot-token' });
  modal.actor.send({ type: 'SUBMIT', via });
}

describe('e-mail input modal: 5 characters for the button, more than 5 for Enter', () => {
  it.each([
    ['button', 'a@b.h', true],
    ['button', 'a@b.', false],
    ['enter', 'a@b.hr', true],
    ['enter', 'a@b.h', false],
  ] as const)('%s with "%s" submits: %s', (via, email, submits) => {
    const modal = startModal(PASSWORD_RESET);
    submit(modal, email, via);
    expect(selectModalSubmitting(modal.actor.getSnapshot())).toBe(submits);
    expect(modal.calls).toEqual(submits ? [{ email, recaptchaToken: 'robot-token' }] : []);
  });

  it('sends the e-mail trimmed', () => {
    const modal = startModal(PASSWORD_RESET);
    submit(modal, '  ana@primjer.hr ', 'button');
    expect(modal.calls).toEqual([{ email: 'ana@primjer.hr', recaptchaToken: 'robot-token' }]);
  });
});

describe('e-mail input modal without the robot check', () => {
  it('the password reset ignores the submit', () => {
    const modal = startModal(PASSWORD_RESET);
    submit(modal, 'ana@primjer.hr', 'button', false);
    expect(modal.actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
    expect(selectModalFeedback(modal.actor.getSnapshot())).toBeNull();
    expect(modal.calls).toEqual([]);
  });

  it('the newsletter warns, once the e-mail is long enough', () => {
    const modal = startModal(NEWSLETTER);
    submit(modal, 'a@b.', 'button', false);
    expect(selectModalFeedback(modal.actor.getSnapshot())).toBeNull();
    submit(modal, 'a@b.h', 'button', false);
    expect(selectModalFeedback(modal.actor.getSnapshot())).toEqual({
      tone: 'error',
      text: 'Potvrdite da niste robot.',
    });
    expect(modal.calls).toEqual([]);
  });

  it('a warning without its text is empty rather than missing', () => {
    const modal = startModal({ ...NEWSLETTER, robotCheckWarning: undefined });
    submit(modal, 'ana@primjer.hr', 'button', false);
    expect(selectModalFeedback(modal.actor.getSnapshot())).toEqual({ tone: 'error', text: '' });
  });

  it('an expired robot check counts as none', () => {
    const modal = startModal(NEWSLETTER);
    modal.actor.send({ type: 'OPEN' });
    modal.actor.send({ type: 'ROBOT_VERIFIED', token: 't' });
    expect(selectModalRobotChecked(modal.actor.getSnapshot())).toBe(true);
    modal.actor.send({ type: 'ROBOT_EXPIRED' });
    expect(selectModalRobotChecked(modal.actor.getSnapshot())).toBe(false);
  });
});

describe('e-mail input modal outcomes', () => {
  it('names its failure so that logs tell it apart', () => {
    expect(new SubmitFailure('Ne.').name).toBe('SubmitFailure');
  });

  it('the password reset closes and toasts the success', async () => {
    const modal = startModal(PASSWORD_RESET, () => Promise.resolve('Provjerite e-poštu.'));
    submit(modal, 'ana@primjer.hr', 'button');
    await waitFor(modal.actor, (s) => s.matches('closed'));
    expect(modal.notices).toEqual([{ tone: 'success', text: 'Provjerite e-poštu.' }]);
  });

  it.each([
    ['its own text for a SubmitFailure', new SubmitFailure('Ne postoji.'), 'Ne postoji.'],
    [
      'the generic text for anything else',
      new Error('boom'),
      messages.emailModal.unexpectedFailure,
    ],
  ])('the password reset closes and toasts %s', async (_, error, text) => {
    const modal = startModal(PASSWORD_RESET, () => Promise.reject(error));
    submit(modal, 'ana@primjer.hr', 'button');
    await waitFor(modal.actor, (s) => s.matches('closed'));
    expect(modal.notices).toEqual([{ tone: 'error', text }]);
  });

  it('the newsletter shows the success in the dialog until it closes, then ends', async () => {
    const modal = startModal({ ...NEWSLETTER, singleUse: true }, () =>
      Promise.resolve('Pretplaćeni ste.'),
    );
    expect(selectModalOpen(modal.actor.getSnapshot())).toBe(true);
    submit(modal, 'ana@primjer.hr', 'button');
    await waitFor(modal.actor, (s) => selectModalSucceeded(s));
    expect(selectModalFeedback(modal.actor.getSnapshot())).toEqual({
      tone: 'success',
      text: 'Pretplaćeni ste.',
    });
    expect(selectModalRobotChecked(modal.actor.getSnapshot())).toBe(false);
    expect(modal.notices).toEqual([]);
    modal.actor.send({ type: 'CLOSE' });
    expect(modal.actor.getSnapshot().status).toBe('done');
  });

  it.each([
    [
      'its own text for a SubmitFailure',
      new SubmitFailure('Već ste pretplaćeni.'),
      'Već ste pretplaćeni.',
    ],
    ['the generic text for anything else', 'no answer', messages.emailModal.unexpectedFailure],
  ])('the newsletter stays open and shows %s', async (_, error, text) => {
    const modal = startModal(NEWSLETTER, () => Promise.reject(error));
    submit(modal, 'ana@primjer.hr', 'button');
    await waitFor(modal.actor, (s) => !selectModalSubmitting(s));
    expect(modal.actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
    expect(selectModalFeedback(modal.actor.getSnapshot())).toEqual({ tone: 'error', text });
    expect(selectModalRobotChecked(modal.actor.getSnapshot())).toBe(false);
    expect(modal.notices).toEqual([]);
  });

  it('a new attempt clears the previous feedback', async () => {
    let answer: Promise<string> = Promise.reject(new SubmitFailure('Ne.'));
    const modal = startModal(NEWSLETTER, () => answer);
    submit(modal, 'ana@primjer.hr', 'button');
    await waitFor(modal.actor, (s) => selectModalFeedback(s) !== null);
    answer = new Promise(() => undefined);
    modal.actor.send({ type: 'ROBOT_VERIFIED', token: 'second' });
    modal.actor.send({ type: 'SUBMIT', via: 'button' });
    expect(selectModalSubmitting(modal.actor.getSnapshot())).toBe(true);
    expect(selectModalFeedback(modal.actor.getSnapshot())).toBeNull();
  });

  it('a reusable modal starts closed and a new opening starts clean', async () => {
    const modal = startModal(NEWSLETTER, () => Promise.reject(new SubmitFailure('Ne.')));
    expect(selectModalOpen(modal.actor.getSnapshot())).toBe(false);
    submit(modal, 'ana@primjer.hr', 'button');
    await waitFor(modal.actor, (s) => selectModalFeedback(s) !== null);
    modal.actor.send({ type: 'ROBOT_VERIFIED', token: 'again' });
    modal.actor.send({ type: 'CLOSE' });
    expect(selectModalOpen(modal.actor.getSnapshot())).toBe(false);
    modal.actor.send({ type: 'OPEN' });
    expect(selectModalOpen(modal.actor.getSnapshot())).toBe(true);
    expect(selectModalEmail(modal.actor.getSnapshot())).toBe('');
    expect(selectModalFeedback(modal.actor.getSnapshot())).toBeNull();
    expect(selectModalRobotChecked(modal.actor.getSnapshot())).toBe(false);
  });
});
