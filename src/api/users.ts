/**
 * The `/api/v1/users/*` calls of SPEC 7 the account screens make. Each takes the one API client
 * (containers pass `useApi()`), so the machines receive them as injected actors.
 * Refresh and revoke belong to the client and the auth session, not here.
 */
import type { ApiClient } from './client.ts';
import {
  completeRegistrationResponseSchema,
  loginResponseSchema,
  validateRegistrationResponseSchema,
  type AuthResponse,
  type ChangePasswordRequest,
  type CompleteRegistrationRequest,
  type InviteRequest,
  type LoginRequest,
  type RequestPasswordResetRequest,
  type ValidateRegistrationResponse,
} from './contract.ts';

export function login(api: ApiClient, request: LoginRequest): Promise<AuthResponse> {
  return api.post('/users/login', request, loginResponseSchema);
}

/** Answers the same for known and unknown e-mails; nothing to read. */
export async function requestPasswordReset(
  api: ApiClient,
  request: RequestPasswordResetRequest,
): Promise<void> {
  await api.postForStatus('/users/request-password-reset', request);
}

export async function changePassword(
  api: ApiClient,
  request: ChangePasswordRequest,
): Promise<void> {
  await api.put('/users/change-password', request);
}

/** Read-only on the server: opening an invitation link never spends it. */
export function validateRegistration(
  api: ApiClient,
  invitationToken: string,
): Promise<ValidateRegistrationResponse> {
  return api.post(
    '/users/validate-registration',
    { invitationToken },
    validateRegistrationResponseSchema,
  );
}

export function completeRegistration(
  api: ApiClient,
  request: CompleteRegistrationRequest,
): Promise<AuthResponse> {
  return api.post('/users/complete-registration', request, completeRegistrationResponseSchema);
}

export async function invite(api: ApiClient, request: InviteRequest): Promise<void> {
  await api.postForStatus('/users/invite', request);
}
