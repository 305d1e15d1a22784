/**
 * Migration 0017 (issue 28): the prices of an older database become cents, read as the form now
 * reads them; the newsletters keep their ids, columns, products and ledger rows (SQLite rebuilds
 * the table); a cancelled newsletter's subject is free again, any other stays unique, any case.
 */
import { Migrator, sql } from 'kysely';
import { expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../server/db/database.ts';
import { migrationProvider } from '../../server/db/migrations/index.ts';
import { useTempDir } from './support/temp-dir.ts';
import { testDatabase } from './support/test-database.ts';

const tempDir = useTempDir();
const AT = '2026-11-01T09:00:00.000Z';

it('turns stored prices into cents and frees the subjects of cancelled newsletters', async () => {
  const db = openDatabase(await testDatabase(tempDir(), { unmigrated: true }));
  try {
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(
      '0016_video_transcodes',
    );
    expect(error).toBeUndefined();
    for (const statement of [
      sql`insert into campaigns (id, name, created_at) values (1, 'Catalogs', ${AT})`,
      sql`insert into campaign_subscriptions
        (id, campaign_id, email, unsubscribe_token, subscribed_at, source_page, ip_address)
        values (5, 1, 'ana@example.com', ${'a'.repeat(43)}, ${AT}, '/katalozi', '127.0.0.1')`,
      sql`insert into newsletter_images (id, image_key, image_2x_key, title, created_at)
        values (2, 'newsletters/a.jpg', 'newsletters/a-2x.jpg', 'Kompozit', ${AT})`,
      sql`insert into newsletters (id, subject, template_name, campaign_id, heading, body,
        scheduled_at, status, created_at, finished_at)
        values (3, 'Ponuda', 'ponuda', 1, 'Naslov', 'Tekst', ${AT}, 'cancelled', ${AT}, ${AT}),
               (4, 'Jesen', 'jesen', 1, 'Naslov', 'Tekst', ${AT}, 'sent', ${AT}, ${AT})`,
      sql`insert into newsletter_products (newsletter_id, position, title, price, image_id)
        values (3, 0, 'A', '12.50 €', 2), (3, 1, 'B', '12.5 €', 2),
               (4, 0, 'C', '1234567 €', 2), (4, 1, 'D', '0 €', 2)`,
      sql`insert into newsletter_deliveries (id, newsletter_id, subscription_id, email, state,
        attempts, next_attempt_at, uncertain, smtp_response, sent_at)
        values (40, 4, 5, 'ana@example.com', 'sent', 1, ${AT}, 1, '250 OK', ${AT})`,
    ]) {
      await statement.execute(db);
    }
    await migrateToLatest(db);
    expect(
      await db
        .selectFrom('newsletter_products')
        .selectAll()
        .orderBy('newsletter_id')
        .orderBy('position')
        .execute(),
    ).toEqual([
      { newsletter_id: 3, position: 0, title: 'A', price_cents: 1250, image_id: 2 },
      { newsletter_id: 3, position: 1, title: 'B', price_cents: 1250, image_id: 2 },
      { newsletter_id: 4, position: 0, title: 'C', price_cents: 123_456_700, image_id: 2 },
      { newsletter_id: 4, position: 1, title: 'D', price_cents: 0, image_id: 2 },
    ]);
    expect(
      await db
        .selectFrom('newsletters')
        .select(['id', 'subject', 'status'])
        .orderBy('id')
        .execute(),
    ).toEqual([
      { id: 3, subject: 'Ponuda', status: 'cancelled' },
      { id: 4, subject: 'Jesen', status: 'sent' },
    ]);
    expect(
      await db.selectFrom('newsletter_deliveries').select(['id', 'state', 'uncertain']).execute(),
    ).toEqual([{ id: 40, state: 'sent', uncertain: 1 }]);
    const insert = (id: number, subject: string, template: string) =>
      sql`insert into newsletters (id, subject, template_name, campaign_id, heading, body,
        scheduled_at, status, created_at)
        values (${id}, ${subject}, ${template}, 1, 'N', 'T', ${AT}, 'scheduled', ${AT})`.execute(
        db,
      );
    await insert(5, 'PONUDA', 'ponuda-2');
    await expect(insert(6, 'jesen', 'jesen-2')).rejects.toThrow(/unique constraint/i);
    await expect(insert(7, 'Nova', 'JESEN')).rejects.toThrow(/unique constraint/i);
    // The products still belong to their newsletter: deleting it takes them along.
    await sql`delete from newsletters where id = 4`.execute(db);
    expect(await db.selectFrom('newsletter_products').select('newsletter_id').execute()).toEqual([
      { newsletter_id: 3 },
      { newsletter_id: 3 },
    ]);
  } finally {
    await db.destroy();
  }
});
