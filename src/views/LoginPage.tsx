/**
 * The sign-in screen (SPEC 2 "Sign-in"): e-mail, password, the 'Zaboravljena lozinka' link that
 * opens the password-reset dialog, the robot check (a slot the container fills) and the submit
 * button, which a spinner replaces while the login runs. While the password-reset dialog is open
 * the form behind it is inert and its robot check hidden, so only the dialog's check is live.
 * Pure: the container binds the machines.
 */
import { useId, type ReactNode } from 'react';
import type { LoginErrors } from '../machines/login.machine.ts';
import { loginMessages } from '../messages/login.ts';
import { AccountForm } from './form/AccountForm.tsx';
import './forms.css';
import { TextField } from './TextField.tsx';

export interface LoginPageProps {
  email: string;
  password: string;
  /** Under each entry its messages; the robot check's and the server's in the form's box. */
  errors: LoginErrors;
  /** What belongs to no field: the robot check's and the server's messages. */
  problems: readonly string[];
  submitting: boolean;
  robotCheck: ReactNode;
  /** The password-reset dialog, rendered by its own container. */
  passwordResetDialog: ReactNode;
  passwordResetOpen: boolean;
  onChangeEmail: (value: string) => void;
  onChangePassword: (value: string) => void;
  onSubmit: () => void;
  onForgotPassword: () => void;
}

export function LoginPage({
  email,
  password,
  errors,
  problems,
  submitting,
  robotCheck,
  passwordResetDialog,
  passwordResetOpen,
  onChangeEmail,
  onChangePassword,
  onSubmit,
  onForgotPassword,
}: LoginPageProps) {
  const id = useId();
  return (
    <section className="page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{loginMessages.title}</h1>
      <AccountForm
        errors={errors}
        problems={problems}
        submitting={submitting}
        submitLabel={loginMessages.submit}
        submittingLabel={loginMessages.submitting}
        onSubmit={onSubmit}
        inert={passwordResetOpen}
      >
        <TextField
          id={`${id}-email`}
          label={loginMessages.email}
          value={email}
          onChange={onChangeEmail}
          type="email"
          autoComplete="username"
          readOnly={submitting}
          errors={errors.email}
        />
        <TextField
          id={`${id}-password`}
          label={loginMessages.password}
          value={password}
          onChange={onChangePassword}
          type="password"
          autoComplete="current-password"
          readOnly={submitting}
          errors={errors.password}
        />
        <div>
          <button type="button" className="link-button" onClick={onForgotPassword}>
            {loginMessages.forgotPassword}
          </button>
        </div>
        <div hidden={passwordResetOpen}>{robotCheck}</div>
      </AccountForm>
      {passwordResetDialog}
    </section>
  );
}
