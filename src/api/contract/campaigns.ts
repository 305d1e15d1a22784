/**
 * Newsletter campaigns (SPEC 3 "Campaign", "Subscription"; SPEC 7).
 */
import * as z from 'zod/mini';
import {
  FIELD_MAX_LENGTHS,
  boundedString,
  emailField,
  opaqueToken,
  robotCheckToken,
} from './common.ts';

/** GET /campaigns/by-name/{campaignName}: the campaigns the configuration names. */
export const campaignByNameParamsSchema = z.object({
  campaignName: boundedString('campaignName', FIELD_MAX_LENGTHS.campaignName),
});
export const campaignSchema = z.object({ id: z.number() });
export type Campaign = z.infer<typeof campaignSchema>;

const campaignId = z.number({ error: 'campaignId must be a campaign id.' }).check(z.int());

/** The page a subscription is made on: a path of this site, kept as consent evidence. */
export const SOURCE_PAGE_MAX_LENGTH = 300;
const sitePath = z.string().check(
  z.maxLength(SOURCE_PAGE_MAX_LENGTH, 'sourcePage is too long.'),
  // No white space and nothing invisible (text.ts): what a browser's address bar holds.
  z.regex(/^\/(?!\/)[^\s\p{Cc}\p{Cf}\p{Cs}]*$/u, 'sourcePage must be a path of this site.'),
);

/**
 * POST /campaigns/subscriptions: 204. `sourcePage` is our optional addition to SPEC 7's payload
 * (docs/decisions/0007-subscription-consent-and-unsubscribe-tokens.md).
 */
export const subscriptionRequestSchema = z.object({
  email: emailField(),
  campaignId,
  recaptchaToken: robotCheckToken,
  sourcePage: z.optional(sitePath),
});
export type SubscriptionRequest = z.infer<typeof subscriptionRequestSchema>;

/** DELETE /campaigns/subscriptions (JSON body): 204. */
export const unsubscribeRequestSchema = z.object({
  email: emailField(),
  campaignId,
  unsubscribeToken: opaqueToken('unsubscribeToken'),
});
export type UnsubscribeRequest = z.infer<typeof unsubscribeRequestSchema>;

/** POST /campaigns/subscriptions/one-click?email&campaignId&unsubscribeToken (RFC 8058): 204. */
export const oneClickUnsubscribeQuerySchema = z.object({
  email: emailField(),
  campaignId: z.coerce.number({ error: 'campaignId must be a campaign id.' }).check(z.int()),
  unsubscribeToken: opaqueToken('unsubscribeToken'),
});

/**
 * The campaign part of the unsubscribe page's route, `/newsletter-odjava/{campaign}` (SPEC 2), by
 * the configured campaign it stands for; the server builds the mail links with the same words.
 */
export const UNSUBSCRIBE_PAGE_CAMPAIGNS = { courses: 'tecajevi', catalogs: 'katalozi' } as const;
export type CampaignKey = keyof typeof UNSUBSCRIBE_PAGE_CAMPAIGNS;
