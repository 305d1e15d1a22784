/** Helpers of the newsletter tests: real image uploads and valid creation requests. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type {
  CreateNewsletterRequest,
  NewsletterImageResponse,
  NewsletterSummary,
} from '../../../src/api/contract.ts';
import { imageFile, multipart, type FormValue } from '../media-fixtures.ts';

const HOUR = 3_600_000;
let serial = 0;

export async function postImageForm(
  app: FastifyInstance,
  token: string | undefined,
  fields: Record<string, FormValue>,
) {
  const body = await multipart(fields);
  return app.inject({
    method: 'POST',
    url: '/api/v1/newsletters/image',
    headers: { ...body.headers, ...(token && { authorization: `Bearer ${token}` }) },
    payload: body.payload,
  });
}

export async function uploadNewsletterImage(
  app: FastifyInstance,
  token: string,
  title = 'Kompozit A2',
): Promise<NewsletterImageResponse> {
  const bytes = await imageFile('png', 1600, 1000);
  const response = await postImageForm(app, token, {
    ProductTitle: title,
    ProductImage: { bytes, filename: 'proizvod.png', type: 'image/png' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<NewsletterImageResponse>();
}

/** A request every rule accepts: unique subject and template name, due in an hour. */
export function newsletterRequest(
  campaignId: number,
  imageUrls: readonly string[],
  now: Date,
  overrides: Partial<CreateNewsletterRequest> = {},
): CreateNewsletterRequest {
  serial += 1;
  return {
    subject: `Dentalia Istaknuta ponuda ${serial}`,
    campaignId,
    templateName: `newsletter-${serial}`,
    scheduledAt: new Date(now.getTime() + HOUR).toISOString(),
    singleValues: { name: 'Istaknuta ponuda', body: 'Poštovani,\n\nizdvajamo ponudu.' },
    listValues: imageUrls.map((imageUrl, index) => ({
      title: `Proizvod ${index + 1}`,
      price: `${10 + index}.50 €`,
      imageUrl,
    })),
    ...overrides,
  };
}

export function postNewsletter(app: FastifyInstance, token: string | undefined, payload: object) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/newsletters',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload,
  });
}

export async function createNewsletter(
  app: FastifyInstance,
  token: string,
  request: CreateNewsletterRequest,
): Promise<NewsletterSummary> {
  const response = await postNewsletter(app, token, request);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<NewsletterSummary>();
}

export async function campaignIdByName(app: FastifyInstance, name: string): Promise<number> {
  const response = await app.inject({ url: `/api/v1/campaigns/by-name/${name}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}
