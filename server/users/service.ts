/**
 * Accounts: login, sessions, invitation-only registration, password reset, invitations and
 * the user list. Routes validate the shape of a request; the rules live here.
 */
import type {
  AccountSummary,
  AuthResponse,
  ChangePasswordRequest,
  CompleteRegistrationRequest,
  InvitationState,
  InvitationSummary,
  InviteRequest,
  Role,
  StoredUser,
  UserListItem,
  ValidateRegistrationResponse,
} from '../../src/api/contract.ts';
import { activationNamesSchema, parseFormFields } from '../../src/api/contract.ts';
import { audited, recordAudit } from '../audit/log.ts';
import type { AccessTokens } from '../auth/access-tokens.ts';
import { hasRole, type AuthenticatedUser } from '../auth/guards.ts';
import { expiryAfter, hashOpaqueToken, newOpaqueToken } from '../auth/opaque-tokens.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { newPasswordProblems } from '../auth/password-policy.ts';
import type { Sessions, SessionTokens } from '../auth/sessions.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { DomainError, MESSAGES, ValidationError } from '../http/errors.ts';
import { normaliseEmail, requireEmail } from '../mail/address.ts';
import type { Mailer } from '../mail/mailer.ts';
import { invitationMail, passwordResetMail } from './mail.ts';
import {
  createUser,
  deactivateUser,
  deleteInvitation,
  findAccount,
  findInvitation,
  deleteResetToken,
  findInvitationByTokenHash,
  findResetTokenByHash,
  findUserByEmail,
  hasPendingInvitation,
  insertInvitation,
  insertResetToken,
  isRegistered,
  listAccounts,
  listInvitations,
  listUsers,
  recordLogin,
  rolesOfUser,
  renewInvitation,
  replaceRoles,
  revokeInvitation,
  setPasswordHash,
  spendInvitation,
  spendResetTokensOf,
  storedUser,
} from './store.ts';

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000;
const STAFF_ROLES: readonly Role[] = ['employee', 'administrator'];

export interface UsersServiceDeps {
  config: Pick<Config, 'publicUrl' | 'brand' | 'staffEmailDomain'>;
  db: Db;
  mailer: Mailer;
  now: Clock;
  accessTokens: AccessTokens;
  sessions: Sessions;
}

export interface UsersService {
  login(email: string, password: string): Promise<AuthResponse>;
  refresh(refreshToken: string): Promise<AuthResponse>;
  revoke(refreshToken: string): Promise<void>;
  /** Read-only: mail scanners open links, so only submitting spends the invitation. */
  validateRegistration(token: string): Promise<ValidateRegistrationResponse>;
  completeRegistration(request: CompleteRegistrationRequest): Promise<AuthResponse>;
  /** The same answer for every e-mail, known or not: nobody learns who has an account. */
  requestPasswordReset(email: string): Promise<void>;
  changePassword(request: ChangePasswordRequest): Promise<void>;
  invite(caller: AuthenticatedUser, request: InviteRequest): Promise<void>;
  list(role: Role | undefined): Promise<UserListItem[]>;
  /** Staff: every invitation for administrators, those of role user for employees (SPEC 6). */
  invitations(caller: AuthenticatedUser): Promise<InvitationSummary[]>;
  /** A new link for an unused invitation, mailed; the old link stops working. */
  resendInvitation(caller: AuthenticatedUser, id: number): Promise<void>;
  revokeInvitation(caller: AuthenticatedUser, id: number): Promise<void>;
  /** Staff: every account for administrators, those of role user for employees (SPEC 6). */
  accounts(caller: AuthenticatedUser): Promise<AccountSummary[]>;
  /** Ends the account's sessions at once and refuses its logins from now on. */
  deactivate(caller: AuthenticatedUser, id: number): Promise<void>;
  /** Administrators: the account holds `role` alone, within SPEC 8's staff-domain rule. */
  changeRole(caller: AuthenticatedUser, id: number, role: Role): Promise<void>;
}

export function usersService(deps: UsersServiceDeps): UsersService {
  const { db, now, sessions } = deps;
  const mailContext = { publicUrl: deps.config.publicUrl, brand: deps.config.brand };

  async function authResponse(user: StoredUser, session: SessionTokens): Promise<AuthResponse> {
    const { refreshToken, sessionId } = session;
    const accessToken = await deps.accessTokens.issue({
      userId: user.id,
      roles: user.roles,
      sessionId,
    });
    return { ...user, accessToken, refreshToken };
  }

  /** The invitation of `token` if it can still be used; the errors of the contract if not. */
  async function usableInvitation(token: string) {
    const invitation = await findInvitationByTokenHash(db, hashOpaqueToken(token));
    if (invitation === undefined || invitation.used_at !== null) {
      throw new DomainError(404, MESSAGES.invitationNotFound);
    }
    if (invitation.revoked_at !== null) throw new DomainError(410, MESSAGES.invitationRevoked);
    if (invitation.expires_at <= now().toISOString()) {
      throw new DomainError(400, MESSAGES.invitationExpired);
    }
    return invitation;
  }

  async function usableResetToken(token: string) {
    const reset = await findResetTokenByHash(db, hashOpaqueToken(token));
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
      // Said only to whoever knows the password: a guesser learns nothing of the account.
      if (user.deactivated_at !== null) throw new DomainError(403, MESSAGES.accountDeactivated);
      await recordLogin(db, user.id, now());
      return authResponse(await storedUser(db, user.id), await sessions.start(user.id));
    },

    async refresh(refreshToken: string): Promise<AuthResponse> {
      const rotated = await sessions.rotate(refreshToken);
      return authResponse(await storedUser(db, rotated.userId), rotated);
    },

    revoke: (refreshToken: string) => sessions.revoke(refreshToken),

    async validateRegistration(token: string): Promise<ValidateRegistrationResponse> {
      const invitation = await usableInvitation(token);
      return { name: invitation.first_name ?? '', surname: invitation.last_name ?? '' };
    },

    async completeRegistration(request: CompleteRegistrationRequest): Promise<AuthResponse> {
      const invitation = await usableInvitation(request.invitationToken);
      // Cleaned by the contract's schema (src/api/text.ts): invisible-only names are empty here.
      const { name, surname } = request;
      // SPEC 5's names rule, the one the activation form judges with (contract/accountForms.ts).
      const names = parseFormFields(activationNamesSchema, { Name: name, Surname: surname });
      const problems: Record<string, string[]> = names.ok ? {} : names.problems;
      const passwordProblems = await newPasswordProblems(request.password);
      if (passwordProblems.length > 0) problems.Password = passwordProblems;
      if (Object.keys(problems).length > 0) throw new ValidationError(problems);
      if (await isRegistered(db, invitation.email)) {
        throw new DomainError(409, MESSAGES.alreadyRegistered(invitation.email));
      }

      // Hashed before the transaction: the database is never held for the 100 ms of argon2.
      const passwordHash = await hashPassword(request.password);
      const created = await db.transaction().execute(async (trx) => {
        // Submitted twice at once: the other request spent it first.
        if (!(await spendInvitation(trx, invitation.id, now()))) return undefined;
        const createdAt = now();
        const userId = await createUser(trx, {
          email: invitation.email,
          name,
          surname,
          gender: invitation.gender,
          passwordHash,
          roles: invitation.roles,
          createdAt,
        });
        await recordLogin(trx, userId, createdAt);
        return { userId, session: await sessions.start(userId, trx) };
      });
      if (created === undefined) throw new DomainError(404, MESSAGES.invitationNotFound);
      return authResponse(await storedUser(db, created.userId), created.session);
    },

    async requestPasswordReset(email: string): Promise<void> {
      const user = await findUserByEmail(db, normaliseEmail(email));
      // A deactivated account gets no link: its login would be refused anyway.
      if (user === undefined || user.deactivated_at !== null) return;
      const { token, hash } = newOpaqueToken();
      const createdAt = now();
      const id = await insertResetToken(db, {
        tokenHash: hash,
        userId: user.id,
        createdAt,
        expiresAt: expiryAfter(createdAt, PASSWORD_RESET_LIFETIME_MS),
      });
      try {
        await deps.mailer.send(
          passwordResetMail(mailContext, { email: user.email, name: user.name, token }),
        );
      } catch (error) {
        // A link nobody received must not stay usable.
        await deleteResetToken(db, id);
        throw new DomainError(502, MESSAGES.mailFailed, { cause: error });
      }
    },

    async changePassword(request: ChangePasswordRequest): Promise<void> {
      const reset = await usableResetToken(request.resetToken);
      const problems = await newPasswordProblems(request.newPassword);
      if (problems.length > 0) throw ValidationError.field('Password', ...problems);
      const passwordHash = await hashPassword(request.newPassword);
      const changed = await db.transaction().execute(async (trx) => {
        // Spends this link and any other the user requested: one change per request.
        const spent = await spendResetTokensOf(trx, reset.user_id, now());
        if (!spent.includes(reset.id)) return false;
        await setPasswordHash(trx, reset.user_id, passwordHash);
        await sessions.revokeAllOf(reset.user_id, trx);
        return true;
      });
      if (!changed) throw new DomainError(400, MESSAGES.invalidResetToken);
    },

    async invite(caller: AuthenticatedUser, request: InviteRequest): Promise<void> {
      const roles = [...new Set(request.roles)];
      requireRightOver(caller, roles);
      const email = requireEmail(request.email);
      requireStaffDomain(email, roles, 'Email');
      if (await isRegistered(db, email))
        throw new DomainError(409, MESSAGES.alreadyRegistered(email));
      if (await hasPendingInvitation(db, email, now()))
        throw new DomainError(409, MESSAGES.alreadyInvited(email));

      const firstName = blankToNull(request.firstName);
      const invitation = {
        email,
        firstName,
        lastName: blankToNull(request.lastName),
        gender: request.gender ?? null,
        roles,
        invitedBy: caller.userId,
      };
      const { id, token } = await audited(
        db,
        (trx) => newInvitation(trx, now(), invitation),
        ({ id }) => ({
          kind: 'invitation',
          action: 'create',
          objectId: id,
          summary: invited(invitation),
        }),
      );
      try {
        await deps.mailer.send(invitationMail(mailContext, { email, firstName, token }));
      } catch (error) {
        // An invitation whose mail failed must not block a new one, nor stay usable.
        await audited(
          db,
          (trx) => deleteInvitation(trx, id),
          () => ({
            kind: 'invitation',
            action: 'revoke',
            objectId: id,
            summary: `${email}: e-mail nije poslan`,
          }),
        );
        throw new DomainError(502, MESSAGES.mailFailed, { cause: error });
      }
    },

    list: (role: Role | undefined): Promise<UserListItem[]> => listUsers(db, role),

    async invitations(caller) {
      const at = now().toISOString();
      const rows = await listInvitations(db, { userRoleOnly: !hasRole(caller, 'administrator') });
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        roles: row.roles,
        invitedBy:
          row.inviter_name === null ? null : `${row.inviter_name} ${row.inviter_surname ?? ''}`,
        sentAt: row.created_at,
        expiresAt: row.expires_at,
        state: invitationState(row, at),
      }));
    },

    async resendInvitation(caller, id) {
      const invitation = await invitationInReach(caller, id);
      if (await isRegistered(db, invitation.email)) {
        throw new DomainError(409, MESSAGES.alreadyRegistered(invitation.email));
      }
      const { token, hash } = newOpaqueToken();
      const sentAt = now();
      const renewed = await audited(
        db,
        (trx) =>
          renewInvitation(trx, id, {
            tokenHash: hash,
            sentAt,
            expiresAt: expiryAfter(sentAt, INVITATION_LIFETIME_MS),
          }),
        (done) =>
          done
            ? { kind: 'invitation', action: 'resend', objectId: id, summary: invitation.email }
            : undefined,
      );
      if (!renewed) throw new DomainError(409, MESSAGES.invitationAccepted);
      try {
        await deps.mailer.send(
          invitationMail(mailContext, {
            email: invitation.email,
            firstName: invitation.first_name,
            token,
          }),
        );
      } catch (error) {
        // The new link reached nobody and the old one is gone: the invitation is taken back,
        // so the list says so and a later resend can try again.
        await revokeInvitation(db, id, now());
        throw new DomainError(502, MESSAGES.mailFailed, { cause: error });
      }
    },

    async revokeInvitation(caller, id) {
      const invitation = await invitationInReach(caller, id);
      if (invitation.revoked_at !== null) return;
      const revoked = (done: boolean) =>
        done
          ? ({
              kind: 'invitation',
              action: 'revoke',
              objectId: id,
              summary: invitation.email,
            } as const)
          : undefined;
      if (!(await audited(db, (trx) => revokeInvitation(trx, id, now()), revoked))) {
        throw new DomainError(409, MESSAGES.invitationAccepted);
      }
    },

    async accounts(caller) {
      const rows = await listAccounts(db, { userRoleOnly: !hasRole(caller, 'administrator') });
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        surname: row.surname,
        email: row.email,
        roles: row.roles,
        lastLoginAt: row.last_login_at,
        deactivated: row.deactivated_at !== null,
      }));
    },

    async deactivate(caller, id) {
      const account = await accountInReach(caller, id);
      await db.transaction().execute(async (trx) => {
        await deactivateUser(trx, id, now());
        await recordAudit(trx, {
          kind: 'user',
          action: 'deactivate',
          objectId: id,
          summary: account.email,
        });
        // Every session ends now: the guards refuse the access tokens of a revoked session.
        await sessions.revokeAllOf(id, trx);
      });
    },

    async changeRole(caller, id, role) {
      const account = await accountInReach(caller, id);
      requireStaffDomain(account.email, [role], 'role');
      // The account's access tokens name its old roles: the guards refuse them from now on, and
      // its next refresh carries the new role.
      await db.transaction().execute(async (trx) => {
        await replaceRoles(trx, id, role);
        await recordAudit(trx, {
          kind: 'user',
          action: 'roleChange',
          objectId: id,
          summary: `${account.email}: ${ROLE_NAMES[role]}`,
        });
      });
    },
  };

  /** SPEC 6: an employee acts on role user alone; staff roles are for administrators. */
  function requireRightOver(caller: AuthenticatedUser, roles: readonly Role[]) {
    const staff = roles.some((role) => STAFF_ROLES.includes(role));
    if (staff && !hasRole(caller, 'administrator')) {
      throw new DomainError(403, MESSAGES.forbidden);
    }
  }

  /** SPEC 8: a staff role only for an e-mail of the staff domain. */
  function requireStaffDomain(email: string, roles: readonly Role[], field: string) {
    const domain = deps.config.staffEmailDomain;
    if (roles.some((role) => STAFF_ROLES.includes(role)) && !email.endsWith(`@${domain}`)) {
      throw ValidationError.field(field, MESSAGES.staffDomainRequired(domain));
    }
  }

  async function invitationInReach(caller: AuthenticatedUser, id: number) {
    const invitation = await findInvitation(db, id);
    if (invitation === undefined) throw new DomainError(404, MESSAGES.invitationMissing);
    requireRightOver(caller, invitation.roles);
    if (invitation.used_at !== null) throw new DomainError(409, MESSAGES.invitationAccepted);
    return invitation;
  }

  /** An account the caller may act on: not their own, and a staff account only for admins. */
  async function accountInReach(caller: AuthenticatedUser, id: number) {
    const account = await findAccount(db, id);
    if (account === undefined) throw new DomainError(404, MESSAGES.userNotFound);
    if (account.id === caller.userId) throw new DomainError(409, MESSAGES.ownAccount);
    requireRightOver(caller, await rolesOfUser(db, id));
    return account;
  }
}

/** What became of an invitation at `at` (ISO): used, revoked, past its expiry, or waiting. */
export function invitationState(
  row: { used_at: string | null; revoked_at: string | null; expires_at: string },
  at: string,
): InvitationState {
  if (row.used_at !== null) return 'accepted';
  if (row.revoked_at !== null) return 'revoked';
  return row.expires_at <= at ? 'expired' : 'waiting';
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
export async function newInvitation(db: Db, now: Date, invitation: NewInvitation) {
  const { token, hash } = newOpaqueToken();
  const id = await insertInvitation(db, {
    ...invitation,
    tokenHash: hash,
    createdAt: now,
    expiresAt: expiryAfter(now, INVITATION_LIFETIME_MS),
  });
  return { id, token };
}

/** SPEC 3's role names, as the audit log's line of an invitation says them. */
const ROLE_NAMES: Record<Role, string> = {
  user: 'korisnik',
  employee: 'zaposlenik',
  administrator: 'administrator',
};

/** The audit log's line of an invitation: who, as what. */
function invited(invitation: NewInvitation): string {
  return `${invitation.email}: ${invitation.roles.map((role) => ROLE_NAMES[role]).join(', ')}`;
}

/** Names arrive cleaned by the contract's schema (src/api/text.ts). */
function blankToNull(value: string | null | undefined): string | null {
  return value || null;
}
