/**
 * The `educations` and `education_access_rights` tables. Each function takes the database or an
 * open transaction first. Every read of an education for a person goes through `visibleTo`, the
 * one place the visibility rule (SPEC 6) is written as a query.
 */
import { recordAudit } from '../audit/log.ts';
import { inTransaction } from '../db/transactions.ts';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database, EducationRow, NewEducationRow } from '../db/schema.ts';

/** Who is asking: administrators see every education, anyone else the open ones and their own. */
export interface Viewer {
  userId: number;
  isAdministrator: boolean;
}

/** An education with its partner's name and logo, as the answers need it. */
const EDUCATION_COLUMNS = [
  'educations.id',
  'educations.title',
  'educations.description',
  'educations.lecturer',
  'educations.recording_month',
  'educations.country_iso_code',
  'educations.subtitle_language',
  'educations.partner_id',
  'educations.video_site_url',
  'educations.thumbnail_card_key',
  'educations.created_at',
  'partners.name as partner_name',
  'partners.logo_card_key as partner_logo_card_key',
  'video_transcodes.state as transcode_state',
  'video_transcodes.stream_key',
  'video_transcodes.renditions',
  'video_transcodes.progress as transcode_progress',
  'video_transcodes.failure as transcode_failure',
  'video_transcodes.duration_seconds',
  'video_transcodes.width as video_width',
  'video_transcodes.height as video_height',
] as const;

/**
 * Administrators see every education; anyone else an open one or one of their own, and an
 * uploaded video only once a first rendition is published (issue 27): until then there is
 * nothing to play.
 */
function visibleTo(viewer: Viewer) {
  return (eb: ExpressionBuilder<Database, 'educations'>) => {
    if (viewer.isAdministrator) return eb.lit(true);
    const rights = eb
      .selectFrom('education_access_rights')
      .whereRef('education_access_rights.education_id', '=', 'educations.id');
    const playable = eb
      .selectFrom('video_transcodes')
      .select('video_transcodes.education_id')
      .whereRef('video_transcodes.education_id', '=', 'educations.id')
      .where('video_transcodes.renditions', '<>', '');
    return eb.and([
      eb.or([
        eb('educations.restricted', '=', 0),
        eb.exists(
          rights.select('user_id').where('education_access_rights.user_id', '=', viewer.userId),
        ),
      ]),
      eb.or([eb('educations.video_site_url', 'is not', null), eb.exists(playable)]),
    ]);
  };
}

function educationsWithPartner(db: Db) {
  return db
    .selectFrom('educations')
    .innerJoin('partners', 'partners.id', 'educations.partner_id')
    .leftJoin('video_transcodes', 'video_transcodes.education_id', 'educations.id')
    .select(EDUCATION_COLUMNS);
}

export type EducationWithPartner = Awaited<ReturnType<typeof listVisibleEducations>>[number];

/** Newest first; ties (same millisecond) by id, so the order is stable. */
export function listVisibleEducations(db: Db, viewer: Viewer) {
  return educationsWithPartner(db)
    .where(visibleTo(viewer))
    .orderBy('educations.created_at', 'desc')
    .orderBy('educations.id', 'desc')
    .execute();
}

/** Undefined both when it does not exist and when the viewer may not see it. */
export function findVisibleEducation(db: Db, viewer: Viewer, id: number) {
  return educationsWithPartner(db)
    .where('educations.id', '=', id)
    .where(visibleTo(viewer))
    .executeTakeFirst();
}

/**
 * For a stream request (issue 27): whether `userId` still has an account, and the stream
 * folder's key of education `id` when that user may see it and it has an upload. One round trip,
 * because it runs on every HLS segment.
 */
export async function streamAccessOf(db: Db, userId: number, id: number) {
  const row = await db
    .selectNoFrom((eb) => {
      const roles = eb.selectFrom('user_roles').where('user_roles.user_id', '=', userId);
      const administrator = roles.select('user_id').where('user_roles.role', '=', 'administrator');
      const streamKey = eb
        .selectFrom('educations')
        .innerJoin('video_transcodes', 'video_transcodes.education_id', 'educations.id')
        .select('video_transcodes.stream_key')
        .where('educations.id', '=', id)
        .where((inner) =>
          inner.or([
            inner.exists(administrator),
            visibleTo({ userId, isAdministrator: false })(inner),
          ]),
        );
      return [eb.exists(roles.select('user_id')).as('has_account'), streamKey.as('stream_key')];
    })
    .executeTakeFirstOrThrow();
  return { hasAccount: Boolean(row.has_account), streamKey: row.stream_key ?? undefined };
}

/** The caption files of the educations `ids`, by language. */
export async function captionsOf(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('education_captions')
    .select(['education_id', 'language', 'caption_key'])
    .where('education_id', 'in', ids)
    .orderBy('education_id')
    .orderBy('language')
    .execute();
}

/** Undefined when the education does not exist. */
export async function accessRightUserIds(db: Db, id: number): Promise<number[] | undefined> {
  const education = await db
    .selectFrom('educations')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (education === undefined) return undefined;
  const rows = await db
    .selectFrom('education_access_rights')
    .select('user_id')
    .where('education_id', '=', id)
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

export async function insertEducation(
  db: Db,
  education: NewEducationRow,
  accessUserIds: readonly number[],
): Promise<number> {
  const { id } = await db
    .insertInto('educations')
    .values({ ...education, restricted: accessUserIds.length > 0 ? 1 : 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertAccessRights(db, id, accessUserIds);
  return id;
}

async function insertAccessRights(db: Db, id: number, userIds: readonly number[]) {
  if (userIds.length === 0) return;
  await db
    .insertInto('education_access_rights')
    .values(userIds.map((userId) => ({ education_id: id, user_id: userId })))
    .execute();
}

/** Replaces the rights; none opens the education to everyone. False when it does not exist. */
export async function replaceAccessRights(
  db: Db,
  id: number,
  userIds: readonly number[],
): Promise<boolean> {
  return inTransaction(db, async (transaction) => {
    const updated = await transaction
      .updateTable('educations')
      .set({ restricted: userIds.length > 0 ? 1 : 0 })
      .where('id', '=', id)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    await transaction
      .deleteFrom('education_access_rights')
      .where('education_id', '=', id)
      .execute();
    await insertAccessRights(transaction, id, userIds);
    return true;
  });
}

export type EducationUpdate = Partial<
  Pick<
    EducationRow,
    | 'title'
    | 'description'
    | 'lecturer'
    | 'recording_month'
    | 'subtitle_language'
    | 'partner_id'
    | 'country_iso_code'
    | 'video_site_url'
    | 'video_key'
    | 'thumbnail_key'
    | 'thumbnail_card_key'
  >
>;

/** False when the education does not exist. */
export async function updateEducation(
  db: Db,
  id: number,
  update: EducationUpdate,
): Promise<boolean> {
  if (Object.keys(update).length === 0) {
    const row = await db
      .selectFrom('educations')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }
  const result = await db
    .updateTable('educations')
    .set(update)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The files of an education's video as they are before it is replaced (issue 29): the original,
 * its stream and its captions, whose rows go here (a new video is transcoded afresh, and
 * captions timed to the old one would not fit it). Undefined when the education does not exist.
 */
export async function dropVideoRows(db: Db, id: number) {
  const row = await db
    .selectFrom('educations')
    .select(['video_key'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const transcode = await db
    .deleteFrom('video_transcodes')
    .where('education_id', '=', id)
    .returning('stream_key')
    .executeTakeFirst();
  const captions = await db
    .deleteFrom('education_captions')
    .where('education_id', '=', id)
    .returning('caption_key')
    .execute();
  return {
    video_key: row.video_key,
    stream_key: transcode?.stream_key ?? null,
    caption_keys: captions.map((caption) => caption.caption_key),
  };
}

/** The thumbnail keys an education has now; undefined when it does not exist. */
export function thumbnailKeys(db: Db, id: number) {
  return db
    .selectFrom('educations')
    .select(['thumbnail_key', 'thumbnail_card_key'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Deletes the row (its rights, transcode and captions go by cascade) and answers its files' keys;
 * undefined if absent.
 */
export async function deleteEducationRow(db: Db, id: number) {
  return db.transaction().execute(async (transaction) => {
    const transcode = await transaction
      .selectFrom('video_transcodes')
      .select('stream_key')
      .where('education_id', '=', id)
      .executeTakeFirst();
    const captions = await transaction
      .selectFrom('education_captions')
      .select('caption_key')
      .where('education_id', '=', id)
      .execute();
    const row = await transaction
      .deleteFrom('educations')
      .where('id', '=', id)
      .returning(['title', 'video_key', 'thumbnail_key', 'thumbnail_card_key'])
      .executeTakeFirst();
    if (row !== undefined) {
      await recordAudit(transaction, {
        kind: 'education',
        action: 'delete',
        objectId: id,
        summary: row.title,
      });
    }
    return (
      row && {
        ...row,
        stream_key: transcode?.stream_key ?? null,
        caption_keys: captions.map((caption) => caption.caption_key),
      }
    );
  });
}

/** Which of `ids` are no user's id. */
export async function unknownUserIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('users').select('id').where('id', 'in', ids).execute();
  const known = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/** Which of `ids` belong to deactivated accounts (issue 29): they are granted no new access. */
export async function deactivatedUserIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', ids)
    .where('deactivated_at', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function partnerExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('partners').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Which of `keys` an education refers to (its thumbnail in either size). */
export async function educationMediaKeysAmong(
  db: Db,
  keys: readonly string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('educations')
    .select(['thumbnail_key', 'thumbnail_card_key'])
    .where((eb) => eb.or([eb('thumbnail_key', 'in', keys), eb('thumbnail_card_key', 'in', keys)]))
    .execute();
  return new Set(
    rows
      .flatMap((row) => [row.thumbnail_key, row.thumbnail_card_key])
      .filter((key): key is string => key !== null),
  );
}
