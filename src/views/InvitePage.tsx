/** Invite a user (SPEC 2 admin screen 7): gender, first and last name, e-mail and role. Pure. */
import { useId } from 'react';
import type { Role } from '../api/contract.ts';
import type { InviteForm } from '../machines/invite.machine.ts';
import { inviteMessages } from '../messages/invite.ts';
import { rolesMessages } from '../messages/roles.ts';
import { ErrorList } from './ErrorList.tsx';
import { SubmitOrSpinner } from './Spinner.tsx';
import './forms.css';

export interface InvitePageProps {
  form: InviteForm;
  roleOptions: readonly Role[];
  problems: readonly string[];
  submitting: boolean;
  onChange: (field: keyof InviteForm, value: string) => void;
  onSubmit: () => void;
}

export function InvitePage({
  form,
  roleOptions,
  problems,
  submitting,
  onChange,
  onSubmit,
}: InvitePageProps) {
  const id = useId();
  const errorsId = `${id}-errors`;
  const describedBy = problems.length > 0 ? errorsId : undefined;
  const common = (field: keyof InviteForm) => ({
    id: `${id}-${field}`,
    className: 'form__input',
    value: form[field],
    disabled: submitting,
    'aria-describedby': describedBy,
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });
  const label = (field: keyof InviteForm, text: string) => (
    <label className="form__label" htmlFor={`${id}-${field}`}>
      {text}
    </label>
  );
  return (
    <section aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{inviteMessages.title}</h1>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!submitting) onSubmit();
        }}
      >
        <div className="form__field">
          {label('gender', inviteMessages.gender)}
          <select {...common('gender')}>
            <option value="">{inviteMessages.genderUnknown}</option>
            <option value="female">{inviteMessages.female}</option>
            <option value="male">{inviteMessages.male}</option>
          </select>
        </div>
        <div className="form__field">
          {label('firstName', inviteMessages.firstName)}
          <input type="text" autoComplete="off" {...common('firstName')} />
        </div>
        <div className="form__field">
          {label('lastName', inviteMessages.lastName)}
          <input type="text" autoComplete="off" {...common('lastName')} />
        </div>
        <div className="form__field">
          {label('email', inviteMessages.email)}
          <input type="email" autoComplete="off" {...common('email')} />
        </div>
        <div className="form__field">
          {label('role', inviteMessages.role)}
          <select {...common('role')}>
            <option value="" disabled>
              {inviteMessages.role}
            </option>
            {roleOptions.map((role) => (
              <option key={role} value={role}>
                {rolesMessages[role]}
              </option>
            ))}
          </select>
        </div>
        <ErrorList id={errorsId} problems={problems} />
        <div className="form__actions">
          <SubmitOrSpinner
            submitting={submitting}
            label={inviteMessages.submit}
            submittingLabel={inviteMessages.submitting}
          />
        </div>
      </form>
    </section>
  );
}
