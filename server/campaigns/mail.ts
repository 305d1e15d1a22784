/**
 * The subscription confirmation mail, in Croatian, as HTML and plain text. It carries the
 * subscriber's personal unsubscribe link to the SPA's `/newsletter-odjava/{campaign}` page and
 * the RFC 8058 one-click headers, whose POST the API answers without any page.
 */
import { UNSUBSCRIBE_PAGE_CAMPAIGNS, type CampaignKey } from '../../src/api/contract.ts';
import { routes } from '../../src/routes.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { API_BASE_URL } from '../site-config/routes.ts';
import { escapeHtml } from '../mail/html.ts';

export interface MailContext {
  publicUrl: string;
  brand: string;
}

export interface SubscriptionToConfirm {
  email: string;
  campaignId: number;
  campaign: CampaignKey;
  unsubscribeToken: string;
}

/** The page link of SPEC 2: `/newsletter-odjava/{tecajevi|katalozi}?email=..&unsubscribeToken=..`. */
export function unsubscribePageLink(
  publicUrl: string,
  subscription: SubscriptionToConfirm,
): string {
  const query = new URLSearchParams({
    email: subscription.email,
    unsubscribeToken: subscription.unsubscribeToken,
  });
  const campaign = UNSUBSCRIBE_PAGE_CAMPAIGNS[subscription.campaign];
  return `${publicUrl}${routes.unsubscribe.href({ campaign })}?${query}`;
}

/** The RFC 8058 target: a POST to it unsubscribes, a GET (a link scanner) changes nothing. */
export function oneClickUnsubscribeLink(
  publicUrl: string,
  subscription: SubscriptionToConfirm,
): string {
  const query = new URLSearchParams({
    email: subscription.email,
    campaignId: String(subscription.campaignId),
    unsubscribeToken: subscription.unsubscribeToken,
  });
  return `${publicUrl}${API_BASE_URL}/campaigns/subscriptions/one-click?${query}`;
}

/** The headers every mail to a subscriber carries (the newsletters too, once they are sent). */
export function listUnsubscribeHeaders(
  publicUrl: string,
  subscription: SubscriptionToConfirm,
): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUnsubscribeLink(publicUrl, subscription)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

const TOPICS: Record<CampaignKey, string> = {
  courses: 'o tečajevima: javit ćemo vam se čim objavimo nove tečajeve.',
  catalogs: 's novostima iz našega kataloga: uskoro očekujte zanimljive novosti.',
};

export function subscriptionConfirmationMail(
  context: MailContext,
  subscription: SubscriptionToConfirm,
): MailMessage {
  const link = unsubscribePageLink(context.publicUrl, subscription);
  const greeting = 'Poštovani/a,';
  const lines = [
    `hvala vam na prijavi na ${context.brand} newsletter ${TOPICS[subscription.campaign]}`,
    'Od newslettera se možete odjaviti u bilo kojem trenutku na poveznici:',
  ];
  const closing = [
    'Ako se niste prijavili vi, odjavite se na istoj poveznici i vašu adresu više nećemo upotrebljavati.',
  ];
  const signature = `Srdačan pozdrav,\n${context.brand}`;
  const text = [greeting, '', ...lines, link, '', ...closing, '', signature, ''].join('\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    '<!doctype html>',
    '<html lang="hr"><body>',
    paragraph(greeting),
    ...lines.map(paragraph),
    `<p><a href="${escapeHtml(link)}">Odjava s newslettera</a></p>`,
    `<p>${escapeHtml(link)}</p>`,
    ...closing.map(paragraph),
    `<p>${escapeHtml(signature).replace('\n', '<br>')}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    to: subscription.email,
    subject: `Prijava na newsletter: ${context.brand}`,
    text,
    html,
    headers: listUnsubscribeHeaders(context.publicUrl, subscription),
  };
}
