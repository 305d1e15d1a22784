import { fireEvent, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  AuthResponse,
  CompleteRegistrationRequest,
  ErrorBody,
  ValidateRegistrationResponse,
} from '../../src/api/contract.ts';
import { PASSWORD_RULES } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import { ActivationContainer } from '../../src/app/ActivationContainer.tsx';
import {
  activationMachine,
  invitationProblem,
  registrationErrors,
} from '../../src/machines/activation.machine.ts';
import { messages } from '../../src/messages.ts';
import {
  changeValue,
  expectErrorsShown,
  formLevelMessages,
  messagesUnder,
} from '../support/field-errors.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const validateInvitation = fakePromiseActor<ValidateRegistrationResponse, string>();
const completeRegistration = fakePromiseActor<AuthResponse, CompleteRegistrationRequest>();
const response: AuthResponse = {
  id: 7,
  name: 'Ivana',
  surname: 'Horvat',
  email: 'ivana@primjer.hr',
  roles: ['user'],
  accessToken: 'access',
  refreshToken: 'refresh',
};
const loggedIn = {
  user: { id: 7, name: 'Ivana', surname: 'Horvat', email: 'ivana@primjer.hr', roles: ['user'] },
  tokens: { accessToken: 'access', refreshToken: 'refresh' },
};
const weakPasswordBody = { errors: { Password: ['Password must contain a digit.'] } };
const weakPassword = new ApiError(400, weakPasswordBody);
const PATH = '/aktiviraj-racun/invitation-token';

const input = (label: string) => screen.getByLabelText(label);
const submitButton = () => screen.queryByRole('button', { name: messages.activation.submit });
let app: ReturnType<typeof renderWithEffects>;

/** The container that ships, with the two invitation calls faked. */
function renderActivation(invitationToken = 'invitation-token') {
  app = renderWithEffects(<ActivationContainer invitationToken={invitationToken} />, {
    path: PATH,
    api: {
      users: {
        validateRegistration: validateInvitation.fn,
        completeRegistration: completeRegistration.fn,
      },
    },
  });
  return app;
}

/** Validates the invitation, fills in a valid form and presses submit. */
async function submitValidForm() {
  renderActivation();
  await validateInvitation.resolve({ name: 'Ivana', surname: 'Horvat' });
  fireEvent.change(input(messages.activation.password), { target: { value: 'Lozinka1!' } });
  fireEvent.click(submitButton() ?? document.body);
}

/** A valid form submitted (both calls' fakes fresh), which the server refuses with this 400. */
async function refusedWith(body: ErrorBody) {
  validateInvitation.reset();
  completeRegistration.reset();
  await submitValidForm();
  await completeRegistration.reject(new ApiError(400, body));
}

/** The checklist under the password, each rule as a screen reader reads it. */
const checklist = () =>
  [
    ...(screen
      .getByText(messages.passwordRules.checklistTitle)
      .parentElement?.querySelectorAll('li') ?? []),
  ].map((item) => item.textContent.replace(/^[✓•]\s*/, ''));

describe('activation model', () => {
  testMachineModel(activationMachine, {
    inputs: [{ invitationToken: 'invitation-token' }],
    describeInput: () => 'invitation link',
    render: ({ invitationToken }) => renderActivation(invitationToken),
    fakes: { validateInvitation, completeRegistration },
    sampleEvents: [
      {
        type: 'xstate.done.actor.validateInvitation',
        output: { name: 'Ivana', surname: 'Horvat' },
      },
      {
        type: 'xstate.error.actor.validateInvitation',
        error: new ApiError(400, { errors: ['Invitation token expired.'] }),
      },
      { type: 'CHANGE_NAME', value: 'Ana' },
      { type: 'CHANGE_SURNAME', value: 'Anić' },
      { type: 'CHANGE_PASSWORD', value: 'Lozinka1!' },
      { type: 'xstate.done.actor.completeRegistration', output: response },
      { type: 'xstate.error.actor.completeRegistration', error: weakPassword },
    ],
    states: {
      validating: () => {
        expect(screen.getByText(messages.activation.validating)).toBeInTheDocument();
        expect(submitButton()).not.toBeInTheDocument();
        expect(validateInvitation.calls).toEqual(['invitation-token']);
      },
      unusable: ({ context }) => {
        expect(
          screen.getByRole('heading', { name: 'Aktivacija računa nije moguća' }),
        ).toBeVisible();
        expect(screen.getByRole('alert')).toHaveTextContent(context.invitationProblem?.text ?? '?');
        expect(app.storedSession()).toBeNull();
      },
      editing: ({ context }) => {
        expect(input(messages.activation.name)).toHaveValue(context.name);
        expect(input(messages.activation.surname)).toHaveValue(context.surname);
        expect(input(messages.activation.password)).toHaveValue(context.password);
        // Every rule of the server's, shown from the start and ticked by what is typed.
        expect(checklist()).toEqual(
          PASSWORD_RULES.map(
            ({ rule, test }) =>
              `${messages.passwordRules.checklist[rule]}, ${
                test(context.password) ? messages.passwordRules.met : messages.passwordRules.unmet
              }`,
          ),
        );
        expect(submitButton()).toBeVisible();
        expectErrorsShown(context.errors, {
          name: input(messages.activation.name),
          surname: input(messages.activation.surname),
          password: input(messages.activation.password),
        });
        expect(app.storedSession()).toBeNull();
      },
      submitting: () => {
        expect(screen.getByText(messages.activation.submitting)).toBeInTheDocument();
        expect(submitButton()).not.toBeInTheDocument();
      },
      activated: () => {
        expect(screen.getByRole('heading', { name: messages.activation.welcome })).toBeVisible();
        // Not a dead end: the library the account was made for.
        expect(screen.getByRole('link', { name: messages.activation.toLibrary })).toHaveAttribute(
          'href',
          '/edukacije/',
        );
        expect(app.storedSession()).toEqual(loggedIn);
        expect(app.location()).toBe(PATH);
      },
    },
    events: {
      CHANGE_NAME: (event) => changeValue(input(messages.activation.name), event.value),
      CHANGE_SURNAME: (event) => changeValue(input(messages.activation.surname), event.value),
      CHANGE_PASSWORD: (event) => changeValue(input(messages.activation.password), event.value),
      SUBMIT: () => fireEvent.click(submitButton() ?? document.body),
    },
  });
});

describe('activation journeys pinned by hand', () => {
  const user = userEvent.setup();

  it('prefills the names of the invitation and logs the new user in', async () => {
    validateInvitation.reset();
    completeRegistration.reset();
    renderActivation();
    expect(validateInvitation.calls).toEqual(['invitation-token']);
    await validateInvitation.resolve({ name: 'Ivana', surname: 'Horvat' });
    expect(input('Ime')).toHaveValue('Ivana');
    expect(input('Prezime')).toHaveValue('Horvat');
    await user.type(input('Lozinka'), 'kratka');
    await user.click(submitButton() ?? document.body);
    // SPEC 5's message under the password, which takes the focus; the names are fine.
    expect(input('Lozinka')).toHaveAccessibleDescription(
      'Molimo, provjerite još jedanput svoje korisničke podatke.',
    );
    expect(input('Lozinka')).toHaveFocus();
    expect(input('Ime')).not.toHaveAttribute('aria-invalid');
    await user.type(input('Lozinka'), '-Lozinka1');
    await user.click(submitButton() ?? document.body);
    expect(completeRegistration.calls).toEqual([
      {
        name: 'Ivana',
        surname: 'Horvat',
        password: 'kratka-Lozinka1',
        invitationToken: 'invitation-token',
      },
    ]);
    await completeRegistration.resolve(response);
    expect(screen.getByText('Uspješno ste aktivirali svoj račun! Dobro nam došli!')).toBeVisible();
    expect(app.storedSession()).toEqual(loggedIn);
  });

  it('an unknown invitation shows the error state with the request for a new one', async () => {
    validateInvitation.reset();
    renderActivation();
    await validateInvitation.reject(new ApiError(404, { errors: ['Invitation token not found.'] }));
    expect(screen.getByRole('heading', { name: 'Aktivacija računa nije moguća' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Čini se da imate neispravnu pozivnicu.');
    expect(screen.getByText(messages.activation.askForNew)).toBeVisible();
  });

  it('an unreachable server shows the error state without asking for a new invitation', async () => {
    validateInvitation.reset();
    renderActivation();
    await validateInvitation.reject(new TypeError('Failed to fetch'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Nešto je pošlo po krivu. Molimo vas, pokušajte ponovno kasnije.',
    );
    expect(screen.queryByText(messages.activation.askForNew)).not.toBeInTheDocument();
  });

  it('names must be longer than 2 characters after trimming, the password at least 8 (SPEC 5)', async () => {
    validateInvitation.reset();
    completeRegistration.reset();
    renderActivation();
    await validateInvitation.resolve({ name: ' Iv ', surname: 'Horvat' });
    fireEvent.change(input('Lozinka'), { target: { value: 'Lozinka1' } });
    fireEvent.click(submitButton() ?? document.body);
    expect(messagesUnder(input('Ime'))).toEqual([messages.activation.checkData]);
    expect(messagesUnder(input('Lozinka'))).toEqual([]);
    fireEvent.change(input('Ime'), { target: { value: 'Iva' } });
    fireEvent.change(input('Lozinka'), { target: { value: 'Lozink1' } });
    fireEvent.click(submitButton() ?? document.body);
    expect(messagesUnder(input('Ime'))).toEqual([]);
    expect(messagesUnder(input('Lozinka'))).toEqual([messages.activation.checkData]);
    expect(completeRegistration.calls).toEqual([]);
    fireEvent.change(input('Lozinka'), { target: { value: 'Lozinka1' } });
    fireEvent.click(submitButton() ?? document.body);
    expect(completeRegistration.calls).toEqual([
      { name: 'Iva', surname: 'Horvat', password: 'Lozinka1', invitationToken: 'invitation-token' },
    ]);
    await completeRegistration.reject(weakPassword);
  });

  it('lists the broken server rules and lets the user try again without a session', async () => {
    await refusedWith(weakPasswordBody);
    expect(messagesUnder(input('Lozinka'))).toEqual([
      'Molimo vas da lozinka ima barem jednu znamenku.',
    ]);
    expect(input('Lozinka')).toHaveFocus();
    expect(formLevelMessages()).toEqual(['Provjerite još jednom svoje podatke.']);
    expect(submitButton()).toBeVisible();
    expect(app.storedSession()).toBeNull();
  });

  it('an expired invitation at submit says so in the form box', async () => {
    await refusedWith({ errors: ['Invitation token expired.'] });
    expect(formLevelMessages()).toEqual([
      'Nažalost, vaša pozivnica je istekla.',
      'Provjerite još jednom svoje podatke.',
    ]);
  });

  it('a revoked invitation says so in the error state with the request for a new one', async () => {
    validateInvitation.reset();
    renderActivation();
    await validateInvitation.reject(new ApiError(410, { errors: ['Invitation token revoked.'] }));
    expect(screen.getByRole('heading', { name: 'Aktivacija računa nije moguća' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Ova je pozivnica povučena i više ne vrijedi.',
    );
    expect(screen.getByText(messages.activation.askForNew)).toBeVisible();
  });

  it('a 400 about the surname and the token shows each where it belongs', async () => {
    await refusedWith({
      errors: {
        Surname: ['Surname must be longer than 2 characters.'],
        InvitationToken: ['The InvitationToken field is required.'],
      },
    });
    expect(messagesUnder(input('Prezime'))).toEqual(['Prezime mora imati više od 2 znaka.']);
    expect(messagesUnder(input('Ime'))).toEqual([]);
    expect(formLevelMessages()).toEqual([
      'Čini se da imate neispravnu pozivnicu.',
      'Provjerite još jednom svoje podatke.',
    ]);
  });

  it("editing a field takes only that field's messages away", async () => {
    await refusedWith({
      errors: {
        Name: ['Name must be longer than 2 characters.'],
        Surname: ['Surname must be longer than 2 characters.'],
        Password: ['Password must contain a digit.'],
      },
    });
    const nameProblem = 'Ime mora imati više od 2 znaka.';
    const surnameProblem = 'Prezime mora imati više od 2 znaka.';
    const passwordProblem = 'Molimo vas da lozinka ima barem jednu znamenku.';
    expect(messagesUnder(input('Ime'))).toEqual([nameProblem]);
    fireEvent.change(input('Ime'), { target: { value: 'Ivanka' } });
    expect(messagesUnder(input('Ime'))).toEqual([]);
    expect(messagesUnder(input('Prezime'))).toEqual([surnameProblem]);
    expect(messagesUnder(input('Lozinka'))).toEqual([passwordProblem]);
    fireEvent.change(input('Prezime'), { target: { value: 'Horvatić' } });
    expect(messagesUnder(input('Prezime'))).toEqual([]);
    expect(messagesUnder(input('Lozinka'))).toEqual([passwordProblem]);
    fireEvent.change(input('Lozinka'), { target: { value: 'Lozinka12!' } });
    expect(messagesUnder(input('Lozinka'))).toEqual([]);
  });

  it('sends the surname as the invitee corrected it, trimmed', async () => {
    validateInvitation.reset();
    completeRegistration.reset();
    renderActivation();
    await validateInvitation.resolve({ name: 'Ivana', surname: 'Horvat' });
    fireEvent.change(input('Prezime'), { target: { value: ' Horvatić ' } });
    fireEvent.change(input('Lozinka'), { target: { value: 'Lozinka1!' } });
    fireEvent.click(submitButton() ?? document.body);
    expect(completeRegistration.calls).toEqual([
      {
        name: 'Ivana',
        surname: 'Horvatić',
        password: 'Lozinka1!',
        invitationToken: 'invitation-token',
      },
    ]);
    await completeRegistration.resolve(response);
  });

  it('sending again takes the earlier messages away while it is sent', async () => {
    await refusedWith(weakPasswordBody);
    expect(messagesUnder(input('Lozinka'))).toHaveLength(1);
    fireEvent.click(submitButton() ?? document.body);
    expect(screen.getByText(messages.activation.submitting)).toBeInTheDocument();
    expect(messagesUnder(input('Lozinka'))).toEqual([]);
    expect(formLevelMessages()).toEqual([]);
    await completeRegistration.resolve(response);
  });
});

describe('SPEC 8 "Activation" texts', () => {
  it('tells expired, invalid and unreachable invitations apart', () => {
    expect(invitationProblem(new ApiError(400, { errors: ['Invitation token expired.'] }))).toEqual(
      { text: 'Nažalost, vaša pozivnica je istekla.', askForNew: true },
    );
    expect(
      invitationProblem(new ApiError(404, { errors: ['Invitation token not found.'] })),
    ).toEqual({ text: 'Čini se da imate neispravnu pozivnicu.', askForNew: true });
    expect(invitationProblem(new TypeError('Failed to fetch'))).toEqual({
      text: 'Nešto je pošlo po krivu. Molimo vas, pokušajte ponovno kasnije.',
      askForNew: false,
    });
  });

  it('puts a 400 under the name and the password, then asks to check; other failures say so', () => {
    const refused = new ApiError(400, {
      errors: {
        Name: ['Name must be longer than 2 characters.'],
        Password: ['Password must contain an uppercase letter.', 'Password must contain a digit.'],
      },
    });
    expect(registrationErrors(refused)).toEqual({
      name: ['Ime mora imati više od 2 znaka.'],
      password: [
        'Molimo vas da lozinka ima barem jedno veliko slovo.',
        'Molimo vas da lozinka ima barem jednu znamenku.',
      ],
      form: ['Provjerite još jednom svoje podatke.'],
    });
    expect(
      registrationErrors(new ApiError(409, { errors: ['User x is already registered.'] })),
    ).toEqual({ form: ['Prijava nije uspjela!', messages.activation.submitFailedHint] });
  });
});

/** SPEC 5 "Activation" as a model: what is typed and what was sent. */
interface ActivationModel {
  name: string;
  surname: string;
  password: string;
  stage: 'validating' | 'form' | 'sending' | 'activated';
  sent: CompleteRegistrationRequest[];
}

describe('activation random paths', () => {
  const entry = (core: string[]) =>
    fc
      .tuple(fc.constantFrom('', ' '), fc.constantFrom(...core), fc.constantFrom('', '  '))
      .map((parts) => parts.join(''));
  const typing = (
    label: string,
    field: 'name' | 'surname' | 'password',
    values: fc.Arbitrary<string>,
  ) =>
    values.map((value) =>
      step<ActivationModel>(
        `upiši ${label} "${value}"`,
        (model) => {
          fireEvent.change(input(messages.activation[field]), { target: { value } });
          model[field] = value;
        },
        (model) => model.stage === 'form',
      ),
    );

  testRandomPaths<ActivationModel>('activation', {
    startLabel: 'Otvori poveznicu pozivnice',
    numRuns: 10,
    maxSteps: 14,
    start: async () => {
      validateInvitation.reset();
      completeRegistration.reset();
      renderActivation();
      await validateInvitation.resolve({ name: 'Ivana', surname: 'Horvat' });
      return { name: 'Ivana', surname: 'Horvat', password: '', stage: 'form', sent: [] };
    },
    steps: [
      typing('ime', 'name', entry(['Iv', 'Iva', 'Ivana', ''])),
      typing('prezime', 'surname', entry(['Ho', 'Hor', 'Horvat', ''])),
      typing('lozinku', 'password', entry(['Lozinka', 'Lozinka1', 'Lozinka1!'])),
      fc.constant(
        step<ActivationModel>(
          `pritisni '${messages.activation.submit}'`,
          (model) => {
            fireEvent.click(submitButton() ?? document.body);
            // SPEC 5: name and surname longer than 2 characters after trimming, 8+ password.
            const valid =
              model.name.trim().length > 2 &&
              model.surname.trim().length > 2 &&
              [...model.password].length >= 8;
            if (!valid) return;
            model.stage = 'sending';
            model.sent.push({
              name: model.name.trim(),
              surname: model.surname.trim(),
              password: model.password,
              invitationToken: 'invitation-token',
            });
          },
          (model) => model.stage === 'form',
        ),
      ),
      fc.boolean().map((ok) =>
        step<ActivationModel>(
          ok ? 'poslužitelj aktivira račun' : 'poslužitelj odbija lozinku',
          async (model) => {
            if (ok) await completeRegistration.resolve(response);
            else await completeRegistration.reject(weakPassword);
            model.stage = ok ? 'activated' : 'form';
          },
          (model) => model.stage === 'sending',
        ),
      ),
    ],
    invariants: (model) => {
      // Nothing is sent while an entry breaks a rule.
      expect(completeRegistration.calls).toEqual(model.sent);
      if (model.stage === 'activated') expect(app.storedSession()).toEqual(loggedIn);
      else expect(app.storedSession()).toBeNull();
      if (model.stage === 'form') expect(submitButton()).toBeVisible();
    },
  });
});
