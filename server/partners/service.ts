/**
 * Partners (SPEC 3 "Partner"): the public list and creation from the received form with its
 * logo. A name is unique whatever its letter case: a second one is a 409 naming the first.
 */
import type { Partner } from '../../src/api/contract.ts';
import { audited } from '../audit/log.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { PartnerRow } from '../db/schema.ts';
import { DomainError, MESSAGES, ValidationError } from '../http/errors.ts';
import type { Media, StagedMedia } from '../media/service.ts';
import { insertPartner, listPartners, partnerNameTaken } from './store.ts';
import { parsePartnerForm, partnerNameKey, type PartnerFormInput } from './validation.ts';

export const PARTNER_MEDIA_COLLECTION = 'partners';

export interface PartnersService {
  list(): Promise<Partner[]>;
  /**
   * Checks the received form and stores the partner with its logo; `staged` removes the logo
   * again when anything fails (media/service.ts).
   */
  create(form: PartnerFormInput, staged: StagedMedia): Promise<Partner>;
}

export interface PartnersServiceDeps {
  db: Db;
  media: Pick<Media, 'url'>;
  now: Clock;
}

export function partnersService(deps: PartnersServiceDeps): PartnersService {
  const { db, media, now } = deps;
  const toPartner = partnerAnswer(media);
  return {
    list: async () => (await listPartners(db)).map(toPartner),

    async create(input, staged) {
      const parsed = parsePartnerForm(input);
      if (!parsed.ok) throw new ValidationError(parsed.errors);
      const { name, websiteUrl, logo } = parsed.form;
      const nameKey = partnerNameKey(name);
      const taken = () => new DomainError(409, MESSAGES.partnerNameTaken(name));
      // Checked before the logo is encoded, and again by the unique index for a racing twin.
      if (await partnerNameTaken(db, nameKey)) throw taken();
      // Trimmed: a logo's margins would shrink it and leave a gap beside its name (issue 32).
      const image = await staged.storeImage(logo, PARTNER_MEDIA_COLLECTION, { trim: true });
      const row = await audited(
        db,
        (trx) =>
          insertPartner(trx, {
            name,
            name_key: nameKey,
            website_url: websiteUrl,
            logo_key: image.key,
            logo_card_key: image.cardKey,
            created_at: now().toISOString(),
          }),
        (row) => row && { kind: 'partner', action: 'create', objectId: row.id, summary: row.name },
      );
      if (row === undefined) throw taken();
      return toPartner(row);
    },
  };
}

/** A stored row as SPEC 3 answers it: logos are shown small, so the card size is the logo. */
export function partnerAnswer(media: Pick<Media, 'url'>) {
  return (row: PartnerRow): Partner => ({
    id: row.id,
    name: row.name,
    logoUrl: media.url(row.logo_card_key),
    websiteUrl: row.website_url,
  });
}
