/**
 * Newsletters (SPEC 3 "Newsletter draft", "Newsletter product"; SPEC 5, 7, 9; issue 14).
 */
import * as z from 'zod/mini';
import { freeText } from '../text.ts';
import { COURSE_RULES } from './courses.ts';

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
  /**
   * Recipients whose receiving server refused the address for good (a 5xx, a hard bounce), with
   * its answer: later newsletters leave them out (issue 28).
   */
  undeliverable: z.array(z.object({ email: z.string(), reason: z.string() })),
});
export type NewsletterSummary = z.infer<typeof newsletterSummarySchema>;
export const newsletterListSchema = z.array(newsletterSummarySchema);

/** GET /newsletters/{id}/preview: the mail as a subscriber gets it, its unsubscribe link inert. */
export const newsletterPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /**
   * The same HTML as a document of its own, with its own policy, for the preview frame's `src`:
   * a signed API path valid for a few minutes (the frame cannot send the bearer token).
   */
  documentUrl: z.string(),
});
export type NewsletterPreview = z.infer<typeof newsletterPreviewSchema>;

export const newsletterIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'id must be a newsletter id.' }).check(z.int(), z.positive()),
});
