/**
 * Accounts (SPEC 3 "User"; SPEC 7 `/users`): login, tokens, registration, password reset,
 * invitations and the user list.
 */
import * as z from 'zod/mini';
import {
  ROLES,
  emailField,
  nameField,
  opaqueToken,
  passwordField,
  robotCheckToken,
  roleSchema,
} from './common.ts';

/** SPEC 3: stored user. */
export const storedUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  roles: z.array(roleSchema),
});
export type StoredUser = z.infer<typeof storedUserSchema>;

/** SPEC 3: stored auth. */
export const tokensSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type Tokens = z.infer<typeof tokensSchema>;

/** SPEC 3: login and refresh responses carry the user and the tokens. */
export const authResponseSchema = z.extend(storedUserSchema, tokensSchema.shape);
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const refreshRequestSchema = z.object({ refreshToken: opaqueToken('refreshToken') });
export const refreshResponseSchema = tokensSchema;

export const GENDERS = ['male', 'female'] as const;
export const genderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof genderSchema>;

/** POST /users/login. */
export const loginRequestSchema = z.object({
  email: emailField(),
  password: passwordField('password'),
  recaptchaToken: robotCheckToken,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export const loginResponseSchema = authResponseSchema;

/** POST /users/revoke-token (logout): the refresh token to revoke. */
export const revokeTokenRequestSchema = refreshRequestSchema;

/** POST /users/validate-registration: read-only, the token is not spent. */
export const validateRegistrationRequestSchema = z.object({
  invitationToken: opaqueToken('invitationToken'),
});
/** Names from the invitation; empty strings when the inviter left them out. */
export const validateRegistrationResponseSchema = z.object({
  name: z.string(),
  surname: z.string(),
});
export type ValidateRegistrationResponse = z.infer<typeof validateRegistrationResponseSchema>;

/** POST /users/complete-registration: answers like login. */
export const completeRegistrationRequestSchema = z.object({
  name: nameField('name'),
  surname: nameField('surname'),
  password: passwordField('password'),
  invitationToken: opaqueToken('invitationToken'),
});
export type CompleteRegistrationRequest = z.infer<typeof completeRegistrationRequestSchema>;
export const completeRegistrationResponseSchema = authResponseSchema;

/** POST /users/request-password-reset: 204 whether or not the e-mail is known. */
export const requestPasswordResetRequestSchema = z.object({
  email: emailField(),
  recaptchaToken: robotCheckToken,
});
export type RequestPasswordResetRequest = z.infer<typeof requestPasswordResetRequestSchema>;

/** PUT /users/change-password: 204. */
export const changePasswordRequestSchema = z.object({
  newPassword: passwordField('newPassword'),
  resetToken: opaqueToken('resetToken'),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** POST /users/invite: 204. SPEC 5: an unknown gender and empty names are sent as null. */
export const inviteRequestSchema = z.object({
  email: emailField(),
  roles: z.array(roleSchema).check(z.minLength(1), z.maxLength(ROLES.length)),
  firstName: z.nullable(z.optional(nameField('firstName'))),
  lastName: z.nullable(z.optional(nameField('lastName'))),
  gender: z.nullable(z.optional(genderSchema)),
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

/** GET /users?role=user (administrators). */
export const userListQuerySchema = z.object({ role: z.optional(roleSchema) });
export const userListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;
export const userListSchema = z.array(userListItemSchema);

/**
 * The server's message when a refresh token cannot be used (ARCHITECTURE.md "The wire contract").
 * The other server messages the client reacts to are in serverMessages.ts, part of this contract:
 * only their screens need them, and a module of their own keeps them out of the first visit's
 * code (this message is needed there, by the API client).
 */
export const INVALID_REFRESH_TOKEN = 'The provided refresh token is invalid, expired or revoked';

// People and invitations (issue 29): the `Korisnici` screen's lists and actions.

/** What became of an invitation: its link works (waiting), was used, ran out or was taken back. */
export const INVITATION_STATES = ['waiting', 'accepted', 'expired', 'revoked'] as const;
export const invitationStateSchema = z.enum(INVITATION_STATES);
export type InvitationState = z.infer<typeof invitationStateSchema>;

/** GET /users/invitations (staff): newest first; an employee sees the invitations of role user. */
export const invitationSummarySchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  roles: z.array(roleSchema),
  /** The inviter's name and surname; null for the first administrator's (the CLI's) invitation. */
  invitedBy: z.nullable(z.string()),
  /** When its current link was sent (a resend sends a new one). */
  sentAt: z.string(),
  expiresAt: z.string(),
  state: invitationStateSchema,
});
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;
export const invitationListSchema = z.array(invitationSummarySchema);

/** GET /users/accounts (staff): an employee sees the accounts of role user. */
export const accountSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  roles: z.array(roleSchema),
  lastLoginAt: z.nullable(z.string()),
  deactivated: z.boolean(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;
export const accountListSchema = z.array(accountSummarySchema);

export const invitationIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'id must be an invitation id.' }).check(z.int(), z.positive()),
});
export const userIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'id must be a user id.' }).check(z.int(), z.positive()),
});

/** PUT /users/{id}/role (administrators): the one role the account holds from now on. */
export const roleChangeRequestSchema = z.object({ role: roleSchema });
export type RoleChangeRequest = z.infer<typeof roleChangeRequestSchema>;
