/**
 * The `/api/v1/campaigns/*` calls of SPEC 7: a campaign's id by its configured name, subscribing
 * and unsubscribing, bound to the one API client (`createApi`).
 */
import type { ApiClient } from './client.ts';
import { campaignSchema, type SubscriptionRequest, type UnsubscribeRequest } from './contract.ts';

export function campaignsApi(client: ApiClient) {
  return {
    async campaignIdByName(campaignName: string): Promise<number> {
      const campaign = await client.get(
        `/campaigns/by-name/${encodeURIComponent(campaignName)}`,
        campaignSchema,
      );
      return campaign.id;
    },
    /** 204; a second subscription of the same e-mail answers 409. */
    async subscribe(request: SubscriptionRequest): Promise<void> {
      await client.postForStatus('/campaigns/subscriptions', request);
    },
    /** 204; without an active subscription (or with a wrong token) 404. */
    async unsubscribe(request: UnsubscribeRequest): Promise<void> {
      await client.delete('/campaigns/subscriptions', request);
    },
  };
}
