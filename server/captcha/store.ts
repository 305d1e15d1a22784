/** The spent ALTCHA challenges: each solution is accepted once (altcha.ts). */
import type { Db } from '../db/database.ts';

/** Records the challenge as used; false when it already was (a replay). */
export async function spendChallenge(
  db: Db,
  challengeId: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  // Spent challenges are kept only while a replay could still pass the expiry check.
  await db.deleteFrom('spent_robot_checks').where('expires_at', '<=', now.toISOString()).execute();
  const result = await db
    .insertInto('spent_robot_checks')
    .values({ challenge_id: challengeId, expires_at: expiresAt.toISOString() })
    .onConflict((conflict) => conflict.column('challenge_id').doNothing())
    .executeTakeFirst();
  return result.numInsertedOrUpdatedRows === 1n;
}
