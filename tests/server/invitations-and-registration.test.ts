import { describe, expect, it } from 'vitest';
import { INVITATION_LIFETIME_MS } from '../../server/users/service.ts';
import {
  ADMIN,
  EMPLOYEE,
  login,
  outboxMessages,
  postJson,
  tokenInMail,
  USER,
} from './support/accounts.ts';
import { useServer } from './support/server-fixture.ts';

const server = useServer({ seedAccounts: true });

const STRONG = 'Zubar-Sigurno-77';
const invitee = (overrides: object = {}) => ({
  email: 'Nova.Korisnica@Example.com',
  roles: ['user'],
  firstName: 'Nova',
  lastName: 'Korisnica',
  gender: 'female',
  ...overrides,
});

async function tokenOf(email: string) {
  return (await login(server.app, email)).accessToken;
}

async function invite(body: object, as = ADMIN) {
  return postJson(server.app, '/users/invite', body, { token: await tokenOf(as) });
}

const validate = (invitationToken: string) =>
  postJson(server.app, '/users/validate-registration', { invitationToken });

const complete = (invitationToken: string, overrides: object = {}) =>
  postJson(server.app, '/users/complete-registration', {
    name: 'Nova',
    surname: 'Korisnica',
    password: STRONG,
    invitationToken,
    ...overrides,
  });

async function invitedToken(body: object = invitee(), as = ADMIN) {
  const response = await invite(body, as);
  expect(response.statusCode, response.body).toBe(204);
  return tokenInMail(server.mailer.sent.at(-1), 'aktiviraj-racun');
}

describe('POST /users/invite: who may invite whom', () => {
  it('anonymous: 401', async () => {
    const response = await postJson(server.app, '/users/invite', invitee());
    expect(response.statusCode).toBe(401);
  });

  it('a plain user: 403', async () => {
    const response = await invite(invitee(), USER);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errors: ['You are not allowed to do this.'] });
  });

  it('an employee invites users, but not staff', async () => {
    expect((await invite(invitee(), EMPLOYEE)).statusCode).toBe(204);
    const staff = await invite(
      invitee({ email: 'nova@dentalia.hr', roles: ['employee'] }),
      EMPLOYEE,
    );
    expect(staff.statusCode).toBe(403);
  });

  it('an administrator invites staff of the staff domain only', async () => {
    for (const role of ['employee', 'administrator']) {
      const outside = await invite(invitee({ email: `${role}@example.com`, roles: [role] }));
      expect(outside.statusCode).toBe(400);
      expect(outside.json()).toEqual({
        errors: { Email: ["Email must belong to the domain 'dentalia.hr' for the selected role."] },
      });
      const inside = await invite(invitee({ email: `${role}@dentalia.hr`, roles: [role] }));
      expect(inside.statusCode).toBe(204);
    }
  });
});

describe('POST /users/invite: the answers', () => {
  it('sends a Croatian mail, HTML and text, with a link to /aktiviraj-racun/{token}', async () => {
    await invitedToken();
    const mail = server.mailer.sent.at(-1);
    expect(mail?.to).toBe('nova.korisnica@example.com');
    expect(mail?.subject).toBe('Pozivnica: Dentalia');
    expect(mail?.text).toContain('Poštovani/a Nova,');
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/aktiviraj-racun\/[\w-]{43}\n/);
    expect(mail?.html).toMatch(/<a href="http:\/\/localhost:3000\/aktiviraj-racun\/[\w-]{43}">/);
  });

  it('409 for a pending invitation and for a registered e-mail, whatever the case', async () => {
    const token = await invitedToken();
    const again = await invite(invitee({ email: 'NOVA.korisnica@example.com' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      errors: ['User nova.korisnica@example.com is already invited.'],
    });
    expect((await complete(token)).statusCode).toBe(200);
    const registered = await invite(invitee());
    expect(registered.statusCode).toBe(409);
    expect(registered.json()).toEqual({
      errors: ['User nova.korisnica@example.com is already registered.'],
    });
    const demo = await invite(invitee({ email: USER.toUpperCase() }));
    expect(demo.json()).toEqual({ errors: [`User ${USER} is already registered.`] });
  });

  it('an expired invitation may be renewed', async () => {
    await invitedToken();
    server.clock.advance(INVITATION_LIFETIME_MS + 1000);
    expect((await invite(invitee())).statusCode).toBe(204);
  });

  it('a bad e-mail or an unknown role is a validation error', async () => {
    const email = await invite(invitee({ email: 'not-an-email' }));
    expect(email.statusCode).toBe(400);
    expect(email.json()).toEqual({ errors: { Email: ['Email is not a valid e-mail address.'] } });
    const role = await invite(invitee({ roles: ['root'] }));
    expect(role.statusCode).toBe(400);
    expect(Object.keys(role.json().errors)).toEqual(['roles[0]']);
    expect((await invite(invitee({ roles: [] }))).statusCode).toBe(400);
  });

  it('refuses an address a mail library would read as another recipient, and mails nobody', async () => {
    for (const email of ['x,victim@example.com', 'x<victim@example.com>']) {
      const response = await invite(invitee({ email }));
      expect(response.statusCode, email).toBe(400);
      expect(response.json(), email).toEqual({
        errors: { Email: ['Email is not a valid e-mail address.'] },
      });
    }
    expect(server.mailer.sent).toEqual([]);
    expect(await server.db.selectFrom('invitations').select('email').execute()).toEqual([]);
  });

  it('names and gender may be null (SPEC 5); validation then offers empty names', async () => {
    const token = await invitedToken(invitee({ firstName: null, lastName: '  ', gender: null }));
    expect((await validate(token)).json()).toEqual({ name: '', surname: '' });
  });

  it('a failed mail is reported (502) and leaves no usable invitation behind', async () => {
    server.mailer.failNext = true;
    const failed = await invite(invitee());
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      errors: ['The e-mail could not be sent. Please try again later.'],
    });
    expect(await server.db.selectFrom('invitations').selectAll().execute()).toEqual([]);
    expect((await invite(invitee())).statusCode).toBe(204);
  });
});

describe('POST /users/validate-registration', () => {
  it('is read-only: validating twice leaves the invitation valid', async () => {
    const token = await invitedToken();
    for (let i = 0; i < 2; i++) {
      const response = await validate(token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ name: 'Nova', surname: 'Korisnica' });
    }
    expect((await complete(token)).statusCode).toBe(200);
  });

  it('unknown or used: 404; expired after 7 days: 400', async () => {
    const unknown = await validate('made-up-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: ['Invitation token not found.'] });

    const token = await invitedToken();
    server.clock.advance(INVITATION_LIFETIME_MS - 1000);
    expect((await validate(token)).statusCode).toBe(200);
    server.clock.advance(2000);
    const expired = await validate(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ errors: ['Invitation token expired.'] });
    expect((await complete(token)).json()).toEqual({ errors: ['Invitation token expired.'] });
  });
});

describe('POST /users/complete-registration', () => {
  it('creates the user with the invited roles, spends the invitation, logs in', async () => {
    const token = await invitedToken(
      invitee({ email: 'Nova@Dentalia.hr', roles: ['employee', 'administrator'] }),
    );
    const response = await complete(token, { name: '  Nova ', surname: 'Zaposlenica' });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({
      name: 'Nova',
      surname: 'Zaposlenica',
      email: 'nova@dentalia.hr',
      roles: ['administrator', 'employee'],
    });
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/v1/users',
      headers: { authorization: `Bearer ${answer.accessToken}` },
    });
    expect(list.statusCode).toBe(200);
    expect(await login(server.app, 'nova@dentalia.hr', STRONG)).toMatchObject({ id: answer.id });

    const used = await complete(token);
    expect(used.statusCode).toBe(404);
    expect(used.json()).toEqual({ errors: ['Invitation token not found.'] });
    expect((await validate(token)).statusCode).toBe(404);
  });

  it('password rules: one message per broken rule on Password', async () => {
    const token = await invitedToken();
    const response = await complete(token, { password: 'abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        Password: [
          'Password must be at least 8 characters long.',
          'Password must contain an uppercase letter.',
          'Password must contain a digit.',
          'Password must contain a special character.',
        ],
      },
    });
    // Refusals do not spend the invitation.
    expect((await validate(token)).statusCode).toBe(200);
  });

  it('names longer than 2 characters; every problem at once', async () => {
    const token = await invitedToken();
    const response = await complete(token, { name: ' Al ', surname: '', password: 'ABCDEFGH1-' });
    expect(response.json()).toEqual({
      errors: {
        Name: ['Name must be longer than 2 characters.'],
        Surname: ['Surname must be longer than 2 characters.'],
        Password: ['Password must contain a lowercase letter.'],
      },
    });
  });

  it('refuses a common password that passes every rule', async () => {
    const token = await invitedToken();
    const response = await complete(token, { password: 'P@ssw0rd' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { Password: ['Password is too common; choose one that is harder to guess.'] },
    });
  });

  it('accepts 256 characters unchanged (spaces included), refuses 257', async () => {
    const long = ` Aa1-${'ž'.repeat(250)} `;
    expect([...long].length).toBe(256);
    const tooLong = await complete(await invitedToken(), { password: `${long}x` });
    expect(tooLong.json()).toEqual({
      errors: { Password: ['Password must be at most 256 characters long.'] },
    });
    const token = tokenInMail(server.mailer.sent.at(-1), 'aktiviraj-racun');
    expect((await complete(token, { password: long })).statusCode).toBe(200);
    await login(server.app, 'nova.korisnica@example.com', long);
  });
});

describe('GET /users?role=user', () => {
  it('administrators get id, name, surname and e-mail of the users with that role', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/v1/users?role=user',
      headers: { authorization: `Bearer ${await tokenOf(ADMIN)}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: expect.any(Number), name: 'Ana', surname: 'Babić', email: USER },
    ]);
  });

  it('anonymous 401, user and employee 403, unknown role 400', async () => {
    const list = (token?: string, query = 'role=user') =>
      server.app.inject({
        method: 'GET',
        url: `/api/v1/users?${query}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    expect((await list()).statusCode).toBe(401);
    expect((await list(await tokenOf(USER))).statusCode).toBe(403);
    expect((await list(await tokenOf(EMPLOYEE))).statusCode).toBe(403);
    expect((await list(await tokenOf(ADMIN), 'role=root')).statusCode).toBe(400);
  });
});

describe('the outbox', () => {
  it('holds the invitation as an .eml file whose link activates the account', async () => {
    await server.restart({ outbox: true });
    const response = await invite(invitee());
    expect(response.statusCode).toBe(204);
    const [eml] = outboxMessages(server.dataDir);
    expect(eml).toContain('Content-Type: text/html');
    const token = /\/aktiviraj-racun\/([\w-]{43})/.exec(eml ?? '')?.[1] ?? '';
    expect((await validate(token)).json()).toEqual({ name: 'Nova', surname: 'Korisnica' });
    expect((await complete(token)).statusCode).toBe(200);
  });
});
