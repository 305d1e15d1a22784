/**
 * Account activation (SPEC 2): the invitation check, then the form with prefilled names and a
 * password, or the error state 'Aktivacija računa nije moguća'; after completing, the welcome.
 * Pure: the container binds the activation machine.
 */
import { useId } from 'react';
import { Link } from 'wouter';
import type {
  ActivationErrors,
  ActivationField,
  ActivationStage,
  InvitationProblem,
} from '../machines/activation.machine.ts';
import type { PasswordRuleCheck } from '../machines/passwordRules.ts';
import { activationMessages } from '../messages/activation.ts';
import { routes } from '../routes.ts';
import { PasswordChecklist } from './form/PasswordChecklist.tsx';
import { Spinner } from './Spinner.tsx';
import { AccountForm } from './form/AccountForm.tsx';
import './forms.css';
import { TextField } from './TextField.tsx';

export interface ActivationPageProps {
  stage: ActivationStage;
  invitationProblem: InvitationProblem | null;
  /** Whom an invitee whose link cannot be used writes to (the shop's support address). */
  supportEmail: string;
  name: string;
  surname: string;
  password: string;
  /** SPEC 5's password rules, each with whether `password` meets it. */
  passwordChecks: readonly PasswordRuleCheck[];
  /** Under each field its messages; the invitation's and the closing request in the form's box. */
  errors: ActivationErrors;
  /** What belongs to no field: the invitation's messages and SPEC's closing request. */
  problems: readonly string[];
  submitting: boolean;
  onChangeName: (value: string) => void;
  onChangeSurname: (value: string) => void;
  onChangePassword: (value: string) => void;
  onSubmit: () => void;
}

export function ActivationPage(props: ActivationPageProps) {
  const { stage, invitationProblem } = props;
  if (stage === 'validating') {
    return (
      <section className="page status">
        <Spinner label={activationMessages.validating} />
      </section>
    );
  }
  if (stage === 'unusable') {
    return (
      <section className="page status" aria-labelledby="activation-error-title">
        <h1 id="activation-error-title">{activationMessages.errorTitle}</h1>
        <p role="alert">{invitationProblem?.text}</p>
        {invitationProblem?.askForNew && (
          <>
            <p>{activationMessages.askForNew}</p>
            <p>
              {activationMessages.askWhom}{' '}
              <a href={`mailto:${props.supportEmail}`}>{props.supportEmail}</a>.
            </p>
          </>
        )}
      </section>
    );
  }
  if (stage === 'activated') {
    return (
      <section className="page status" aria-labelledby="activation-done-title">
        <h1 id="activation-done-title">{activationMessages.welcome}</h1>
        <Link className="button" href={routes.educations.href()}>
          {activationMessages.toLibrary}
        </Link>
      </section>
    );
  }
  return <ActivationForm {...props} />;
}

function ActivationForm({
  name,
  surname,
  password,
  passwordChecks,
  errors,
  problems,
  submitting,
  onChangeName,
  onChangeSurname,
  onChangePassword,
  onSubmit,
}: ActivationPageProps) {
  const id = useId();
  const field = (
    key: ActivationField,
    label: string,
    value: string,
    onChange: (value: string) => void,
    type: 'text' | 'password',
    autoComplete: string,
  ) => (
    <TextField
      id={`${id}-${key}`}
      label={label}
      value={value}
      onChange={onChange}
      type={type}
      autoComplete={autoComplete}
      readOnly={submitting}
      errors={errors[key]}
    />
  );
  return (
    <section className="page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{activationMessages.title}</h1>
      <AccountForm
        errors={errors}
        problems={problems}
        submitting={submitting}
        submitLabel={activationMessages.submit}
        submittingLabel={activationMessages.submitting}
        onSubmit={onSubmit}
      >
        {field('name', activationMessages.name, name, onChangeName, 'text', 'given-name')}
        {field(
          'surname',
          activationMessages.surname,
          surname,
          onChangeSurname,
          'text',
          'family-name',
        )}
        {field(
          'password',
          activationMessages.password,
          password,
          onChangePassword,
          'password',
          'new-password',
        )}
        <PasswordChecklist checks={passwordChecks} />
      </AccountForm>
    </section>
  );
}
