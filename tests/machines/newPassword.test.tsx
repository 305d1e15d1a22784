import { fireEvent, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChangePasswordRequest } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import { NewPasswordContainer } from '../../src/app/NewPasswordContainer.tsx';
import { newPasswordMachine } from '../../src/machines/newPassword.machine.ts';
import { brokenPasswordRules } from '../../src/machines/passwordRules.ts';
import { messages } from '../../src/messages.ts';
import { changeValue, expectErrorsShown, messagesUnder } from '../support/field-errors.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const PATH = '/resetiraj-lozinku/reset-token';
const changePassword = fakePromiseActor<undefined, ChangePasswordRequest>();
const expiredToken = new ApiError(400, { errors: ['Invalid or expired password reset token'] });
const commonPassword = new ApiError(400, {
  errors: { Password: ['Password is too common; choose one that is harder to guess.'] },
});
const outage = new ApiError(502, null);

const passwordInput = () => screen.getByLabelText(messages.newPassword.password);
const confirmationInput = () => screen.getByLabelText(messages.newPassword.confirmation);
const submitButton = () => screen.queryByRole('button', { name: messages.newPassword.submit });
let app: ReturnType<typeof renderWithEffects>;

/** The container that ships, with the change-password call faked. */
function renderPage() {
  app = renderWithEffects(<NewPasswordContainer resetToken="reset-token" />, {
    path: PATH,
    api: { users: { changePassword: changePassword.fn } },
  });
  return app;
}

describe('set new password model', () => {
  testMachineModel(newPasswordMachine, {
    inputs: [{ resetToken: 'reset-token' }],
    describeInput: () => 'reset link',
    render: () => renderPage(),
    fakes: { changePassword },
    sampleEvents: [
      { type: 'CHANGE_PASSWORD', value: 'Lozinka1!' },
      { type: 'CHANGE_CONFIRMATION', value: 'Lozinka1!' },
      { type: 'xstate.done.actor.changePassword' },
      { type: 'xstate.error.actor.changePassword', error: expiredToken },
      { type: 'xstate.error.actor.changePassword', error: commonPassword },
      { type: 'xstate.error.actor.changePassword', error: outage },
    ],
    states: {
      editing: ({ context }) => {
        expect(passwordInput()).toHaveValue(context.password);
        expect(confirmationInput()).toHaveValue(context.confirmation);
        expect(submitButton()).toBeVisible();
        expectErrorsShown(context.errors, {
          password: passwordInput(),
          confirmation: confirmationInput(),
        });
        expect(app.location()).toBe(PATH);
      },
      submitting: () => {
        expect(screen.getByText(messages.newPassword.submitting)).toBeInTheDocument();
        expect(submitButton()).not.toBeInTheDocument();
        expect(changePassword.calls.at(-1)).toEqual({
          newPassword: 'Lozinka1!',
          resetToken: 'reset-token',
        });
      },
      changed: () => {
        expect(app.notices.at(-1)).toEqual({
          tone: 'success',
          text: 'Uspješno promijenjena lozinka!',
        });
        expect(app.location()).toBe('/login');
      },
      expired: () => {
        expect(app.notices.at(-1)).toEqual({
          tone: 'warning',
          text: 'Token za promjenu lozinke je istekao. Zatražite novu promjenu lozinke.',
        });
        expect(app.location()).toBe('/login');
      },
    },
    events: {
      CHANGE_PASSWORD: (event) => changeValue(passwordInput(), event.value),
      CHANGE_CONFIRMATION: (event) => changeValue(confirmationInput(), event.value),
      SUBMIT: () => fireEvent.click(submitButton() ?? document.body),
    },
  });
});

describe('set new password journeys pinned by hand', () => {
  const user = userEvent.setup();

  it('shows every broken rule under the password and the mismatch under the repetition, then sends', async () => {
    changePassword.reset();
    renderPage();
    await user.type(passwordInput(), 'abc');
    await user.type(confirmationInput(), 'abd');
    await user.click(submitButton() ?? document.body);
    expect(messagesUnder(passwordInput())).toEqual([
      'Molimo vas da lozinka ima barem 8 znakova.',
      'Molimo vas da lozinka ima barem jedno veliko slovo.',
      'Molimo vas da lozinka ima barem jednu znamenku.',
      'Molimo vas da lozinka ima barem jedan poseban znak (npr. ! ? . - _ @).',
    ]);
    expect(confirmationInput()).toHaveAccessibleDescription('Unesite istu lozinku dvaput.');
    expect(passwordInput()).toHaveFocus();
    expect(changePassword.calls).toEqual([]);
    await user.clear(passwordInput());
    await user.type(passwordInput(), 'Nova-Lozinka7');
    await user.clear(confirmationInput());
    await user.type(confirmationInput(), 'Nova-Lozinka7');
    await user.click(submitButton() ?? document.body);
    expect(changePassword.calls).toEqual([
      { newPassword: 'Nova-Lozinka7', resetToken: 'reset-token' },
    ]);
    await changePassword.resolve(undefined);
    expect(app.notices).toEqual([{ tone: 'success', text: 'Uspješno promijenjena lozinka!' }]);
    expect(app.history).toEqual([PATH, '/login']);
  });

  it('needs at least 8 characters: 7 are refused, 8 are sent (SPEC 5)', async () => {
    changePassword.reset();
    renderPage();
    fireEvent.change(passwordInput(), { target: { value: 'Lozin1!' } });
    fireEvent.change(confirmationInput(), { target: { value: 'Lozin1!' } });
    fireEvent.click(submitButton() ?? document.body);
    expect(messagesUnder(passwordInput())).toEqual(['Molimo vas da lozinka ima barem 8 znakova.']);
    fireEvent.change(passwordInput(), { target: { value: 'Lozink1!' } });
    fireEvent.change(confirmationInput(), { target: { value: 'Lozink1!' } });
    fireEvent.click(submitButton() ?? document.body);
    expect(changePassword.calls).toEqual([{ newPassword: 'Lozink1!', resetToken: 'reset-token' }]);
    await changePassword.resolve(undefined);
  });

  it('shows the server rule it broke in Croatian and reports other failures as a toast', async () => {
    changePassword.reset();
    renderPage();
    await user.type(passwordInput(), 'Lozinka1!');
    await user.type(confirmationInput(), 'Lozinka1!');
    await user.click(submitButton() ?? document.body);
    await changePassword.reject(commonPassword);
    expect(passwordInput()).toHaveAccessibleDescription(messages.passwordRules.common);
    expect(app.notices).toEqual([]);
    await user.click(submitButton() ?? document.body);
    await changePassword.reject(outage);
    expect(app.notices).toEqual([{ tone: 'error', text: 'Dogodila se pogreška: {"status":502}' }]);
    expect(submitButton()).toBeVisible();
    expect(app.location()).toBe(PATH);
    // A new submit closes the earlier toast (issue 29).
    await user.click(submitButton() ?? document.body);
    expect(app.notices).toEqual([]);
    await changePassword.resolve(undefined);
  });

  it('editing the password takes its messages and the mismatch away, the repetition only the mismatch', async () => {
    changePassword.reset();
    renderPage();
    fireEvent.change(passwordInput(), { target: { value: 'abc' } });
    fireEvent.change(confirmationInput(), { target: { value: 'abd' } });
    fireEvent.click(submitButton() ?? document.body);
    expect(messagesUnder(passwordInput())).toHaveLength(4);
    expect(messagesUnder(confirmationInput())).toEqual(['Unesite istu lozinku dvaput.']);
    fireEvent.change(confirmationInput(), { target: { value: 'abx' } });
    expect(messagesUnder(confirmationInput())).toEqual([]);
    expect(messagesUnder(passwordInput())).toHaveLength(4);
    fireEvent.click(submitButton() ?? document.body);
    expect(messagesUnder(confirmationInput())).toEqual(['Unesite istu lozinku dvaput.']);
    fireEvent.change(passwordInput(), { target: { value: 'abcd' } });
    expect(messagesUnder(passwordInput())).toEqual([]);
    expect(messagesUnder(confirmationInput())).toEqual([]);
    expect(changePassword.calls).toEqual([]);
  });

  it('sending again takes the message of the refused password away while it is sent', async () => {
    changePassword.reset();
    renderPage();
    fireEvent.change(passwordInput(), { target: { value: 'Lozinka1!' } });
    fireEvent.change(confirmationInput(), { target: { value: 'Lozinka1!' } });
    fireEvent.click(submitButton() ?? document.body);
    await changePassword.reject(commonPassword);
    expect(messagesUnder(passwordInput())).toEqual([messages.passwordRules.common]);
    fireEvent.click(submitButton() ?? document.body);
    expect(screen.getByText(messages.newPassword.submitting)).toBeInTheDocument();
    expect(messagesUnder(passwordInput())).toEqual([]);
    await changePassword.resolve(undefined);
  });

  it('a submit the rules refuse closes the toast of the earlier failure too (issue 29)', async () => {
    changePassword.reset();
    renderPage();
    fireEvent.change(passwordInput(), { target: { value: 'Lozinka1!' } });
    fireEvent.change(confirmationInput(), { target: { value: 'Lozinka1!' } });
    fireEvent.click(submitButton() ?? document.body);
    await changePassword.reject(outage);
    expect(app.notices).toEqual([{ tone: 'error', text: 'Dogodila se pogreška: {"status":502}' }]);
    fireEvent.change(confirmationInput(), { target: { value: 'Lozinka2!' } });
    fireEvent.click(submitButton() ?? document.body);
    expect(messagesUnder(confirmationInput())).toEqual(['Unesite istu lozinku dvaput.']);
    expect(app.notices).toEqual([]);
    expect(changePassword.calls).toHaveLength(1);
  });

  it('an unreachable server is reported as a toast, not as a broken password rule', async () => {
    changePassword.reset();
    renderPage();
    fireEvent.change(passwordInput(), { target: { value: 'Lozinka1!' } });
    fireEvent.change(confirmationInput(), { target: { value: 'Lozinka1!' } });
    fireEvent.click(submitButton() ?? document.body);
    await changePassword.reject(new TypeError('Failed to fetch'));
    expect(app.notices).toEqual([
      { tone: 'error', text: 'Dogodila se pogreška: {"message":"Failed to fetch"}' },
    ]);
    expect(messagesUnder(passwordInput())).toEqual([]);
    expect(submitButton()).toBeVisible();
    expect(app.location()).toBe(PATH);
  });
});

describe('brokenPasswordRules', () => {
  it('accepts a password that keeps every rule, counting letters beyond ASCII', () => {
    expect(brokenPasswordRules('Šifra-2024')).toEqual([]);
    expect(brokenPasswordRules('ŠIFRA-2024')).toEqual([messages.passwordRules.lowercase]);
  });
});

/**
 * Candidate passwords with the rules each breaks, worked out by hand from SPEC 5 ("at least 8
 * characters, one lowercase letter, one uppercase letter, one digit, one special character"), in
 * SPEC's order. Most sit at a limit: 7 and 8 characters, one class missing, letters beyond ASCII.
 */
const PASSWORDS: Record<string, (keyof typeof messages.passwordRules)[]> = {
  '': ['minLength', 'lowercase', 'uppercase', 'digit', 'special'],
  abc: ['minLength', 'uppercase', 'digit', 'special'],
  'Lozin1!': ['minLength'],
  'Lozink1!': [],
  'lozinka1!': ['uppercase'],
  'LOZINKA1!': ['lowercase'],
  'Lozinka!!': ['digit'],
  Lozinka11: ['special'],
  'Šifra-2024': [],
  'ŠIFRA-2024': ['lowercase'],
  'Nova lozinka 7': ['special'],
};
const CANDIDATES = Object.keys(PASSWORDS).filter(Boolean);

/** SPEC 8 "Set new password": the server's answers and what the person is told of each. */
const ANSWERS = [
  { label: 'mijenja lozinku', error: null },
  { label: 'kaže da je token istekao', error: expiredToken },
  { label: 'odbija prečestu lozinku', error: commonPassword },
  { label: 'odgovara 502', error: outage },
  { label: 'nije dostupan', error: new TypeError('Failed to fetch') },
] as const;

/** What the person has typed, been told and sent; where they ended up. */
interface NewPasswordModel {
  password: string;
  confirmation: string;
  shown: { password: string[]; confirmation: string[] };
  sent: ChangePasswordRequest[];
  pending: boolean;
  notices: { tone: string; text: string }[];
  atLogin: boolean;
}

const editable = (model: NewPasswordModel) => !model.pending && !model.atLogin;

describe('set new password random paths', () => {
  const submit = fc.constant(
    step<NewPasswordModel>(
      "pritisni 'Promijeni lozinku'",
      (model) => {
        fireEvent.click(submitButton() ?? document.body);
        model.notices = [];
        const broken = PASSWORDS[model.password];
        if (!broken) throw new Error(`no rules worked out for "${model.password}"`);
        const mismatch = model.password !== model.confirmation;
        if (broken.length > 0 || mismatch) {
          model.shown = {
            password: broken.map((rule) => messages.passwordRules[rule] as string),
            confirmation: mismatch ? ['Unesite istu lozinku dvaput.'] : [],
          };
          expect(document.activeElement).toBe(
            broken.length > 0 ? passwordInput() : confirmationInput(),
          );
          return;
        }
        model.sent.push({ newPassword: model.password, resetToken: 'reset-token' });
        model.shown = { password: [], confirmation: [] };
        model.pending = true;
      },
      editable,
    ),
  );

  testRandomPaths<NewPasswordModel>('newPassword', {
    startLabel: 'Otvori poveznicu za novu lozinku',
    numRuns: 40,
    maxSteps: 20,
    start: () => {
      changePassword.reset();
      renderPage();
      return {
        password: '',
        confirmation: '',
        shown: { password: [], confirmation: [] },
        sent: [],
        pending: false,
        notices: [],
        atLogin: false,
      };
    },
    steps: [
      // The two that keep every rule three times as often, so that paths often reach the server.
      fc
        .constantFrom(...CANDIDATES, 'Lozink1!', 'Šifra-2024', 'Lozink1!', 'Šifra-2024')
        .map((value) =>
          step<NewPasswordModel>(
            `upiši novu lozinku "${value}"`,
            (model) => {
              changeValue(passwordInput(), value);
              model.password = value;
              // Editing the password takes its messages and the mismatch away.
              model.shown = { password: [], confirmation: [] };
            },
            editable,
          ),
        ),
      // The repetition is mostly typed as the password is, so that paths reach the server;
      // otherwise one character off a password of the same length.
      fc
        .constantFrom<string | null>(null, null, null, null, 'abc', 'Lozink1?', 'šifra-2024')
        .map((value) =>
          step<NewPasswordModel>(
            value === null ? 'ponovi istu lozinku' : `ponovi lozinku kao "${value}"`,
            (model) => {
              const typed = value ?? model.password;
              changeValue(confirmationInput(), typed);
              model.confirmation = typed;
              model.shown.confirmation = [];
            },
            editable,
          ),
        ),
      // What most people do: the same password typed into both fields.
      fc.constantFrom('Lozink1!', 'Šifra-2024', 'Nova lozinka 7', 'Lozin1!').map((value) =>
        step<NewPasswordModel>(
          `upiši "${value}" u oba polja`,
          (model) => {
            changeValue(passwordInput(), value);
            changeValue(confirmationInput(), value);
            Object.assign(model, { password: value, confirmation: value });
            model.shown = { password: [], confirmation: [] };
          },
          editable,
        ),
      ),
      submit,
      submit,
      fc.constantFrom(...ANSWERS).map((answer) =>
        step<NewPasswordModel>(
          `poslužitelj ${answer.label}`,
          async (model) => {
            if (answer.error === null) await changePassword.resolve(undefined);
            else await changePassword.reject(answer.error);
            model.pending = false;
            if (answer.error === null) {
              model.notices = [{ tone: 'success', text: 'Uspješno promijenjena lozinka!' }];
              model.atLogin = true;
            } else if (answer.error === expiredToken) {
              model.notices = [
                {
                  tone: 'warning',
                  text: 'Token za promjenu lozinke je istekao. Zatražite novu promjenu lozinke.',
                },
              ];
              model.atLogin = true;
            } else if (answer.error === commonPassword) {
              model.shown.password = [messages.passwordRules.common];
            } else {
              const detail =
                answer.error instanceof TypeError
                  ? '{"message":"Failed to fetch"}'
                  : '{"status":502}';
              model.notices = [{ tone: 'error', text: `Dogodila se pogreška: ${detail}` }];
            }
          },
          (model) => model.pending,
        ),
      ),
    ],
    invariants: (model) => {
      // Nothing is sent while a rule is broken or the two entries differ.
      expect(changePassword.calls).toEqual(model.sent);
      expect(app.notices).toEqual(model.notices);
      // SPEC 4: success and an expired token both lead to /login; nothing else leaves the page.
      expect(app.history).toEqual(model.atLogin ? [PATH, '/login'] : [PATH]);
      if (model.atLogin) return;
      if (model.pending) {
        expect(screen.getByText(messages.newPassword.submitting)).toBeInTheDocument();
        expect(submitButton()).not.toBeInTheDocument();
        return;
      }
      expect(submitButton()).toBeVisible();
      expect(passwordInput()).toHaveValue(model.password);
      expect(confirmationInput()).toHaveValue(model.confirmation);
      expect(messagesUnder(passwordInput())).toEqual(model.shown.password);
      expect(messagesUnder(confirmationInput())).toEqual(model.shown.confirmation);
    },
  });
});
