/**
 * The `Korisnici` screen's server side (issue 29): invitations with their states, resend and
 * revoke; accounts with their last login, deactivation and role change; and who may do which
 * (SPEC 6: an employee sees and acts on role user alone; the server decides, not the screen).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { AccountSummary, AuthResponse, InvitationSummary } from '../../src/api/contract.ts';
import {
  ADMIN,
  EMPLOYEE,
  USER,
  DEMO_PASSWORD,
  login,
  postJson,
  solveRobotCheck,
  tokenInMail,
} from './support/accounts.ts';
import { useServer } from './support/server-fixture.ts';

const server = useServer({ seedAccounts: true });
const STRONG = 'Zubar-Sigurno-77';

/** Each login solves a robot check and hashes a password: one per caller and test is enough. */
const sessions = new Map<string, Promise<AuthResponse>>();
beforeEach(() => sessions.clear());
function sessionOf(email: string): Promise<AuthResponse> {
  const session = sessions.get(email) ?? login(server.app, email);
  sessions.set(email, session);
  return session;
}
async function tokenOf(email: string) {
  return (await sessionOf(email)).accessToken;
}
/** Logins and argon2 hashes take seconds on a busy machine. */
const SLOW = { timeout: 30_000 };

function call(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) {
  return server.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined && { payload }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function invite(email: string, roles: string[], as = ADMIN) {
  const response = await postJson(
    server.app,
    '/users/invite',
    { email, roles, firstName: 'Nova', lastName: 'Osoba' },
    { token: await tokenOf(as) },
  );
  expect(response.statusCode, response.body).toBe(204);
  return tokenInMail(server.mailer.sent.at(-1), 'aktiviraj-racun');
}

async function invitations(as = ADMIN): Promise<InvitationSummary[]> {
  const response = await call('GET', '/users/invitations', await tokenOf(as));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<InvitationSummary[]>();
}

async function invitationOf(email: string, as = ADMIN) {
  const found = (await invitations(as)).find((invitation) => invitation.email === email);
  if (!found) throw new Error(`no invitation of ${email}`);
  return found;
}

async function accounts(as = ADMIN): Promise<AccountSummary[]> {
  const response = await call('GET', '/users/accounts', await tokenOf(as));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AccountSummary[]>();
}

const validate = (invitationToken: string) =>
  postJson(server.app, '/users/validate-registration', { invitationToken });

async function register(invitationToken: string): Promise<AuthResponse> {
  const response = await postJson(server.app, '/users/complete-registration', {
    name: 'Nova',
    surname: 'Osoba',
    password: STRONG,
    invitationToken,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuthResponse>();
}

async function loginAnswer(email: string, password: string) {
  return postJson(server.app, '/users/login', {
    email,
    password,
    recaptchaToken: await solveRobotCheck(server.app),
  });
}

describe('invitations', SLOW, () => {
  it('lists each with its role, inviter, time and state: waiting, accepted, expired, revoked', async () => {
    const accepted = await invite('prihvatila@example.com', ['user']);
    await register(accepted);
    await invite('ceka@example.com', ['user']);
    await invite('istekla@example.com', ['user'], EMPLOYEE);
    await server.db
      .updateTable('invitations')
      .set({ expires_at: new Date(server.clock.now().getTime() - 1000).toISOString() })
      .where('email', '=', 'istekla@example.com')
      .execute();
    await invite('povucena@dentalia.hr', ['employee']);
    const revoked = await invitationOf('povucena@dentalia.hr');
    expect(
      (await call('POST', `/users/invitations/${revoked.id}/revoke`, await tokenOf(ADMIN)))
        .statusCode,
    ).toBe(204);

    const list = await invitations();
    const byEmail = Object.fromEntries(list.map((row) => [row.email, row]));
    expect(byEmail['prihvatila@example.com']).toMatchObject({ state: 'accepted', roles: ['user'] });
    expect(byEmail['ceka@example.com']).toMatchObject({
      state: 'waiting',
      roles: ['user'],
      firstName: 'Nova',
      lastName: 'Osoba',
      invitedBy: 'Ivana Horvat',
    });
    expect(byEmail['istekla@example.com']).toMatchObject({ state: 'expired' });
    expect(byEmail['povucena@dentalia.hr']).toMatchObject({
      state: 'revoked',
      roles: ['employee'],
    });
    expect(Date.parse(byEmail['ceka@example.com']?.sentAt ?? '')).toBeLessThanOrEqual(Date.now());
    // Newest first.
    expect(list[0]?.email).toBe('povucena@dentalia.hr');
  });

  it('an employee sees the invitations of role user only; a user and a visitor see none', async () => {
    await invite('obicna@example.com', ['user']);
    await invite('kolega@dentalia.hr', ['employee']);
    const seen = (await invitations(EMPLOYEE)).map((row) => row.email);
    expect(seen).toContain('obicna@example.com');
    expect(seen).not.toContain('kolega@dentalia.hr');
    expect((await call('GET', '/users/invitations', await tokenOf(USER))).statusCode).toBe(403);
    expect((await call('GET', '/users/invitations')).statusCode).toBe(401);
  });

  it('resend mails a new link; the old link stops working, the new one works', async () => {
    const old = await invite('ponovno@example.com', ['user']);
    const { id } = await invitationOf('ponovno@example.com');
    const sent = server.mailer.sent.length;
    const response = await call('POST', `/users/invitations/${id}/resend`, await tokenOf(EMPLOYEE));
    expect(response.statusCode, response.body).toBe(204);
    expect(server.mailer.sent).toHaveLength(sent + 1);
    expect(server.mailer.sent.at(-1)?.to).toBe('ponovno@example.com');
    const renewed = tokenInMail(server.mailer.sent.at(-1), 'aktiviraj-racun');
    expect(renewed).not.toBe(old);
    expect((await validate(old)).statusCode).toBe(404);
    expect((await validate(renewed)).json()).toEqual({ name: 'Nova', surname: 'Osoba' });
  });

  it('resend makes an expired or revoked invitation waiting again, with a new expiry', async () => {
    await invite('obnovljena@example.com', ['user']);
    const { id } = await invitationOf('obnovljena@example.com');
    const admin = await tokenOf(ADMIN);
    expect((await call('POST', `/users/invitations/${id}/revoke`, admin)).statusCode).toBe(204);
    await server.db
      .updateTable('invitations')
      .set({ expires_at: new Date(server.clock.now().getTime() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect((await call('POST', `/users/invitations/${id}/resend`, admin)).statusCode).toBe(204);
    const renewed = await invitationOf('obnovljena@example.com');
    expect(renewed.state).toBe('waiting');
    expect(Date.parse(renewed.expiresAt)).toBeGreaterThan(server.clock.now().getTime());
  });

  it('a revoked link says so (410) and cannot be completed', async () => {
    const token = await invite('povuci@example.com', ['user']);
    const { id } = await invitationOf('povuci@example.com');
    expect(
      (await call('POST', `/users/invitations/${id}/revoke`, await tokenOf(EMPLOYEE))).statusCode,
    ).toBe(204);
    const answer = await validate(token);
    expect(answer.statusCode).toBe(410);
    expect(answer.json()).toEqual({ errors: ['Invitation token revoked.'] });
    const completed = await postJson(server.app, '/users/complete-registration', {
      name: 'Nova',
      surname: 'Osoba',
      password: STRONG,
      invitationToken: token,
    });
    expect(completed.statusCode).toBe(410);
    // Revoking twice changes nothing.
    expect(
      (await call('POST', `/users/invitations/${id}/revoke`, await tokenOf(ADMIN))).statusCode,
    ).toBe(204);
  });

  it('an accepted invitation can be neither resent nor revoked (409); an unknown one is 404', async () => {
    await register(await invite('gotova@example.com', ['user']));
    const { id } = await invitationOf('gotova@example.com');
    const admin = await tokenOf(ADMIN);
    for (const action of ['resend', 'revoke']) {
      const response = await call('POST', `/users/invitations/${id}/${action}`, admin);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        errors: ['The invitation was accepted: it cannot be resent or revoked.'],
      });
    }
    expect((await call('POST', '/users/invitations/999999/revoke', admin)).statusCode).toBe(404);
  });

  it('an employee may neither resend nor revoke a staff invitation (403)', async () => {
    await invite('osoblje@dentalia.hr', ['administrator']);
    const { id } = await invitationOf('osoblje@dentalia.hr');
    const employee = await tokenOf(EMPLOYEE);
    for (const action of ['resend', 'revoke']) {
      const response = await call('POST', `/users/invitations/${id}/${action}`, employee);
      expect(response.statusCode).toBe(403);
    }
    expect((await invitationOf('osoblje@dentalia.hr')).state).toBe('waiting');
  });

  it('a resend whose mail fails leaves the invitation revoked, not silently broken', async () => {
    await invite('bezposte@example.com', ['user']);
    const { id } = await invitationOf('bezposte@example.com');
    const admin = await tokenOf(ADMIN);
    server.mailer.failNext = true;
    expect((await call('POST', `/users/invitations/${id}/resend`, admin)).statusCode).toBe(502);
    expect((await invitationOf('bezposte@example.com')).state).toBe('revoked');
  });
});

describe('accounts', SLOW, () => {
  it('lists name, e-mail, roles and last login; an employee sees accounts of role user only', async () => {
    const before = (await accounts()).find((account) => account.email === USER);
    expect(before).toMatchObject({ roles: ['user'], deactivated: false });
    await login(server.app, USER);
    const after = (await accounts()).find((account) => account.email === USER);
    expect(after?.lastLoginAt).toBe(server.clock.now().toISOString());
    expect((await accounts()).map((account) => account.email)).toEqual(
      expect.arrayContaining([ADMIN, EMPLOYEE, USER]),
    );
    const seenByEmployee = (await accounts(EMPLOYEE)).map((account) => account.email);
    expect(seenByEmployee).toContain(USER);
    expect(seenByEmployee).not.toContain(ADMIN);
    expect(seenByEmployee).not.toContain(EMPLOYEE);
    expect((await call('GET', '/users/accounts', await tokenOf(USER))).statusCode).toBe(403);
  });

  it('a registration counts as the first login', async () => {
    const session = await register(await invite('prva@example.com', ['user']));
    const row = (await accounts()).find((account) => account.id === session.id);
    expect(row?.lastLoginAt).toBe(server.clock.now().toISOString());
  });
});

describe('deactivation', SLOW, () => {
  it('ends the sessions at once and refuses the login after the right password only', async () => {
    const session = await login(server.app, USER);
    const employee = await tokenOf(EMPLOYEE);
    const response = await call('POST', `/users/${session.id}/deactivate`, employee);
    expect(response.statusCode, response.body).toBe(204);

    expect((await call('GET', '/educations', session.accessToken)).statusCode).toBe(401);
    const refresh = await postJson(server.app, '/users/refresh-token', {
      refreshToken: session.refreshToken,
    });
    expect(refresh.statusCode).toBe(401);
    const refused = await loginAnswer(USER, DEMO_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: ['This account is deactivated.'] });
    expect((await loginAnswer(USER, 'Kriva-Lozinka-1')).statusCode).toBe(401);
    expect((await accounts()).find((account) => account.id === session.id)?.deactivated).toBe(true);
  });

  it('a deactivated account gets no password-reset mail', async () => {
    const { id } = await sessionOf(USER);
    expect((await call('POST', `/users/${id}/deactivate`, await tokenOf(ADMIN))).statusCode).toBe(
      204,
    );
    const sent = server.mailer.sent.length;
    const reset = await postJson(server.app, '/users/request-password-reset', {
      email: USER,
      recaptchaToken: await solveRobotCheck(server.app),
    });
    expect(reset.statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.mailer.sent).toHaveLength(sent);
  });

  it('an employee may not deactivate staff (403); nobody their own account (409)', async () => {
    const admin = await sessionOf(ADMIN);
    const employee = await sessionOf(EMPLOYEE);
    const byEmployee = await call('POST', `/users/${admin.id}/deactivate`, employee.accessToken);
    expect(byEmployee.statusCode).toBe(403);
    const own = await call('POST', `/users/${admin.id}/deactivate`, admin.accessToken);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({
      errors: ['You cannot change the role or the access of your own account.'],
    });
    const user = await sessionOf(USER);
    expect(
      (await call('POST', `/users/${employee.id}/deactivate`, user.accessToken)).statusCode,
    ).toBe(403);
    expect((await call('POST', '/users/999999/deactivate', admin.accessToken)).statusCode).toBe(
      404,
    );
    expect((await loginAnswer(ADMIN, DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('role change', SLOW, () => {
  it('gives a staff role to a staff-domain account; its old tokens stop, its refresh has the role', async () => {
    const session = await register(await invite('buduca@dentalia.hr', ['user']));
    const admin = await tokenOf(ADMIN);
    const response = await call('PUT', `/users/${session.id}/role`, admin, { role: 'employee' });
    expect(response.statusCode, response.body).toBe(204);
    expect((await call('GET', '/users/invitations', session.accessToken)).statusCode).toBe(401);
    const refreshed = await postJson(server.app, '/users/refresh-token', {
      refreshToken: session.refreshToken,
    });
    expect(refreshed.json<AuthResponse>().roles).toEqual(['employee']);
    const { accessToken } = refreshed.json<AuthResponse>();
    expect((await call('GET', '/users/invitations', accessToken)).statusCode).toBe(200);
  });

  it("refuses a staff role outside the staff domain with SPEC 8's message", async () => {
    const { id } = await sessionOf(USER);
    const response = await call('PUT', `/users/${id}/role`, await tokenOf(ADMIN), {
      role: 'administrator',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { role: ["Email must belong to the domain 'dentalia.hr' for the selected role."] },
    });
  });

  it('an employee may not change roles (403); an administrator not their own (409)', async () => {
    const employee = await sessionOf(EMPLOYEE);
    const admin = await sessionOf(ADMIN);
    const { id } = await sessionOf(USER);
    const byEmployee = await call('PUT', `/users/${id}/role`, employee.accessToken, {
      role: 'user',
    });
    expect(byEmployee.statusCode).toBe(403);
    const own = await call('PUT', `/users/${admin.id}/role`, admin.accessToken, { role: 'user' });
    expect(own.statusCode).toBe(409);
    const demoted = await call('PUT', `/users/${employee.id}/role`, admin.accessToken, {
      role: 'user',
    });
    expect(demoted.statusCode).toBe(204);
    expect((await accounts()).find((account) => account.id === employee.id)?.roles).toEqual([
      'user',
    ]);
  });
});
