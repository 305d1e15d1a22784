/**
 * Who may call a route, decided on the server for every route (ARCHITECTURE.md "Roles").
 * Routes put a guard in their `onRequest` hook, before the body is even read:
 *
 *   app.post('/invite', { onRequest: auth.requireRole('employee') }, async (request) => {
 *     const caller = authenticatedUser(request);
 *   });
 *
 * No token or a bad one is 401; a valid token without the role is 403. `employee` passes for
 * administrators too. A token acts only while its user exists with the roles it names and its
 * login session is not revoked: the tokens of a deleted or re-roled account, of a session logged
 * out, and of every session of a changed password are 401 at once (the client's refresh then gets
 * the current roles, or nothing), not after their 15 minutes. One query per guarded request reads
 * both from the database, so every process sees a revocation at once (decision 0039).
 */
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Role } from '../../src/api/contract.ts';
import { DomainError, MESSAGES } from '../http/errors.ts';
import type { AccessTokenClaims, AccessTokens } from './access-tokens.ts';

export type AuthenticatedUser = AccessTokenClaims;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser`/`requireRole`; null on routes without a guard. */
    authenticatedUser: AuthenticatedUser | null;
  }
}

export interface AuthGuards {
  requireUser: onRequestAsyncHookHandler;
  requireRole(role: Exclude<Role, 'user'>): onRequestAsyncHookHandler;
}

/** Roles that satisfy a check for `role`. */
const SATISFIES: Record<Exclude<Role, 'user'>, Role[]> = {
  employee: ['employee', 'administrator'],
  administrator: ['administrator'],
};

export function hasRole(user: AuthenticatedUser, role: Role): boolean {
  if (role === 'user') return true;
  return user.roles.some((held) => SATISFIES[role].includes(held));
}

/**
 * The roles a user holds now in the login session `sessionId`; none for a revoked session, a
 * session of someone else or an account that no longer exists.
 */
export type SessionRoles = (userId: number, sessionId: string) => Promise<Role[]>;

export function authGuards(tokens: AccessTokens, currentRoles: SessionRoles): AuthGuards {
  const requireUser: onRequestAsyncHookHandler = async (request, reply) => {
    request.authenticatedUser = await authenticate(request, reply, tokens, currentRoles);
  };
  return {
    requireUser,
    requireRole(role) {
      return async (request, reply) => {
        const user = await authenticate(request, reply, tokens, currentRoles);
        if (!hasRole(user, role)) throw new DomainError(403, MESSAGES.forbidden);
        request.authenticatedUser = user;
      };
    },
  };
}

/** The caller of a guarded route; throws on a route whose guard is missing (a bug). */
export function authenticatedUser(request: FastifyRequest): AuthenticatedUser {
  if (request.authenticatedUser === null) throw new Error('route without an auth guard');
  return request.authenticatedUser;
}

async function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: AccessTokens,
  currentRoles: SessionRoles,
) {
  const match = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '');
  const claims = match?.[1] === undefined ? undefined : await tokens.verify(match[1]);
  if (
    claims === undefined ||
    !sameRoles(claims.roles, await currentRoles(claims.userId, claims.sessionId))
  ) {
    // RFC 6750: tells a client which scheme the route wants.
    reply.header('www-authenticate', 'Bearer');
    throw new DomainError(401, MESSAGES.unauthenticated);
  }
  return claims;
}

/** Also false for an account without roles: every account has at least one. */
function sameRoles(claimed: readonly Role[], held: readonly Role[]): boolean {
  return (
    held.length > 0 &&
    claimed.length === held.length &&
    claimed.every((role) => held.includes(role))
  );
}
