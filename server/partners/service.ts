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
import {
  deletePartner,
  findPartner,
  insertPartner,
  listPartners,
  partnerNameTaken,
  partnerNameTakenByOther,
  updatePartner,
} from './store.ts';
import {
  parsePartnerEdit,
  parsePartnerForm,
  partnerNameKey,
  type PartnerFormInput,
} from './validation.ts';

export const PARTNER_MEDIA_COLLECTION = 'partners';

export interface PartnersService {
  list(): Promise<Partner[]>;
  /**
   * Checks the received form and stores the partner with its logo; `staged` removes the logo
   * again when anything fails (media/service.ts).
   */
  create(form: PartnerFormInput, staged: StagedMedia): Promise<Partner>;
  /** The same rules as `create`; a new logo replaces the old one, whose files go afterwards. */
  update(id: number, form: PartnerFormInput, staged: StagedMedia): Promise<Partner>;
  /**
   * Deletes a partner, refused (409, naming the educations) while educations use it, unless
   * `reassignTo` names the partner that takes them over.
   */
  delete(id: number, reassignTo: number | undefined): Promise<void>;
}

export interface PartnersServiceDeps {
  db: Db;
  media: Pick<Media, 'url' | 'deleteMedia'>;
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

    async update(id, input, staged) {
      const parsed = parsePartnerEdit(input);
      if (!parsed.ok) throw new ValidationError(parsed.errors);
      const { name, websiteUrl, logo } = parsed.form;
      const nameKey = partnerNameKey(name);
      const missing = () => new DomainError(404, MESSAGES.partnerMissing);
      // Both checked before a new logo is encoded.
      if ((await findPartner(db, id)) === undefined) throw missing();
      if (await partnerNameTakenByOther(db, nameKey, id)) {
        throw new DomainError(409, MESSAGES.partnerNameTaken(name));
      }
      const image =
        logo && (await staged.storeImage(logo, PARTNER_MEDIA_COLLECTION, { trim: true }));
      const changed = await audited(
        db,
        (trx) =>
          updatePartner(trx, id, {
            name,
            name_key: nameKey,
            website_url: websiteUrl,
            ...(image && { logo_key: image.key, logo_card_key: image.cardKey }),
          }),
        (change) =>
          change && { kind: 'partner', action: 'update', objectId: id, summary: change.after.name },
      );
      if (changed === undefined) throw missing();
      if (image) await media.deleteMedia([changed.before.logo_key, changed.before.logo_card_key]);
      return toPartner(changed.after);
    },

    async delete(id, reassignTo) {
      if (reassignTo === id) {
        throw new ValidationError({ reassignTo: [MESSAGES.partnerReassignToSelf] });
      }
      const deletion = await audited(
        db,
        (trx) => deletePartner(trx, id, reassignTo),
        (outcome) =>
          outcome.outcome === 'deleted'
            ? { kind: 'partner', action: 'delete', objectId: id, summary: outcome.name }
            : undefined,
      );
      switch (deletion.outcome) {
        case 'missing':
          throw new DomainError(404, MESSAGES.partnerMissing);
        case 'targetMissing':
          throw new ValidationError({
            reassignTo: [MESSAGES.partnerReassignTargetMissing(reassignTo ?? 0)],
          });
        case 'inUse':
          throw new DomainError(
            409,
            MESSAGES.partnerInUse(
              deletion.count,
              deletion.titles.map((title) => `'${title}'`).join(', '),
            ),
          );
        case 'deleted':
          await media.deleteMedia(deletion.mediaKeys);
      }
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
