/** Set new password (SPEC 2): two password fields and a submit button; a spinner while saving. */
import { useId } from 'react';
import { newPasswordMessages } from '../messages/newPassword.ts';
import { ErrorList } from './ErrorList.tsx';
import { SubmitOrSpinner } from './Spinner.tsx';
import './forms.css';
import { TextField } from './TextField.tsx';

export interface NewPasswordPageProps {
  password: string;
  confirmation: string;
  problems: readonly string[];
  submitting: boolean;
  onChangePassword: (value: string) => void;
  onChangeConfirmation: (value: string) => void;
  onSubmit: () => void;
}

export function NewPasswordPage({
  password,
  confirmation,
  problems,
  submitting,
  onChangePassword,
  onChangeConfirmation,
  onSubmit,
}: NewPasswordPageProps) {
  const id = useId();
  const errorsId = `${id}-errors`;
  const describedBy = problems.length > 0 ? errorsId : undefined;
  const invalid = problems.length > 0 || undefined;
  return (
    <section className="page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{newPasswordMessages.title}</h1>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!submitting) onSubmit();
        }}
      >
        <TextField
          id={`${id}-password`}
          label={newPasswordMessages.password}
          value={password}
          onChange={onChangePassword}
          type="password"
          autoComplete="new-password"
          readOnly={submitting}
          describedBy={describedBy}
          invalid={invalid}
        />
        <TextField
          id={`${id}-confirmation`}
          label={newPasswordMessages.confirmation}
          value={confirmation}
          onChange={onChangeConfirmation}
          type="password"
          autoComplete="new-password"
          readOnly={submitting}
          describedBy={describedBy}
          invalid={invalid}
        />
        <ErrorList id={errorsId} problems={problems} />
        <div className="form__actions">
          <SubmitOrSpinner
            submitting={submitting}
            label={newPasswordMessages.submit}
            submittingLabel={newPasswordMessages.submitting}
          />
        </div>
      </form>
    </section>
  );
}
