/**
 * Where the free text of every route is stored, and how src/api/text.ts cleans it: what the
 * contract fuzzing checks after every accepted request (never a control, format or lone-surrogate
 * character stored raw), and what free-text.test.ts checks the schema against (every text column
 * is either free text here or named as something else).
 */
import type { Db } from '../../../server/db/database.ts';
import { cleanLine, cleanMultiline } from '../../../src/api/text.ts';

type Kind = 'line' | 'multiline';

export const FREE_TEXT_COLUMNS: Record<string, Record<string, Kind>> = {
  users: { name: 'line', surname: 'line' },
  invitations: { first_name: 'line', last_name: 'line' },
  courses: { title: 'line', description: 'multiline', lecturer: 'line', location: 'line' },
  products: { name: 'line', description: 'multiline' },
  partners: { name: 'line' },
  // A receiving server's answer to a refused address (a hard bounce, issue 28).
  campaign_subscriptions: { undeliverable_reason: 'line' },
  educations: {
    title: 'line',
    description: 'multiline',
    lecturer: 'line',
    subtitle_language: 'line',
  },
  newsletter_images: { title: 'line' },
  newsletters: { subject: 'line', template_name: 'line', heading: 'line', body: 'multiline' },
  newsletter_products: { title: 'line' },
  // Written by the server from the cleaned texts above (issue 29): one line each.
  audit_log: { actor_name: 'line', summary: 'line' },
};

/**
 * Text columns that hold no free text: e-mails (validated), addresses and keys, hashes and
 * tokens, dates, codes, prices by pattern, what the server writes itself (a partner's name key,
 * the mail server's answer), and request headers (the user agent of a subscription).
 */
export const OTHER_TEXT_COLUMNS: Record<string, string[]> = {
  users: ['email', 'gender', 'password_hash', 'created_at', 'deactivated_at', 'last_login_at'],
  user_roles: ['role'],
  invitations: [
    'token_hash',
    'email',
    'gender',
    'roles',
    'created_at',
    'expires_at',
    'used_at',
    'revoked_at',
  ],
  refresh_tokens: ['token_hash', 'family_id', 'created_at', 'expires_at', 'revoked_at'],
  password_reset_tokens: ['token_hash', 'created_at', 'expires_at', 'used_at'],
  spent_robot_checks: ['challenge_id', 'expires_at'],
  countries: ['iso_code'],
  courses: [
    'country_iso_code',
    'start_date',
    'end_date',
    'image_key',
    'image_card_key',
    'pdf_key',
    'created_at',
  ],
  content_versions: ['name'],
  campaigns: ['name', 'created_at'],
  campaign_subscriptions: [
    'email',
    'unsubscribe_token',
    'subscribed_at',
    'source_page',
    'ip_address',
    'user_agent',
    'unsubscribed_at',
    'unsubscribed_via',
    'undeliverable_at',
  ],
  products: ['image_url', 'image_key', 'image_card_key', 'created_at'],
  partners: ['name_key', 'website_url', 'logo_key', 'logo_card_key', 'created_at'],
  educations: [
    'recording_month',
    'country_iso_code',
    'video_site_url',
    'video_key',
    'thumbnail_key',
    'thumbnail_card_key',
    'created_at',
  ],
  video_uploads: ['id', 'created_at', 'used_at'],
  unfinished_video_uploads: ['upload_id'],
  audit_log: ['at', 'address', 'kind', 'action'],
  video_transcodes: [
    'video_key',
    'stream_key',
    'state',
    'renditions',
    'lease_owner',
    'lease_expires_at',
    'failure',
    'created_at',
    'updated_at',
  ],
  education_captions: ['language', 'caption_key', 'created_at'],
  newsletter_images: ['image_key', 'image_2x_key', 'created_at'],
  newsletters: ['scheduled_at', 'status', 'created_at', 'claimed_by', 'claimed_at', 'finished_at'],
  newsletter_deliveries: [
    'email',
    'state',
    'next_attempt_at',
    'lease_owner',
    'lease_expires_at',
    'smtp_response',
    'last_error',
    'sent_at',
  ],
  rate_limit_counters: ['key'],
};

/** Stored free texts that are not as src/api/text.ts leaves them: `table.column: "value"`. */
export async function uncleanedFreeTexts(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const [table, columns] of Object.entries(FREE_TEXT_COLUMNS)) {
    const rows = (await db
      .selectFrom(table as 'users')
      .select(Object.keys(columns) as 'name'[])
      .execute()) as Record<string, string | null>[];
    for (const row of rows) {
      for (const [column, kind] of Object.entries(columns)) {
        const value = row[column];
        if (value === null || value === undefined) continue;
        const cleaned = kind === 'line' ? cleanLine(value) : cleanMultiline(value);
        if (value !== cleaned) found.push(`${table}.${column}: ${JSON.stringify(value)}`);
      }
    }
  }
  return found;
}
