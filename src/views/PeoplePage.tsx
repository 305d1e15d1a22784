/**
 * The `Korisnici` list (issue 29): the invitations (who, role, inviter, when, state) with resend
 * and revoke, and the accounts (name, e-mail, role, last login) with role change and deactivate.
 * Pure: the container binds the people machine; what a caller may not do is not offered (the
 * server refuses it anyway). Each action button names its row for screen readers.
 */
import { useId } from 'react';
import type { AccountSummary, Role } from '../api/contract.ts';
import { ZAGREB_TIME_ZONE } from '../lib/timeZone.ts';
import type { InvitationRow } from '../machines/people.machine.ts';
import { peopleMessages } from '../messages/people.ts';
import { rolesMessages } from '../messages/roles.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { Spinner } from './Spinner.tsx';
import './PeoplePage.css';
import './forms.css';

const text = peopleMessages;
const timeFormat = new Intl.DateTimeFormat('hr-HR', {
  timeZone: ZAGREB_TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
});
const when = (instant: string) => timeFormat.format(new Date(instant));
const rolesText = (roles: readonly Role[]) => roles.map((role) => rolesMessages[role]).join(', ');

export type PeopleConfirmation =
  | { kind: 'revoke'; email: string; busy: boolean }
  | { kind: 'deactivate'; who: string; busy: boolean };

export interface PeoplePageProps {
  status: 'loading' | 'failed' | 'ready';
  invitations: readonly InvitationRow[];
  accounts: readonly AccountSummary[];
  /** An action runs or waits for its yes. */
  busy: boolean;
  /** The roles an account can be given here; none for employees (SPEC 6: administrators only). */
  roleOptions: readonly Role[];
  /** The caller's own account: no role change and no deactivation of oneself. */
  currentUserId: number | null;
  confirmation: PeopleConfirmation | null;
  onReload: () => void;
  onResend: (id: number) => void;
  onRevoke: (id: number) => void;
  onDeactivate: (id: number) => void;
  onChangeRole: (id: number, role: Role) => void;
  onConfirm: () => void;
  onKeep: () => void;
}

export function PeoplePage(props: PeoplePageProps) {
  const { status, busy, confirmation } = props;
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="people">
      <h1 id={`${id}-title`}>{text.title}</h1>
      {status === 'loading' && (
        <div className="status">
          <Spinner label={text.loading} />
        </div>
      )}
      {status === 'failed' && (
        <div role="alert">
          <p>{text.failed}</p>
          <button type="button" className="button" onClick={props.onReload}>
            {text.retry}
          </button>
        </div>
      )}
      {status === 'ready' && (
        <>
          <Invitations {...props} headingId={`${id}-invitations`} />
          <Accounts {...props} headingId={`${id}-accounts`} />
        </>
      )}
      {busy && !confirmation && <Spinner label={text.working} />}
      {confirmation && (
        <ConfirmDialog
          {...(confirmation.kind === 'revoke'
            ? {
                title: text.confirmRevokeTitle,
                text: text.confirmRevokeText(confirmation.email),
                confirmLabel: text.confirmRevoke,
                busyLabel: text.revoking,
              }
            : {
                title: text.confirmDeactivateTitle,
                text: text.confirmDeactivateText(confirmation.who),
                confirmLabel: text.confirmDeactivate,
                busyLabel: text.deactivating,
              })}
          cancelLabel={text.keep}
          busy={confirmation.busy}
          fallbackFocusId={`${id}-title`}
          onCancel={props.onKeep}
          onConfirm={props.onConfirm}
        />
      )}
    </section>
  );
}

function Invitations({
  invitations,
  busy,
  onResend,
  onRevoke,
  headingId,
}: PeoplePageProps & { headingId: string }) {
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{text.invitationsTitle}</h2>
      {invitations.length === 0 ? (
        <p>{text.noInvitations}</p>
      ) : (
        <ul className="people__items">
          {invitations.map((invitation) => {
            const name = [invitation.firstName, invitation.lastName].filter(Boolean).join(' ');
            return (
              <li key={invitation.id} className="people__item">
                <h3>{invitation.email}</h3>
                <dl className="people__details">
                  {name && (
                    <>
                      <dt>{text.name}</dt>
                      <dd>{name}</dd>
                    </>
                  )}
                  <dt>{text.role}</dt>
                  <dd>{rolesText(invitation.roles)}</dd>
                  <dt>{text.invitedBy}</dt>
                  <dd>{invitation.invitedBy ?? text.invitedByCommand}</dd>
                  <dt>{text.sentAt}</dt>
                  <dd>{when(invitation.sentAt)}</dd>
                  <dt>{text.state}</dt>
                  <dd>
                    {text.states[invitation.state]}
                    {invitation.state === 'waiting' &&
                      ` · ${text.expiresAt} ${when(invitation.expiresAt)}`}
                  </dd>
                </dl>
                <div className="people__actions">
                  {invitation.canResend && (
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={busy}
                      aria-label={`${text.resend}: ${invitation.email}`}
                      onClick={() => onResend(invitation.id)}
                    >
                      {text.resend}
                    </button>
                  )}
                  {invitation.canRevoke && (
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={busy}
                      aria-label={`${text.revoke}: ${invitation.email}`}
                      onClick={() => onRevoke(invitation.id)}
                    >
                      {text.revoke}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Accounts({
  accounts,
  busy,
  roleOptions,
  currentUserId,
  onDeactivate,
  onChangeRole,
  headingId,
}: PeoplePageProps & { headingId: string }) {
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{text.accountsTitle}</h2>
      {accounts.length === 0 ? (
        <p>{text.noAccounts}</p>
      ) : (
        <ul className="people__items">
          {accounts.map((account) => {
            const own = account.id === currentUserId;
            const who = `${account.name} ${account.surname}`;
            const selectId = `${headingId}-role-${account.id}`;
            return (
              <li key={account.id} className="people__item">
                <h3>
                  {who} {own && text.you}
                </h3>
                <dl className="people__details">
                  <dt>{text.email}</dt>
                  <dd>{account.email}</dd>
                  <dt>{text.role}</dt>
                  <dd>
                    {rolesText(account.roles)}
                    {account.deactivated && ` · ${text.deactivatedBadge}`}
                  </dd>
                  <dt>{text.lastLogin}</dt>
                  <dd>{account.lastLoginAt ? when(account.lastLoginAt) : text.neverLoggedIn}</dd>
                </dl>
                {!own && !account.deactivated && (
                  <div className="people__actions">
                    {roleOptions.length > 0 && (
                      <div className="form__field">
                        <label className="form__label" htmlFor={selectId}>
                          {text.changeRole(who)}
                        </label>
                        <select
                          id={selectId}
                          className="form__input"
                          value={account.roles[0] ?? 'user'}
                          disabled={busy}
                          onChange={(event) => onChangeRole(account.id, event.target.value as Role)}
                        >
                          {roleOptions.map((role) => (
                            <option key={role} value={role}>
                              {rolesMessages[role]}
                            </option>
                          ))}
                        </select>
                      </div>
                    )}
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={busy}
                      aria-label={`${text.deactivate}: ${account.email}`}
                      onClick={() => onDeactivate(account.id)}
                    >
                      {text.deactivate}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
