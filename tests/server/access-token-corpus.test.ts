/**
 * A corpus of bad access tokens, each refused with 401 by a guarded route, next to the one
 * good token that passes. Time comes from the injected server.clock.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { SECRETS_FILE } from '../../server/secrets.ts';
import { ADMIN, login, postJson, USER } from './support/accounts.ts';
import { useServer } from './support/server-fixture.ts';

const server = useServer({ seedAccounts: true });

const listUsers = (authorization: string | undefined) =>
  server.app.inject({
    method: 'GET',
    url: '/api/v1/users?role=user',
    headers: authorization === undefined ? {} : { authorization },
  });

/** The generated JWT secret of this data folder: only the control token is signed with it. */
const secretKey = () =>
  new TextEncoder().encode(
    JSON.parse(readFileSync(path.join(server.dataDir, SECRETS_FILE), 'utf8')).jwtSecret,
  );

/** The session (`sid`) of a live login of the administrator (user 1): forged tokens name it. */
let adminSession = '';
const sessionOf = (accessToken: string) => String(decodeJwt(accessToken).sid);

beforeEach(async () => {
  adminSession = sessionOf((await login(server.app, ADMIN)).accessToken);
});

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function signedAs(
  claims: Record<string, unknown>,
  options: { key?: Uint8Array; alg?: string } = {},
) {
  const publicUrl = server.config.publicUrl;
  const now = Math.floor(server.clock.now().getTime() / 1000);
  return new SignJWT({ roles: ['administrator'], sid: adminSession, ...claims })
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .setSubject(String(claims.sub ?? '1'))
    .setIssuer(String(claims.iss ?? publicUrl))
    .setAudience(String(claims.aud ?? publicUrl))
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(options.key ?? secretKey());
}

/** The session id of an administrator's login that has logged out since. */
async function loggedOutSession() {
  const { accessToken, refreshToken } = await login(server.app, ADMIN);
  expect((await postJson(server.app, '/users/revoke-token', { refreshToken })).statusCode).toBe(
    204,
  );
  return sessionOf(accessToken);
}

describe('the access-token corpus', () => {
  it('a token signed like ours with the right key passes (the control)', async () => {
    expect((await listUsers(`Bearer ${await signedAs({})}`)).statusCode).toBe(200);
  });

  it('refuses every bad token with 401 in the domain-error shape', async () => {
    const user = await login(server.app, USER);
    const [header, , signature] = user.accessToken.split('.');
    const payload = decodeJwt(user.accessToken);
    const escalated = `${header}.${base64url({ ...payload, roles: ['administrator'] })}.${signature}`;
    const unsecured = new UnsecuredJWT({ roles: ['administrator'] })
      .setSubject('1')
      .setIssuer(server.config.publicUrl)
      .setAudience(server.config.publicUrl)
      .setExpirationTime('10m')
      .encode();

    const corpus: Record<string, string | undefined> = {
      'no header': undefined,
      'empty header': '',
      'missing Bearer': user.accessToken,
      'another scheme': `Basic ${user.accessToken}`,
      garbage: 'Bearer not.a.jwt',
      'alg none': `Bearer ${unsecured}`,
      'wrong key': `Bearer ${await signedAs({}, { key: new TextEncoder().encode('x'.repeat(32)) })}`,
      'other algorithm, right key': `Bearer ${await signedAs({}, { alg: 'HS512' })}`,
      'tampered payload': `Bearer ${escalated}`,
      'wrong issuer': `Bearer ${await signedAs({ iss: 'https://evil.example' })}`,
      'wrong audience': `Bearer ${await signedAs({ aud: 'https://other.example' })}`,
      'subject not a user id': `Bearer ${await signedAs({ sub: 'admin' })}`,
      'unknown role': `Bearer ${await signedAs({ roles: ['root'] })}`,
      'no session': `Bearer ${await signedAs({ sid: undefined })}`,
      'a session of another user': `Bearer ${await signedAs({ sid: sessionOf(user.accessToken) })}`,
      'a session logged out': `Bearer ${await signedAs({ sid: await loggedOutSession() })}`,
    };
    for (const [name, authorization] of Object.entries(corpus)) {
      const response = await listUsers(authorization);
      expect(response.statusCode, name).toBe(401);
      expect(response.json(), name).toEqual({ errors: ['Authentication is required.'] });
    }
  });

  it('an expired token is refused, and one not yet expired passes', async () => {
    const { accessToken } = await login(server.app, ADMIN);
    expect((await listUsers(`Bearer ${accessToken}`)).statusCode).toBe(200);
    server.clock.advance(16 * 60 * 1000);
    expect((await listUsers(`Bearer ${accessToken}`)).statusCode).toBe(401);
  });
});
