/**
 * The account mails, in Croatian, as HTML and plain text. Links are built from PUBLIC_URL
 * and lead to the SPA's activation and set-password routes (SPEC 2); opening one changes
 * nothing on the server, only submitting the form there does.
 */
import { routes } from '../../src/routes.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/html.ts';

export interface MailContext {
  publicUrl: string;
  brand: string;
}

export const invitationLink = (publicUrl: string, invitationToken: string) =>
  `${publicUrl}${routes.activation.href({ invitationToken })}`;

export const passwordResetLink = (publicUrl: string, resetToken: string) =>
  `${publicUrl}${routes.newPassword.href({ resetToken })}`;

export function invitationMail(
  context: MailContext,
  invitation: { email: string; firstName: string | null; token: string },
): MailMessage {
  const link = invitationLink(context.publicUrl, invitation.token);
  const greeting = invitation.firstName ? `Poštovani/a ${invitation.firstName},` : 'Poštovani/a,';
  const lines = [
    `pozvani ste da otvorite korisnički račun na stranicama ${context.brand}.`,
    'Račun aktivirate postavljanjem lozinke na poveznici:',
  ];
  const closing = [
    'Poveznica vrijedi 7 dana i može se upotrijebiti samo jednom.',
    'Ako niste očekivali ovu pozivnicu, slobodno zanemarite ovu poruku.',
  ];
  return compose(context, invitation.email, `Pozivnica: ${context.brand}`, {
    greeting,
    lines,
    link,
    linkText: 'Aktiviraj račun',
    closing,
  });
}

export function passwordResetMail(
  context: MailContext,
  reset: { email: string; name: string; token: string },
): MailMessage {
  const link = passwordResetLink(context.publicUrl, reset.token);
  return compose(context, reset.email, `Nova lozinka: ${context.brand}`, {
    greeting: `Poštovani/a ${reset.name},`,
    lines: ['zatražili ste postavljanje nove lozinke. Novu lozinku postavite na poveznici:'],
    link,
    linkText: 'Postavi novu lozinku',
    closing: [
      'Poveznica vrijedi jedan sat i može se upotrijebiti samo jednom.',
      'Ako niste zatražili novu lozinku, zanemarite ovu poruku: vaša lozinka ostaje ista.',
    ],
  });
}

interface MailBody {
  greeting: string;
  lines: string[];
  link: string;
  linkText: string;
  closing: string[];
}

function compose(context: MailContext, to: string, subject: string, body: MailBody): MailMessage {
  const signature = `Srdačan pozdrav,\n${context.brand}`;
  const text = [
    body.greeting,
    '',
    ...body.lines,
    body.link,
    '',
    ...body.closing,
    '',
    signature,
    '',
  ].join('\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    '<!doctype html>',
    '<html lang="hr"><body>',
    paragraph(body.greeting),
    ...body.lines.map(paragraph),
    `<p><a href="${escapeHtml(body.link)}">${escapeHtml(body.linkText)}</a></p>`,
    `<p>${escapeHtml(body.link)}</p>`,
    ...body.closing.map(paragraph),
    `<p>${escapeHtml(signature).replace('\n', '<br>')}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}
