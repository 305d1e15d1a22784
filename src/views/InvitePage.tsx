/** Invite a user (SPEC 2 admin screen 7): gender, first and last name, e-mail and role. Pure. */
import type { Role } from '../api/contract.ts';
import type { InviteErrors, InviteForm } from '../machines/invite.machine.ts';
import { inviteMessages } from '../messages/invite.ts';
import { rolesMessages } from '../messages/roles.ts';
import { useFormFields } from './formFields.tsx';
import { AccountForm } from './form/AccountForm.tsx';
import './forms.css';

export interface InvitePageProps {
  form: InviteForm;
  roleOptions: readonly Role[];
  /** Under the e-mail and the role their messages; what names no field in the form's box. */
  errors: InviteErrors;
  /** What belongs to no field (an unexpected refusal). */
  problems: readonly string[];
  submitting: boolean;
  onChange: (field: keyof InviteForm, value: string) => void;
  onSubmit: () => void;
}

export function InvitePage({
  form,
  roleOptions,
  errors,
  problems,
  submitting,
  onChange,
  onSubmit,
}: InvitePageProps) {
  const { id, select, field, fieldId, invalid, describedBy } =
    useFormFields<keyof InviteForm>(errors);
  const text = (name: 'firstName' | 'lastName' | 'email', type: 'text' | 'email') =>
    field(
      name,
      inviteMessages[name],
      <input
        id={fieldId(name)}
        className="form__input"
        type={type}
        autoComplete="off"
        value={form[name]}
        disabled={submitting}
        aria-invalid={invalid(name) || undefined}
        aria-describedby={describedBy(name)}
        onChange={(event) => onChange(name, event.target.value)}
      />,
    );
  return (
    <section aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{inviteMessages.title}</h1>
      <AccountForm
        errors={errors}
        problems={problems}
        submitting={submitting}
        submitLabel={inviteMessages.submit}
        submittingLabel={inviteMessages.submitting}
        onSubmit={onSubmit}
      >
        {select('gender', {
          label: inviteMessages.gender,
          value: form.gender,
          options: [
            { value: '', label: inviteMessages.genderUnknown },
            { value: 'female', label: inviteMessages.female },
            { value: 'male', label: inviteMessages.male },
          ],
          disabled: submitting,
          onChange: (value) => onChange('gender', value),
        })}
        {text('firstName', 'text')}
        {text('lastName', 'text')}
        {text('email', 'email')}
        {select('role', {
          label: inviteMessages.role,
          value: form.role,
          options: [
            { value: '', label: inviteMessages.role, disabled: true },
            ...roleOptions.map((role) => ({ value: role, label: rolesMessages[role] })),
          ],
          disabled: submitting,
          onChange: (value) => onChange('role', value),
        })}
      </AccountForm>
    </section>
  );
}
