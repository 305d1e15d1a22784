import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AltchaRobotCheck } from './altcha.ts';
import type { RobotCheck } from './robot-check.ts';

/**
 * `GET /captcha/challenge`: a fresh signed ALTCHA challenge for the widget. Absent when the
 * site uses reCAPTCHA, which issues its own challenges.
 */
export function captchaRoutes(deps: { robotCheck: RobotCheck }): FastifyPluginAsyncZod {
  return async (app) => {
    const { robotCheck } = deps;
    if (!isAltcha(robotCheck)) return;
    app.get('/captcha/challenge', async () => robotCheck.createChallenge());
  };
}

function isAltcha(robotCheck: RobotCheck): robotCheck is AltchaRobotCheck {
  return 'createChallenge' in robotCheck;
}
