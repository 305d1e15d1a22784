/**
 * The login machine's rules at their edges (SPEC 5 and 9), driven directly: the model-based test
 * walks the flow with one valid and one empty value, which never reaches the length boundary.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AuthResponse, LoginRequest } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import {
  loginErrorText,
  loginMachine,
  selectLoginErrors,
  selectLoginRobotChecked,
  selectLoginSubmitting,
} from '../../src/machines/login.machine.ts';
import { messages } from '../../src/messages.ts';

const response: AuthResponse = {
  id: 1,
  name: 'Ana',
  surname: 'Anić',
  email: 'ana@primjer.hr',
  roles: ['user'],
  accessToken: 'access',
  refreshToken: 'refresh',
};

function startLogin(logIn: (input: LoginRequest) => Promise<AuthResponse>) {
  const calls: LoginRequest[] = [];
  const sessions: AuthResponse[] = [];
  let wentHome = 0;
  const actor = createActor(
    loginMachine.provide({
      actors: {
        logIn: fromPromise<AuthResponse, LoginRequest>(({ input }) => {
          calls.push(input);
          return logIn(input);
        }),
      },
      actions: {
        startSession: (_, session) => sessions.push(session),
        goHome: () => (wentHome += 1),
      },
    }),
  ).start();
  return { actor, calls, sessions, wentHome: () => wentHome };
}

function attempt(email: string, password: string, logIn = () => Promise.resolve(response)) {
  const login = startLogin(logIn);
  login.actor.send({ type: 'CHANGE_EMAIL', value: email });
  login.actor.send({ type: 'CHANGE_PASSWORD', value: password });
  login.actor.send({ type: 'ROBOT_VERIFIED', token: 'robot-token' });
  login.actor.send({ type: 'SUBMIT' });
  return login;
}

const six = 'abcdef';
const five = 'abcde';

describe('login: e-mail and password longer than 5 characters', () => {
  it('submits with 6 characters in each field', async () => {
    const { actor, calls } = attempt(six, six);
    expect(selectLoginSubmitting(actor.getSnapshot())).toBe(true);
    expect(calls).toEqual([{ email: six, password: six, recaptchaToken: 'robot-token' }]);
    await waitFor(actor, (s) => s.status === 'done');
  });

  it.each([
    ['an e-mail of 5 characters', five, six],
    ['a password of 5 characters', six, five],
    ['an e-mail of 6 characters with spaces around 5', `  ${five} `, six],
    ['a password of 6 characters with spaces around 5', six, ` ${five}  `],
  ])('asks to check the credentials for %s and sends nothing', (_, email, password) => {
    const { actor, calls } = attempt(email, password);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(Object.values(selectLoginErrors(actor.getSnapshot())).flat()).toContain(
      messages.login.checkCredentials,
    );
    expect(calls).toEqual([]);
  });

  it("editing a field takes its own message away, not the other field's", () => {
    const { actor } = attempt(five, five);
    expect(selectLoginErrors(actor.getSnapshot())).toEqual({
      email: [messages.login.checkCredentials],
      password: [messages.login.checkCredentials],
    });
    actor.send({ type: 'CHANGE_PASSWORD', value: six });
    expect(selectLoginErrors(actor.getSnapshot())).toEqual({
      email: [messages.login.checkCredentials],
    });
    actor.send({ type: 'CHANGE_EMAIL', value: six });
    expect(selectLoginErrors(actor.getSnapshot())).toEqual({});
  });

  it('sends the e-mail trimmed and the password as typed', async () => {
    const { actor, calls } = attempt('  ana@primjer.hr ', ' Lozinka1! ');
    expect(calls).toEqual([
      { email: 'ana@primjer.hr', password: ' Lozinka1! ', recaptchaToken: 'robot-token' },
    ]);
    await waitFor(actor, (s) => s.status === 'done');
  });
});

describe('login: robot check and outcome', () => {
  it('asks for the robot check before judging the credentials', () => {
    const { actor, calls } = startLogin(() => Promise.resolve(response));
    actor.send({ type: 'CHANGE_EMAIL', value: five });
    actor.send({ type: 'SUBMIT' });
    expect(selectLoginErrors(actor.getSnapshot())).toEqual({
      form: [messages.login.robotCheckRequired],
    });
    expect(selectLoginRobotChecked(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'ROBOT_VERIFIED', token: 't' });
    expect(selectLoginRobotChecked(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'ROBOT_EXPIRED' });
    expect(selectLoginRobotChecked(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'SUBMIT' });
    expect(selectLoginErrors(actor.getSnapshot())).toEqual({
      form: [messages.login.robotCheckRequired],
    });
    expect(calls).toEqual([]);
  });

  it('starts the session with the answer, goes home once and ends', async () => {
    const { actor, sessions, wentHome } = attempt(six, six);
    expect(selectLoginErrors(actor.getSnapshot())).toEqual({});
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('success');
    expect(sessions).toEqual([response]);
    expect(wentHome()).toBe(1);
    expect(selectLoginRobotChecked(actor.getSnapshot())).toBe(false);
  });

  it('clears the previous error when it submits again', async () => {
    const { actor } = attempt(five, six);
    expect(selectLoginErrors(actor.getSnapshot())).toEqual({
      email: [messages.login.checkCredentials],
    });
    actor.send({ type: 'CHANGE_EMAIL', value: six });
    // Editing the entry takes its message away.
    expect(selectLoginErrors(actor.getSnapshot())).toEqual({});
    actor.send({ type: 'SUBMIT' });
    expect(selectLoginSubmitting(actor.getSnapshot())).toBe(true);
    expect(selectLoginErrors(actor.getSnapshot())).toEqual({});
    await waitFor(actor, (s) => s.status === 'done');
  });

  it('shows the failure, forgets the robot check and stays on the form', async () => {
    const { actor, sessions, wentHome } = attempt(six, six, () =>
      Promise.reject(new ApiError(401, { errors: ['Invalid credentials.'] })),
    );
    await waitFor(actor, (s) => !s.matches('submitting'));
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectLoginErrors(actor.getSnapshot())).toEqual({
      form: [messages.login.wrongPassword],
    });
    expect(selectLoginRobotChecked(actor.getSnapshot())).toBe(false);
    expect(sessions).toEqual([]);
    expect(wentHome()).toBe(0);
  });
});

describe('loginErrorText', () => {
  it.each([
    [400, messages.login.badRequest],
    [401, messages.login.wrongPassword],
    [404, messages.login.userNotFound],
    [500, messages.login.serverError],
    [403, messages.login.deactivated],
    [502, messages.login.failed],
  ])('maps status %i', (status, text) => {
    expect(loginErrorText(new ApiError(status, null))).toBe(text);
  });

  it('says the login failed when no answer came', () => {
    expect(loginErrorText(new TypeError('Failed to fetch'))).toBe(messages.login.failed);
  });
});
