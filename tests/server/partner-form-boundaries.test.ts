/**
 * One table of the partner form's boundary values, run against both sides (docs/forms.md): the
 * browser's rules (partnerForm.rules.ts) and the server's parser (server/partners/validation.ts)
 * both judge with the contract's `partnerFormSchema`. Each value is refused on the same field by
 * both, the server with its English message, the browser with SPEC's Croatian text.
 */
import { describe, expect, it } from 'vitest';
import { PARTNER_FIELDS as F, PARTNER_RULES as RULES } from '../../src/api/contract.ts';
import { validatePartnerDraft, type PartnerDraft } from '../../src/machines/partnerForm.rules.ts';
import { partnerFormMessages as text } from '../../src/messages/partnerForm.ts';
import { parsePartnerForm } from '../../server/partners/validation.ts';
import { MESSAGES } from '../../server/http/errors.ts';
import type { ReceivedFile } from '../../server/media/upload.ts';

const logo = new File([new Uint8Array(8)], 'logo.png', { type: 'image/png' });
const receivedLogo = { filename: 'logo.png' } as unknown as ReceivedFile;
const valid: PartnerDraft = { name: 'Adria', websiteUrl: 'https://adria.example', logo };

type Field = 'name' | 'websiteUrl';
const host = (length: number) => `https://${'a'.repeat(length - 'https://'.length)}`;

/** [field, value, the server's message and the browser's text, or null where both accept]. */
const BOUNDARIES: readonly [Field, string, [string, string] | null][] = [
  ['name', '', [MESSAGES.required(F.name), text.allRequired]],
  ['name', ' \u200b ', [MESSAGES.required(F.name), text.allRequired]],
  ['name', 'a', null],
  ['name', 'a'.repeat(RULES.nameMaxLength), null],
  ['name', ` ${'a'.repeat(RULES.nameMaxLength)} `, null],
  [
    'name',
    'a'.repeat(RULES.nameMaxLength + 1),
    [MESSAGES.tooLong(F.name, RULES.nameMaxLength), text.nameTooLong(RULES.nameMaxLength)],
  ],
  ['websiteUrl', '  ', [MESSAGES.required(F.websiteUrl), text.allRequired]],
  ['websiteUrl', host(RULES.websiteUrlMaxLength), null],
  ['websiteUrl', ` ${host(RULES.websiteUrlMaxLength)} `, null],
  [
    'websiteUrl',
    host(RULES.websiteUrlMaxLength + 1),
    [
      MESSAGES.tooLong(F.websiteUrl, RULES.websiteUrlMaxLength),
      text.websiteTooLong(RULES.websiteUrlMaxLength),
    ],
  ],
  ['websiteUrl', 'adria.example', [MESSAGES.websiteUrlScheme, text.websiteScheme]],
  ['websiteUrl', 'ftp://adria.example', [MESSAGES.websiteUrlScheme, text.websiteScheme]],
  ['websiteUrl', 'HTTP://adria.example', null],
  ['websiteUrl', 'http://a', null],
  ['websiteUrl', 'https://', [MESSAGES.websiteUrlInvalid, text.websiteInvalid]],
  ['websiteUrl', 'https://adria example', [MESSAGES.websiteUrlInvalid, text.websiteInvalid]],
  ['websiteUrl', 'https://[adria]', [MESSAGES.websiteUrlInvalid, text.websiteInvalid]],
];

function serverErrors(draft: PartnerDraft) {
  const fields: Record<string, string> = { [F.name]: draft.name, [F.websiteUrl]: draft.websiteUrl };
  const result = parsePartnerForm({
    text: (name) => fields[name],
    files: draft.logo ? { Logo: receivedLogo } : {},
    fileErrors: {},
  });
  return result.ok ? {} : result.errors;
}

describe('the partner form refuses the same boundary values on both sides', () => {
  it('accepts the valid draft on both sides', () => {
    expect(validatePartnerDraft(valid)).toEqual({});
    expect(serverErrors(valid)).toEqual({});
  });

  it('refuses a missing logo on both sides', () => {
    expect(validatePartnerDraft({ ...valid, logo: null })).toEqual({ logo: [text.allRequired] });
    expect(serverErrors({ ...valid, logo: null })).toEqual({
      [F.logo]: [MESSAGES.required(F.logo)],
    });
  });

  it.each(BOUNDARIES)('%s %j: %j', (field, value, refused) => {
    const draft = { ...valid, [field]: value };
    const [serverMessage, croatian] = refused ?? [];
    expect(serverErrors(draft)).toEqual(serverMessage ? { [F[field]]: [serverMessage] } : {});
    expect(validatePartnerDraft(draft)).toEqual(croatian ? { [field]: [croatian] } : {});
  });
});
