/**
 * Every SPEC 7 call the SPA makes, grouped by resource and bound to the one client. Containers
 * reach it through the app's effects (src/app/effects.tsx), so tests hand them a fake instead.
 */
import { auditLogApi } from './auditLog.ts';
import { campaignsApi } from './campaigns.ts';
import type { ApiClient } from './client.ts';
import { countriesApi } from './countries.ts';
import { coursesApi } from './courses.ts';
import { educationsApi } from './educations.ts';
import { newslettersApi } from './newsletters.ts';
import { productsApi } from './products.ts';
import { partnersApi } from './partners.ts';
import { uploadsApi } from './uploads.ts';
import { usersApi } from './users.ts';

export function createApi(client: ApiClient) {
  return {
    users: usersApi(client),
    campaigns: campaignsApi(client),
    courses: coursesApi(client),
    countries: countriesApi(client),
    products: productsApi(client),
    partners: partnersApi(client),
    educations: educationsApi(client),
    newsletters: newslettersApi(client),
    uploads: uploadsApi(client),
    auditLog: auditLogApi(client),
  };
}

export type Api = ReturnType<typeof createApi>;
