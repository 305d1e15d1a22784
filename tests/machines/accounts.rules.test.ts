/**
 * The account forms' rules at their edges (SPEC 5 and 9): activation names of 2 against 3
 * characters and passwords of 7 against 8, the invitation e-mail of 5 against 6, each password rule
 * and each server message's Croatian text, and where each machine goes on each answer.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type {
  AuthResponse,
  ChangePasswordRequest,
  CompleteRegistrationRequest,
  InviteRequest,
} from '../../src/api/contract.ts';
import { ApiError, AuthExpiredError } from '../../src/api/errors.ts';
import { SERVER_MESSAGES } from '../../src/api/serverMessages.ts';
import {
  activationMachine,
  invitationProblem,
  registrationErrors,
  selectActivationStage,
  selectActivationSubmitting,
} from '../../src/machines/activation.machine.ts';
import {
  inviteErrorText,
  inviteMachine,
  inviteRequest,
  roleOptions,
  selectInviteSubmitting,
} from '../../src/machines/invite.machine.ts';
import {
  newPasswordMachine,
  selectNewPasswordErrors,
  selectNewPasswordSubmitting,
} from '../../src/machines/newPassword.machine.ts';
import { brokenPasswordRules, passwordMessageText } from '../../src/machines/passwordRules.ts';
import { messages } from '../../src/messages.ts';

const rules = messages.passwordRules;
const STRONG = 'Lozinka1!';
const validation = (errors: Record<string, string[]>) => new ApiError(400, { errors });
const domainError = (status: number, message: string) =>
  new ApiError(status, { errors: [message] });

describe('password rules', () => {
  it('takes 8 characters, counted as characters, not 7', () => {
    expect(brokenPasswordRules('Abcde1!x')).toEqual([]);
    expect(brokenPasswordRules('Abcde1!')).toEqual([rules.minLength]);
    expect(brokenPasswordRules('Ćčćde1!x')).toEqual([]);
    expect(brokenPasswordRules('Ć😀de1!')).toEqual([rules.minLength]);
  });

  it('lists every broken rule in the order of SPEC 5', () => {
    expect(brokenPasswordRules('')).toEqual([
      rules.minLength,
      rules.lowercase,
      rules.uppercase,
      rules.digit,
      rules.special,
    ]);
    expect(brokenPasswordRules('ABCDEFG1!')).toEqual([rules.lowercase]);
    expect(brokenPasswordRules('abcdefg1!')).toEqual([rules.uppercase]);
    expect(brokenPasswordRules('Abcdefgh!')).toEqual([rules.digit]);
    expect(brokenPasswordRules('Abcdefg12')).toEqual([rules.special]);
    expect(brokenPasswordRules('Abcdefg1 ')).toEqual([rules.special]);
  });

  it.each([
    ['Password must be at least 8 characters long.', rules.minLength],
    ['Password must contain a lowercase letter.', rules.lowercase],
    ['Password must contain an uppercase letter.', rules.uppercase],
    ['Password must contain a digit.', rules.digit],
    ['Password must contain a special character.', rules.special],
    [SERVER_MESSAGES.commonPassword, rules.common],
    ['Password must be at most 128 characters long.', rules.tooLong],
    ['Something else.', 'Something else.'],
  ])('reads the server message "%s"', (message, text) => {
    expect(passwordMessageText(message)).toBe(text);
  });
});

describe('activation', () => {
  const response = { id: 1, accessToken: 'a', refreshToken: 'r' } as AuthResponse;

  function startActivation(
    validate: () => Promise<{ name: string; surname: string }>,
    complete: () => Promise<AuthResponse> = () => Promise.resolve(response),
  ) {
    const calls: CompleteRegistrationRequest[] = [];
    const sessions: AuthResponse[] = [];
    const tokens: string[] = [];
    const actor = createActor(
      activationMachine.provide({
        actors: {
          validateInvitation: fromPromise(({ input }) => {
            tokens.push(input.invitationToken);
            return validate();
          }),
          completeRegistration: fromPromise<AuthResponse, CompleteRegistrationRequest>(
            ({ input }) => {
              calls.push(input);
              return complete();
            },
          ),
        },
        actions: { startSession: (_, session) => sessions.push(session) },
      }),
      { input: { invitationToken: 'invite-token' } },
    ).start();
    return { actor, calls, sessions, tokens };
  }

  const named = () => Promise.resolve({ name: 'Ana', surname: 'Anić' });

  async function submitted(name: string, surname: string, password: string) {
    const activation = startActivation(named);
    await waitFor(activation.actor, (s) => selectActivationStage(s) === 'form');
    activation.actor.send({ type: 'CHANGE_NAME', value: name });
    activation.actor.send({ type: 'CHANGE_SURNAME', value: surname });
    activation.actor.send({ type: 'CHANGE_PASSWORD', value: password });
    activation.actor.send({ type: 'SUBMIT' });
    return activation;
  }

  it('validates the token of the link and prefills the names', async () => {
    const { actor, tokens } = startActivation(named);
    expect(selectActivationStage(actor.getSnapshot())).toBe('validating');
    await waitFor(actor, (s) => selectActivationStage(s) === 'form');
    expect(tokens).toEqual(['invite-token']);
    expect(actor.getSnapshot().context).toMatchObject({ name: 'Ana', surname: 'Anić' });
  });

  it('sends names of 3 characters (trimmed) and a password of 8, then logs in', async () => {
    const { actor, calls, sessions } = await submitted(' Ivo ', 'Ban ', 'Abcde1!x');
    expect(calls).toEqual([
      { name: 'Ivo', surname: 'Ban', password: 'Abcde1!x', invitationToken: 'invite-token' },
    ]);
    await waitFor(actor, (s) => s.status === 'done');
    expect(selectActivationStage(actor.getSnapshot())).toBe('activated');
    expect(sessions).toEqual([response]);
  });

  it.each([
    ['a name of 2 characters', ' Iv ', 'Ban', STRONG, 'name'],
    ['a surname of 2 characters', 'Ivo', 'Ba  ', STRONG, 'surname'],
    ['a password of 7 characters', 'Ivo', 'Ban', 'Abcd1!x', 'password'],
    ['a name of 2 characters after cleaning', 'I\u200bv', 'Ban', STRONG, 'name'],
    // The server counts characters, not UTF-16 units: two astral letters are a name of 2.
    ['a name of 2 characters in 4 UTF-16 units', '𝒜𝒜', 'Ban', STRONG, 'name'],
  ])(
    'asks to check the data for %s under it and sends nothing',
    async (...[, name, surname, password, field]) => {
      const { actor, calls } = await submitted(name, surname, password);
      expect(actor.getSnapshot().context.errors).toEqual({
        [field]: [messages.activation.checkData],
      });
      expect(calls).toEqual([]);
    },
  );

  it('lists the server problems and clears them on the next attempt', async () => {
    let answer: Promise<AuthResponse> = Promise.reject(
      validation({ Name: ['Name must be longer than 2 characters.'] }),
    );
    const activation = startActivation(named, () => answer);
    await waitFor(activation.actor, (s) => selectActivationStage(s) === 'form');
    activation.actor.send({ type: 'CHANGE_PASSWORD', value: STRONG });
    activation.actor.send({ type: 'SUBMIT' });
    await waitFor(activation.actor, (s) => Object.keys(s.context.errors).length > 0);
    expect(activation.actor.getSnapshot().context.errors).toEqual({
      name: [messages.activation.nameTooShort],
      form: [messages.activation.checkAgain],
    });
    answer = new Promise(() => undefined);
    activation.actor.send({ type: 'SUBMIT' });
    expect(selectActivationSubmitting(activation.actor.getSnapshot())).toBe(true);
    expect(activation.actor.getSnapshot().context.errors).toEqual({});
  });

  it.each([
    [domainError(404, 'Invitation token expired.'), messages.activation.expired, true],
    [domainError(404, 'Invitation not found.'), messages.activation.invalid, true],
    [new TypeError('Failed to fetch'), messages.activation.failed, false],
  ])('says why the invitation cannot be used: %s', async (error, text, askForNew) => {
    expect(invitationProblem(error)).toEqual({ text, askForNew });
    const { actor } = startActivation(() => Promise.reject(error));
    await waitFor(actor, (s) => s.status === 'done');
    expect(selectActivationStage(actor.getSnapshot())).toBe('unusable');
    expect(actor.getSnapshot().context.invitationProblem).toEqual({ text, askForNew });
  });

  it('puts name, surname and password messages of a 400 under them, the token and a request on the form', () => {
    expect(
      registrationErrors(
        validation({
          InvitationToken: ['Invalid invitation token.'],
          Name: ['Name must be longer than 2 characters.'],
          Surname: ['Surname must be longer than 2 characters.'],
          Password: ['Password must contain a digit.', SERVER_MESSAGES.commonPassword],
        }),
      ),
    ).toEqual({
      name: [messages.activation.nameTooShort],
      surname: [messages.activation.surnameTooShort],
      password: [rules.digit, rules.common],
      form: [messages.activation.invalid, messages.activation.checkAgain],
    });
    expect(registrationErrors(domainError(400, 'Invitation token expired.'))).toEqual({
      form: [messages.activation.expired, messages.activation.checkAgain],
    });
  });

  it.each([[domainError(500, 'Boom.')], [domainError(409, 'x')], [new Error('offline')]])(
    'asks to try later for any other failure',
    (error) => {
      expect(registrationErrors(error)).toEqual({
        form: [messages.activation.submitFailed, messages.activation.submitFailedHint],
      });
    },
  );
});

describe('invite', () => {
  function startInvite(isAdministrator: boolean, invite: () => Promise<undefined>) {
    const calls: InviteRequest[] = [];
    const log: string[] = [];
    const actor = createActor(
      inviteMachine.provide({
        actors: {
          invite: fromPromise<undefined, InviteRequest>(({ input }) => {
            calls.push(input);
            return invite();
          }),
        },
        actions: {
          notifySent: (_, text) => log.push(`sent: ${text}`),
          logOut: () => log.push('logOut'),
          goToLogin: () => log.push('goToLogin'),
        },
      }),
      { input: { isAdministrator } },
    ).start();
    return { actor, calls, log };
  }

  const fill = (
    invite: ReturnType<typeof startInvite>,
    form: { email: string; role: string; gender?: string },
  ) => {
    for (const [field, value] of Object.entries(form)) {
      invite.actor.send({ type: 'CHANGE', field: field as 'email', value });
    }
    invite.actor.send({ type: 'SUBMIT' });
  };

  it('offers staff roles only to administrators', () => {
    expect(roleOptions(true)).toEqual(['user', 'employee', 'administrator']);
    expect(roleOptions(false)).toEqual(['user']);
  });

  it('sends an e-mail of 6 characters (trimmed) with an offered role', () => {
    const invite = startInvite(false, () => new Promise(() => undefined));
    fill(invite, { email: ' a@b.hr ', role: 'user' });
    expect(selectInviteSubmitting(invite.actor.getSnapshot())).toBe(true);
    expect(invite.calls).toEqual([
      { email: 'a@b.hr', roles: ['user'], firstName: null, lastName: null, gender: null },
    ]);
  });

  it.each([
    ['an e-mail of 5 characters', { email: 'a@b.h', role: 'user' }],
    ['5 characters with spaces around', { email: '  a@b.h  ', role: 'user' }],
    ['no role', { email: 'ana@primjer.hr', role: '' }],
    ['a role not offered', { email: 'ana@dentalia.hr', role: 'employee' }],
  ])('asks to check the data for %s', (_, form) => {
    const invite = startInvite(false, () => Promise.resolve(undefined));
    fill(invite, form);
    const field = form.role === 'user' ? 'email' : 'role';
    expect(invite.actor.getSnapshot().context.errors).toEqual({
      [field]: [messages.invite.checkData],
    });
    expect(invite.calls).toEqual([]);
  });

  it('sends names trimmed or null and only a known gender', () => {
    const form = { email: 'a@b.hr', role: 'user', firstName: ' Ana ', lastName: '  ' };
    expect(inviteRequest({ ...form, gender: 'female' })).toEqual({
      email: 'a@b.hr',
      roles: ['user'],
      firstName: 'Ana',
      lastName: null,
      gender: 'female',
    });
    expect(inviteRequest({ ...form, gender: 'male' }).gender).toBe('male');
    expect(inviteRequest({ ...form, gender: 'other' }).gender).toBeNull();
  });

  it('resets the form and says the invitation was sent', async () => {
    const invite = startInvite(true, () => Promise.resolve(undefined));
    fill(invite, { email: 'ana@dentalia.hr', role: 'employee', gender: 'female' });
    await waitFor(invite.actor, (s) => s.matches('editing'));
    expect(invite.actor.getSnapshot().context).toMatchObject({
      email: '',
      role: '',
      gender: '',
      errors: {},
    });
    expect(invite.log).toEqual([`sent: ${messages.invite.sent}`]);
  });

  it.each([
    ['a 401', new ApiError(401, null)],
    ['a 403', new ApiError(403, null)],
    ['an expired session', new AuthExpiredError()],
  ])('logs out on %s, then goes to the login 0.5 s later', async (_, error) => {
    vi.useFakeTimers();
    try {
      const invite = startInvite(true, () => Promise.reject(error));
      fill(invite, { email: 'ana@dentalia.hr', role: 'user' });
      await waitFor(invite.actor, (s) => s.matches('loggingOut'));
      expect(invite.log).toEqual(['logOut']);
      vi.advanceTimersByTime(499);
      expect(invite.log).toEqual(['logOut']);
      vi.advanceTimersByTime(1);
      expect(invite.log).toEqual(['logOut', 'goToLogin']);
      expect(invite.actor.getSnapshot().status).toBe('done');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a refusal of the address under the e-mail', async () => {
    const invite = startInvite(true, () =>
      Promise.reject(domainError(409, SERVER_MESSAGES.alreadyInvited('ana@dentalia.hr'))),
    );
    fill(invite, { email: 'ana@dentalia.hr', role: 'user' });
    await waitFor(invite.actor, (s) => s.matches('editing'));
    expect(invite.actor.getSnapshot().context.errors).toEqual({
      email: [messages.invite.alreadyInvited],
    });
    expect(invite.actor.getSnapshot().context.email).toBe('ana@dentalia.hr');
  });

  it.each([
    [
      validation({
        Email: [
          'Email is invalid.',
          "Email must belong to the domain 'dentalia.hr' for the selected role.",
        ],
      }),
      messages.invite.staffDomain('dentalia.hr'),
    ],
    [domainError(409, SERVER_MESSAGES.alreadyInvited('x@y.hr')), messages.invite.alreadyInvited],
    [
      domainError(409, SERVER_MESSAGES.alreadyRegistered('x@y.hr')),
      messages.invite.alreadyRegistered,
    ],
    [
      validation({ Email: ['Email is invalid.'] }),
      messages.invite.serverSaid('{"Email":["Email is invalid."]}'),
    ],
    [domainError(500, 'Boom.'), messages.invite.failed],
    [new ApiError(502, null), messages.invite.failed],
    [new Error('offline'), messages.invite.failed],
  ])('inviteErrorText(%s)', (error, text) => {
    expect(inviteErrorText(error)).toBe(text);
  });
});

describe('new password', () => {
  function startNewPassword(change: () => Promise<undefined>) {
    const calls: ChangePasswordRequest[] = [];
    const log: unknown[] = [];
    const actor = createActor(
      newPasswordMachine.provide({
        actors: {
          changePassword: fromPromise<undefined, ChangePasswordRequest>(({ input }) => {
            calls.push(input);
            return change();
          }),
        },
        actions: {
          notifyChanged: (_, text) => log.push(`changed: ${text}`),
          notifyExpired: (_, text) => log.push(`expired: ${text}`),
          reportError: (_, error) => log.push(error),
          goToLogin: () => log.push('goToLogin'),
        },
      }),
      { input: { resetToken: 'reset-token' } },
    ).start();
    return { actor, calls, log };
  }

  const submit = (
    form: ReturnType<typeof startNewPassword>,
    password: string,
    confirmation = password,
  ) => {
    form.actor.send({ type: 'CHANGE_PASSWORD', value: password });
    form.actor.send({ type: 'CHANGE_CONFIRMATION', value: confirmation });
    form.actor.send({ type: 'SUBMIT' });
  };

  it('sends a matching password that keeps the rules, then goes to the login', async () => {
    const form = startNewPassword(() => Promise.resolve(undefined));
    submit(form, STRONG);
    expect(selectNewPasswordSubmitting(form.actor.getSnapshot())).toBe(true);
    expect(form.calls).toEqual([{ newPassword: STRONG, resetToken: 'reset-token' }]);
    await waitFor(form.actor, (s) => s.status === 'done');
    expect(form.actor.getSnapshot().value).toBe('changed');
    expect(form.log).toEqual([`changed: ${messages.newPassword.changed}`, 'goToLogin']);
  });

  it('puts each broken rule under the password, the mismatch under the repetition, and sends nothing', () => {
    const form = startNewPassword(() => Promise.resolve(undefined));
    submit(form, 'abcdefgh', 'abcdefgi');
    expect(selectNewPasswordErrors(form.actor.getSnapshot())).toEqual({
      password: [rules.uppercase, rules.digit, rules.special],
      confirmation: [messages.newPassword.mismatch],
    });
    submit(form, 'Abcd1!x');
    expect(selectNewPasswordErrors(form.actor.getSnapshot())).toEqual({
      password: [rules.minLength],
    });
    expect(form.calls).toEqual([]);
  });

  it('sends the user to the login when the token is refused', async () => {
    const form = startNewPassword(() =>
      Promise.reject(domainError(400, 'Invalid or expired password reset token')),
    );
    submit(form, STRONG);
    await waitFor(form.actor, (s) => s.status === 'done');
    expect(form.actor.getSnapshot().value).toBe('expired');
    expect(form.log).toEqual([`expired: ${messages.newPassword.tokenExpired}`, 'goToLogin']);
  });

  it('puts the server password problems under the password, cleared by the next attempt', async () => {
    let answer: Promise<undefined> = Promise.reject(
      validation({ Password: [SERVER_MESSAGES.commonPassword] }),
    );
    const form = startNewPassword(() => answer);
    submit(form, STRONG);
    await waitFor(form.actor, (s) => s.matches('editing'));
    expect(selectNewPasswordErrors(form.actor.getSnapshot())).toEqual({ password: [rules.common] });
    answer = new Promise(() => undefined);
    form.actor.send({ type: 'SUBMIT' });
    expect(selectNewPasswordErrors(form.actor.getSnapshot())).toEqual({});
    expect(form.log).toEqual([]);
  });

  it.each([
    [domainError(400, 'Something else.')],
    [validation({ NewPassword: ['x'] })],
    [new Error('offline')],
  ])('hands any other failure to the error handler', async (error) => {
    const form = startNewPassword(() => Promise.reject(error));
    submit(form, STRONG);
    await waitFor(form.actor, (s) => s.matches('editing'));
    expect(form.log).toEqual([error]);
    expect(selectNewPasswordErrors(form.actor.getSnapshot())).toEqual({});
  });
});
