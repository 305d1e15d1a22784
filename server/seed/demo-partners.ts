/**
 * Demo partners for a fresh installation: three of the bundled (invented) suppliers, whose
 * educations the library will show. Their logos in `partners/` are the suppliers' wordmarks of
 * `src/data/images/logos/` rendered once to PNG (sharp, density 192), so the seed does not
 * depend on the fonts of the machine it runs on; like an upload, each goes through the media
 * module and is stored as WebP.
 */
import { readFile } from 'node:fs/promises';
import type { Clock } from '../clock.ts';
import type { WebImage } from '../media/images.ts';
import type { Media } from '../media/service.ts';
import { PARTNER_MEDIA_COLLECTION } from '../partners/service.ts';
import { hasPartners, insertPartner } from '../partners/store.ts';
import { partnerNameKey } from '../partners/validation.ts';
import type { Db } from '../db/database.ts';
import { demoWebImage } from './demo-images.ts';

const DEMO_PARTNERS = [
  { name: 'Nordentis', websiteUrl: 'https://www.nordentis.example', logo: 'nordentis.png' },
  { name: 'Polarix', websiteUrl: 'https://www.polarix-implant.example', logo: 'polarix.png' },
  { name: 'Lumidenta', websiteUrl: 'https://www.lumidenta.example', logo: 'lumidenta.png' },
] as const;

/** Seeds the demo partners when there are none; returns whether it did. */
export async function seedDemoPartners(
  db: Db,
  media: Media,
  options: { now: Clock },
): Promise<boolean> {
  if (await hasPartners(db)) return false;
  const logos = await demoLogos();
  const now = options.now().getTime();
  // A minute apart, the first the newest: the list (newest first) shows the order above.
  for (const [index, partner] of DEMO_PARTNERS.entries()) {
    await media.withStaging(async (staged) => {
      const logo = logos[index];
      if (logo === undefined) throw new Error('no logo encoded');
      const image = await staged.storeImage(logo, PARTNER_MEDIA_COLLECTION);
      await insertPartner(db, {
        name: partner.name,
        name_key: partnerNameKey(partner.name),
        website_url: partner.websiteUrl,
        logo_key: image.key,
        logo_card_key: image.cardKey,
        created_at: new Date(now - (index + 1) * 60_000).toISOString(),
      });
    });
  }
  return true;
}

/** Encoded once per process, like the course covers: every test that seeds, seeds these too. */
let encodedLogos: Promise<WebImage[]> | undefined;
function demoLogos(): Promise<WebImage[]> {
  encodedLogos ??= Promise.all(
    DEMO_PARTNERS.map(async (partner) =>
      demoWebImage(await readFile(new URL(`partners/${partner.logo}`, import.meta.url))),
    ),
  ).catch((error: unknown) => {
    encodedLogos = undefined;
    throw error;
  });
  return encodedLogos;
}
