/**
 * The `/api/v1/educations` reads of SPEC 7: the list, one education (with its signed video
 * address) and its access rights, bound to the one API client (`createApi`).
 */
import type { ApiClient } from './client.ts';
import {
  accessRightListSchema,
  educationListSchema,
  educationSchema,
  type AccessRight,
  type Education,
} from './contract.ts';

export function educationsApi(client: ApiClient) {
  return {
    listEducations: (): Promise<Education[]> => client.get('/educations', educationListSchema),
    getEducation: (id: number): Promise<Education> =>
      client.get(`/educations/${id}`, educationSchema),
    listAccessRights: (id: number): Promise<AccessRight[]> =>
      client.get(`/educations/${id}/access-rights`, accessRightListSchema),
  };
}
