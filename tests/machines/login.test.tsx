import { act, fireEvent, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { AuthResponse, LoginRequest } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import { LoginContainer } from '../../src/app/LoginContainer.tsx';
import { loginErrorText, loginMachine } from '../../src/machines/login.machine.ts';
import { messages } from '../../src/messages.ts';
import { expectErrorsShown } from '../support/field-errors.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { padded, step, testRandomPaths } from '../support/random-paths.ts';
import { renderWithEffects, TEST_SITE_CONFIG } from '../support/render-with-effects.tsx';
import { expireRobotCheck, robotWidget, solveRobotCheck } from '../support/robot-check.ts';

vi.mock('../../src/app/loadAltcha.ts', () => ({ loadAltcha: () => Promise.resolve() }));

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
let app: ReturnType<typeof renderWithEffects>;

/** The container that ships, with a fake login call; the robot check's loader settles first. */
async function renderLogin() {
  app = renderWithEffects(<LoginContainer robotCheck={TEST_SITE_CONFIG.robotCheck} />, {
    path: '/login',
    api: { users: { login: logIn.fn } },
  });
  await act(async () => undefined);
  return app;
}

const emailInput = () => screen.getByLabelText(messages.login.email);
const passwordInput = () => screen.getByLabelText(messages.login.password);
const submitButton = () => screen.queryByRole('button', { name: messages.login.submit });

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
        expect(submitButton()).toBeVisible();
        expectErrorsShown(context.errors, { email: emailInput(), password: passwordInput() });
        expect(app.location()).toBe('/login');
      },
      submitting: () => {
        expect(screen.getByText(messages.login.submitting)).toBeInTheDocument();
        expect(submitButton()).not.toBeInTheDocument();
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      },
      success: () => {
        expect(app.location()).toBe('/');
        expect(app.storedSession()).toEqual({
          user: { id: 1, name: 'Ana', surname: 'Anić', email: 'ana@primjer.hr', roles: ['user'] },
          tokens: { accessToken: 'access', refreshToken: 'refresh' },
        });
        expect(emailInput).toThrow();
      },
    },
    events: {
      CHANGE_EMAIL: (event) => fireEvent.change(emailInput(), { target: { value: event.value } }),
      CHANGE_PASSWORD: (event) =>
        fireEvent.change(passwordInput(), { target: { value: event.value } }),
      ROBOT_VERIFIED: (event) => solveRobotCheck(event.token),
      ROBOT_EXPIRED: () => expireRobotCheck(),
      SUBMIT: () => fireEvent.click(submitButton() ?? document.body),
    },
  });
});

describe('login journeys pinned by hand', () => {
  const user = userEvent.setup();

  it('asks for the robot check first, then for better credentials, and sends nothing', async () => {
    logIn.reset();
    await renderLogin();
    await user.type(emailInput(), 'ana@primjer.hr');
    await user.type(passwordInput(), 'kratk');
    await user.click(submitButton() ?? document.body);
    expect(screen.getByRole('alert')).toHaveTextContent("Molimo, pritisnite 'I'm not a robot'.");
    solveRobotCheck();
    await user.click(submitButton() ?? document.body);
    // SPEC 5's message under the entry that is too short, which takes the focus.
    expect(passwordInput()).toHaveAccessibleDescription(
      'Molimo, provjerite još jedanput svoje korisničke podatke.',
    );
    expect(passwordInput()).toHaveFocus();
    expect(emailInput()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(logIn.calls).toEqual([]);
  });

  it('needs both entries longer than 5 characters after trimming (SPEC 5)', async () => {
    logIn.reset();
    await renderLogin();
    solveRobotCheck();
    await user.type(emailInput(), ' a@b.h ');
    await user.type(passwordInput(), 'Lozinka1!');
    await user.click(submitButton() ?? document.body);
    expect(logIn.calls).toEqual([]);
    await user.clear(passwordInput());
    await user.type(passwordInput(), '  12345  ');
    await user.clear(emailInput());
    await user.type(emailInput(), 'a@b.hr');
    await user.click(submitButton() ?? document.body);
    expect(logIn.calls).toEqual([]);
    await user.clear(passwordInput());
    await user.type(passwordInput(), '123456');
    await user.click(submitButton() ?? document.body);
    expect(logIn.calls).toEqual([
      { email: 'a@b.hr', password: '123456', recaptchaToken: 'robot-token' },
    ]);
  });

  it('trims the e-mail, spends the robot check, starts the session and goes home', async () => {
    logIn.reset();
    await renderLogin();
    await user.type(emailInput(), '  ana@primjer.hr ');
    await user.type(passwordInput(), 'Lozinka1!');
    solveRobotCheck();
    await user.click(submitButton() ?? document.body);
    expect(logIn.calls).toEqual([
      { email: 'ana@primjer.hr', password: 'Lozinka1!', recaptchaToken: 'robot-token' },
    ]);
    await logIn.resolve(response);
    expect(app.storedSession()?.tokens).toEqual({ accessToken: 'access', refreshToken: 'refresh' });
    expect(app.history).toEqual(['/login', '/']);
  });

  it('shows the wrong-password text, resets the widget and needs a new check', async () => {
    logIn.reset();
    await renderLogin();
    const reset = vi.fn();
    robotWidget().reset = reset;
    await user.type(emailInput(), 'ana@primjer.hr');
    await user.type(passwordInput(), 'Lozinka1!');
    solveRobotCheck();
    await user.click(submitButton() ?? document.body);
    await logIn.reject(new ApiError(401, { errors: ['Invalid credentials.'] }));
    expect(screen.getByRole('alert')).toHaveTextContent('Čini se da ste unijeli pogrešnu lozinku.');
    expect(reset).toHaveBeenCalledOnce();
    await user.click(submitButton() ?? document.body);
    expect(screen.getByRole('alert')).toHaveTextContent("Molimo, pritisnite 'I'm not a robot'.");
    expect(app.storedSession()).toBeNull();
  });

  it('sends a logged-in visitor home without showing the form (SPEC 6)', () => {
    app = renderWithEffects(<LoginContainer robotCheck={TEST_SITE_CONFIG.robotCheck} />, {
      path: '/login',
      session: {
        user: { id: 1, name: 'Ana', surname: 'Anić', email: 'ana@primjer.hr', roles: ['user'] },
        tokens: { accessToken: 'a', refreshToken: 'r' },
      },
    });
    expect(app.location()).toBe('/');
    expect(screen.queryByLabelText(messages.login.email)).not.toBeInTheDocument();
  });

  it('opens the password-reset dialog from the link', async () => {
    await renderLogin();
    await user.click(screen.getByRole('button', { name: messages.login.forgotPassword }));
    expect(screen.getByRole('dialog', { name: messages.passwordReset.title })).toBeVisible();
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

/** SPEC 4 and 5 "Login" as a model: what is typed, whether the robot check is solved, what was sent. */
interface LoginModel {
  email: string;
  password: string;
  robotSolved: boolean;
  sent: { email: string; password: string; recaptchaToken: string }[];
  waiting: boolean;
  loggedIn: boolean;
}

describe('login random paths', () => {
  // Listed twice: a path often fills the form and then sends it.
  const submit = fc.constant(
    step<LoginModel>(
      "pritisni 'Prijava'",
      (model) => {
        fireEvent.click(submitButton() ?? document.body);
        // SPEC 5: both entries, trimmed, longer than 5 characters, and the robot check solved.
        const valid = model.email.trim().length > 5 && model.password.trim().length > 5;
        if (!model.robotSolved) {
          expect(screen.getByRole('alert')).toHaveTextContent(messages.login.robotCheckRequired);
          return;
        }
        if (!valid) {
          // SPEC 5's message under each entry too short, the first of them focused.
          const short = (text: string) => text.trim().length <= 5;
          expect(emailInput().getAttribute('aria-invalid') === 'true').toBe(short(model.email));
          expect(passwordInput().getAttribute('aria-invalid') === 'true').toBe(
            short(model.password),
          );
          expect(document.activeElement).toBe(short(model.email) ? emailInput() : passwordInput());
          return;
        }
        model.sent.push({
          email: model.email.trim(),
          password: model.password,
          recaptchaToken: 'robot-token',
        });
        model.waiting = true;
      },
      (model) => !model.waiting && !model.loggedIn,
    ),
  );

  testRandomPaths<LoginModel>('login', {
    startLabel: 'Otvori prijavu',
    // The robot-check widget makes each render slow, the steps are cheap: few runs, long paths.
    numRuns: 15,
    maxSteps: 30,
    start: async () => {
      logIn.reset();
      await renderLogin();
      return {
        email: '',
        password: '',
        robotSolved: false,
        sent: [],
        waiting: false,
        loggedIn: false,
      };
    },
    steps: [
      padded(fc.constantFrom('a@b.h', 'a@b.hr', 'ana@primjer.hr')).map((value) =>
        step<LoginModel>(
          `upiši e-mail "${value}"`,
          (model) => {
            fireEvent.change(emailInput(), { target: { value } });
            model.email = value;
          },
          (model) => !model.waiting && !model.loggedIn,
        ),
      ),
      // Most often at the limit that trimming decides: 5 characters with spaces around them is
      // longer than 5 as typed and too short as SPEC counts it.
      padded(fc.constantFrom('12345', '12345', '123456', 'Lozinka1!', '1 3 5')).map((value) =>
        step<LoginModel>(
          `upiši lozinku "${value}"`,
          (model) => {
            fireEvent.change(passwordInput(), { target: { value } });
            model.password = value;
          },
          (model) => !model.waiting && !model.loggedIn,
        ),
      ),
      // Solved twice as often as expired, so that paths reach the submit with a solution.
      fc.constantFrom(true, true, false).map((solve) =>
        step<LoginModel>(
          solve ? "riješi 'I'm not a robot'" : 'provjera robota istječe',
          (model) => {
            if (solve) solveRobotCheck('robot-token');
            else expireRobotCheck();
            model.robotSolved = solve;
          },
          (model) => !model.waiting && !model.loggedIn,
        ),
      ),
      submit,
      submit,
      fc.constantFrom(200, 401, 404, 500).map((status) =>
        step<LoginModel>(
          status === 200 ? 'poslužitelj prijavljuje' : `poslužitelj odgovara ${status}`,
          async (model) => {
            if (status === 200) await logIn.resolve(response);
            else await logIn.reject(new ApiError(status, { errors: ['x'] }));
            model.waiting = false;
            // SPEC 4: a solution is accepted once; a new attempt needs a new check.
            model.robotSolved = false;
            model.loggedIn = status === 200;
          },
          (model) => model.waiting,
        ),
      ),
    ],
    invariants: (model) => {
      // Nothing is sent while an entry is too short or the robot check is not solved.
      expect(logIn.calls).toEqual(model.sent);
      if (model.loggedIn) {
        expect(app.location()).toBe('/');
        expect(app.storedSession()?.tokens).toEqual({
          accessToken: 'access',
          refreshToken: 'refresh',
        });
        return;
      }
      expect(app.location()).toBe('/login');
      expect(app.storedSession()).toBeNull();
      if (model.waiting) expect(submitButton()).not.toBeInTheDocument();
      else expect(submitButton()).toBeVisible();
    },
  });
});
