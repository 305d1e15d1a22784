/** `GET /audit-log` and `/audit-log/people` (issue 29): the log for administrators. */
import type { ApiClient } from './client.ts';
import {
  auditLogPageSchema,
  auditPeopleSchema,
  type AuditActor,
  type AuditLogPage,
  type AuditLogQuery,
} from './contract.ts';

/** What the screen asks for: every filter optional, the page always. */
export type AuditLogRequest = Partial<AuditLogQuery> & { pageNumber: number };

export function auditLogApi(client: ApiClient) {
  return {
    listAuditLog(request: AuditLogRequest): Promise<AuditLogPage> {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(request)) {
        if (value !== undefined) search.set(name, String(value));
      }
      return client.get(`/audit-log?${search.toString()}`, auditLogPageSchema);
    },
    listAuditPeople: (): Promise<AuditActor[]> =>
      client.get('/audit-log/people', auditPeopleSchema),
  };
}
