/**
 * `/users/*` of SPEC 7. Who may call what: login, refresh, revoke, registration and password
 * reset are open (each proves itself with a robot check or a token); `invite` needs an
 * employee, the user list an administrator. The `Korisnici` screen's lists and actions (issue
 * 29) need an employee, who sees and acts on role user alone (the service decides per row); a
 * role change needs an administrator.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountListSchema,
  authResponseSchema,
  changePasswordRequestSchema,
  completeRegistrationRequestSchema,
  invitationIdParamsSchema,
  invitationListSchema,
  inviteRequestSchema,
  loginRequestSchema,
  refreshRequestSchema,
  requestPasswordResetRequestSchema,
  revokeTokenRequestSchema,
  roleChangeRequestSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userListSchema,
  validateRegistrationRequestSchema,
  validateRegistrationResponseSchema,
} from '../../src/api/contract.ts';
import { authenticatedUser, type AuthGuards } from '../auth/guards.ts';
import { requireRobotCheck, type RobotCheck } from '../captcha/robot-check.ts';
import type { BackgroundTasks } from '../http/background-tasks.ts';
import { DomainError } from '../http/errors.ts';
import { failureLimit } from '../http/failure-limits.ts';
import { byIp, rateLimited, sharedCounters, type RateLimits } from '../http/rate-limits.ts';
import type { Db } from '../db/database.ts';
import type { UsersService } from './service.ts';
import { normaliseEmail } from '../mail/address.ts';

export interface UsersRoutesDeps {
  users: UsersService;
  auth: AuthGuards;
  robotCheck: RobotCheck;
  rateLimits: RateLimits;
  background: BackgroundTasks;
  db: Db;
}

/** The e-mail of a validated body, as the per-e-mail limits count it. */
const byEmail = (request: FastifyRequest) =>
  normaliseEmail((request.body as { email: string }).email);

export function usersRoutes(deps: UsersRoutesDeps): FastifyPluginAsyncZod {
  const { users, auth, robotCheck, rateLimits: limits, background } = deps;
  const loginFailures = failureLimit('login:email', limits.login.perEmail, sharedCounters(deps.db));
  return async (app) => {
    app.post(
      '/users/login',
      {
        schema: { body: loginRequestSchema, response: { 200: authResponseSchema } },
        preHandler: rateLimited(app, 'login:ip', limits.login.perIp, byIp),
      },
      async (request, reply) => {
        await requireRobotCheck(robotCheck, request.body.recaptchaToken, request.ip);
        const email = byEmail(request);
        await loginFailures.assertAllowed(email, reply);
        try {
          return await users.login(email, request.body.password);
        } catch (error) {
          if (isFailedLogin(error)) await loginFailures.recordFailure(email);
          throw error;
        }
      },
    );

    app.post(
      '/users/refresh-token',
      {
        schema: { body: refreshRequestSchema, response: { 200: authResponseSchema } },
        preHandler: rateLimited(app, 'refresh:ip', limits.refreshToken.perIp, byIp),
      },
      async (request) => users.refresh(request.body.refreshToken),
    );

    app.post(
      '/users/revoke-token',
      { schema: { body: revokeTokenRequestSchema } },
      async (request, reply) => {
        await users.revoke(request.body.refreshToken);
        return reply.code(204).send();
      },
    );

    app.post(
      '/users/validate-registration',
      {
        schema: {
          body: validateRegistrationRequestSchema,
          response: { 200: validateRegistrationResponseSchema },
        },
      },
      async (request) => users.validateRegistration(request.body.invitationToken),
    );

    app.post(
      '/users/complete-registration',
      {
        schema: {
          body: completeRegistrationRequestSchema,
          response: { 200: authResponseSchema },
        },
      },
      async (request) => users.completeRegistration(request.body),
    );

    const resetsPerEmail = rateLimited(
      app,
      'reset:email',
      limits.passwordResetRequest.perEmail,
      byEmail,
    );
    app.post(
      '/users/request-password-reset',
      {
        schema: { body: requestPasswordResetRequestSchema },
        preHandler: rateLimited(app, 'reset:ip', limits.passwordResetRequest.perIp, byIp),
      },
      async (request, reply) => {
        await requireRobotCheck(robotCheck, request.body.recaptchaToken, request.ip);
        await resetsPerEmail(request, reply);
        // Answered before the lookup and the mail: known and unknown e-mails take the same time.
        const { email } = request.body;
        background.run('password reset mail', () => users.requestPasswordReset(email));
        return reply.code(204).send();
      },
    );

    app.put(
      '/users/change-password',
      { schema: { body: changePasswordRequestSchema } },
      async (request, reply) => {
        await users.changePassword(request.body);
        return reply.code(204).send();
      },
    );

    app.post(
      '/users/invite',
      {
        schema: { body: inviteRequestSchema },
        onRequest: auth.requireRole('employee'),
        preHandler: [
          rateLimited(app, 'invite:ip', limits.invite.perIp, byIp),
          rateLimited(app, 'invite:email', limits.invite.perEmail, byEmail),
        ],
      },
      async (request, reply) => {
        await users.invite(authenticatedUser(request), request.body);
        return reply.code(204).send();
      },
    );

    app.get(
      '/users',
      {
        schema: { querystring: userListQuerySchema, response: { 200: userListSchema } },
        onRequest: auth.requireRole('administrator'),
      },
      async (request) => users.list(request.query.role),
    );

    const staffOnly = auth.requireRole('employee');
    app.get(
      '/users/invitations',
      { schema: { response: { 200: invitationListSchema } }, onRequest: staffOnly },
      async (request) => users.invitations(authenticatedUser(request)),
    );

    app.post(
      '/users/invitations/:id/resend',
      {
        schema: { params: invitationIdParamsSchema },
        onRequest: staffOnly,
        // Each resend is a mail, as an invitation is: the same limit per address of the caller.
        preHandler: rateLimited(app, 'invite:ip', limits.invite.perIp, byIp),
      },
      async (request, reply) => {
        await users.resendInvitation(authenticatedUser(request), request.params.id);
        return reply.code(204).send();
      },
    );

    app.post(
      '/users/invitations/:id/revoke',
      { schema: { params: invitationIdParamsSchema }, onRequest: staffOnly },
      async (request, reply) => {
        await users.revokeInvitation(authenticatedUser(request), request.params.id);
        return reply.code(204).send();
      },
    );

    app.get(
      '/users/accounts',
      { schema: { response: { 200: accountListSchema } }, onRequest: staffOnly },
      async (request) => users.accounts(authenticatedUser(request)),
    );

    app.post(
      '/users/:id/deactivate',
      { schema: { params: userIdParamsSchema }, onRequest: staffOnly },
      async (request, reply) => {
        await users.deactivate(authenticatedUser(request), request.params.id);
        return reply.code(204).send();
      },
    );

    app.put(
      '/users/:id/role',
      {
        schema: { params: userIdParamsSchema, body: roleChangeRequestSchema },
        onRequest: auth.requireRole('administrator'),
      },
      async (request, reply) => {
        await users.changeRole(authenticatedUser(request), request.params.id, request.body.role);
        return reply.code(204).send();
      },
    );
  };
}

/** A wrong password or an unknown e-mail: what a guesser produces. */
function isFailedLogin(error: unknown): boolean {
  return error instanceof DomainError && (error.statusCode === 401 || error.statusCode === 404);
}
