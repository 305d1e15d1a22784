/**
 * Newsletters (SPEC 3 "Newsletter draft", "Newsletter product"; SPEC 5, 7, 9; issue 14).
 */
import * as z from 'zod/mini';
import { PRICE_MAX_CENTS, parsePrice } from '../../lib/price.ts';
import { SERVER_MESSAGES } from '../serverMessages.ts';
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
  /** Prices are read by `parsePrice` (src/lib/price.ts): "49,90", "49.90 €", "1.299,00 €". */
  priceMaxCents: PRICE_MAX_CENTS,
  imageUrlMaxLength: 500,
  productsMax: 20,
  /** Scheduling further ahead is a typo more often than a plan (one leap year of days). */
  latestScheduleMs: 366 * 24 * 3_600_000,
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
  /** As typed: the server stores the cents `parsePrice` reads from it. */
  price: z.string({ error: 'price must be a text.' }).check(
    z.maxLength(NEWSLETTER_RULES.priceMaxLength, {
      error: SERVER_MESSAGES.newsletterPriceInvalid,
      abort: true,
    }),
    z.refine((text) => parsePrice(text) !== undefined, {
      error: SERVER_MESSAGES.newsletterPriceInvalid,
    }),
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

const productList = z
  .array(newsletterProductSchema)
  .check(
    z.minLength(1, SERVER_MESSAGES.newsletterProductsRequired),
    z.maxLength(NEWSLETTER_RULES.productsMax, 'listValues holds too many products.'),
  );

const scheduledAtText = z.iso.datetime({
  offset: true,
  error: SERVER_MESSAGES.newsletterScheduledAtInvalid,
});

/**
 * When a newsletter may be sent, judged at `now`: after it, and at most `latestScheduleMs` later.
 */
const scheduledAtSchema = (now: Date) =>
  z.string({ error: SERVER_MESSAGES.newsletterScheduledAtInvalid }).check(
    z.refine((text) => z.safeParse(scheduledAtText, text).success, {
      error: SERVER_MESSAGES.newsletterScheduledAtInvalid,
      abort: true,
    }),
    z.refine((text) => Date.parse(text) > now.getTime(), {
      error: SERVER_MESSAGES.newsletterScheduledInPast,
      abort: true,
    }),
    z.refine((text) => Date.parse(text) <= now.getTime() + NEWSLETTER_RULES.latestScheduleMs, {
      error: SERVER_MESSAGES.newsletterScheduledTooLate,
    }),
  );

/**
 * SPEC 5 "Newsletter": the form's fields as sent (the body as `singleValues.body`), judged at
 * `now`, by the browser (newsletterForm.rules.ts) and by the server (server/newsletters/
 * service.ts) alike; one message per broken rule, each product's under `listValues[i].field`.
 * The images' files are the browser's to judge; their URLs the server's.
 */
export const newsletterFormSchema = (now: Date) =>
  z.object({
    subject: requiredLine('subject', NEWSLETTER_RULES.subjectMaxLength),
    scheduledAt: scheduledAtSchema(now),
    body: freeText('body', {
      multiline: true,
      required: true,
      maxLength: NEWSLETTER_RULES.bodyMaxLength,
    }),
    listValues: productList,
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
  scheduledAt: scheduledAtText,
  singleValues: z.object({
    name: requiredLine('name', NEWSLETTER_RULES.nameMaxLength),
    body: freeText('body', {
      multiline: true,
      required: true,
      maxLength: NEWSLETTER_RULES.bodyMaxLength,
    }),
  }),
  listValues: productList,
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
  /** The audience: the name of the campaign the newsletter goes to. */
  campaignName: z.string(),
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

/**
 * GET /newsletters/{id}: a newsletter as the form shows it to change it (PUT /newsletters/{id},
 * the body of POST /newsletters, while it is `scheduled`); each price in cents.
 */
export const newsletterDetailsSchema = z.object({
  id: z.number(),
  subject: z.string(),
  templateName: z.string(),
  campaignId: z.number(),
  scheduledAt: z.iso.datetime(),
  status: z.enum(NEWSLETTER_STATUSES),
  singleValues: z.object({ name: z.string(), body: z.string() }),
  listValues: z.array(
    z.object({ title: z.string(), priceCents: z.number(), imageUrl: z.string() }),
  ),
});
export type NewsletterDetails = z.infer<typeof newsletterDetailsSchema>;

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
