/**
 * Newsletter campaigns (SPEC 3 "Campaign", "Subscription"): the configured campaigns by name,
 * subscribing with consent evidence and a confirmation mail, and unsubscribing with the personal
 * token of the mail (docs/decisions/0007-subscription-consent-and-unsubscribe-tokens.md).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Campaign, CampaignKey } from '../../src/api/contract.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { UnsubscribedVia } from '../db/schema.ts';
import { DomainError, MESSAGES } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { requireEmail } from '../mail/address.ts';
import { subscriptionConfirmationMail } from './mail.ts';
import {
  deleteSubscription,
  findActiveSubscription,
  findCampaignById,
  findCampaignByName,
  insertSubscription,
  markUnsubscribed,
  reviveUndeliverable,
} from './store.ts';

/** Enough to tell browsers apart; a longer header is cut, never refused. */
export const USER_AGENT_MAX_LENGTH = 512;

export interface CampaignsServiceDeps {
  config: Pick<Config, 'publicUrl' | 'brand' | 'campaigns'>;
  db: Db;
  mailer: Mailer;
  now: Clock;
}

/** Where and how a subscription was asked for: the consent evidence kept with it. */
export interface SubscriptionOrigin {
  ipAddress: string;
  userAgent: string | undefined;
  sourcePage: string | undefined;
}

export interface SubscribeCommand {
  email: string;
  campaignId: number;
}

export interface UnsubscribeCommand {
  email: string;
  campaignId: number;
  unsubscribeToken: string;
}

export interface CampaignsService {
  campaignByName(name: string): Promise<Campaign>;
  subscribe(command: SubscribeCommand, origin: SubscriptionOrigin): Promise<void>;
  unsubscribe(command: UnsubscribeCommand, via: UnsubscribedVia): Promise<void>;
}

export function campaignsService(deps: CampaignsServiceDeps): CampaignsService {
  const { db, now } = deps;
  const mailContext = { publicUrl: deps.config.publicUrl, brand: deps.config.brand };
  const configured = new Map(
    Object.entries(deps.config.campaigns).map(([key, name]) => [
      name.toLowerCase(),
      key as CampaignKey,
    ]),
  );
  const configuredKey = (name: string) => configured.get(name.toLowerCase());

  /** Visitors reach only the campaigns the configuration names; a renamed one keeps its rows. */
  async function configuredCampaign(id: number) {
    const campaign = await findCampaignById(db, id);
    const key = campaign && configuredKey(campaign.name);
    if (campaign === undefined || key === undefined) {
      throw new DomainError(404, MESSAGES.campaignNotFound);
    }
    return { ...campaign, key };
  }

  return {
    async campaignByName(name: string): Promise<Campaign> {
      const campaign = configuredKey(name) ? await findCampaignByName(db, name) : undefined;
      if (campaign === undefined) throw new DomainError(404, MESSAGES.campaignNotFound);
      return { id: campaign.id };
    },

    async subscribe(command: SubscribeCommand, origin: SubscriptionOrigin): Promise<void> {
      const email = requireEmail(command.email);
      const campaign = await configuredCampaign(command.campaignId);
      const newToken = randomBytes(32).toString('base64url');
      const id = await insertSubscription(db, {
        campaignId: campaign.id,
        email,
        unsubscribeToken: newToken,
        subscribedAt: now(),
        sourcePage: origin.sourcePage ?? null,
        ipAddress: origin.ipAddress,
        userAgent: origin.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
      });
      // An address a receiving server refused (issue 28) is still subscribed: asking again is
      // its owner saying it works now, so it is tried again and confirmed like a new one.
      const revivedToken =
        id === undefined ? await reviveUndeliverable(db, campaign.id, email) : undefined;
      if (id === undefined && revivedToken === undefined)
        throw new DomainError(409, MESSAGES.alreadySubscribed(email, campaign.name));
      const unsubscribeToken = revivedToken ?? newToken;
      const mail = subscriptionConfirmationMail(mailContext, {
        email,
        campaignId: campaign.id,
        campaign: campaign.key,
        unsubscribeToken,
      });
      try {
        await deps.mailer.send(mail);
      } catch (error) {
        // One unit with its confirmation: the visitor is told to try again, and can. A revived
        // subscription was there before and stays.
        if (id !== undefined) await deleteSubscription(db, id);
        throw new DomainError(502, MESSAGES.mailFailed, { cause: error });
      }
    },

    /**
     * A wrong token is answered exactly like an address without a subscription, so the answer
     * never tells whether an address is subscribed.
     */
    async unsubscribe(command: UnsubscribeCommand, via: UnsubscribedVia): Promise<void> {
      const email = requireEmail(command.email);
      const campaign = await findCampaignById(db, command.campaignId);
      if (campaign === undefined) throw new DomainError(404, MESSAGES.campaignNotFound);
      const subscription = await findActiveSubscription(db, campaign.id, email);
      const unsubscribed =
        subscription !== undefined &&
        sameToken(subscription.unsubscribe_token, command.unsubscribeToken) &&
        (await markUnsubscribed(db, subscription.id, now(), via));
      if (!unsubscribed) throw new DomainError(404, MESSAGES.notSubscribed(email, campaign.name));
    },
  };
}

/** Constant time whatever the lengths: the digests always have the same length. */
function sameToken(stored: string, given: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(stored), digest(given));
}
