/**
 * The tables as Kysely sees them. Column names stay snake_case as in SQL; one interface per
 * table, named after it. Timestamps are ISO 8601 UTC strings (sortable, portable).
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { AuditAction, AuditKind, Role } from '../../src/api/contract.ts';

export type Gender = 'male' | 'female';

export interface UsersTable {
  id: Generated<number>;
  /** Unique regardless of letter case. */
  email: string;
  name: string;
  surname: string;
  gender: Gender | null;
  /** PHC string (argon2id); null until the invited person sets a password. */
  password_hash: string | null;
  created_at: string;
  /** Set when staff take the account's access away (migration 0019): no login, no session. */
  deactivated_at: string | null;
  last_login_at: string | null;
}

export interface UserRolesTable {
  user_id: number;
  role: Role;
}

export interface InvitationsTable {
  id: Generated<number>;
  /** SHA-256 of the token (base64url); the token itself is only in the mail. */
  token_hash: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  gender: Gender | null;
  /** JSON array of `Role`. */
  roles: string;
  invited_by: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** Set when staff revoke it (migration 0019): its link stops working, the row stays. */
  revoked_at: string | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  family_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** The token this one was rotated into; set together with `revoked_at`. */
  replaced_by: number | null;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SpentRobotChecksTable {
  challenge_id: string;
  expires_at: string;
}

export interface Database {
  users: UsersTable;
  user_roles: UserRolesTable;
  invitations: InvitationsTable;
  refresh_tokens: RefreshTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  spent_robot_checks: SpentRobotChecksTable;
  countries: CountriesTable;
  courses: CoursesTable;
  content_versions: ContentVersionsTable;

  campaigns: CampaignsTable;
  campaign_subscriptions: CampaignSubscriptionsTable;
  products: ProductsTable;
  partners: PartnersTable;
  educations: EducationsTable;
  education_access_rights: EducationAccessRightsTable;
  video_uploads: VideoUploadsTable;
  unfinished_video_uploads: UnfinishedVideoUploadsTable;
  video_transcodes: VideoTranscodesTable;
  education_captions: EducationCaptionsTable;
  newsletter_images: NewsletterImagesTable;
  newsletters: NewslettersTable;
  newsletter_products: NewsletterProductsTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  rate_limit_counters: RateLimitCountersTable;
  audit_log: AuditLogTable;
}

/** One staff write (migration 0020; server/audit). Appended only; the retention job deletes. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  /** Null for the server itself; no foreign key, the row outlives the account. */
  user_id: number | null;
  /** The actor's name and e-mail at the time. */
  actor_name: string | null;
  address: string | null;
  kind: AuditKind;
  action: AuditAction;
  object_id: number | null;
  summary: string;
}

/** Shared rate-limit windows (migration 0014): one row per limited key. */
export interface RateLimitCountersTable {
  key: string;
  count: number;
  /** 64-bit on PostgreSQL: the driver reads it as a string. */
  window_ends_ms: ColumnType<number | string, number, number>;
}

export interface CountriesTable {
  /** ISO 3166-1 alpha-2, upper case. */
  iso_code: string;
  /** 1 when COURSE_COUNTRIES lists it: new courses may be held there. */
  offered: 0 | 1;
}

export interface CoursesTable {
  id: Generated<number>;
  title: string;
  description: string;
  lecturer: string;
  location: string;
  country_iso_code: string;
  start_date: string;
  end_date: string;
  /** Null: no price given; 0: free. */
  price_cents: number | null;
  /** Media storage keys (`courses/<id>.webp`), turned into URLs when answered. */
  image_key: string;
  image_card_key: string;
  pdf_key: string | null;
  created_at: string;
}

export interface ContentVersionsTable {
  /** The cached list it versions, e.g. `courses`. */
  name: string;
  version: number;
}

export type CourseRow = Selectable<CoursesTable>;
export type NewCourseRow = Insertable<CoursesTable>;

export interface CampaignsTable {
  id: Generated<number>;
  /** From the configuration (CAMPAIGN_COURSES, CAMPAIGN_CATALOGS); unique regardless of case. */
  name: string;
  created_at: string;
}

export type UnsubscribedVia = 'api' | 'one-click';

/** One subscription and its consent evidence; unsubscribing sets `unsubscribed_at`. */
export interface CampaignSubscriptionsTable {
  id: Generated<number>;
  campaign_id: number;
  email: string;
  unsubscribe_token: string;
  subscribed_at: string;
  /** The site path the subscription was made on, as the SPA reports it. */
  source_page: string | null;
  ip_address: string;
  user_agent: string | null;
  unsubscribed_at: string | null;
  unsubscribed_via: UnsubscribedVia | null;
  /** When a receiving server refused the address for good (a 5xx); later sends leave it out. */
  undeliverable_at: string | null;
  /** That server's answer, shown to staff. */
  undeliverable_reason: string | null;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  /** The URL of a bundled picture (demo products); null for an uploaded image. */
  image_url: string | null;
  /** Media storage keys of an uploaded image (`products/<id>.webp`); null for a bundled one. */
  image_key: string | null;
  image_card_key: string | null;
  /** 0 or 1. */
  is_shown_on_homepage: Generated<number>;
  /** 0 or 1. */
  is_highlighted: Generated<number>;
  created_at: string;
}

export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;

export interface PartnersTable {
  id: Generated<number>;
  name: string;
  /** The name folded to lower case: unique, so two names differing only in case cannot both exist. */
  name_key: string;
  /** http:// or https:// only. */
  website_url: string;
  /** Media storage keys (`partners/<id>.webp`): the logo up to 1600 px and up to 600 px wide. */
  logo_key: string;
  logo_card_key: string;
  created_at: string;
}

export type PartnerRow = Selectable<PartnersTable>;
export type NewPartnerRow = Insertable<PartnersTable>;

export interface EducationsTable {
  id: Generated<number>;
  title: string;
  description: string;
  lecturer: string;
  /** `2024-03`; null when unknown. */
  recording_month: string | null;
  country_iso_code: string;
  subtitle_language: string | null;
  partner_id: number;
  /** Exactly one of the two is set: a video-sharing site's address or an uploaded video's key. */
  video_site_url: string | null;
  /** A key of the private video folder (server/educations/videos.ts), served only through signed URLs. */
  video_key: string | null;
  /** Media storage keys (`educations/<id>.webp`), both or neither. */
  thumbnail_key: string | null;
  thumbnail_card_key: string | null;
  created_at: string;
  /** 1: only the users of its access rights (and administrators) see it, even when none are left. */
  restricted: Generated<number>;
}

export type EducationRow = Selectable<EducationsTable>;
export type NewEducationRow = Insertable<EducationsTable>;

export type TranscodeState = 'queued' | 'processing' | 'ready' | 'failed';

/** The HLS transcode of an education's uploaded video (server/transcodes; decision 0045). */
export interface VideoTranscodesTable {
  education_id: number;
  /** The original it transcodes (server/educations/videos.ts), never served. */
  video_key: string;
  /** The folder of its playlists, segments and poster (server/transcodes/streams.ts). */
  stream_key: string;
  state: TranscodeState;
  /** Heights in the master playlist, comma-separated (`360,720`); empty: not playable yet. */
  renditions: Generated<string>;
  /** 0 to 100 while processing. */
  progress: Generated<number>;
  attempts: Generated<number>;
  lease_owner: string | null;
  lease_expires_at: string | null;
  /** Why it failed, for administrators. */
  failure: string | null;
  /** What ffprobe found in the video (sizes as displayed); null until the worker probed it. */
  duration_seconds: number | null;
  width: number | null;
  height: number | null;
  created_at: string;
  updated_at: string;
}

/** A caption file (WebVTT) of an education in one language. */
export interface EducationCaptionsTable {
  education_id: number;
  /** A BCP 47 language tag (`hr`, `en`, `pt-BR`). */
  language: string;
  /** Its file in the captions folder (server/transcodes/captions.ts). */
  caption_key: string;
  created_at: string;
}

/** SPEC 3 "Access right": one user who may see a restricted education. */
export interface EducationAccessRightsTable {
  education_id: number;
  user_id: number;
}

/** An image uploaded for a newsletter product (POST /newsletters/image), before and after use. */
export interface NewsletterImagesTable {
  id: Generated<number>;
  /** 600 px wide JPEG, the width of the mail. */
  image_key: string;
  /** 1200 px wide JPEG for high-density screens. */
  image_2x_key: string;
  title: string;
  uploaded_by: number | null;
  created_at: string;
}

export type NewsletterStatus = 'scheduled' | 'sending' | 'sent' | 'cancelled';

export interface NewslettersTable {
  id: Generated<number>;
  subject: string;
  template_name: string;
  campaign_id: number;
  /** `singleValues.name`: the heading of the mail. */
  heading: string;
  body: string;
  scheduled_at: string;
  status: NewsletterStatus;
  created_by: number | null;
  created_at: string;
  /** The dispatcher process that took it from scheduled to sending, and when. */
  claimed_by: string | null;
  claimed_at: string | null;
  finished_at: string | null;
}

export interface NewsletterProductsTable {
  newsletter_id: number;
  position: number;
  title: string;
  /** Whole euro cents (migration 0017), shown as "49,90 €" (src/lib/price.ts). */
  price_cents: number;
  image_id: number;
}

export type DeliveryState = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped' | 'cancelled';

/** One recipient of one newsletter: the ledger row the dispatcher leases, sends and settles. */
export interface NewsletterDeliveriesTable {
  id: Generated<number>;
  newsletter_id: number;
  subscription_id: number;
  email: string;
  state: DeliveryState;
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_expires_at: string | null;
  uncertain: Generated<number>;
  smtp_response: string | null;
  last_error: string | null;
  sent_at: string | null;
}

/** A tus upload of an education video (server/uploads), claimed once by an education. */
export interface VideoUploadsTable {
  id: string;
  administrator_id: number;
  created_at: string;
  used_at: string | null;
}

/** A tus upload still receiving bytes (migration 0015), with the length its creator declared. */
export interface UnfinishedVideoUploadsTable {
  upload_id: string;
  declared_bytes: number;
}
