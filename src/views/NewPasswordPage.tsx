/** Set new password (SPEC 2): two password fields and a submit button; a spinner while saving. */
import { useId } from 'react';
import type { NewPasswordErrors } from '../machines/newPassword.machine.ts';
import { newPasswordMessages } from '../messages/newPassword.ts';
import { AccountForm } from './form/AccountForm.tsx';
import './forms.css';
import { TextField } from './TextField.tsx';

export interface NewPasswordPageProps {
  password: string;
  confirmation: string;
  /** The broken rules under the password, the mismatch under the repetition. */
  errors: NewPasswordErrors;
  submitting: boolean;
  onChangePassword: (value: string) => void;
  onChangeConfirmation: (value: string) => void;
  onSubmit: () => void;
}

export function NewPasswordPage({
  password,
  confirmation,
  errors,
  submitting,
  onChangePassword,
  onChangeConfirmation,
  onSubmit,
}: NewPasswordPageProps) {
  const id = useId();
  return (
    <section className="page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{newPasswordMessages.title}</h1>
      <AccountForm
        errors={errors}
        problems={[]}
        submitting={submitting}
        submitLabel={newPasswordMessages.submit}
        submittingLabel={newPasswordMessages.submitting}
        onSubmit={onSubmit}
      >
        <TextField
          id={`${id}-password`}
          label={newPasswordMessages.password}
          value={password}
          onChange={onChangePassword}
          type="password"
          autoComplete="new-password"
          readOnly={submitting}
          errors={errors.password}
        />
        <TextField
          id={`${id}-confirmation`}
          label={newPasswordMessages.confirmation}
          value={confirmation}
          onChange={onChangeConfirmation}
          type="password"
          autoComplete="new-password"
          readOnly={submitting}
          errors={errors.confirmation}
        />
      </AccountForm>
    </section>
  );
}
