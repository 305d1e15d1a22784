/**
 * The `/api/v1/campaigns/*` calls of SPEC 7: a campaign's id by its configured name, subscribing
 * and unsubscribing. Each takes the one API client, so machines receive them as injected actors.
 */
import type { ApiClient } from './client.ts';
import { campaignSchema, type SubscriptionRequest, type UnsubscribeRequest } from './contract.ts';

export async function campaignIdByName(api: ApiClient, campaignName: string): Promise<number> {
  const campaign = await api.get(
    `/campaigns/by-name/${encodeURIComponent(campaignName)}`,
    campaignSchema,
  );
  return campaign.id;
}

/** 204; a second subscription of the same e-mail answers 409. */
export async function subscribe(api: ApiClient, request: SubscriptionRequest): Promise<void> {
  await api.postForStatus('/campaigns/subscriptions', request);
}

/** 204; without an active subscription (or with a wrong token) 404. */
export async function unsubscribe(api: ApiClient, request: UnsubscribeRequest): Promise<void> {
  await api.delete('/campaigns/subscriptions', request);
}
