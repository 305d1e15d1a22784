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
import { UNSUBSCRIBE_PAGE_CAMPAIGNS, type CampaignKey } from '../../src/api/contract.ts';
import { listUnsubscribeHeaders, type MailContext } from '../campaigns/mail.ts';
import { company } from '../../src/data/company.ts';
import { formatPrice } from '../../src/lib/price.ts';
import { routes } from '../../src/routes.ts';
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
  /** Absolute URLs of the card's image (`MAIL_IMAGE_WIDTH` px) and its twice as wide twin. */
  /** Prices in cents, written the Croatian way ("49,90 €") by the template. */
  products: { title: string; priceCents: number; imageUrl: string; image2xUrl: string }[];
}

export interface RenderedNewsletter {
  content: NewsletterMailContent;
  /** Stands for each recipient's unsubscribe link; random, so no text a person writes holds it. */
  unsubscribeMarker: string;
  html: string;
  text: string;
}

/** The site, the brand and where replies go (MAIL_REPLY_TO). */
export interface NewsletterMailContext extends MailContext {
  replyTo: string;
}

export interface Recipient {
  email: string;
  unsubscribeToken: string;
}

const RED = '#e30613';
const TEXT_COLOUR = '#222222';
const MUTED_COLOUR = '#555555';
const PAGE_COLOUR = '#f4f4f4';
const CARD_BORDER = '#e6e6e6';
const FONT = 'Arial, Helvetica, sans-serif';
/** The width of the mail; its product cards are two columns of half of it. */
const MAIL_WIDTH = 600;
/**
 * Characters of the body shown after the subject in an inbox's list. The preheader is a hidden
 * block of our own rather than MJML's mj-preview, whose white-on-white text SpamAssassin scores
 * as HTML_FONT_LOW_CONTRAST (hidden text is a spam trick when it has a colour to hide with).
 */
const PREHEADER_LENGTH = 110;

/**
 * Dark-mode colours for the clients that honour `prefers-color-scheme` (Apple Mail, Outlook for
 * Mac, Thunderbird): dark page and cards, light text, a lighter red that keeps its contrast. The
 * light colours are chosen to survive the clients that invert on their own (Gmail's apps, Outlook
 * on the web): dark text on white, white on the brand red, nothing that relies on a transparent
 * image.
 */
const DARK_MODE_CSS = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    html, body, body > div, .nl-gap, .nl-gap > table, .nl-gap > table > tbody > tr > td { background-color: #121212 !important; }
    .nl-panel, .nl-panel > table, .nl-panel > table > tbody > tr > td,
    .nl-card > table, .nl-card > table > tbody > tr > td { background-color: #1e1e1e !important; border-color: #3a3a3a !important; }
    .nl-panel div, .nl-card div, a.nl-title { color: #ececec !important; }
    .nl-footer div { color: #b4b4b4 !important; }
    a.nl-link, .nl-footer a, .nl-price div { color: #ff7a80 !important; }
  }`;

const TOPICS: Record<CampaignKey, string> = {
  courses: 'newsletter o tečajevima',
  catalogs: 'newsletter s novostima iz kataloga',
};

const UNSUBSCRIBE_LABEL = 'Odjava s newslettera';
const CALL_TO_ACTION = 'Pogledajte cijelu ponudu';
const PRODUCT_LINK_LABEL = 'Više u katalogu';
/** In place of the link in a copy for someone who does not subscribe. */
export const INERT_UNSUBSCRIBE_TEXT =
  'Odjava s newslettera: u ovom primjerku poveznica nije aktivna; svaki primatelj dobiva svoju osobnu poveznicu.';

/** The inbox's line after the subject: the start of the body, cut at a word. */
export function preheaderOf(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  if (flat.length <= PREHEADER_LENGTH) return flat;
  const cut = flat.slice(0, PREHEADER_LENGTH + 1);
  const end = cut.lastIndexOf(' ');
  return `${(end > 0 ? cut.slice(0, end) : cut.slice(0, PREHEADER_LENGTH)).replace(/[\s,;:.–-]+$/, '')}…`;
}

/** Why the reader gets this mail, in its footer. */
function reasonOf(context: MailContext, campaign: CampaignKey): string {
  return `Ovaj e-mail primate jer ste se na stranici ${new URL(context.publicUrl).host} prijavili na ${TOPICS[campaign]} ${context.brand}.`;
}

const companyLines = () => [
  company.legalName,
  `${company.address.street}, ${company.address.postalCode} ${company.address.city}`,
  `OIB: ${company.oib}`,
  `Telefon: ${company.phone}`,
  `E-pošta: ${company.email}`,
];

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
  const catalogue = `${context.publicUrl}${routes.catalogues.href()}`;
  const link = escapeHtml(catalogue);
  const card = (product: NewsletterMailContent['products'][number]) => `
        <mj-column css-class="nl-card" background-color="#ffffff" border="1px solid ${CARD_BORDER}" padding="8px" vertical-align="top">
          <mj-image href="${link}" src="${escapeHtml(product.imageUrl)}" srcset="${escapeHtml(product.imageUrl)} 1x, ${escapeHtml(product.image2xUrl)} 2x" width="${MAIL_IMAGE_WIDTH}px" alt="${escapeHtml(product.title)}" padding="12px 12px 0" />
          <mj-text font-size="17px" font-weight="bold" padding="12px 16px 4px"><a class="nl-title" href="${link}" style="color:${TEXT_COLOUR};text-decoration:none">${escapeHtml(product.title)}</a></mj-text>
          <mj-text css-class="nl-price" font-size="18px" color="${RED}" font-weight="bold" padding="0 16px 4px">${escapeHtml(formatPrice(product.priceCents))}</mj-text>
          <mj-text font-size="14px" padding="0 16px 16px"><a class="nl-link" href="${link}" style="color:${RED}">${PRODUCT_LINK_LABEL}</a></mj-text>
        </mj-column>`;
  const rows: string[] = [];
  for (let index = 0; index < content.products.length; index += 2) {
    const pair = content.products.slice(index, index + 2);
    // An odd last card keeps its half width beside an empty column.
    rows.push(`
    <mj-section css-class="nl-gap" background-color="${PAGE_COLOUR}" padding="0 8px">${pair.map(card).join('')}${pair.length === 1 ? '\n        <mj-column><mj-spacer height="1px" /></mj-column>' : ''}
    </mj-section>`);
  }
  const reason = reasonOf(context, content.campaign);
  const preheader = preheaderOf(content.body);
  const mjml = `<mjml lang="hr">
  <mj-head>
    <mj-title>${escapeHtml(content.subject)}</mj-title>
    <mj-attributes>
      <mj-all font-family="${FONT}" />
      <mj-text color="${TEXT_COLOUR}" font-size="16px" line-height="1.5" />
    </mj-attributes>
    <mj-style>${DARK_MODE_CSS}</mj-style>
  </mj-head>
  <mj-body background-color="${PAGE_COLOUR}" width="${MAIL_WIDTH}px">
    <mj-raw><div class="nl-preheader" style="display:none;max-height:0;max-width:0;overflow:hidden;mso-hide:all">${escapeHtml(preheader)}</div></mj-raw>
    <mj-section background-color="${RED}" padding="12px 0">
      <mj-column><mj-text color="#ffffff" font-size="24px" font-weight="bold" align="center">${brand}</mj-text></mj-column>
    </mj-section>
    <mj-section css-class="nl-panel" background-color="#ffffff" padding="16px 0 8px">
      <mj-column>
        <mj-text padding-bottom="0"><h1 style="font-size:24px;line-height:1.25;margin:0">${escapeHtml(content.heading)}</h1></mj-text>
        ${paragraphs.map((paragraph) => `<mj-text>${escapeHtml(paragraph).replaceAll('\n', '<br />')}</mj-text>`).join('\n        ')}
      </mj-column>
    </mj-section>
    <mj-section css-class="nl-gap" background-color="${PAGE_COLOUR}" padding="8px 0 0"><mj-column><mj-spacer height="1px" /></mj-column></mj-section>
    ${rows.join('')}
    <mj-section css-class="nl-panel" background-color="#ffffff" padding="8px 0">
      <mj-column>
        <mj-button href="${link}" background-color="${RED}" color="#ffffff" font-size="17px" font-weight="bold" border-radius="4px" inner-padding="14px 28px">${CALL_TO_ACTION}</mj-button>
        <mj-text align="center" font-size="14px" padding-top="0">Pitanja i narudžbe: ${escapeHtml(company.phone)} ili odgovorite na ovaj e-mail.</mj-text>
      </mj-column>
    </mj-section>
    <mj-section css-class="nl-footer nl-gap" background-color="${PAGE_COLOUR}" padding="16px 0">
      <mj-column>
        <mj-text font-size="13px" color="${MUTED_COLOUR}" align="center" line-height="1.6">${companyLines().map(escapeHtml).join('<br />')}</mj-text>
        <mj-text font-size="13px" color="${MUTED_COLOUR}" align="center">${escapeHtml(reason)}<br />${unsubscribeMarker}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const { html, errors } = await mjmlCompiler.compile(mjml);
  if (errors.length > 0) throw new Error(`newsletter template: ${errors.join('; ')}`);
  const text = [
    content.heading,
    '='.repeat(Math.min(content.heading.length, 72)),
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...content.products.map((product) => `* ${product.title}: ${formatPrice(product.priceCents)}`),
    '',
    `${CALL_TO_ACTION}: ${catalogue}`,
    `Pitanja i narudžbe: ${company.phone} ili odgovorite na ovaj e-mail.`,
    '',
    '-- ',
    ...companyLines(),
    '',
    reason,
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

/**
 * The unsubscribe page with the address as a path segment, SPEC 2's other reading of the link
 * (`/newsletter-odjava/katalozi/{email}?unsubscribeToken=..`): a mail body URL with
 * `email=<the recipient>` is what SpamAssassin's GB_CUSTOM_HTM_URI scores as a tracking link
 * (1.0 points). The confirmation mail keeps the query reading.
 */
export function newsletterUnsubscribeLink(
  publicUrl: string,
  subscription: { email: string; campaign: CampaignKey; unsubscribeToken: string },
): string {
  const page = routes.unsubscribe.href({
    campaign: UNSUBSCRIBE_PAGE_CAMPAIGNS[subscription.campaign],
  });
  const query = new URLSearchParams({ unsubscribeToken: subscription.unsubscribeToken });
  return `${publicUrl}${page}/${encodeURIComponent(subscription.email)}?${query}`;
}

/**
 * RFC 2919's List-Id of a campaign's newsletter, on the site's own host: mail clients group and
 * filter by it, and Gmail expects it of bulk mail.
 */
export function newsletterListId(context: MailContext, campaign: CampaignKey): string {
  const host = new URL(context.publicUrl).hostname;
  return `"${context.brand.replace(/["\\]/g, '')} newsletter" <${campaign}.newsletter.${host}>`;
}

/**
 * A subscriber's own copy: their unsubscribe link in the mail, the one-click headers, the list's
 * id and a Reply-To that reaches sales.
 */
export function personalise(
  context: NewsletterMailContext,
  rendered: RenderedNewsletter,
  recipient: Recipient,
): MailMessage {
  const subscription = {
    email: recipient.email,
    campaignId: rendered.content.campaignId,
    campaign: rendered.content.campaign,
    unsubscribeToken: recipient.unsubscribeToken,
  };
  const link = newsletterUnsubscribeLink(context.publicUrl, subscription);
  const anchor = `<a href="${escapeHtml(link)}" style="color:${RED}">${UNSUBSCRIBE_LABEL}</a>`;
  return {
    to: recipient.email,
    subject: rendered.content.subject,
    html: rendered.html.replaceAll(rendered.unsubscribeMarker, anchor),
    text: rendered.text.replaceAll(rendered.unsubscribeMarker, `${UNSUBSCRIBE_LABEL}: ${link}`),
    replyTo: context.replyTo,
    headers: {
      ...listUnsubscribeHeaders(context.publicUrl, subscription),
      'List-Id': newsletterListId(context, rendered.content.campaign),
    },
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
