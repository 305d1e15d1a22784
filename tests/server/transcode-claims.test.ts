/**
 * Transcode jobs claimed by several processes (issue 27, decision 0045): two database pools on
 * one database stand for two server processes. On PostgreSQL (`npm run test:postgres`) the pick
 * skips rows the other is claiming (`for update skip locked`); on SQLite one writer at a time.
 * Either way no job is ever leased to both, and every job is leased once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { claimTranscode, insertTranscode } from '../../server/transcodes/store.ts';
import { newStreamKey } from '../../server/transcodes/streams.ts';
import { useServer } from './support/server-fixture.ts';
import { insertUploadedEducation, seededEducationDetails } from './support/uploaded-education.ts';

const server = useServer({ seedAccounts: true, perFile: true });
let second: Db;
const JOBS = 40;

beforeAll(async () => {
  second = openDatabase(server.config);
  const details = await seededEducationDetails(server.db);
  const at = new Date(Date.now() - 60_000);
  for (let index = 0; index < JOBS; index++) {
    const videoKey = `${newStreamKey()}.mp4`;
    const educationId = await insertUploadedEducation(server.db, {
      ...details,
      title: `Predavanje ${index}`,
      videoKey,
      createdAt: at,
    });
    await insertTranscode(server.db, { educationId, videoKey, streamKey: newStreamKey(), at });
  }
}, 60_000);
afterAll(async () => {
  await second.destroy();
});

it('never leases one job to two processes claiming at the same moment', async () => {
  const claimed = new Map<number, string[]>();
  async function process(db: Db, owner: string) {
    for (;;) {
      const job = await claimTranscode(db, owner, new Date(), 60_000);
      if (job === undefined) return;
      claimed.set(job.education_id, [...(claimed.get(job.education_id) ?? []), owner]);
    }
  }
  await Promise.all([
    process(server.db, 'first'),
    process(second, 'second'),
    process(server.db, 'first-again'),
    process(second, 'second-again'),
  ]);
  expect(claimed.size).toBe(JOBS);
  expect([...claimed.values()].filter((owners) => owners.length > 1)).toEqual([]);
  const owners = new Set([...claimed.values()].flat().map((owner) => owner.split('-')[0]));
  expect(owners.size).toBeGreaterThan(0);
}, 60_000);
