import { useMachine } from '@xstate/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AuthResponse, LoginRequest } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import {
  loginErrorText,
  loginMachine,
  selectLoginError,
  selectLoginRobotChecked,
  selectLoginSubmitting,
} from '../../src/machines/login.machine.ts';
import { messages } from '../../src/messages.ts';
import { LoginPage } from '../../src/views/LoginPage.tsx';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';

const HOME = 'Vaš pouzdan partner sa sjeverozapada.';
const ROBOT = 'Nisam robot';
const ROBOT_EXPIRES = 'Provjera je istekla';
const response: AuthResponse = {
  id: 1,
  name: 'Ana',
  surname: 'Anić',
  email: 'ana@primjer.hr',
  roles: ['user'],
  accessToken: 'access',
  refreshToken: 'refresh',
};

const logIn = fakePromiseActor<AuthResponse, LoginRequest>();

/** What the container does: bind the machine, start the session and go home on success. */
function LoginHarness({ startSession }: { startSession: (response: AuthResponse) => void }) {
  const [home, setHome] = useState(false);
  const [snapshot, send] = useMachine(
    loginMachine.provide({
      actors: { logIn: logIn.logic },
      actions: {
        startSession: (_, loggedIn) => startSession(loggedIn),
        goHome: () => setHome(true),
      },
    }),
  );
  if (home) return <h1>{HOME}</h1>;
  return (
    <LoginPage
      email={snapshot.context.email}
      password={snapshot.context.password}
      error={selectLoginError(snapshot)}
      submitting={selectLoginSubmitting(snapshot)}
      robotCheck={
        <div>
          <button
            type="button"
            aria-pressed={selectLoginRobotChecked(snapshot)}
            onClick={() => send({ type: 'ROBOT_VERIFIED', token: 'robot-token' })}
          >
            {ROBOT}
          </button>
          <button type="button" onClick={() => send({ type: 'ROBOT_EXPIRED' })}>
            {ROBOT_EXPIRES}
          </button>
        </div>
      }
      passwordResetDialog={null}
      passwordResetOpen={false}
      onChangeEmail={(value) => send({ type: 'CHANGE_EMAIL', value })}
      onChangePassword={(value) => send({ type: 'CHANGE_PASSWORD', value })}
      onSubmit={() => send({ type: 'SUBMIT' })}
      onForgotPassword={() => undefined}
    />
  );
}

const emailInput = () => screen.getByLabelText(messages.login.email);
const passwordInput = () => screen.getByLabelText(messages.login.password);
const submitButton = () => screen.queryByRole('button', { name: messages.login.submit });
const robotButton = () => screen.getByRole('button', { name: ROBOT });
const renderLogin = () => {
  const startSession = vi.fn();
  render(<LoginHarness startSession={startSession} />);
  return startSession;
};

describe('login model', () => {
  testMachineModel(loginMachine, {
    render: () => renderLogin(),
    fakes: { logIn },
    sampleEvents: [
      { type: 'CHANGE_EMAIL', value: 'ana@primjer.hr' },
      { type: 'CHANGE_PASSWORD', value: 'Lozinka1!' },
      { type: 'ROBOT_VERIFIED', token: 'robot-token' },
      { type: 'xstate.done.actor.logIn', output: response },
      {
        type: 'xstate.error.actor.logIn',
        error: new ApiError(401, { errors: ['Invalid credentials.'] }),
      },
    ],
    states: {
      idle: ({ context }) => {
        expect(emailInput()).toHaveValue(context.email);
        expect(passwordInput()).toHaveValue(context.password);
        expect(robotButton()).toHaveAttribute('aria-pressed', String(context.robotToken !== null));
        expect(submitButton()).toBeVisible();
        if (context.error) expect(screen.getByRole('alert')).toHaveTextContent(context.error);
        else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      },
      submitting: () => {
        expect(screen.getByText(messages.login.submitting)).toBeInTheDocument();
        expect(submitButton()).not.toBeInTheDocument();
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      },
      success: () => expect(screen.getByRole('heading', { name: HOME })).toBeVisible(),
    },
    events: {
      CHANGE_EMAIL: (event) => fireEvent.change(emailInput(), { target: { value: event.value } }),
      CHANGE_PASSWORD: (event) =>
        fireEvent.change(passwordInput(), { target: { value: event.value } }),
      ROBOT_VERIFIED: () => fireEvent.click(robotButton()),
      ROBOT_EXPIRED: () => fireEvent.click(screen.getByRole('button', { name: ROBOT_EXPIRES })),
      SUBMIT: () => fireEvent.click(submitButton() ?? document.body),
    },
  });
});

describe('login journeys pinned by hand', () => {
  const user = userEvent.setup();

  it('asks for the robot check first, then for better credentials, and sends nothing', async () => {
    logIn.reset();
    renderLogin();
    await user.type(emailInput(), 'ana@primjer.hr');
    await user.type(passwordInput(), 'kratk');
    await user.click(submitButton() ?? document.body);
    expect(screen.getByRole('alert')).toHaveTextContent("Molimo, pritisnite 'I'm not a robot'.");
    await user.click(robotButton());
    await user.click(submitButton() ?? document.body);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Molimo, provjerite još jedanput svoje korisničke podatke.',
    );
    expect(emailInput()).toHaveAccessibleDescription(
      'Molimo, provjerite još jedanput svoje korisničke podatke.',
    );
    expect(logIn.calls).toEqual([]);
  });

  it('trims the e-mail, spends the robot check, starts the session and goes home', async () => {
    logIn.reset();
    const startSession = renderLogin();
    await user.type(emailInput(), '  ana@primjer.hr ');
    await user.type(passwordInput(), 'Lozinka1!');
    await user.click(robotButton());
    await user.click(submitButton() ?? document.body);
    expect(logIn.calls).toEqual([
      { email: 'ana@primjer.hr', password: 'Lozinka1!', recaptchaToken: 'robot-token' },
    ]);
    await logIn.resolve(response);
    expect(startSession).toHaveBeenCalledWith(response);
    expect(screen.getByRole('heading', { name: HOME })).toBeVisible();
  });

  it('shows the wrong-password text and needs a new robot check for the next attempt', async () => {
    logIn.reset();
    renderLogin();
    await user.type(emailInput(), 'ana@primjer.hr');
    await user.type(passwordInput(), 'Lozinka1!');
    await user.click(robotButton());
    await user.click(submitButton() ?? document.body);
    await logIn.reject(new ApiError(401, { errors: ['Invalid credentials.'] }));
    expect(screen.getByRole('alert')).toHaveTextContent('Čini se da ste unijeli pogrešnu lozinku.');
    expect(robotButton()).toHaveAttribute('aria-pressed', 'false');
    await user.click(submitButton() ?? document.body);
    expect(screen.getByRole('alert')).toHaveTextContent("Molimo, pritisnite 'I'm not a robot'.");
  });
});

describe('loginErrorText (SPEC 8 "Login")', () => {
  const apiError = (status: number) => new ApiError(status, { errors: ['x'] });
  it('maps each status to its text', () => {
    expect(loginErrorText(apiError(400))).toBe(
      'Molimo, provjerite još jednom ispravnost upisanih podataka.',
    );
    expect(loginErrorText(apiError(401))).toBe('Čini se da ste unijeli pogrešnu lozinku.');
    expect(loginErrorText(apiError(404))).toBe('Nismo uspjeli pronaći korisnika s ovim emailom...');
    expect(loginErrorText(apiError(500))).toBe(
      'Nažalost, trenutno imamo tehničkih poteškoća. Molimo, pokušajte kasnije.',
    );
    expect(loginErrorText(apiError(429))).toBe('Prijava nije uspjela, pokušajte ponovno kasnije.');
    expect(loginErrorText(new TypeError('Failed to fetch'))).toBe(
      'Prijava nije uspjela, pokušajte ponovno kasnije.',
    );
  });
});
