/**
 * Accounts: login, sessions, invitation-only registration, password reset, invitations and
 * the user list. Routes validate the shape of a request; the rules live here.
 */
import type {
  AuthResponse,
  ChangePasswordRequest,
  CompleteRegistrationRequest,
  InviteRequest,
  Role,
  StoredUser,
  UserListItem,
  ValidateRegistrationResponse,
} from '../../src/api/contract.ts';
import type { AccessTokens } from '../auth/access-tokens.ts';
import { hasRole, type AuthenticatedUser } from '../auth/guards.ts';
import { hashOpaqueToken, isoAfter, newOpaqueToken } from '../auth/opaque-tokens.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { newPasswordProblems } from '../auth/password-policy.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { DomainError, MESSAGES, ValidationError } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { invitationMail, passwordResetMail } from './mail.ts';
import { createUser, findUserByEmail, isRegistered, normaliseEmail, storedUser } from './store.ts';

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000;
const NAME_MIN_LENGTH = 3;
const STAFF_ROLES: readonly Role[] = ['employee', 'administrator'];
// Deliberately loose: one @, a dot in the domain, no spaces. The mail itself is the real test.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX_LENGTH = 254;

export interface UsersServiceDeps {
  config: Pick<Config, 'publicUrl' | 'brand' | 'staffEmailDomain'>;
  db: Db;
  mailer: Mailer;
  now: Clock;
  accessTokens: AccessTokens;
  sessions: Sessions;
}

export type UsersService = ReturnType<typeof usersService>;

export function usersService(deps: UsersServiceDeps) {
  const { db, now, sessions } = deps;
  const mailContext = { publicUrl: deps.config.publicUrl, brand: deps.config.brand };

  async function authResponse(user: StoredUser, refreshToken: string): Promise<AuthResponse> {
    const accessToken = await deps.accessTokens.issue({ userId: user.id, roles: user.roles });
    return { ...user, accessToken, refreshToken };
  }

  /** The invitation of `token` if it can still be used; the errors of the contract if not. */
  async function usableInvitation(token: string) {
    const invitation = await db
      .selectFrom('invitations')
      .selectAll()
      .where('token_hash', '=', hashOpaqueToken(token))
      .executeTakeFirst();
    if (invitation === undefined || invitation.used_at !== null) {
      throw new DomainError(404, MESSAGES.invitationNotFound);
    }
    if (invitation.expires_at <= now().toISOString()) {
      throw new DomainError(400, MESSAGES.invitationExpired);
    }
    return invitation;
  }

  async function usableResetToken(token: string) {
    const reset = await db
      .selectFrom('password_reset_tokens')
      .select(['id', 'user_id', 'expires_at', 'used_at'])
      .where('token_hash', '=', hashOpaqueToken(token))
      .executeTakeFirst();
    if (reset === undefined || reset.used_at !== null || reset.expires_at <= now().toISOString()) {
      throw new DomainError(400, MESSAGES.invalidResetToken);
    }
    return reset;
  }

  return {
    async login(email: string, password: string): Promise<AuthResponse> {
      const user = await findUserByEmail(db, normaliseEmail(email));
      if (user === undefined) throw new DomainError(404, MESSAGES.userNotFound);
      const valid =
        user.password_hash !== null && (await verifyPassword(user.password_hash, password));
      if (!valid) throw new DomainError(401, MESSAGES.invalidCredentials);
      return authResponse(await storedUser(db, user.id), await sessions.start(user.id));
    },

    async refresh(refreshToken: string): Promise<AuthResponse> {
      const rotated = await sessions.rotate(refreshToken);
      return authResponse(await storedUser(db, rotated.userId), rotated.refreshToken);
    },

    revoke: (refreshToken: string) => sessions.revoke(refreshToken),

    /** Read-only: mail scanners open links, so only submitting spends the invitation. */
    async validateRegistration(token: string): Promise<ValidateRegistrationResponse> {
      const invitation = await usableInvitation(token);
      return { name: invitation.first_name ?? '', surname: invitation.last_name ?? '' };
    },

    async completeRegistration(request: CompleteRegistrationRequest): Promise<AuthResponse> {
      const invitation = await usableInvitation(request.invitationToken);
      const name = request.name.trim();
      const surname = request.surname.trim();
      const problems: Record<string, string[]> = {};
      if ([...name].length < NAME_MIN_LENGTH) problems.Name = [MESSAGES.nameTooShort];
      if ([...surname].length < NAME_MIN_LENGTH) problems.Surname = [MESSAGES.surnameTooShort];
      const passwordProblems = newPasswordProblems(request.password);
      if (passwordProblems.length > 0) problems.Password = passwordProblems;
      if (Object.keys(problems).length > 0) throw new ValidationError(problems);
      if (await isRegistered(db, invitation.email)) {
        throw new DomainError(409, MESSAGES.alreadyRegistered(invitation.email));
      }

      // Hashed before the transaction: the database is never held for the 100 ms of argon2.
      const passwordHash = await hashPassword(request.password);
      const created = await db.transaction().execute(async (trx) => {
        const spent = await trx
          .updateTable('invitations')
          .set({ used_at: now().toISOString() })
          .where('id', '=', invitation.id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        // Submitted twice at once: the other request spent it first.
        if (spent.numUpdatedRows !== 1n) return undefined;
        const userId = await createUser(trx, {
          email: invitation.email,
          name,
          surname,
          gender: invitation.gender,
          passwordHash,
          roles: JSON.parse(invitation.roles) as Role[],
          createdAt: now(),
        });
        return { userId, refreshToken: await sessions.start(userId, trx) };
      });
      if (created === undefined) throw new DomainError(404, MESSAGES.invitationNotFound);
      return authResponse(await storedUser(db, created.userId), created.refreshToken);
    },

    /** The same answer for every e-mail, known or not: nobody learns who has an account. */
    async requestPasswordReset(email: string): Promise<void> {
      const user = await findUserByEmail(db, normaliseEmail(email));
      if (user === undefined) return;
      const { token, hash } = newOpaqueToken();
      const createdAt = now();
      const { id } = await db
        .insertInto('password_reset_tokens')
        .values({
          token_hash: hash,
          user_id: user.id,
          created_at: createdAt.toISOString(),
          expires_at: isoAfter(createdAt, PASSWORD_RESET_LIFETIME_MS),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      try {
        await deps.mailer.send(
          passwordResetMail(mailContext, { email: user.email, name: user.name, token }),
        );
      } catch (error) {
        // A link nobody received must not stay usable.
        await db.deleteFrom('password_reset_tokens').where('id', '=', id).execute();
        throw new DomainError(502, MESSAGES.mailFailed, { cause: error });
      }
    },

    async changePassword(request: ChangePasswordRequest): Promise<void> {
      const reset = await usableResetToken(request.resetToken);
      const problems = newPasswordProblems(request.newPassword);
      if (problems.length > 0) throw ValidationError.field('Password', ...problems);
      const passwordHash = await hashPassword(request.newPassword);
      const changed = await db.transaction().execute(async (trx) => {
        const at = now().toISOString();
        // Spends this link and any other the user requested: one change per request.
        const spent = await trx
          .updateTable('password_reset_tokens')
          .set({ used_at: at })
          .where('user_id', '=', reset.user_id)
          .where('used_at', 'is', null)
          .returning('id')
          .execute();
        if (!spent.some((row) => row.id === reset.id)) return false;
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash })
          .where('id', '=', reset.user_id)
          .execute();
        await sessions.revokeAllOf(reset.user_id, trx);
        return true;
      });
      if (!changed) throw new DomainError(400, MESSAGES.invalidResetToken);
    },

    async invite(caller: AuthenticatedUser, request: InviteRequest): Promise<void> {
      const email = normaliseEmail(request.email);
      const roles = [...new Set(request.roles)];
      const staff = roles.some((role) => STAFF_ROLES.includes(role));
      if (staff && !hasRole(caller, 'administrator')) {
        throw new DomainError(403, MESSAGES.forbidden);
      }
      if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
        throw ValidationError.field('Email', MESSAGES.invalidEmail);
      }
      const domain = deps.config.staffEmailDomain;
      if (staff && !email.endsWith(`@${domain}`)) {
        throw ValidationError.field('Email', MESSAGES.staffDomainRequired(domain));
      }
      if (await isRegistered(db, email))
        throw new DomainError(409, MESSAGES.alreadyRegistered(email));
      const pending = await db
        .selectFrom('invitations')
        .select('id')
        .where('email', '=', email)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now().toISOString())
        .executeTakeFirst();
      if (pending !== undefined) throw new DomainError(409, MESSAGES.alreadyInvited(email));

      const firstName = blankToNull(request.firstName);
      const { id, token } = await insertInvitation(db, now(), {
        email,
        firstName,
        lastName: blankToNull(request.lastName),
        gender: request.gender ?? null,
        roles,
        invitedBy: caller.userId,
      });
      try {
        await deps.mailer.send(invitationMail(mailContext, { email, firstName, token }));
      } catch (error) {
        // An invitation whose mail failed must not block a new one, nor stay usable.
        await db.deleteFrom('invitations').where('id', '=', id).execute();
        throw new DomainError(502, MESSAGES.mailFailed, { cause: error });
      }
    },

    async list(role: Role | undefined): Promise<UserListItem[]> {
      let query = db.selectFrom('users').select(['id', 'name', 'surname', 'email']);
      if (role !== undefined) {
        query = query.where('id', 'in', (sub) =>
          sub.selectFrom('user_roles').select('user_id').where('role', '=', role),
        );
      }
      return query.orderBy('surname').orderBy('name').orderBy('id').execute();
    },
  };
}

export interface NewInvitation {
  email: string;
  firstName: string | null;
  lastName: string | null;
  gender: 'male' | 'female' | null;
  roles: Role[];
  invitedBy: number | null;
}

/** Stores an invitation valid for 7 days; returns its id and the token for the link. */
export async function insertInvitation(db: Db, now: Date, invitation: NewInvitation) {
  const { token, hash } = newOpaqueToken();
  const { id } = await db
    .insertInto('invitations')
    .values({
      token_hash: hash,
      email: invitation.email,
      first_name: invitation.firstName,
      last_name: invitation.lastName,
      gender: invitation.gender,
      roles: JSON.stringify(invitation.roles),
      invited_by: invitation.invitedBy,
      created_at: now.toISOString(),
      expires_at: isoAfter(now, INVITATION_LIFETIME_MS),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, token };
}

function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
