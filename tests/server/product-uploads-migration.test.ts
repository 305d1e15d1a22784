/**
 * Migration 0007 (product uploads): the products of an older database keep their ids, names,
 * pictures and flags; the rebuilt table refuses a highlighted hidden product and a product with
 * no image or two.
 */
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../server/db/database.ts';
import { migrationProvider } from '../../server/db/migrations/index.ts';
import { useTempDir } from './support/temp-dir.ts';
import { testDatabase } from './support/test-database.ts';

const tempDir = useTempDir();

describe('migration 0007_product_uploads', () => {
  it('keeps the products of 0006, clearing a highlight that a hidden product cannot have', async () => {
    const db = openDatabase(await testDatabase(tempDir(), { unmigrated: true }));
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      const { error } = await migrator.migrateTo('0006_courses');
      expect(error).toBeUndefined();
      await sql`
        insert into products (id, name, image_url, is_shown_on_homepage, is_highlighted, created_at)
        values (7, 'Rukavice', '/images/proizvodi/rukavice.webp', 1, 1, '2026-01-01T00:00:00.000Z'),
               (9, 'Set', '/images/proizvodi/izbjeljivanje.webp', 0, 1, '2026-01-02T00:00:00.000Z')
      `.execute(db);
      await migrateToLatest(db);
      const rows = await db.selectFrom('products').selectAll().orderBy('id').execute();
      expect(rows).toEqual([
        {
          id: 7,
          name: 'Rukavice',
          description: '',
          image_url: '/images/proizvodi/rukavice.webp',
          image_key: null,
          image_card_key: null,
          is_shown_on_homepage: 1,
          is_highlighted: 1,
          created_at: '2026-01-01T00:00:00.000Z',
        },
        expect.objectContaining({ id: 9, is_shown_on_homepage: 0, is_highlighted: 0 }),
      ]);
      // New products are numbered after the copied ones.
      const { id } = await db
        .insertInto('products')
        .values({ name: 'Novo', image_url: '/novo.webp', created_at: '2026-01-03T00:00:00.000Z' })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(id).toBe(10);
    } finally {
      await db.destroy();
    }
  });

  it('refuses a highlighted hidden product, and exactly one image source is allowed', async () => {
    const db = openDatabase(await testDatabase(tempDir()));
    try {
      await migrateToLatest(db);
      const product = {
        name: 'Turbina',
        image_url: null as string | null,
        image_key: 'products/AAAAAAAAAAAAAAAAAAAAAA.webp' as string | null,
        image_card_key: 'products/AAAAAAAAAAAAAAAAAAAAAA-card.webp' as string | null,
        created_at: '2026-01-01T00:00:00.000Z',
      };
      const insert = (values: Partial<typeof product> & Record<string, unknown>) =>
        db
          .insertInto('products')
          .values({ ...product, ...values })
          .execute();
      await expect(insert({ is_shown_on_homepage: 0, is_highlighted: 1 })).rejects.toThrow(
        /check constraint.*products_highlight_needs_homepage/i,
      );
      await expect(insert({ image_url: '/images/proizvodi/turbina.webp' })).rejects.toThrow(
        /products_one_image/,
      );
      await expect(insert({ image_key: null, image_card_key: null })).rejects.toThrow(
        /products_one_image/,
      );
      await expect(insert({ image_card_key: null })).rejects.toThrow(/products_one_image/);
      await expect(insert({ name: '' })).rejects.toThrow(/check constraint/i);
      await insert({ is_shown_on_homepage: 1, is_highlighted: 1 });
      expect(await db.selectFrom('products').select('name').execute()).toEqual([
        { name: 'Turbina' },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
