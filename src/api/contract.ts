/**
 * The wire contract of SPEC section 7: every request and answer as a zod schema.
 * The SPA validates with these, and the server validates with the same ones.
 * `zod/mini` keeps the browser bundle small (classic zod costs about 95 KB gzip).
 */
import * as z from 'zod/mini';

export const ROLES = ['user', 'employee', 'administrator'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

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

export const healthSchema = z.object({ status: z.literal('ok') });

/** SPEC 3: stored user. */
export const storedUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  roles: z.array(roleSchema),
});
export type StoredUser = z.infer<typeof storedUserSchema>;

/** SPEC 3: stored auth. */
export const tokensSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type Tokens = z.infer<typeof tokensSchema>;

/** SPEC 3: login and refresh responses carry the user and the tokens. */
export const authResponseSchema = z.extend(storedUserSchema, tokensSchema.shape);
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const refreshRequestSchema = z.object({ refreshToken: z.string() });
export const refreshResponseSchema = tokensSchema;
