/**
 * The `/api/v1/partners` calls of SPEC 7: the list and adding one (multipart with the field names
 * of the contract), bound to the one API client (`createApi`).
 */
import type { ApiClient } from './client.ts';
import {
  PARTNER_FIELDS,
  createPartnerResponseSchema,
  partnerListSchema,
  type Partner,
} from './contract.ts';

/** What POST /partners takes. */
export interface CreatePartnerRequest {
  name: string;
  websiteUrl: string;
  logo: File;
}

export function partnersApi(client: ApiClient) {
  return {
    listPartners: (): Promise<Partner[]> => client.get('/partners', partnerListSchema),
    createPartner: (request: CreatePartnerRequest): Promise<Partner> =>
      client.postMultipart('/partners', partnerForm(request), createPartnerResponseSchema),
  };
}

function partnerForm(request: CreatePartnerRequest): FormData {
  const form = new FormData();
  form.append(PARTNER_FIELDS.name, request.name);
  form.append(PARTNER_FIELDS.websiteUrl, request.websiteUrl);
  form.append(PARTNER_FIELDS.logo, request.logo);
  return form;
}
