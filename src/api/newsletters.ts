/**
 * The `/api/v1/newsletters/*` calls (SPEC 7, issue 14): uploading a product image, creating a
 * newsletter, reading and changing a scheduled one, and the staff's list, cancel, preview and
 * test mail, bound to the one API client.
 */
import type { ApiClient } from './client.ts';
import {
  NEWSLETTER_IMAGE_FIELDS,
  newsletterDetailsSchema,
  newsletterImageResponseSchema,
  newsletterListSchema,
  newsletterPreviewSchema,
  newsletterSummarySchema,
  type CreateNewsletterRequest,
  type NewsletterDetails,
  type NewsletterImageResponse,
  type NewsletterPreview,
  type NewsletterSummary,
} from './contract.ts';

export function newslettersApi(client: ApiClient) {
  return {
    uploadImage(productTitle: string, image: File): Promise<NewsletterImageResponse> {
      const form = new FormData();
      form.append(NEWSLETTER_IMAGE_FIELDS.title, productTitle);
      form.append(NEWSLETTER_IMAGE_FIELDS.image, image);
      return client.postMultipart('/newsletters/image', form, newsletterImageResponseSchema);
    },
    createNewsletter: (request: CreateNewsletterRequest): Promise<NewsletterSummary> =>
      client.post('/newsletters', request, newsletterSummarySchema),
    getNewsletter: (id: number): Promise<NewsletterDetails> =>
      client.get(`/newsletters/${id}`, newsletterDetailsSchema),
    async updateNewsletter(id: number, request: CreateNewsletterRequest): Promise<void> {
      await client.put(`/newsletters/${id}`, request);
    },
    listNewsletters: (): Promise<NewsletterSummary[]> =>
      client.get('/newsletters', newsletterListSchema),
    async cancelNewsletter(id: number): Promise<void> {
      await client.postForStatus(`/newsletters/${id}/cancel`);
    },
    previewNewsletter: (id: number): Promise<NewsletterPreview> =>
      client.get(`/newsletters/${id}/preview`, newsletterPreviewSchema),
    async sendTestNewsletter(id: number): Promise<void> {
      await client.postForStatus(`/newsletters/${id}/test`);
    },
  };
}
