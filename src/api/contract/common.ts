/**
 * Shared pieces of the wire contract: roles, the two error shapes, the robot check, site
 * configuration, health, and the bounded strings every resource uses.
 */
import * as z from 'zod/mini';
import { freeText } from '../text.ts';

export const ROLES = ['user', 'employee', 'administrator'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/**
 * The images the server decodes (it judges their bytes), as an `accept` attribute: HEIC/HEIF is
 * how an iPhone takes photos. Its extensions are listed too because only Safari gives a `.heic`
 * file a type; the others leave `File#type` empty.
 */
export const IMAGE_ACCEPT =
  'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,.heic,.heif';

/** Whether `file` is one an `accept` list offers: by its type, or by a listed `.extension`. */
export function matchesAccept(accept: string, file: { name: string; type: string }): boolean {
  const name = file.name.toLowerCase();
  return accept
    .split(',')
    .some((entry) => (entry.startsWith('.') ? name.endsWith(entry) : entry === file.type));
}

/** Domain error: `{"errors": ["message"]}`. */
export const domainErrorSchema = z.object({ errors: z.array(z.string()) });
/** Validation error: `{"errors": {"Field": ["message", ...]}}`, fields named as in the request. */
export const validationErrorSchema = z.object({
  errors: z.record(z.string(), z.array(z.string())),
});
export type DomainErrorBody = z.infer<typeof domainErrorSchema>;
export type ValidationErrorBody = z.infer<typeof validationErrorSchema>;
export type ErrorBody = DomainErrorBody | ValidationErrorBody;

export const robotCheckSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('altcha'), challengeUrl: z.string() }),
  z.object({ provider: z.literal('recaptcha'), siteKey: z.string() }),
]);
export type RobotCheck = z.infer<typeof robotCheckSchema>;

/** Site configuration the SPA reads at start (ARCHITECTURE.md "Site configuration"). */
export const siteConfigSchema = z.object({
  apiBaseUrl: z.string(),
  publicUrl: z.string(),
  brand: z.string(),
  robotCheck: robotCheckSchema,
  campaigns: z.object({ courses: z.string(), catalogs: z.string() }),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/**
 * GET /health, the liveness answer. `backup`: the outcome of this process's last daily backup,
 * only once one ran (a failed one leaves the answer 200: the site still serves).
 */
export const healthSchema = z.object({
  status: z.literal('ok'),
  backup: z.optional(z.object({ outcome: z.enum(['ok', 'failed']), finishedAt: z.iso.datetime() })),
});

/**
 * GET /health/ready, the readiness answer: 200 while the database answers and the data folder's
 * disk has more than `MIN_FREE_DISK_MIB` free, otherwise 503 with the reasons as a domain error.
 * `backup` as in the liveness answer: reported, never a reason to take the site out of service.
 */
export const readinessSchema = z.object({
  status: z.literal('ready'),
  disk: z.object({ freeMiB: z.number(), minFreeMiB: z.number() }),
  backup: healthSchema.shape.backup,
});

/** RFC 5321: an address longer than this cannot be delivered. */
export const EMAIL_MAX_LENGTH = 254;
/**
 * A strict e-mail address (zod's own check): one local part and one domain, so nothing a mail
 * library could read as a list (`a,b@example.com`) or a display name (`a<b@example.com>`).
 * Parse the trimmed, lower-case address: the check does not normalise.
 */
export const emailSchema = z.email().check(z.maxLength(EMAIL_MAX_LENGTH));

/**
 * Maximum lengths of every string a request carries, checked before anything stores, logs or
 * keys a value (UTF-16 code units, as `maxLength` counts them).
 */
export const FIELD_MAX_LENGTHS = {
  email: EMAIL_MAX_LENGTH,
  name: 100,
  /** The password rules allow 256 characters; astral ones take two units each, and more. */
  password: 1024,
  /** Every opaque token (refresh, invitation, reset, unsubscribe): 32 random bytes, base64url. */
  opaqueToken: 43,
  /** ALTCHA payloads are about 700 characters, reCAPTCHA responses about 2,000. */
  robotCheckToken: 8192,
  campaignName: 200,
} as const;

/** A string field of at most `max` units, named as in the request in its message. */
export const boundedString = (field: string, max: number, params?: { error: string }) =>
  z.string(params).check(z.maxLength(max, `${field} must be at most ${max} characters long.`));

export const emailField = (field = 'email') => boundedString(field, FIELD_MAX_LENGTHS.email);
export const opaqueToken = (field: string) => boundedString(field, FIELD_MAX_LENGTHS.opaqueToken);
export const passwordField = (field: string) => boundedString(field, FIELD_MAX_LENGTHS.password);
/** A person's name, cleaned (text.ts); the length rules beyond the maximum are the server's. */
export const nameField = (field: string) => freeText(field, { maxLength: FIELD_MAX_LENGTHS.name });

/**
 * The message of a missing robot check. The field is `recaptchaToken` whatever the provider
 * (reCAPTCHA response or base64 ALTCHA payload).
 */
export const ROBOT_CHECK_REQUIRED = 'The robot check (recaptchaToken) is required.';
export const robotCheckToken = boundedString('recaptchaToken', FIELD_MAX_LENGTHS.robotCheckToken, {
  error: ROBOT_CHECK_REQUIRED,
});
