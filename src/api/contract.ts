/**
 * The wire contract of SPEC section 7: every request and answer as a zod schema.
 * The SPA validates with these, and the server validates with the same ones.
 * `zod/mini` keeps the browser bundle small (classic zod costs about 95 KB gzip).
 */
import * as z from 'zod/mini';
import { freeText } from './text.ts';

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

/**
 * GET /health, the liveness answer. `backup`: the outcome of this process's last daily backup,
 * only once one ran (a failed one leaves the answer 200: the site still serves).
 */
export const healthSchema = z.object({
  status: z.literal('ok'),
  backup: z.optional(z.object({ outcome: z.enum(['ok', 'failed']), finishedAt: z.iso.datetime() })),
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
const boundedString = (field: string, max: number, params?: { error: string }) =>
  z.string(params).check(z.maxLength(max, `${field} must be at most ${max} characters long.`));

const emailField = (field = 'email') => boundedString(field, FIELD_MAX_LENGTHS.email);
const opaqueToken = (field: string) => boundedString(field, FIELD_MAX_LENGTHS.opaqueToken);
const passwordField = (field: string) => boundedString(field, FIELD_MAX_LENGTHS.password);
/** A person's name, cleaned (text.ts); the length rules beyond the maximum are the server's. */
const nameField = (field: string) => freeText(field, { maxLength: FIELD_MAX_LENGTHS.name });

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

export const refreshRequestSchema = z.object({ refreshToken: opaqueToken('refreshToken') });
export const refreshResponseSchema = tokensSchema;

/**
 * The message of a missing robot check. The field is `recaptchaToken` whatever the provider
 * (reCAPTCHA response or base64 ALTCHA payload).
 */
export const ROBOT_CHECK_REQUIRED = 'The robot check (recaptchaToken) is required.';
const robotCheckToken = boundedString('recaptchaToken', FIELD_MAX_LENGTHS.robotCheckToken, {
  error: ROBOT_CHECK_REQUIRED,
});

export const GENDERS = ['male', 'female'] as const;
export const genderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof genderSchema>;

/** POST /users/login. */
export const loginRequestSchema = z.object({
  email: emailField(),
  password: passwordField('password'),
  recaptchaToken: robotCheckToken,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export const loginResponseSchema = authResponseSchema;

/** POST /users/revoke-token (logout): the refresh token to revoke. */
export const revokeTokenRequestSchema = refreshRequestSchema;

/** POST /users/validate-registration: read-only, the token is not spent. */
export const validateRegistrationRequestSchema = z.object({
  invitationToken: opaqueToken('invitationToken'),
});
/** Names from the invitation; empty strings when the inviter left them out. */
export const validateRegistrationResponseSchema = z.object({
  name: z.string(),
  surname: z.string(),
});
export type ValidateRegistrationResponse = z.infer<typeof validateRegistrationResponseSchema>;

/** POST /users/complete-registration: answers like login. */
export const completeRegistrationRequestSchema = z.object({
  name: nameField('name'),
  surname: nameField('surname'),
  password: passwordField('password'),
  invitationToken: opaqueToken('invitationToken'),
});
export type CompleteRegistrationRequest = z.infer<typeof completeRegistrationRequestSchema>;
export const completeRegistrationResponseSchema = authResponseSchema;

/** POST /users/request-password-reset: 204 whether or not the e-mail is known. */
export const requestPasswordResetRequestSchema = z.object({
  email: emailField(),
  recaptchaToken: robotCheckToken,
});
export type RequestPasswordResetRequest = z.infer<typeof requestPasswordResetRequestSchema>;

/** PUT /users/change-password: 204. */
export const changePasswordRequestSchema = z.object({
  newPassword: passwordField('newPassword'),
  resetToken: opaqueToken('resetToken'),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** POST /users/invite: 204. SPEC 5: an unknown gender and empty names are sent as null. */
export const inviteRequestSchema = z.object({
  email: emailField(),
  roles: z.array(roleSchema).check(z.minLength(1), z.maxLength(ROLES.length)),
  firstName: z.nullable(z.optional(nameField('firstName'))),
  lastName: z.nullable(z.optional(nameField('lastName'))),
  gender: z.nullable(z.optional(genderSchema)),
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

/** GET /users?role=user (administrators). */
export const userListQuerySchema = z.object({ role: z.optional(roleSchema) });
export const userListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;
export const userListSchema = z.array(userListItemSchema);

// ---------------------------------------------------------------------------------------------
// Courses and countries (SPEC 3 "Course", "Country"; SPEC 7 `/courses`, `/countries`; SPEC 9).

/** GET /countries: the ISO 3166-1 alpha-2 codes a course may be held in (names are bundled). */
export const countrySchema = z.object({ isoCode: z.string() });
export type Country = z.infer<typeof countrySchema>;
export const countryListSchema = z.array(countrySchema);

/** SPEC 9: the default country of a course. */
export const DEFAULT_COURSE_COUNTRY = 'HR';

/**
 * One course of GET /courses. `imagePath` (up to 1600 px wide) and `imageCardPath` (600 px wide,
 * for cards and `srcset`) are WebP URLs the browser loads as they are (`/media/courses/...`);
 * `pdfPath` is null when the course has no PDF. Dates are ISO 8601 UTC instants. `price` is in
 * euros with at most two decimals: null means not given, 0 means free.
 */
export const courseSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  /** One lecturer, or several separated by commas. */
  lecturer: z.string(),
  location: z.string(),
  imagePath: z.string(),
  imageCardPath: z.string(),
  pdfPath: z.nullable(z.string()),
  startDate: z.iso.datetime(),
  endDate: z.iso.datetime(),
  price: z.nullable(z.number()),
  country: countrySchema,
  createdAt: z.iso.datetime(),
});
export type Course = z.infer<typeof courseSchema>;
/** GET /courses: newest first by `createdAt`. */
export const courseListSchema = z.array(courseSchema);

/**
 * The multipart field names of POST /courses (SPEC 7). Text fields: `StartDate`/`EndDate` as
 * ISO 8601 instants (`Date#toISOString()`), `Price` as a decimal with a dot ("12.5") or empty
 * for no price, `CountryIsoCode` defaults to HR when absent. Files: `Image` (required) and `Pdf`
 * (optional). A validation error names these fields: `{"errors":{"StartDate":["..."]}}`.
 */
export const COURSE_FIELDS = {
  title: 'Title',
  description: 'Description',
  countryIsoCode: 'CountryIsoCode',
  lecturer: 'Lecturer',
  location: 'Location',
  startDate: 'StartDate',
  endDate: 'EndDate',
  price: 'Price',
  image: 'Image',
  pdf: 'Pdf',
} as const;

/** SPEC 9: the rules of the course form, enforced by the SPA and again by the server. */
export const COURSE_RULES = {
  descriptionMaxLength: 10_000,
  /** Not in SPEC 9 (the server's sanity limits); use them as `maxLength` of the inputs. */
  titleMaxLength: 200,
  lecturerMaxLength: 500,
  locationMaxLength: 200,
  priceMin: 0,
  priceStep: 0.01,
  priceMax: 1_000_000,
  /**
   * Course dates lie in this range (UTC, start inclusive), so that every stored date stays an
   * ISO instant with a four-digit year, as `courseSchema` reads it.
   */
  earliestDate: '2000-01-01T00:00:00.000Z',
  latestDate: '2100-01-01T00:00:00.000Z',
  /** What the server accepts per file (decided from the bytes, not from the name or type). */
  imageMaxBytes: 10 * 1024 * 1024,
  pdfMaxBytes: 20 * 1024 * 1024,
  /** `accept` attributes of the file inputs. SVG is never accepted. */
  imageAccept: 'image/jpeg,image/png,image/webp,image/avif',
  pdfAccept: 'application/pdf,.pdf',
} as const;

/**
 * A `StartDate` or `EndDate` field as sent: an ISO 8601 date and time with seconds and a zone
 * (`Z` or `±hh:mm`), on a real calendar day. `Date#toISOString()` always matches.
 */
export const courseDateTextSchema = z.iso.datetime({ offset: true });

/** A `Price` field as sent: empty, or digits with at most two decimals after a dot. */
const PRICE_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

/**
 * The price a `Price` field means: null when empty (no price), a number of euros when valid,
 * undefined when the text breaks the rules (not a number, negative, more than two decimals,
 * above `priceMax`).
 */
export function parseCoursePrice(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!PRICE_PATTERN.test(trimmed)) return undefined;
  const price = Number(trimmed);
  return price >= COURSE_RULES.priceMin && price <= COURSE_RULES.priceMax ? price : undefined;
}

/** POST /courses answers 201 with the stored course. */
export const createCourseResponseSchema = courseSchema;

/* Newsletter campaigns (SPEC 3 "Campaign", "Subscription"; SPEC 7). */

/** GET /campaigns/by-name/{campaignName}: the campaigns the configuration names. */
export const campaignByNameParamsSchema = z.object({
  campaignName: boundedString('campaignName', FIELD_MAX_LENGTHS.campaignName),
});
export const campaignSchema = z.object({ id: z.number() });
export type Campaign = z.infer<typeof campaignSchema>;

const campaignId = z.number({ error: 'campaignId must be a campaign id.' }).check(z.int());

/** The page a subscription is made on: a path of this site, kept as consent evidence. */
export const SOURCE_PAGE_MAX_LENGTH = 300;
const sitePath = z.string().check(
  z.maxLength(SOURCE_PAGE_MAX_LENGTH, 'sourcePage is too long.'),
  // No white space and nothing invisible (text.ts): what a browser's address bar holds.
  z.regex(/^\/(?!\/)[^\s\p{Cc}\p{Cf}\p{Cs}]*$/u, 'sourcePage must be a path of this site.'),
);

/**
 * POST /campaigns/subscriptions: 204. `sourcePage` is our optional addition to SPEC 7's payload
 * (docs/decisions/0007-subscription-consent-and-unsubscribe-tokens.md).
 */
export const subscriptionRequestSchema = z.object({
  email: emailField(),
  campaignId,
  recaptchaToken: robotCheckToken,
  sourcePage: z.optional(sitePath),
});
export type SubscriptionRequest = z.infer<typeof subscriptionRequestSchema>;

/** DELETE /campaigns/subscriptions (JSON body): 204. */
export const unsubscribeRequestSchema = z.object({
  email: emailField(),
  campaignId,
  unsubscribeToken: opaqueToken('unsubscribeToken'),
});
export type UnsubscribeRequest = z.infer<typeof unsubscribeRequestSchema>;

/** POST /campaigns/subscriptions/one-click?email&campaignId&unsubscribeToken (RFC 8058): 204. */
export const oneClickUnsubscribeQuerySchema = z.object({
  email: emailField(),
  campaignId: z.coerce.number({ error: 'campaignId must be a campaign id.' }).check(z.int()),
  unsubscribeToken: opaqueToken('unsubscribeToken'),
});

/* Products (SPEC 3 "Product", "Paged product response"; SPEC 7, 9). */

export const PRODUCT_PAGE_SIZE_DEFAULT = 10;
export const PRODUCT_PAGE_SIZE_MAX = 100;

const wholeNumberFromOne = (field: string, max?: number) => {
  const message = `${field} must be a whole number ${max ? `from 1 to ${max}` : 'of at least 1'}.`;
  return z.coerce
    .number({ error: message })
    .check(
      z.int({ error: message, abort: true }),
      z.minimum(1, message),
      ...(max ? [z.maximum(max, message)] : []),
    );
};

/** GET /products?pageSize&pageNumber: pages count from 1. */
export const productListQuerySchema = z.object({
  pageSize: z._default(
    wholeNumberFromOne('pageSize', PRODUCT_PAGE_SIZE_MAX),
    PRODUCT_PAGE_SIZE_DEFAULT,
  ),
  pageNumber: z._default(wholeNumberFromOne('pageNumber'), 1),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productSchema = z.object({
  id: z.number(),
  name: z.string(),
  imageUrl: z.string(),
  isShownOnHomepage: z.boolean(),
  isHighlighted: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export const productPageSchema = z.object({
  items: z.array(productSchema),
  pageNumber: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
  totalCount: z.number(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

/**
 * The multipart field names of POST /products (SPEC 3, 7). `Description` is sent empty by the
 * strip; `IsShownOnHomepage` and `IsHighlighted` are 'true' or 'false' (absent: shown, not
 * highlighted). A validation error names these fields.
 */
export const PRODUCT_FIELDS = {
  name: 'Name',
  description: 'Description',
  image: 'Image',
  isShownOnHomepage: 'IsShownOnHomepage',
  isHighlighted: 'IsHighlighted',
} as const;

/** SPEC 5 "Product form" and the server's limits (use them as `maxLength` and `accept`). */
export const PRODUCT_RULES = {
  nameMaxLength: 200,
  descriptionMaxLength: 2000,
  /** What the server accepts (decided from the bytes, not from the name or type). */
  imageMaxBytes: 10 * 1024 * 1024,
  /** `accept` of the file input. SVG is never accepted. */
  imageAccept: 'image/jpeg,image/png,image/webp,image/avif',
} as const;

/** POST /products answers 201 with the stored product. */
export const createProductResponseSchema = productSchema;

/**
 * The campaign part of the unsubscribe page's route, `/newsletter-odjava/{campaign}` (SPEC 2), by
 * the configured campaign it stands for; the server builds the mail links with the same words.
 */
export const UNSUBSCRIBE_PAGE_CAMPAIGNS = { courses: 'tecajevi', catalogs: 'katalozi' } as const;
export type CampaignKey = keyof typeof UNSUBSCRIBE_PAGE_CAMPAIGNS;

/**
 * The server's message when a refresh token cannot be used (ARCHITECTURE.md "The wire contract").
 * The other server messages the client reacts to are in serverMessages.ts, part of this contract:
 * only their screens need them, and a module of their own keeps them out of the first visit's
 * code (this message is needed there, by the API client).
 */
export const INVALID_REFRESH_TOKEN = 'The provided refresh token is invalid, expired or revoked';

/* Partners (SPEC 3 "Partner"; SPEC 5 "Partner"; SPEC 7 `/partners`). */

/**
 * One partner of GET /partners. `logoUrl` is a WebP of at most 600 px width the browser loads
 * as it is (`/media/partners/...`); `websiteUrl` is an http:// or https:// address.
 */
export const partnerSchema = z.object({
  id: z.number(),
  name: z.string(),
  logoUrl: z.string(),
  websiteUrl: z.string(),
});
export type Partner = z.infer<typeof partnerSchema>;
/** GET /partners: newest first. */
export const partnerListSchema = z.array(partnerSchema);
/** POST /partners answers 201 with the stored partner. */
export const createPartnerResponseSchema = partnerSchema;

/** The multipart field names of POST /partners (SPEC 7): two text fields and the logo file. */
export const PARTNER_FIELDS = { name: 'Name', websiteUrl: 'WebsiteUrl', logo: 'Logo' } as const;

/** SPEC 5 "Partner": the rules of the partner form, enforced by the SPA and again by the server. */
export const PARTNER_RULES = {
  nameMaxLength: FIELD_MAX_LENGTHS.name,
  /** Longer addresses are refused by common browsers and servers alike. */
  websiteUrlMaxLength: 2048,
  logoMaxBytes: 5 * 1024 * 1024,
  /** `accept` of the file input. SVG is never accepted. */
  logoAccept: COURSE_RULES.imageAccept,
} as const;

/**
 * SPEC 5: a partner's website starts with http:// or https://; it must also be an address a
 * browser can open (a host after the scheme, no spaces).
 */
export function isPartnerWebsiteUrl(text: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}

/** SPEC 5: the website's scheme, whatever else is wrong with it. */
export const hasWebsiteScheme = (text: string) => /^https?:\/\//i.test(text);

/* Educations (SPEC 3 "Education", "Access right"; SPEC 7 `/educations`; SPEC 9 video id). */

/** SPEC 3: a recording month as ISO 8601 year and month, `2024-03`. */
export const RECORDING_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const recordingMonthSchema = z.string().check(z.regex(RECORDING_MONTH_PATTERN));

/**
 * One education of GET /educations and GET /educations/{id}, newest first in the list.
 * `videoUrl` is either the video-sharing site's watch URL (play it through `videoSiteVideoId`
 * and `videoSiteEmbedUrl`) or, for an uploaded video, a signed same-origin address
 * (`/api/v1/educations/{id}/video?...`) bound to the caller and expiring after a few hours: when
 * the video element fails, fetch the education again for a fresh one (the HEAD check of SPEC 7
 * goes to it too). `thumbnailUrl` is a media address, or null: then a video-site education shows
 * `videoSiteThumbnailUrl` and any other the bundled placeholder (also when an image cannot load).
 * `subtitleLanguage` is free text. `createdAt` is an ISO 8601 UTC instant.
 */
export const educationSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  lecturer: z.string(),
  dateOfRecording: z.nullable(recordingMonthSchema),
  createdAt: z.iso.datetime(),
  country: countrySchema,
  subtitleLanguage: z.nullable(z.string()),
  partner: z.object({ id: z.number(), name: z.string(), logoUrl: z.string() }),
  videoUrl: z.string(),
  thumbnailUrl: z.nullable(z.string()),
});
export type Education = z.infer<typeof educationSchema>;
/** GET /educations: the educations the caller may see, newest first. */
export const educationListSchema = z.array(educationSchema);

/** SPEC 3: one access right of GET /educations/{id}/access-rights. */
export const accessRightSchema = z.object({ user: z.object({ id: z.number() }) });
export type AccessRight = z.infer<typeof accessRightSchema>;
/** An empty list means the education is open to every logged-in user. */
export const accessRightListSchema = z.array(accessRightSchema);

/**
 * The video-sharing site of SPEC 7: its privacy-enhanced (no-cookie) embed and its image host are
 * the only hosts of that site the page may load (the server's Content-Security-Policy allows
 * exactly these two).
 */
export const VIDEO_SITE = {
  embedOrigin: 'https://www.youtube-nocookie.com',
  thumbnailOrigin: 'https://i.ytimg.com',
} as const;

/** SPEC 9: the video id of the video-sharing site. */
const VIDEO_SITE_ID = /^[\w-]{11}$/;
const VIDEO_SITE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be']);
const VIDEO_SITE_ID_PATHS = /^\/(?:embed|shorts|live)\/([^/]+)\/?$/;

/**
 * The 11-character video id of a video-sharing site URL: the watch URL's `v` parameter, or the
 * short-link, embed and shorts forms; null for any other address (an uploaded video's).
 */
export function videoSiteVideoId(videoUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(videoUrl);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol) || !VIDEO_SITE_HOSTS.has(url.hostname)) return null;
  const id =
    url.hostname === 'youtu.be'
      ? url.pathname.slice(1).replace(/\/$/, '')
      : url.pathname === '/watch'
        ? url.searchParams.get('v')
        : VIDEO_SITE_ID_PATHS.exec(url.pathname)?.[1];
  return id && VIDEO_SITE_ID.test(id) ? id : null;
}

/** The privacy-enhanced embed of one video-site video. */
export const videoSiteEmbedUrl = (videoId: string) => `${VIDEO_SITE.embedOrigin}/embed/${videoId}`;
/** The site's default thumbnail of one video, for an education without a thumbnail of its own. */
export const videoSiteThumbnailUrl = (videoId: string) =>
  `${VIDEO_SITE.thumbnailOrigin}/vi/${videoId}/hqdefault.jpg`;

/* Newsletters (SPEC 3 "Newsletter draft", "Newsletter product"; SPEC 5, 7, 9; issue 14). */

/** SPEC 5 and 9: the newsletter form's rules, enforced by the SPA and again by the server. */
export const NEWSLETTER_RULES = {
  subjectMaxLength: 200,
  templateNameMaxLength: 200,
  nameMaxLength: 200,
  bodyMaxLength: 10_000,
  productTitleMaxLength: 200,
  priceMaxLength: 16,
  imageUrlMaxLength: 500,
  productsMax: 20,
  /** SPEC 5: digits with optional decimals (at most two), a space and the euro sign. */
  pricePattern: /^\d{1,7}(\.\d{1,2})? €$/,
  imageMaxBytes: 10 * 1024 * 1024,
  imageAccept: COURSE_RULES.imageAccept,
} as const;

/** The multipart fields of POST /newsletters/image (SPEC 7). */
export const NEWSLETTER_IMAGE_FIELDS = { title: 'ProductTitle', image: 'ProductImage' } as const;

/** POST /newsletters/image answers 201 with the product's title and the image's absolute URL. */
export const newsletterImageResponseSchema = z.object({
  productTitle: z.string(),
  productImageUrl: z.string(),
});
export type NewsletterImageResponse = z.infer<typeof newsletterImageResponseSchema>;

const requiredLine = (field: string, maxLength: number) =>
  freeText(field, { required: true, maxLength });

export const newsletterProductSchema = z.object({
  title: requiredLine('title', NEWSLETTER_RULES.productTitleMaxLength),
  price: z
    .string({ error: 'price must be a text.' })
    .check(
      z.maxLength(NEWSLETTER_RULES.priceMaxLength, 'price is too long.'),
      z.regex(NEWSLETTER_RULES.pricePattern, 'price must look like 12.50 €.'),
    ),
  /** An address the server answered, compared as sent: trimmed, not cleaned as free text. */
  imageUrl: z
    .string({ error: 'imageUrl must be a text.' })
    .check(
      z.trim(),
      z.minLength(1, 'imageUrl must not be empty.'),
      z.maxLength(
        NEWSLETTER_RULES.imageUrlMaxLength,
        `imageUrl must be at most ${NEWSLETTER_RULES.imageUrlMaxLength} characters long.`,
      ),
    ),
});

/**
 * POST /newsletters (JSON, SPEC 7): 201 with the newsletter's summary. `singleValues.name` is the
 * heading of the mail, `body` its text (paragraphs separated by blank lines); every `imageUrl` is
 * a `productImageUrl` that POST /newsletters/image answered.
 */
export const createNewsletterRequestSchema = z.object({
  subject: requiredLine('subject', NEWSLETTER_RULES.subjectMaxLength),
  campaignId: z.number({ error: 'campaignId must be a campaign id.' }).check(z.int()),
  templateName: requiredLine('templateName', NEWSLETTER_RULES.templateNameMaxLength),
  scheduledAt: z.iso.datetime({ offset: true, error: 'scheduledAt must be an ISO 8601 instant.' }),
  singleValues: z.object({
    name: requiredLine('name', NEWSLETTER_RULES.nameMaxLength),
    body: freeText('body', {
      multiline: true,
      required: true,
      maxLength: NEWSLETTER_RULES.bodyMaxLength,
    }),
  }),
  listValues: z
    .array(newsletterProductSchema)
    .check(
      z.minLength(1, 'listValues must hold at least one product.'),
      z.maxLength(NEWSLETTER_RULES.productsMax, 'listValues holds too many products.'),
    ),
});
export type CreateNewsletterRequest = z.infer<typeof createNewsletterRequestSchema>;

export const NEWSLETTER_STATUSES = ['scheduled', 'sending', 'sent', 'cancelled'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/**
 * One newsletter of GET /newsletters, newest first. Counts are per recipient of the campaign's
 * snapshot (empty until sending starts): `skipped` unsubscribed before their turn, `cancelled` not
 * sent because the newsletter was cancelled, `uncertain` were interrupted by a crash mid-send, so
 * their mail may have gone out once more than `sent` says (counted among the others too).
 */
export const newsletterSummarySchema = z.object({
  id: z.number(),
  subject: z.string(),
  templateName: z.string(),
  campaignId: z.number(),
  scheduledAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  status: z.enum(NEWSLETTER_STATUSES),
  counts: z.object({
    pending: z.number(),
    sent: z.number(),
    failed: z.number(),
    skipped: z.number(),
    cancelled: z.number(),
    uncertain: z.number(),
  }),
});
export type NewsletterSummary = z.infer<typeof newsletterSummarySchema>;
export const newsletterListSchema = z.array(newsletterSummarySchema);

/** GET /newsletters/{id}/preview: the mail as a subscriber gets it, its unsubscribe link inert. */
export const newsletterPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type NewsletterPreview = z.infer<typeof newsletterPreviewSchema>;

export const newsletterIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'id must be a newsletter id.' }).check(z.int(), z.positive()),
});

/* Education writes (issue 13; SPEC 5 "Education form"; SPEC 7 POST, PATCH, PUT and DELETE). */

/**
 * The multipart field names of POST /educations (SPEC 7, plus `VideoUploadId`). Text fields:
 * `DateOfRecording` as `2024-03` (optional, not later than the current month), `CountryIsoCode`
 * an offered country, `SubtitleLanguage` optional free text, `PartnerId` a partner's id. The video
 * is exactly one of `VideoUrl` (http:// or https://), `Video` (the file) or `VideoUploadId` (the
 * id of a finished tus upload at `UPLOADS_PATH`, see `uploadIdOf`). `Thumbnail` is an optional
 * image. `InitialAccessUserIds` is repeated, once per user, only when the education is restricted.
 * A validation error names these fields: `{"errors":{"Title":["..."]}}`.
 */
export const EDUCATION_FIELDS = {
  title: 'Title',
  description: 'Description',
  lecturer: 'Lecturer',
  dateOfRecording: 'DateOfRecording',
  countryIsoCode: 'CountryIsoCode',
  subtitleLanguage: 'SubtitleLanguage',
  partnerId: 'PartnerId',
  videoUrl: 'VideoUrl',
  video: 'Video',
  videoUploadId: 'VideoUploadId',
  thumbnail: 'Thumbnail',
  initialAccessUserIds: 'InitialAccessUserIds',
} as const;

/** SPEC 9 and the server's limits: the rules of the education form, enforced by both sides. */
export const EDUCATION_RULES = {
  /** SPEC 9: longer than 2 (after trimming). */
  titleMinLength: 3,
  titleMaxLength: 200,
  /** SPEC 9: at least 5. */
  descriptionMinLength: 5,
  descriptionMaxLength: 10_000,
  /** SPEC 9: longer than 1. */
  lecturerMinLength: 2,
  lecturerMaxLength: 500,
  subtitleLanguageMaxLength: 100,
  videoUrlMaxLength: 2048,
  /** A tus upload id as the server makes them (hex), with room to spare. */
  videoUploadIdMaxLength: 128,
  /** Users of one restricted education (`InitialAccessUserIds`, `userIds`). */
  accessUsersMax: 1000,
  /**
   * `accept` of the video input: what the server accepts, decided from the bytes. The size cap is
   * the server's configuration (4 GiB by default); over it the server answers 413 `videoTooLarge`.
   */
  videoAccept: 'video/mp4,video/webm',
  thumbnailMaxBytes: COURSE_RULES.imageMaxBytes,
  /** `accept` of the thumbnail input. SVG is never accepted. */
  thumbnailAccept: COURSE_RULES.imageAccept,
} as const;

/** POST /educations answers 201 with the stored education (its video URL signed for the caller). */
export const createEducationResponseSchema = educationSchema;

/** The education texts of POST (multipart, fields as in EDUCATION_FIELDS) and PATCH (JSON). */
export const educationTexts = (fields: {
  title: string;
  description: string;
  lecturer: string;
  subtitleLanguage: string;
}) => ({
  title: freeText(fields.title, {
    required: true,
    minLength: EDUCATION_RULES.titleMinLength,
    maxLength: EDUCATION_RULES.titleMaxLength,
  }),
  description: freeText(fields.description, {
    multiline: true,
    required: true,
    minLength: EDUCATION_RULES.descriptionMinLength,
    maxLength: EDUCATION_RULES.descriptionMaxLength,
  }),
  lecturer: freeText(fields.lecturer, {
    required: true,
    minLength: EDUCATION_RULES.lecturerMinLength,
    maxLength: EDUCATION_RULES.lecturerMaxLength,
  }),
  /** Empty means none. */
  subtitleLanguage: freeText(fields.subtitleLanguage, {
    maxLength: EDUCATION_RULES.subtitleLanguageMaxLength,
  }),
});
const patchTexts = educationTexts({
  title: 'title',
  description: 'description',
  lecturer: 'lecturer',
  subtitleLanguage: 'subtitleLanguage',
});

/**
 * PATCH /educations/{id} (`application/merge-patch+json`): any of these members; null clears the
 * two optional ones. The same rules as POST; a `dateOfRecording` later than the current month is
 * refused by the server. Answers 200 with the education as stored.
 */
export const educationPatchSchema = z.strictObject(
  {
    title: z.optional(patchTexts.title),
    description: z.optional(patchTexts.description),
    lecturer: z.optional(patchTexts.lecturer),
    dateOfRecording: z.optional(
      z.nullable(
        z
          .string({ error: 'dateOfRecording must be a text.' })
          .check(
            z.regex(
              RECORDING_MONTH_PATTERN,
              'dateOfRecording must be a year and month, e.g. 2024-03.',
            ),
          ),
      ),
    ),
    subtitleLanguage: z.optional(z.nullable(patchTexts.subtitleLanguage)),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'The patch may set only title, description, lecturer, dateOfRecording and subtitleLanguage.'
        : 'The patch must be a JSON object.',
  },
);
export type EducationPatch = z.infer<typeof educationPatchSchema>;

/**
 * PUT /educations/{id}/access-rights (JSON): the users who may see the education, every one an
 * existing user; an empty list opens it to every logged-in user. Answers 200 with the access
 * rights as stored (`accessRightListSchema`).
 */
export const accessRightsUpdateSchema = z.object({
  userIds: z
    .array(
      z
        .number({ error: 'userIds must hold user ids.' })
        .check(z.int('userIds must hold user ids.'), z.positive('userIds must hold user ids.')),
      { error: 'userIds must be a list of user ids.' },
    )
    .check(
      z.maxLength(
        EDUCATION_RULES.accessUsersMax,
        `userIds may hold at most ${EDUCATION_RULES.accessUsersMax} users.`,
      ),
    ),
});

/**
 * The tus endpoint (resumable uploads, https://tus.io/protocols/resumable-upload) for education
 * videos, administrators only: create the upload here with the bearer header, send the bytes, then
 * name it in `VideoUploadId` of POST /educations (once: a used upload is gone).
 */
export const UPLOADS_PATH = '/api/v1/uploads';

/** The `VideoUploadId` of a tus upload, from the upload URL the server answered at creation. */
export function uploadIdOf(uploadUrl: string): string {
  return new URL(uploadUrl, 'http://localhost').pathname.split('/').pop() ?? '';
}
