/**
 * The frame of the account forms (login, activation, new password, invite; docs/forms.md): a form
 * that submits once at a time, whose first marked field takes the focus after a refused submit,
 * with the form box for what names no field (tied to the form) and the submit button that a
 * spinner replaces while it runs.
 */
import { useId, type ReactNode } from 'react';
import { ErrorList } from '../ErrorList.tsx';
import { useFocusFirstInvalid } from '../formFields.tsx';
import { SubmitOrSpinner } from '../Spinner.tsx';

export interface AccountFormProps {
  /** The form's errors: a new value after a submit moves the focus to the first marked field. */
  errors: object;
  /** What belongs to no field. */
  problems: readonly string[];
  submitting: boolean;
  submitLabel: string;
  submittingLabel: string;
  onSubmit: () => void;
  /** While a dialog over it is open (the login's password reset). */
  inert?: boolean;
  children: ReactNode;
}

export function AccountForm({
  errors,
  problems,
  submitting,
  submitLabel,
  submittingLabel,
  onSubmit,
  inert,
  children,
}: AccountFormProps) {
  const errorsId = `${useId()}-errors`;
  const focusFirstInvalid = useFocusFirstInvalid(errors);
  return (
    <form
      {...focusFirstInvalid}
      className="form"
      noValidate
      aria-describedby={problems.length > 0 ? errorsId : undefined}
      inert={inert}
      onSubmit={(event) => {
        event.preventDefault();
        if (!submitting) onSubmit();
      }}
    >
      {children}
      <ErrorList id={errorsId} problems={problems} />
      <div className="form__actions">
        <SubmitOrSpinner
          submitting={submitting}
          label={submitLabel}
          submittingLabel={submittingLabel}
        />
      </div>
    </form>
  );
}
