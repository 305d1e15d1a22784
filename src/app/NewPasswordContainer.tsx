import { useMachine } from '@xstate/react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { ChangePasswordRequest } from '../api/contract.ts';
import {
  newPasswordMachine,
  selectNewPasswordErrors,
  selectNewPasswordSubmitting,
} from '../machines/newPassword.machine.ts';
import { NewPasswordPage } from '../views/NewPasswordPage.tsx';
import { routes } from '../routes.ts';
import { useInspect } from './inspector.tsx';
import { useEffects } from './effects.tsx';
import { showError } from './toasts.tsx';

/** The toasts of this form: a new submit closes the earlier ones (issue 29). */
// Stryker disable next-line StringLiteral: any name no other form's toasts use works, '' included
const NOTICE_SOURCE = 'new-password';

/** /resetiraj-lozinku/:resetToken, the link of the password-reset mail. */
export function NewPasswordContainer({ resetToken }: { resetToken: string }) {
  const { api, notify } = useEffects();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachine(
    newPasswordMachine.provide({
      actors: {
        changePassword: fromPromise(async ({ input }: { input: ChangePasswordRequest }) => {
          await api.users.changePassword(input);
          return undefined;
        }),
      },
      actions: {
        notifyChanged: (_, text) => notify.success(text, { source: NOTICE_SOURCE }),
        notifyExpired: (_, text) => notify.warning(text, { source: NOTICE_SOURCE }),
        reportError: (_, error) => showError(notify, error, { source: NOTICE_SOURCE }),
        dismissNotices: () => notify.dismiss(NOTICE_SOURCE),
        goToLogin: () => navigate(routes.login.href()),
      },
    }),
    { input: { resetToken }, inspect: useInspect() },
  );
  return (
    <NewPasswordPage
      password={snapshot.context.password}
      confirmation={snapshot.context.confirmation}
      errors={selectNewPasswordErrors(snapshot)}
      submitting={selectNewPasswordSubmitting(snapshot)}
      onChangePassword={(value) => send({ type: 'CHANGE_PASSWORD', value })}
      onChangeConfirmation={(value) => send({ type: 'CHANGE_CONFIRMATION', value })}
      onSubmit={() => send({ type: 'SUBMIT' })}
    />
  );
}
