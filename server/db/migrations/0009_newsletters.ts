/**
 * Newsletters (issue 14): the images uploaded for them, the newsletters with their products, and
 * the per-recipient delivery ledger the dispatcher works through (server/jobs/). The ledger is
 * what makes a crash lose nothing: a row is claimed with a lease before its mail goes out and
 * marked sent only after the SMTP server accepted it, so a row whose lease ran out is sent again.
 */
import { sql, type Kysely } from 'kysely';
import { caseInsensitiveText, generatedId, ignoringCase } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('newsletter_images')
    .addColumn('id', 'integer', generatedId(db))
    // Media keys: 600 px wide for the mail, and the 1200 px twin for high-density screens.
    .addColumn('image_key', 'text', (column) => column.notNull().unique())
    .addColumn('image_2x_key', 'text', (column) => column.notNull().unique())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('uploaded_by', 'integer', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('newsletters')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('subject', caseInsensitiveText(db), (column) =>
      ignoringCase(db)(column.notNull().unique()),
    )
    .addColumn('template_name', caseInsensitiveText(db), (column) =>
      ignoringCase(db)(column.notNull().unique()),
    )
    .addColumn('campaign_id', 'integer', (column) => column.notNull().references('campaigns.id'))
    .addColumn('heading', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('scheduled_at', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('scheduled', 'sending', 'sent', 'cancelled')`),
    )
    .addColumn('created_by', 'integer', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('newsletters_due')
    .on('newsletters')
    .columns(['status', 'scheduled_at'])
    .execute();

  await db.schema
    .createTable('newsletter_products')
    .addColumn('newsletter_id', 'integer', (column) =>
      column.notNull().references('newsletters.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('price', 'text', (column) => column.notNull())
    .addColumn('image_id', 'integer', (column) =>
      column.notNull().references('newsletter_images.id'),
    )
    .addPrimaryKeyConstraint('newsletter_products_pk', ['newsletter_id', 'position'])
    .execute();

  await db.schema
    .createTable('newsletter_deliveries')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('newsletter_id', 'integer', (column) =>
      column.notNull().references('newsletters.id').onDelete('cascade'),
    )
    .addColumn('subscription_id', 'integer', (column) =>
      column.notNull().references('campaign_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) =>
      column.notNull().check(sql`state in ('pending', 'sending', 'sent', 'failed', 'skipped')`),
    )
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    // 1 once the row was claimed again after a lease ran out: the mail may have gone out twice.
    .addColumn('uncertain', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`uncertain in (0, 1)`),
    )
    .addColumn('smtp_response', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addUniqueConstraint('newsletter_deliveries_recipient', ['newsletter_id', 'subscription_id'])
    .execute();
  await db.schema
    .createIndex('newsletter_deliveries_work')
    .on('newsletter_deliveries')
    .columns(['newsletter_id', 'state', 'next_attempt_at'])
    .execute();
}
