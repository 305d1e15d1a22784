/**
 * Account activation (SPEC 2): the invitation check, then the form with prefilled names and a
 * password, or the error state 'Aktivacija računa nije moguća'; after completing, the welcome.
 * Pure: the container binds the activation machine.
 */
import { useId } from 'react';
import type { ActivationStage, InvitationProblem } from '../machines/activation.machine.ts';
import { activationMessages } from '../messages/activation.ts';
import { ErrorList } from './ErrorList.tsx';
import { Spinner, SubmitOrSpinner } from './Spinner.tsx';
import './forms.css';
import { TextField } from './TextField.tsx';

export interface ActivationPageProps {
  stage: ActivationStage;
  invitationProblem: InvitationProblem | null;
  name: string;
  surname: string;
  password: string;
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
        {invitationProblem?.askForNew && <p>{activationMessages.askForNew}</p>}
      </section>
    );
  }
  if (stage === 'activated') {
    return (
      <section className="page status" aria-labelledby="activation-done-title">
        <h1 id="activation-done-title">{activationMessages.welcome}</h1>
      </section>
    );
  }
  return <ActivationForm {...props} />;
}

function ActivationForm({
  name,
  surname,
  password,
  problems,
  submitting,
  onChangeName,
  onChangeSurname,
  onChangePassword,
  onSubmit,
}: ActivationPageProps) {
  const id = useId();
  const errorsId = `${id}-errors`;
  const describedBy = problems.length > 0 ? errorsId : undefined;
  const field = (
    key: string,
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
      describedBy={describedBy}
    />
  );
  return (
    <section className="page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{activationMessages.title}</h1>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!submitting) onSubmit();
        }}
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
        <ErrorList id={errorsId} problems={problems} />
        <div className="form__actions">
          <SubmitOrSpinner
            submitting={submitting}
            label={activationMessages.submit}
            submittingLabel={activationMessages.submitting}
          />
        </div>
      </form>
    </section>
  );
}
