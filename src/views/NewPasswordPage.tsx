/** Set new password (SPEC 2): two password fields and a submit button; a spinner while saving. */
import { useId } from 'react';
import { messages } from '../messages.ts';
import { ErrorList } from './ErrorList.tsx';
import { SubmitOrSpinner } from './Spinner.tsx';
import './forms.css';

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
      <h1 id={`${id}-title`}>{messages.newPassword.title}</h1>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!submitting) onSubmit();
        }}
      >
        <div className="form__field">
          <label className="form__label" htmlFor={`${id}-password`}>
            {messages.newPassword.password}
          </label>
          <input
            id={`${id}-password`}
            className="form__input"
            type="password"
            autoComplete="new-password"
            value={password}
            readOnly={submitting}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => onChangePassword(event.target.value)}
          />
        </div>
        <div className="form__field">
          <label className="form__label" htmlFor={`${id}-confirmation`}>
            {messages.newPassword.confirmation}
          </label>
          <input
            id={`${id}-confirmation`}
            className="form__input"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            readOnly={submitting}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => onChangeConfirmation(event.target.value)}
          />
        </div>
        <ErrorList id={errorsId} problems={problems} />
        <div className="form__actions">
          <SubmitOrSpinner
            submitting={submitting}
            label={messages.newPassword.submit}
            submittingLabel={messages.newPassword.submitting}
          />
        </div>
      </form>
    </section>
  );
}
