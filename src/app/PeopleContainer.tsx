import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { ROLES, type Role } from '../api/contract.ts';
import {
  peopleMachine,
  selectPeopleBusy,
  selectPeopleConfirmation,
  selectInvitationRows,
  selectPeopleStatus,
} from '../machines/people.machine.ts';
import { PeoplePage } from '../views/PeoplePage.tsx';
import { useEffects } from './effects.tsx';
import { useInspect } from './inspector.tsx';
import { useSession } from './session.tsx';

/** The toasts of this screen: a new action closes the earlier ones (issue 29). */
const NOTICE_SOURCE = 'people';

/** /admin/user/popis: the invitations and accounts of `Korisnici` (issue 29). */
export function PeopleContainer() {
  const { api, notify } = useEffects();
  const { user, isAdministrator } = useSession();
  const [snapshot, send] = useMachine(
    peopleMachine.provide({
      actors: {
        loadPeople: fromPromise(async () => {
          const [invitations, accounts] = await Promise.all([
            api.users.invitations(),
            api.users.accounts(),
          ]);
          return { invitations, accounts };
        }),
        resendInvitation: fromPromise(async ({ input }: { input: number }) => {
          await api.users.resendInvitation(input);
          return undefined;
        }),
        revokeInvitation: fromPromise(async ({ input }: { input: number }) => {
          await api.users.revokeInvitation(input);
          return undefined;
        }),
        deactivate: fromPromise(async ({ input }: { input: number }) => {
          await api.users.deactivate(input);
          return undefined;
        }),
        changeRole: fromPromise(async ({ input }: { input: { id: number; role: Role } }) => {
          await api.users.changeRole(input.id, input.role);
          return undefined;
        }),
      },
      actions: {
        notify: (_, text) => notify.success(text, { source: NOTICE_SOURCE }),
        notifyFailure: (_, text) => notify.error(text, { source: NOTICE_SOURCE }),
        dismissNotices: () => notify.dismiss(NOTICE_SOURCE),
      },
    }),
    { inspect: useInspect() },
  );
  const { accounts } = snapshot.context;
  return (
    <PeoplePage
      status={selectPeopleStatus(snapshot)}
      invitations={selectInvitationRows(snapshot)}
      accounts={accounts}
      busy={selectPeopleBusy(snapshot)}
      roleOptions={isAdministrator ? ROLES : []}
      currentUserId={user?.id ?? null}
      confirmation={selectPeopleConfirmation(snapshot)}
      onReload={() => send({ type: 'RELOAD' })}
      onResend={(id) => send({ type: 'RESEND', id })}
      onRevoke={(id) => send({ type: 'REVOKE', id })}
      onDeactivate={(id) => send({ type: 'DEACTIVATE', id })}
      onChangeRole={(id, role) => send({ type: 'CHANGE_ROLE', id, role })}
      onConfirm={() => send({ type: 'CONFIRM' })}
      onKeep={() => send({ type: 'KEEP' })}
    />
  );
}
