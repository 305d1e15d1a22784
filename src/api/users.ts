/**
 * The `/api/v1/users/*` calls of SPEC 7, bound to the one API client (`createApi`). Refreshing
 * tokens belongs to the client itself; revoking them to the auth session.
 */
import type { ApiClient } from './client.ts';
import {
  accountListSchema,
  completeRegistrationResponseSchema,
  invitationListSchema,
  loginResponseSchema,
  validateRegistrationResponseSchema,
  type AccountSummary,
  type AuthResponse,
  type ChangePasswordRequest,
  type CompleteRegistrationRequest,
  type InvitationSummary,
  type InviteRequest,
  type LoginRequest,
  type RequestPasswordResetRequest,
  type Role,
  type UserListItem,
  type ValidateRegistrationResponse,
  userListSchema,
} from './contract.ts';

export function usersApi(client: ApiClient) {
  return {
    login: (request: LoginRequest): Promise<AuthResponse> =>
      client.post('/users/login', request, loginResponseSchema),
    /** Logout: the refresh token's family is revoked; nothing to read. */
    async revokeToken(request: { refreshToken: string }): Promise<void> {
      await client.post('/users/revoke-token', request);
    },
    /** Answers the same for known and unknown e-mails; nothing to read. */
    async requestPasswordReset(request: RequestPasswordResetRequest): Promise<void> {
      await client.postForStatus('/users/request-password-reset', request);
    },
    async changePassword(request: ChangePasswordRequest): Promise<void> {
      await client.put('/users/change-password', request);
    },
    /** Read-only on the server: opening an invitation link never spends it. */
    validateRegistration: (invitationToken: string): Promise<ValidateRegistrationResponse> =>
      client.post(
        '/users/validate-registration',
        { invitationToken },
        validateRegistrationResponseSchema,
      ),
    completeRegistration: (request: CompleteRegistrationRequest): Promise<AuthResponse> =>
      client.post('/users/complete-registration', request, completeRegistrationResponseSchema),
    async invite(request: InviteRequest): Promise<void> {
      await client.postForStatus('/users/invite', request);
    },
    /** GET /users?role=user (administrators): who an education can be restricted to. */
    listUsers: (role: Role): Promise<UserListItem[]> =>
      client.get(`/users?role=${encodeURIComponent(role)}`, userListSchema),
    /** The `Korisnici` screen (issue 29): an employee gets those of role user only. */
    invitations: (): Promise<InvitationSummary[]> =>
      client.get('/users/invitations', invitationListSchema),
    /** A new link is mailed; the old one stops working. */
    async resendInvitation(id: number): Promise<void> {
      await client.postForStatus(`/users/invitations/${id}/resend`);
    },
    async revokeInvitation(id: number): Promise<void> {
      await client.postForStatus(`/users/invitations/${id}/revoke`);
    },
    accounts: (): Promise<AccountSummary[]> => client.get('/users/accounts', accountListSchema),
    async deactivate(id: number): Promise<void> {
      await client.postForStatus(`/users/${id}/deactivate`);
    },
    async changeRole(id: number, role: Role): Promise<void> {
      await client.put(`/users/${id}/role`, { role });
    },
  };
}
