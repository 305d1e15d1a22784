import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { RobotCheck as RobotCheckConfig } from '../api/contract.ts';
import {
  EMAIL_MODAL_MIN_LENGTH,
  emailInputModalMachine,
  selectModalEmail,
  selectModalFeedback,
  selectModalOpen,
  selectModalRobotChecked,
  selectModalSubmitting,
  selectModalSucceeded,
  SubmitFailure,
  type SubmitEmailInput,
} from '../machines/emailInputModal.machine.ts';
import { passwordResetMessages } from '../messages/passwordReset.ts';
import { EmailInputModal } from '../views/EmailInputModal.tsx';
import { useInspect } from './inspector.tsx';
import { RobotCheck } from './RobotCheck.tsx';
import { useEffects } from './effects.tsx';

/** The dialog's toasts: a new request closes the earlier ones (issue 29). */
// Stryker disable next-line StringLiteral: any name no other form's toasts use works, '' included
const NOTICE_SOURCE = 'password-reset';

/**
 * The password-reset dialog (SPEC 4, 8 "Password reset request"): the shared e-mail input modal,
 * closing when the request ends and telling the outcome with a toast.
 */
export function usePasswordResetDialog(robotCheck: RobotCheckConfig) {
  const { api, notify } = useEffects();
  const [snapshot, send] = useMachine(
    emailInputModalMachine.provide({
      actors: {
        submitEmail: fromPromise<string, SubmitEmailInput>(async ({ input }) => {
          try {
            await api.users.requestPasswordReset(input);
          } catch {
            throw new SubmitFailure(passwordResetMessages.failed);
          }
          return passwordResetMessages.requested;
        }),
      },
      actions: {
        notifySuccess: (_, text) => notify.success(text, { source: NOTICE_SOURCE }),
        notifyFailure: (_, text) => notify.error(text, { source: NOTICE_SOURCE }),
        dismissNotices: () => notify.dismiss(NOTICE_SOURCE),
      },
    }),
    // Stryker disable next-line StringLiteral: the machine tells only 'warn' apart; any other value ignores a missing robot check
    { input: { outcome: 'closeWhenDone', withoutRobotCheck: 'ignore' }, inspect: useInspect() },
  );
  const email = selectModalEmail(snapshot);
  const dialog = (
    <EmailInputModal
      open={selectModalOpen(snapshot)}
      title={passwordResetMessages.title}
      description={passwordResetMessages.description}
      email={email}
      canSubmit={email.length >= EMAIL_MODAL_MIN_LENGTH}
      submitting={selectModalSubmitting(snapshot)}
      succeeded={selectModalSucceeded(snapshot)}
      feedback={selectModalFeedback(snapshot)}
      robotCheck={
        <RobotCheck
          config={robotCheck}
          verified={selectModalRobotChecked(snapshot)}
          onVerified={(token) => send({ type: 'ROBOT_VERIFIED', token })}
          onExpired={() => send({ type: 'ROBOT_EXPIRED' })}
        />
      }
      onChange={(value) => send({ type: 'CHANGE', email: value })}
      // Stryker disable next-line StringLiteral: the machine tells only 'enter' apart; any other value is the button's
      onSubmit={() => send({ type: 'SUBMIT', via: 'button' })}
      onEnter={() => send({ type: 'SUBMIT', via: 'enter' })}
      onClose={() => send({ type: 'CLOSE' })}
    />
  );
  return { dialog, isOpen: selectModalOpen(snapshot), open: () => send({ type: 'OPEN' }) };
}
