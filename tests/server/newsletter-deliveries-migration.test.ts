/**
 * Migration 0013 (cancelled deliveries): the ledger rows of an older database keep their ids,
 * states and columns; the rebuilt ledger takes `cancelled`, still refuses an unknown state and
 * a second row for the same (newsletter, subscription).
 */
import { Migrator, sql } from 'kysely';
import { expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../server/db/database.ts';
import { migrationProvider } from '../../server/db/migrations/index.ts';
import { useTempDir } from './support/temp-dir.ts';
import { testDatabase } from './support/test-database.ts';

const tempDir = useTempDir();
const AT = '2026-11-01T09:00:00.000Z';

it('keeps the ledger of 0011 and adds the state cancelled, no other', async () => {
  const db = openDatabase(await testDatabase(tempDir(), { unmigrated: true }));
  try {
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(
      '0011_educations',
    );
    expect(error).toBeUndefined();
    for (const statement of [
      sql`insert into campaigns (id, name, created_at) values (1, 'Catalogs', ${AT})`,
      sql`insert into campaign_subscriptions
        (id, campaign_id, email, unsubscribe_token, subscribed_at, source_page, ip_address)
        values (5, 1, 'ana@example.com', ${'a'.repeat(43)}, ${AT}, '/katalozi', '127.0.0.1'),
               (6, 1, 'ivo@example.com', ${'i'.repeat(43)}, ${AT}, '/katalozi', '127.0.0.1')`,
      sql`insert into newsletters (id, subject, template_name, campaign_id, heading, body,
        scheduled_at, status, created_at)
        values (3, 'Ponuda', 'ponuda', 1, 'Naslov', 'Tekst', ${AT}, 'sending', ${AT})`,
      sql`insert into newsletter_deliveries (id, newsletter_id, subscription_id, email, state,
        attempts, next_attempt_at, uncertain, smtp_response, sent_at)
        values (40, 3, 5, 'ana@example.com', 'sent', 1, ${AT}, 1, '250 OK', ${AT}),
               (41, 3, 6, 'ivo@example.com', 'pending', 0, ${AT}, 0, null, null)`,
    ]) {
      await statement.execute(db);
    }
    await migrateToLatest(db);
    expect(
      await db.selectFrom('newsletter_deliveries').selectAll().orderBy('id').execute(),
    ).toEqual([
      {
        id: 40,
        newsletter_id: 3,
        subscription_id: 5,
        email: 'ana@example.com',
        state: 'sent',
        attempts: 1,
        next_attempt_at: AT,
        lease_owner: null,
        lease_expires_at: null,
        uncertain: 1,
        smtp_response: '250 OK',
        last_error: null,
        sent_at: AT,
      },
      expect.objectContaining({ id: 41, state: 'pending', attempts: 0 }),
    ]);
    const setState = (state: string) =>
      sql`update newsletter_deliveries set state = ${state} where id = 41`.execute(db);
    await setState('cancelled');
    await expect(setState('lost')).rejects.toThrow(/check constraint/i);
    await expect(
      sql`insert into newsletter_deliveries (newsletter_id, subscription_id, email, state,
        next_attempt_at) values (3, 6, 'ivo@example.com', 'pending', ${AT})`.execute(db),
    ).rejects.toThrow(/unique constraint/i);
  } finally {
    await db.destroy();
  }
});
