/**
 * Every migration, in order. A static list rather than a folder scan, so migrations run
 * from the `.ts` sources without a build and a stray file can never run by accident.
 */
import type { Migration, MigrationProvider } from 'kysely';
import * as users from './0001_users.ts';
import * as accounts from './0002_accounts.ts';
import * as spentRobotChecks from './0003_spent_robot_checks.ts';
import * as campaigns from './0004_campaigns.ts';
import * as products from './0005_products.ts';
import * as courses from './0006_courses.ts';
import * as productUploads from './0007_product_uploads.ts';
import * as partners from './0008_partners.ts';
import * as newsletters from './0009_newsletters.ts';
import * as educations from './0011_educations.ts';
import * as educationUploads from './0012_education_uploads.ts';
import * as newsletterDeliveriesCancelled from './0013_newsletter_deliveries_cancelled.ts';
import * as rateLimitCounters from './0014_rate_limit_counters.ts';
import * as unfinishedVideoUploads from './0015_unfinished_video_uploads.ts';
import * as videoTranscodes from './0016_video_transcodes.ts';
import * as newsletterPricesAndFreeSubjects from './0017_newsletter_prices_and_free_subjects.ts';
import * as undeliverableSubscriptions from './0018_undeliverable_subscriptions.ts';
import * as peopleAndInvitations from './0019_people_and_invitations.ts';
import * as auditLog from './0020_audit_log.ts';

const migrations: Record<string, Migration> = {
  '0001_users': users,
  '0002_accounts': accounts,
  '0003_spent_robot_checks': spentRobotChecks,
  '0004_campaigns': campaigns,
  '0005_products': products,
  '0006_courses': courses,
  '0007_product_uploads': productUploads,
  '0008_partners': partners,
  '0009_newsletters': newsletters,
  '0011_educations': educations,
  '0012_education_uploads': educationUploads,
  '0013_newsletter_deliveries_cancelled': newsletterDeliveriesCancelled,
  '0014_rate_limit_counters': rateLimitCounters,
  '0015_unfinished_video_uploads': unfinishedVideoUploads,
  '0016_video_transcodes': videoTranscodes,
  '0017_newsletter_prices_and_free_subjects': newsletterPricesAndFreeSubjects,
  '0018_undeliverable_subscriptions': undeliverableSubscriptions,
  '0019_people_and_invitations': peopleAndInvitations,
  '0020_audit_log': auditLog,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
