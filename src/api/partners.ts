/**
 * The `/api/v1/partners` calls of SPEC 7: the list, adding one (multipart with the field names
 * of the contract), and changing or deleting one (issue 29), bound to the one API client
 * (`createApi`).
 */
import type { ApiClient } from './client.ts';
import {
  PARTNER_FIELDS,
  createPartnerResponseSchema,
  partnerListSchema,
  partnerSchema,
  type Partner,
} from './contract.ts';

/** What POST /partners takes. */
export interface CreatePartnerRequest {
  name: string;
  websiteUrl: string;
  logo: File;
}

/** What PUT /partners/{id} takes: the logo only when it is replaced. */
export interface UpdatePartnerRequest {
  id: number;
  name: string;
  websiteUrl: string;
  logo: File | null;
}

/** DELETE /partners/{id}; `reassignTo` moves the partner's educations to that partner first. */
export interface DeletePartnerRequest {
  id: number;
  reassignTo: number | null;
}

export function partnersApi(client: ApiClient) {
  return {
    listPartners: (): Promise<Partner[]> => client.get('/partners', partnerListSchema),
    createPartner: (request: CreatePartnerRequest): Promise<Partner> =>
      client.postMultipart('/partners', partnerForm(request), createPartnerResponseSchema),
    updatePartner: ({ id, ...request }: UpdatePartnerRequest): Promise<Partner> =>
      client.put(`/partners/${id}`, partnerForm(request), partnerSchema),
    deletePartner: async ({ id, reassignTo }: DeletePartnerRequest): Promise<undefined> => {
      const query = reassignTo === null ? '' : `?reassignTo=${reassignTo}`;
      await client.delete(`/partners/${id}${query}`);
      return undefined;
    },
  };
}

function partnerForm(request: Omit<UpdatePartnerRequest, 'id'>): FormData {
  const form = new FormData();
  form.append(PARTNER_FIELDS.name, request.name);
  form.append(PARTNER_FIELDS.websiteUrl, request.websiteUrl);
  if (request.logo) form.append(PARTNER_FIELDS.logo, request.logo);
  return form;
}
