/**
 * The newsletter as the reader gets it (issue 28, "a mail that sells"): product cards two to a
 * row with a Croatian price and a link to the catalogue page, one call to action, a footer with
 * the company data and why the reader gets it, a preheader from the body, a plain-text part that
 * reads, images with alt, dark-mode colours; and the headers of bulk mail (Reply-To, List-Id).
 */
import { describe, expect, it } from 'vitest';
import { company } from '../../src/data/company.ts';
import {
  personalise,
  preheaderOf,
  renderNewsletter,
  type NewsletterMailContent,
} from '../../server/newsletters/mail.ts';
import compileMjml from '../../server/newsletters/mjml-worker.ts';

const context = { publicUrl: 'https://www.dentalia.hr', brand: 'Dentalia' };
const body =
  'Ovog mjeseca donosimo povoljnije cijene kompozita i instrumenata za svakodnevni rad u ordinaciji, uz besplatnu dostavu.\n\nPonuda vrijedi do kraja mjeseca.';
const content: NewsletterMailContent = {
  id: 7,
  subject: 'Dentalia Istaknuta ponuda – studeni 2026',
  heading: 'Jesenska ponuda',
  body,
  campaignId: 2,
  campaign: 'catalogs',
  products: [
    {
      title: 'Kompozit A2',
      priceCents: 4990,
      imageUrl: 'https://www.dentalia.hr/media/newsletters/a.jpg',
      image2xUrl: 'https://www.dentalia.hr/media/newsletters/a-2x.jpg',
    },
    {
      title: 'Set sondi',
      priceCents: 129900,
      imageUrl: 'https://www.dentalia.hr/media/newsletters/b.jpg',
      image2xUrl: 'https://www.dentalia.hr/media/newsletters/b-2x.jpg',
    },
    {
      title: 'Rukavice',
      priceCents: 850,
      imageUrl: 'https://www.dentalia.hr/media/newsletters/c.jpg',
      image2xUrl: 'https://www.dentalia.hr/media/newsletters/c-2x.jpg',
    },
  ],
};

const render = () => renderNewsletter(context, content, { compile: compileMjml });

describe('the newsletter mail', () => {
  it('shows each product as a card of two to a row: image with alt, Croatian price, catalogue link', async () => {
    const { html } = await render();
    for (const [index, product] of content.products.entries()) {
      expect(html).toContain(`alt="${product.title}"`);
      expect(html).toContain(['49,90\u00a0€', '1.299,00\u00a0€', '8,50\u00a0€'][index]);
    }
    // Every product's image and title link to the site's catalogue page, as the CTA does.
    expect(html.match(/href="https:\/\/www\.dentalia\.hr\/katalozi"/g)?.length).toBe(
      3 * content.products.length + 1,
    );
    expect(html.match(/Pogledajte cijelu ponudu/g)?.length).toBe(1);
    // Half-width columns on wide clients; MJML stacks columns below 480 px.
    expect(html).toContain('mj-column-per-50');
    expect(html).toContain('@media only screen and (min-width:480px)');
    expect(html).toContain('width="250"');
  });

  it('has a footer with the company data as the site has it and why the reader gets the mail', async () => {
    const { html, text, unsubscribeMarker } = await render();
    for (const part of [html, text]) {
      expect(part).toContain(company.legalName);
      expect(part).toContain(`OIB: ${company.oib}`);
      expect(part).toContain(company.phone);
      expect(part).toContain(company.email);
      expect(part).toContain(company.address.street);
      expect(part).toContain('prijavili na newsletter s novostima iz kataloga Dentalia');
      expect(part).toContain(unsubscribeMarker);
    }
  });

  it('takes its preheader from the body, not the subject', async () => {
    const { html } = await render();
    const preheader =
      /<div class="nl-preheader" style="display:none;[^>]*>([^<]*)/.exec(html)?.[1] ?? '';
    expect(preheader).toContain('Ovog mjeseca donosimo povoljnije cijene');
    expect(preheader).not.toContain(content.subject);
    expect(preheaderOf(body).length).toBeLessThanOrEqual(111);
    expect(preheaderOf(body)).toMatch(/ordinaciji…$|uz…$|rad…$|u…$/);
    expect(preheaderOf('Kratko.')).toBe('Kratko.');
  });

  it('has a plain-text part that reads: heading, paragraphs, products with prices, one link', async () => {
    const { text } = await render();
    expect(text).toMatch(/^Jesenska ponuda\n=+\n\nOvog mjeseca/);
    expect(text).toContain(
      '* Kompozit A2: 49,90\u00a0€\n* Set sondi: 1.299,00\u00a0€\n* Rukavice: 8,50\u00a0€',
    );
    expect(text).toContain('Pogledajte cijelu ponudu: https://www.dentalia.hr/katalozi');
    expect(text).not.toContain('<');
  });

  it('has dark-mode colours for the clients that ask for them', async () => {
    const { html } = await render();
    expect(html).toContain('color-scheme: light dark');
    expect(html).toMatch(/@media \(prefers-color-scheme: dark\)/);
  });

  it('goes out with Reply-To to sales and a List-Id on the site host', async () => {
    const message = personalise({ ...context, replyTo: 'prodaja@dentalia.hr' }, await render(), {
      email: 'ana@example.com',
      unsubscribeToken: 't'.repeat(43),
    });
    expect(message.replyTo).toBe('prodaja@dentalia.hr');
    expect(message.headers?.['List-Id']).toBe(
      '"Dentalia newsletter" <catalogs.newsletter.www.dentalia.hr>',
    );
    expect(message.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });
});
