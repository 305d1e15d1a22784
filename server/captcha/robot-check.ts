/**
 * The robot check of login and password-reset requests (ARCHITECTURE.md "Robot check"). The
 * field is `recaptchaToken` whatever the provider: a reCAPTCHA response when keys are
 * configured, otherwise a base64 ALTCHA payload. Each token is accepted once.
 */
import { MESSAGES, ValidationError } from '../http/errors.ts';

export const ROBOT_CHECK_FIELD = 'recaptchaToken';

export interface RobotCheck {
  /**
   * True for a valid token seen for the first time (it is spent now); false for anything
   * else. Throws a 503 `DomainError` when the provider cannot be asked.
   */
  verify(token: string, remoteIp: string): Promise<boolean>;
}

/** Throws the validation error on `recaptchaToken` that login and reset requests answer. */
export async function requireRobotCheck(
  robotCheck: RobotCheck,
  token: string,
  remoteIp: string,
): Promise<void> {
  if (token.trim() === '') {
    throw ValidationError.field(ROBOT_CHECK_FIELD, MESSAGES.robotCheckRequired);
  }
  if (!(await robotCheck.verify(token, remoteIp))) {
    throw ValidationError.field(ROBOT_CHECK_FIELD, MESSAGES.robotCheckFailed);
  }
}
