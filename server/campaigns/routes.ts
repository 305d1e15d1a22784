/**
 * `/campaigns/*` of SPEC 7, all open to anonymous visitors: the lookup by configured name,
 * subscribing (robot check, per-address limit) and unsubscribing with the personal token of the
 * mail, from the unsubscribe page (DELETE) or a mail client's RFC 8058 one-click POST.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  campaignByNameParamsSchema,
  campaignSchema,
  oneClickUnsubscribeQuerySchema,
  subscriptionRequestSchema,
  unsubscribeRequestSchema,
} from '../../src/api/contract.ts';
import { requireRobotCheck, type RobotCheck } from '../captcha/robot-check.ts';
import { byIp, rateLimited, type RateLimits } from '../http/rate-limits.ts';
import { requireEmail } from '../mail/address.ts';
import type { CampaignsService } from './service.ts';

export interface CampaignsRoutesDeps {
  campaigns: CampaignsService;
  robotCheck: RobotCheck;
  rateLimits: RateLimits;
}

/** RFC 8058 asks mail clients for one of these two; the body only repeats the one-click intent. */
const ONE_CLICK_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const ONE_CLICK_BODY_LIMIT = 1024;

export function campaignsRoutes(deps: CampaignsRoutesDeps): FastifyPluginAsyncZod {
  const { campaigns, robotCheck, rateLimits: limits } = deps;
  return async (app) => {
    app.get(
      '/campaigns/by-name/:campaignName',
      { schema: { params: campaignByNameParamsSchema, response: { 200: campaignSchema } } },
      async (request) => campaigns.campaignByName(request.params.campaignName),
    );

    app.post(
      '/campaigns/subscriptions',
      {
        schema: { body: subscriptionRequestSchema },
        preHandler: rateLimited(app, 'subscribe:ip', limits.subscribe.perIp, byIp),
      },
      async (request, reply) => {
        const { email, campaignId, recaptchaToken, sourcePage } = request.body;
        // A mistyped address is refused before the robot-check solution is spent.
        requireEmail(email);
        await requireRobotCheck(robotCheck, recaptchaToken, request.ip);
        await campaigns.subscribe(
          { email, campaignId },
          { ipAddress: request.ip, userAgent: request.headers['user-agent'], sourcePage },
        );
        return reply.code(204).send();
      },
    );

    app.delete(
      '/campaigns/subscriptions',
      {
        schema: { body: unsubscribeRequestSchema },
        preHandler: rateLimited(app, 'unsubscribe:ip', limits.unsubscribe.perIp, byIp),
      },
      async (request, reply) => {
        await campaigns.unsubscribe(request.body, 'api');
        return reply.code(204).send();
      },
    );

    await app.register(oneClickUnsubscribeRoute(deps));
  };
}

/**
 * `POST /campaigns/subscriptions/one-click?email&campaignId&unsubscribeToken` (RFC 8058), in a
 * plugin of its own so that only this route accepts form bodies; it does not read them.
 */
function oneClickUnsubscribeRoute(deps: CampaignsRoutesDeps): FastifyPluginAsyncZod {
  const { campaigns, rateLimits: limits } = deps;
  return async (app) => {
    for (const contentType of ONE_CLICK_CONTENT_TYPES) {
      if (app.hasContentTypeParser(contentType)) continue;
      app.addContentTypeParser(
        contentType,
        { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
        (_request, _body, done) => done(null, undefined),
      );
    }
    app.post(
      '/campaigns/subscriptions/one-click',
      {
        schema: { querystring: oneClickUnsubscribeQuerySchema },
        bodyLimit: ONE_CLICK_BODY_LIMIT,
        preHandler: rateLimited(app, 'one-click:ip', limits.oneClickUnsubscribe.perIp, byIp),
      },
      async (request, reply) => {
        await campaigns.unsubscribe(request.query, 'one-click');
        return reply.code(204).send();
      },
    );
  };
}
