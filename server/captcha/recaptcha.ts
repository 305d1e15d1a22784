/**
 * Google reCAPTCHA v2, used when RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY are set: the
 * token is checked with Google's siteverify API, which itself refuses a token seen before.
 * `fetch` is injectable so tests never touch the network.
 */
import * as z from 'zod';
import { DomainError, MESSAGES } from '../http/errors.ts';
import type { RobotCheck } from './robot-check.ts';

export const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
const TIMEOUT_MS = 5_000;

const answerSchema = z.object({ success: z.boolean() });

export function recaptchaRobotCheck(options: {
  secretKey: string;
  fetch?: typeof fetch;
}): RobotCheck {
  const send = options.fetch ?? fetch;
  return {
    async verify(token, remoteIp) {
      let answer: unknown;
      try {
        const response = await send(SITEVERIFY_URL, {
          method: 'POST',
          body: new URLSearchParams({
            secret: options.secretKey,
            response: token,
            remoteip: remoteIp,
          }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
        answer = await response.json();
      } catch (error) {
        // Refusing every login while Google is unreachable is safer than letting robots in.
        throw new DomainError(503, MESSAGES.robotCheckUnavailable, { cause: error });
      }
      const parsed = answerSchema.safeParse(answer);
      return parsed.success && parsed.data.success;
    },
  };
}
