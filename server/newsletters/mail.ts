/**
 * A newsletter as mail: Croatian HTML (MJML, which compiles to the table layout mail clients
 * render alike; docs/decisions/0017) and plain text, rendered once per newsletter version with a
 * marker where each recipient's unsubscribe link goes, then personalised per recipient. The
 * compilation itself runs in a worker thread (mjml-pool.ts) and its result is kept per version
 * (rendered-newsletters.ts). Every text is
 * escaped; images are absolute URLs of our own media. Each subscriber's mail carries the RFC 8058
 * one-click headers and a Message-ID derived from (newsletter, subscription), so a mail sent
 * again after a crash carries the same id and receivers can drop the twin. A copy for someone
 * who does not subscribe (the preview, a test mail) says where the link goes instead of holding
 * one that would not work (docs/decisions/0022).
 */
import { randomUUID } from 'node:crypto';
import type { CampaignKey } from '../../src/api/contract.ts';
import {
  listUnsubscribeHeaders,
  unsubscribePageLink,
  type MailContext,
} from '../campaigns/mail.ts';
import { escapeHtml } from '../mail/html.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { MAIL_IMAGE_WIDTH } from '../media/images.ts';
import type { MjmlCompiler } from './mjml-pool.ts';

export interface NewsletterMailContent {
  id: number;
  subject: string;
  heading: string;
  body: string;
  campaignId: number;
  campaign: CampaignKey;
  /** Absolute URLs of the 600 px image and its 1200 px twin. */
  products: { title: string; price: string; imageUrl: string; image2xUrl: string }[];
}

export interface RenderedNewsletter {
  content: NewsletterMailContent;
  /** Stands for each recipient's unsubscribe link; random, so no text a person writes holds it. */
  unsubscribeMarker: string;
  html: string;
  text: string;
}

export interface Recipient {
  email: string;
  unsubscribeToken: string;
}

const RED = '#e30613';
const TEXT_COLOUR = '#222222';
const FONT = 'Arial, Helvetica, sans-serif';

const TOPICS: Record<CampaignKey, string> = {
  courses: 'newsletter o tečajevima',
  catalogs: 'newsletter s novostima iz kataloga',
};

const UNSUBSCRIBE_LABEL = 'Odjava s newslettera';
/** In place of the link in a copy for someone who does not subscribe. */
export const INERT_UNSUBSCRIBE_TEXT =
  'Odjava s newslettera: u ovom primjerku poveznica nije aktivna; svaki primatelj dobiva svoju osobnu poveznicu.';

export async function renderNewsletter(
  context: MailContext,
  content: NewsletterMailContent,
  mjmlCompiler: Pick<MjmlCompiler, 'compile'>,
): Promise<RenderedNewsletter> {
  const unsubscribeMarker = `unsubscribe-${randomUUID()}`;
  const paragraphs = content.body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
  const brand = escapeHtml(context.brand);
  const products = content.products
    .map(
      (product) => `
      <mj-section padding="8px 0" background-color="#ffffff">
        <mj-column border="1px solid #e6e6e6" padding="0">
          <mj-image src="${escapeHtml(product.imageUrl)}" srcset="${escapeHtml(product.imageUrl)} 1x, ${escapeHtml(product.image2xUrl)} 2x" width="${MAIL_IMAGE_WIDTH - 2}px" alt="${escapeHtml(product.title)}" padding="0" />
          <mj-text font-size="18px" font-weight="bold" padding="16px 16px 4px">${escapeHtml(product.title)}</mj-text>
          <mj-text font-size="18px" color="${RED}" font-weight="bold" padding="0 16px 16px">${escapeHtml(product.price)}</mj-text>
        </mj-column>
      </mj-section>`,
    )
    .join('');
  const footer = `Ovaj e-mail primate jer ste prijavljeni na ${TOPICS[content.campaign]} ${context.brand}.`;
  const mjml = `<mjml lang="hr">
  <mj-head>
    <mj-title>${escapeHtml(content.subject)}</mj-title>
    <mj-preview>${escapeHtml(content.heading)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${FONT}" />
      <mj-text color="${TEXT_COLOUR}" font-size="16px" line-height="1.5" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f4f4" width="${MAIL_IMAGE_WIDTH}px">
    <mj-section background-color="${RED}" padding="16px 0">
      <mj-column><mj-text color="#ffffff" font-size="24px" font-weight="bold" align="center">${brand}</mj-text></mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="16px 0 0">
      <mj-column>
        <mj-text font-size="24px" font-weight="bold" padding-bottom="0"><h1 style="font-size:24px;margin:0">${escapeHtml(content.heading)}</h1></mj-text>
        ${paragraphs.map((paragraph) => `<mj-text>${escapeHtml(paragraph).replaceAll('\n', '<br />')}</mj-text>`).join('\n        ')}
      </mj-column>
    </mj-section>
    ${products}
    <mj-section padding="16px 0">
      <mj-column>
        <mj-text font-size="13px" color="#555555" align="center">${escapeHtml(footer)}<br />${unsubscribeMarker}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const { html, errors } = await mjmlCompiler.compile(mjml);
  if (errors.length > 0) throw new Error(`newsletter template: ${errors.join('; ')}`);
  const text = [
    context.brand,
    '',
    content.heading,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...content.products.flatMap((product) => [
      `${product.title}: ${product.price}`,
      product.imageUrl,
      '',
    ]),
    footer,
    unsubscribeMarker,
    '',
  ].join('\n');
  return { content, unsubscribeMarker, html, text };
}

/** The Message-ID of one newsletter to one subscription: the same whenever it is sent again. */
export function newsletterMessageId(
  publicUrl: string,
  newsletterId: number,
  subscriptionId: number,
): string {
  return `<newsletter-${newsletterId}-${subscriptionId}@${new URL(publicUrl).hostname}>`;
}

/** A subscriber's own copy: their unsubscribe link in the mail and the one-click headers. */
export function personalise(
  context: MailContext,
  rendered: RenderedNewsletter,
  recipient: Recipient,
): MailMessage {
  const subscription = {
    email: recipient.email,
    campaignId: rendered.content.campaignId,
    campaign: rendered.content.campaign,
    unsubscribeToken: recipient.unsubscribeToken,
  };
  const link = unsubscribePageLink(context.publicUrl, subscription);
  const anchor = `<a href="${escapeHtml(link)}" style="color:${RED}">${UNSUBSCRIBE_LABEL}</a>`;
  return {
    to: recipient.email,
    subject: rendered.content.subject,
    html: rendered.html.replaceAll(rendered.unsubscribeMarker, anchor),
    text: rendered.text.replaceAll(rendered.unsubscribeMarker, `${UNSUBSCRIBE_LABEL}: ${link}`),
    headers: listUnsubscribeHeaders(context.publicUrl, subscription),
  };
}

/** A copy for someone who does not subscribe: no link, no one-click headers, nothing to click. */
export function inertCopy(rendered: RenderedNewsletter): Omit<MailMessage, 'to'> {
  return {
    subject: rendered.content.subject,
    html: rendered.html.replaceAll(
      rendered.unsubscribeMarker,
      `<span style="color:#555555">${escapeHtml(INERT_UNSUBSCRIBE_TEXT)}</span>`,
    ),
    text: rendered.text.replaceAll(rendered.unsubscribeMarker, INERT_UNSUBSCRIBE_TEXT),
  };
}
