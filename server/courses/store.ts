/**
 * The `courses` table. Every write bumps the `courses` content version in its own transaction,
 * so the cached public list can never outlive a change (list-cache.ts).
 */
import type { Db } from '../db/database.ts';
import type { CourseRow, NewCourseRow } from '../db/schema.ts';
import { recordAudit } from '../audit/log.ts';
import { bumpContentVersion } from '../content-versions/store.ts';
import { inTransaction } from '../db/transactions.ts';

export const COURSES_VERSION = 'courses';

/** Newest first; ties (same millisecond) by id, so the order is stable. */
export function listCourses(db: Db): Promise<CourseRow[]> {
  return db
    .selectFrom('courses')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Inserts a course; `checkBeforeCommit` sees the stored row inside the transaction, and when it
 * throws nothing is stored.
 */
export async function insertCourse(
  db: Db,
  course: NewCourseRow,
  checkBeforeCommit: (row: CourseRow) => void = () => {},
): Promise<CourseRow> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('courses')
      .values(course)
      .returningAll()
      .executeTakeFirstOrThrow();
    await bumpContentVersion(trx, COURSES_VERSION);
    checkBeforeCommit(row);
    return row;
  });
}

/** Deletes a course; answers its media keys, or undefined when there was no such course. */
export async function deleteCourse(db: Db, id: number): Promise<(string | null)[] | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('courses')
      .where('id', '=', id)
      .returning(['title', 'image_key', 'image_card_key', 'pdf_key'])
      .executeTakeFirst();
    if (row === undefined) return undefined;
    await recordAudit(trx, { kind: 'course', action: 'delete', objectId: id, summary: row.title });
    await bumpContentVersion(trx, COURSES_VERSION);
    return [row.image_key, row.image_card_key, row.pdf_key];
  });
}

export async function hasCourses(db: Db): Promise<boolean> {
  const row = await db.selectFrom('courses').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Which of `keys` a course refers to (its image, card image or PDF). */
export async function courseMediaKeysAmong(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('courses')
    .select(['image_key', 'image_card_key', 'pdf_key'])
    .where((eb) =>
      eb.or([
        eb('image_key', 'in', keys),
        eb('image_card_key', 'in', keys),
        eb('pdf_key', 'in', keys),
      ]),
    )
    .execute();
  return new Set(
    rows
      .flatMap((row) => [row.image_key, row.image_card_key, row.pdf_key])
      .filter((key): key is string => key !== null),
  );
}
