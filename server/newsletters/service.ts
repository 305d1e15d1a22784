/**
 * Newsletters (issue 14): product images uploaded for mail, newsletters scheduled for a campaign,
 * their list with the delivery counts, cancelling, a preview and a test mail to the caller. The
 * sending itself is the dispatcher's (server/jobs/newsletter-dispatcher.ts).
 */
import {
  NEWSLETTER_IMAGE_FIELDS,
  NEWSLETTER_RULES,
  type CampaignKey,
  type CreateNewsletterRequest,
  type NewsletterDetails,
  type NewsletterImageResponse,
  type NewsletterPreview,
  type NewsletterSummary,
} from '../../src/api/contract.ts';
import { freeText, parseFreeText } from '../../src/api/text.ts';
import { parsePrice } from '../../src/lib/price.ts';
import { zagrebDay } from '../../src/lib/dateText.ts';
import { audited, recordAudit } from '../audit/log.ts';
import { findActiveSubscription, findCampaignById } from '../campaigns/store.ts';
import { rolesOfUser } from '../users/store.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { DomainError, MESSAGES, ValidationError } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Media, StagedMedia } from '../media/service.ts';
import { MEDIA_URL_PREFIX, NEWSLETTER_MEDIA_COLLECTION } from '../media/store.ts';
import type { Upload } from '../media/upload.ts';
import { inertCopy, personalise, type NewsletterMailContent } from './mail.ts';
import { undeliverableRecipients } from './deliveries.ts';
import type { PreviewDocumentQuery, PreviewDocuments } from './preview-documents.ts';
import type { RenderedNewsletters } from './rendered-newsletters.ts';
import {
  cancelNewsletter,
  findNewsletterContent,
  findUserEmail,
  insertNewsletter,
  insertNewsletterImage,
  listNewsletters,
  newsletterImagesByKey,
  updateScheduledNewsletter,
  type NewsletterChange,
  type NewsletterListRow,
} from './store.ts';
import { newsletterRequestProblems } from './validation.ts';

/** `ProductTitle` of an image upload: as a product's `title` of POST /newsletters. */
const PRODUCT_TITLE = freeText(NEWSLETTER_IMAGE_FIELDS.title, {
  required: true,
  maxLength: NEWSLETTER_RULES.productTitleMaxLength,
});

/** The list shows the latest ones; older newsletters stay in the database. */
const LIST_LIMIT = 50;

export interface NewslettersServiceDeps {
  config: Pick<Config, 'publicUrl' | 'brand' | 'campaigns' | 'mailReplyTo'>;
  db: Db;
  media: Pick<Media, 'url'>;
  mailer: Mailer;
  now: Clock;
  renderedNewsletters: RenderedNewsletters;
  previewDocuments: PreviewDocuments;
}

export interface NewslettersService {
  uploadImage(
    upload: Upload<typeof NEWSLETTER_IMAGE_FIELDS.image>,
    staged: StagedMedia,
    uploadedBy: number,
  ): Promise<NewsletterImageResponse>;
  create(request: CreateNewsletterRequest, createdBy: number): Promise<NewsletterSummary>;
  /** What the form shows to change newsletter `id`. */
  details(id: number): Promise<NewsletterDetails>;
  /** Changes a scheduled newsletter whose sending has not begun (409 once it has). */
  update(id: number, request: CreateNewsletterRequest): Promise<void>;
  list(): Promise<NewsletterSummary[]>;
  cancel(id: number): Promise<void>;
  /** The preview, with the signed URL of its own document for `callerId`'s frame. */
  preview(id: number, callerId: number): Promise<NewsletterPreview>;
  /** The HTML of the preview document a signed URL names (preview-documents.ts). */
  previewDocument(id: number, query: PreviewDocumentQuery): Promise<string>;
  sendTest(id: number, callerId: number): Promise<void>;
}

export function newslettersService(deps: NewslettersServiceDeps): NewslettersService {
  const { db, now, config } = deps;
  const mailContext = {
    publicUrl: config.publicUrl,
    brand: config.brand,
    replyTo: config.mailReplyTo,
  };
  const absoluteMediaUrl = (key: string) => `${config.publicUrl}${deps.media.url(key)}`;

  /** The media key an `imageUrl` names, when it is a URL of our own newsletter media. */
  function mediaKeyOf(imageUrl: string): string | undefined {
    const prefix = `${MEDIA_URL_PREFIX}/${NEWSLETTER_MEDIA_COLLECTION}/`;
    const relative = imageUrl.startsWith(`${config.publicUrl}/`)
      ? imageUrl.slice(config.publicUrl.length)
      : imageUrl;
    if (!relative.startsWith(prefix)) return undefined;
    return relative.slice(MEDIA_URL_PREFIX.length + 1);
  }

  return {
    async uploadImage(
      upload: Upload<typeof NEWSLETTER_IMAGE_FIELDS.image>,
      staged: StagedMedia,
      uploadedBy: number,
    ): Promise<NewsletterImageResponse> {
      const errors: Record<string, string[]> = { ...upload.fileErrors };
      const { text: title, problems } = parseFreeText(
        PRODUCT_TITLE,
        upload.text(NEWSLETTER_IMAGE_FIELDS.title),
      );
      if (problems.length > 0) errors.ProductTitle = problems;
      const image = upload.files.ProductImage;
      if (image === undefined && errors.ProductImage === undefined) {
        errors.ProductImage = [MESSAGES.newsletterImageRequired];
      }
      if (Object.keys(errors).length > 0 || image === undefined) {
        throw new ValidationError(errors);
      }
      const stored = await staged.storeMailImage(image, NEWSLETTER_MEDIA_COLLECTION);
      await insertNewsletterImage(db, {
        imageKey: stored.key,
        doubleKey: stored.doubleKey,
        title,
        uploadedBy,
        createdAt: now(),
      });
      return { productTitle: title, productImageUrl: absoluteMediaUrl(stored.key) };
    },

    async create(request: CreateNewsletterRequest, createdBy: number): Promise<NewsletterSummary> {
      const change = await checkedChange(request);
      const createdAt = now();
      const id = await audited(
        db,
        (trx) => insertNewsletter(trx, { ...change, createdBy, createdAt }),
        (id) =>
          id === undefined
            ? undefined
            : {
                kind: 'newsletter',
                action: 'create',
                objectId: id,
                summary: `${request.subject}, šalje se ${zagrebDay(change.scheduledAt.toISOString())}`,
              },
      );
      if (id === undefined) throw new DomainError(409, MESSAGES.newsletterTaken);
      const campaign = await findCampaignById(db, request.campaignId);
      return {
        id,
        subject: request.subject,
        templateName: request.templateName,
        campaignId: request.campaignId,
        campaignName: campaign?.name ?? '',
        scheduledAt: change.scheduledAt.toISOString(),
        createdAt: createdAt.toISOString(),
        status: 'scheduled',
        counts: { pending: 0, sent: 0, failed: 0, skipped: 0, cancelled: 0, uncertain: 0 },
        undeliverable: [],
      };
    },

    async details(id: number): Promise<NewsletterDetails> {
      const newsletter = await findNewsletterContent(db, id);
      if (newsletter === undefined) throw new DomainError(404, MESSAGES.newsletterNotFound);
      return {
        id: newsletter.id,
        subject: newsletter.subject,
        templateName: newsletter.template_name,
        campaignId: newsletter.campaign_id,
        scheduledAt: newsletter.scheduled_at,
        status: newsletter.status,
        singleValues: { name: newsletter.heading, body: newsletter.body },
        listValues: newsletter.products.map((product) => ({
          title: product.title,
          priceCents: product.price_cents,
          imageUrl: absoluteMediaUrl(product.image_key),
        })),
      };
    },

    async update(id: number, request: CreateNewsletterRequest): Promise<void> {
      const change = await checkedChange(request);
      const outcome = await audited(
        db,
        (trx) => updateScheduledNewsletter(trx, id, change),
        (done) =>
          done === 'updated'
            ? {
                kind: 'newsletter',
                action: 'update',
                objectId: id,
                summary: `${request.subject}, šalje se ${zagrebDay(change.scheduledAt.toISOString())}`,
              }
            : undefined,
      );
      if (outcome === 'notFound') throw new DomainError(404, MESSAGES.newsletterNotFound);
      if (outcome === 'notEditable') throw new DomainError(409, MESSAGES.newsletterNotEditable);
      if (outcome === 'taken') throw new DomainError(409, MESSAGES.newsletterTaken);
    },

    async list(): Promise<NewsletterSummary[]> {
      const rows = await listNewsletters(db, LIST_LIMIT);
      const refused = await undeliverableRecipients(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({
        ...summary(row),
        undeliverable: refused
          .filter((recipient) => recipient.newsletter_id === row.id)
          .map((recipient) => ({
            email: recipient.email,
            reason: recipient.undeliverable_reason ?? '',
          })),
      }));
    },

    async cancel(id: number): Promise<void> {
      const cancelled = await audited(
        db,
        (trx) => cancelNewsletter(trx, id, now()),
        (done) =>
          done
            ? {
                kind: 'newsletter',
                action: 'cancel',
                objectId: id,
                summary: `Newsletter #${id} otkazan`,
              }
            : undefined,
      );
      if (cancelled) return;
      if ((await findNewsletterContent(db, id)) === undefined) {
        throw new DomainError(404, MESSAGES.newsletterNotFound);
      }
      throw new DomainError(409, MESSAGES.newsletterNotCancellable);
    },

    /** The mail as a subscriber gets it, with the link's place shown but nothing to follow. */
    async preview(id: number, callerId: number): Promise<NewsletterPreview> {
      const message = inertCopy(await rendered(id));
      const documentUrl = deps.previewDocuments.sign(id, callerId);
      return { subject: message.subject, html: message.html, text: message.text, documentUrl };
    },

    async previewDocument(id: number, query: PreviewDocumentQuery): Promise<string> {
      if (deps.previewDocuments.check(id, query) !== 'valid') {
        throw new DomainError(403, MESSAGES.previewLinkInvalid);
      }
      // The roles of now, not of when the link was made.
      const roles = await rolesOfUser(db, query.user);
      if (!roles.some((role) => role === 'employee' || role === 'administrator')) {
        throw new DomainError(403, MESSAGES.previewLinkInvalid);
      }
      return inertCopy(await rendered(id)).html;
    },

    /**
     * Sends the mail to the caller's own address: when they subscribe to its campaign, exactly
     * their subscriber's copy (the link unsubscribes them), otherwise a copy with no link. Its
     * Message-ID is a fresh one, so the real newsletter is never taken for its twin.
     */
    async sendTest(id: number, callerId: number): Promise<void> {
      const mail = await rendered(id);
      const email = (await findUserEmail(db, callerId))?.email ?? '';
      const subscription = await findActiveSubscription(db, mail.content.campaignId, email);
      const message =
        subscription === undefined
          ? { to: email, replyTo: config.mailReplyTo, ...inertCopy(mail) }
          : personalise(mailContext, mail, {
              email,
              unsubscribeToken: subscription.unsubscribe_token,
            });
      try {
        await deps.mailer.send({ ...message, subject: `[TEST] ${message.subject}` });
      } catch (error) {
        throw new DomainError(502, MESSAGES.mailFailed, { cause: error });
      }
      // After the mail went out: a transaction is never held open across SMTP.
      await recordAudit(db, {
        kind: 'newsletter',
        action: 'send',
        objectId: id,
        summary: `Probni e-mail: ${mail.content.subject} → ${email}`,
      });
    },
  };

  /** The request as stored, or a ValidationError with every broken rule, per field. */
  async function checkedChange(request: CreateNewsletterRequest): Promise<NewsletterChange> {
    const errors = newsletterRequestProblems(request, now());
    if ((await campaignKeyOf(request.campaignId)) === undefined) {
      errors.campaignId = [MESSAGES.campaignNotFound];
    }
    const keys = request.listValues.map((product) => mediaKeyOf(product.imageUrl));
    const images = await newsletterImagesByKey(
      db,
      keys.filter((key) => key !== undefined),
    );
    const imageIds = keys.map((key) => (key === undefined ? undefined : images.get(key)?.id));
    imageIds.forEach((id, index) => {
      if (id === undefined) errors[`listValues[${index}].imageUrl`] = [MESSAGES.foreignImageUrl];
    });
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return {
      subject: request.subject,
      templateName: request.templateName,
      campaignId: request.campaignId,
      heading: request.singleValues.name,
      body: request.singleValues.body,
      scheduledAt: new Date(request.scheduledAt),
      products: request.listValues.map((product, index) => ({
        title: product.title,
        // The request's schema refused any price parsePrice cannot read.
        priceCents: parsePrice(product.price) ?? 0,
        imageId: imageIds[index] ?? 0,
      })),
    };
  }

  async function campaignKeyOf(campaignId: number): Promise<CampaignKey | undefined> {
    const campaign = await findCampaignById(db, campaignId);
    return campaign && campaignKeyByName(config, campaign.name);
  }

  async function rendered(id: number) {
    const content = await newsletterMailContent(deps, id);
    if (content === undefined) throw new DomainError(404, MESSAGES.newsletterNotFound);
    return deps.renderedNewsletters.render(content);
  }
}

/** The configured campaign a stored campaign name stands for (names compare case-insensitively). */
export function campaignKeyByName(
  config: Pick<Config, 'campaigns'>,
  name: string,
): CampaignKey | undefined {
  const entry = Object.entries(config.campaigns).find(
    ([, configured]) => configured.toLowerCase() === name.toLowerCase(),
  );
  return entry?.[0] as CampaignKey | undefined;
}

/** What the mail of newsletter `id` shows, or undefined when there is no such newsletter. */
export async function newsletterMailContent(
  deps: Pick<NewslettersServiceDeps, 'config' | 'db' | 'media'>,
  id: number,
): Promise<NewsletterMailContent | undefined> {
  const newsletter = await findNewsletterContent(deps.db, id);
  if (newsletter === undefined) return undefined;
  const campaign = await findCampaignById(deps.db, newsletter.campaign_id);
  const key = campaign && campaignKeyByName(deps.config, campaign.name);
  // Creation refuses unconfigured campaigns; one renamed since links to the catalogues page (the
  // form's default), while its one-click header still names the right campaign id.
  const absolute = (mediaKey: string) => `${deps.config.publicUrl}${deps.media.url(mediaKey)}`;
  return {
    id: newsletter.id,
    subject: newsletter.subject,
    heading: newsletter.heading,
    body: newsletter.body,
    campaignId: newsletter.campaign_id,
    campaign: key ?? 'catalogs',
    products: newsletter.products.map((product) => ({
      title: product.title,
      priceCents: product.price_cents,
      imageUrl: absolute(product.image_key),
      image2xUrl: absolute(product.image_2x_key),
    })),
  };
}

function summary(row: NewsletterListRow): Omit<NewsletterSummary, 'undeliverable'> {
  return {
    id: row.id,
    subject: row.subject,
    templateName: row.template_name,
    campaignId: row.campaign_id,
    campaignName: row.campaign_name,
    scheduledAt: row.scheduled_at,
    createdAt: row.created_at,
    status: row.status,
    counts: {
      pending: Number(row.pending),
      sent: Number(row.sent),
      failed: Number(row.failed),
      skipped: Number(row.skipped),
      cancelled: Number(row.cancelled),
      uncertain: Number(row.uncertain),
    },
  };
}
