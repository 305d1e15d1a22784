/**
 * The audit log (issue 29): one row per staff write, read by administrators in "Zapisnik".
 * `kind` is what was changed, `action` what was done to it; both are closed lists so the
 * screen can name them in Croatian and filter by kind.
 */
import * as z from 'zod/mini';

export const AUDIT_KINDS = [
  'course',
  'product',
  'partner',
  'education',
  'newsletter',
  'invitation',
  'user',
] as const;
export const auditKindSchema = z.enum(AUDIT_KINDS);
export type AuditKind = z.infer<typeof auditKindSchema>;

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'send',
  'cancel',
  'accessRights',
  'resend',
  'revoke',
  'deactivate',
  'roleChange',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const AUDIT_PAGE_SIZE_DEFAULT = 20;
export const AUDIT_PAGE_SIZE_MAX = 100;

const wholeNumber = (field: string, max?: number) => {
  const message = `${field} must be a whole number ${max ? `from 1 to ${max}` : 'of at least 1'}.`;
  return z.coerce
    .number({ error: message })
    .check(
      z.int({ error: message, abort: true }),
      z.minimum(1, message),
      ...(max ? [z.maximum(max, message)] : []),
    );
};

/**
 * GET /audit-log: newest first, paged from 1. `from` (inclusive) and `to` (exclusive) are
 * instants: the screen sends the start of Zagreb's days, so the server needs no time zone.
 */
export const auditLogQuerySchema = z.object({
  userId: z.optional(wholeNumber('userId')),
  kind: z.optional(auditKindSchema),
  from: z.optional(z.iso.datetime({ offset: true, error: 'from must be an ISO 8601 instant.' })),
  to: z.optional(z.iso.datetime({ offset: true, error: 'to must be an ISO 8601 instant.' })),
  pageSize: z._default(wholeNumber('pageSize', AUDIT_PAGE_SIZE_MAX), AUDIT_PAGE_SIZE_DEFAULT),
  pageNumber: z._default(wholeNumber('pageNumber'), 1),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** Who acted: the name and e-mail as they were at the time; null for the server itself. */
export const auditActorSchema = z.object({ id: z.number(), name: z.string() });
export type AuditActor = z.infer<typeof auditActorSchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.iso.datetime(),
  actor: z.nullable(auditActorSchema),
  /** The caller's address as the server saw it (the proxy's X-Forwarded-For from loopback). */
  address: z.nullable(z.string()),
  kind: auditKindSchema,
  action: auditActionSchema,
  objectId: z.nullable(z.number()),
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogPageSchema = z.object({
  items: z.array(auditEntrySchema),
  pageNumber: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
  totalCount: z.number(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** GET /audit-log/people: everyone the log names, for the person filter. */
export const auditPeopleSchema = z.array(auditActorSchema);
