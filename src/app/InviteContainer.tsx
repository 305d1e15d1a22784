import { formLevelErrors } from '../machines/form.ts';
import { useMachine } from '@xstate/react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { InviteRequest } from '../api/contract.ts';
import { inviteMachine, selectInviteSubmitting } from '../machines/invite.machine.ts';
import { InvitePage } from '../views/InvitePage.tsx';
import { routes } from '../routes.ts';
import { useInspect } from './inspector.tsx';
import { useEffects } from './effects.tsx';
import { useSession } from './session.tsx';

/** The toasts of this form: a new submit closes the earlier ones (issue 29). */
// Stryker disable next-line StringLiteral: any name no other form's toasts use works, '' included
const NOTICE_SOURCE = 'invite-form';

/** /admin/user: invite a user. */
export function InviteContainer() {
  const { api, notify } = useEffects();
  const session = useSession();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachine(
    inviteMachine.provide({
      actors: {
        invite: fromPromise(async ({ input }: { input: InviteRequest }) => {
          await api.users.invite(input);
          return undefined;
        }),
      },
      actions: {
        notifySent: (_, text) => notify.success(text, { source: NOTICE_SOURCE }),
        dismissNotices: () => notify.dismiss(NOTICE_SOURCE),
        logOut: () => session.send({ type: 'LOGOUT' }),
        goToLogin: () => navigate(routes.login.href()),
      },
    }),
    { input: { isAdministrator: session.isAdministrator }, inspect: useInspect() },
  );
  const { gender, firstName, lastName, email, role, roleOptions, errors } = snapshot.context;
  return (
    <InvitePage
      form={{ gender, firstName, lastName, email, role }}
      roleOptions={roleOptions}
      errors={errors}
      problems={formLevelErrors(errors)}
      submitting={selectInviteSubmitting(snapshot)}
      onChange={(field, value) => send({ type: 'CHANGE', field, value })}
      onSubmit={() => send({ type: 'SUBMIT' })}
    />
  );
}
