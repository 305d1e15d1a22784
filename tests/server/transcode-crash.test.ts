/**
 * A server killed mid-transcode (issue 27, decision 0045): `kill -9` leaves the job processing
 * under a lease nobody renews; its ffmpeg dies at its next progress write into the closed pipe;
 * the restarted server takes the job again once the lease ran out and finishes it.
 */
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { VIDEO_FOLDER } from '../../server/educations/videos.ts';
import { findTranscode, insertTranscode } from '../../server/transcodes/store.ts';
import { newStreamKey } from '../../server/transcodes/streams.ts';
import { seedAccounts } from './support/accounts.ts';
import { createTestApp } from './support/test-app.ts';
import { spawnServer, waitForHealth } from './support/server-process.ts';
import { useTempDir } from './support/temp-dir.ts';
import { testDatabase } from './support/test-database.ts';
import { corpusClip } from './support/video-corpus.ts';
import { insertUploadedEducation, seededEducationDetails } from './support/uploaded-education.ts';

const tempDir = useTempDir();
const LEASE_SECONDS = 3;

/** A data folder whose database holds one queued transcode of the corpus's HD clip. */
async function dataFolderWithJob(): Promise<{ dataDir: string; educationId: number }> {
  const dataDir = tempDir();
  const prepared = await createTestApp(dataDir);
  try {
    await seedAccounts(prepared.db, dataDir, () => new Date());
    const videoKey = `${newStreamKey()}.mp4`;
    copyFileSync(corpusClip('hd.mp4'), path.join(dataDir, VIDEO_FOLDER, videoKey));
    const at = new Date();
    const educationId = await insertUploadedEducation(prepared.db, {
      ...(await seededEducationDetails(prepared.db)),
      title: 'Predavanje prekinuto usred obrade',
      videoKey,
      createdAt: at,
    });
    await insertTranscode(prepared.db, { educationId, videoKey, streamKey: newStreamKey(), at });
    return { dataDir, educationId };
  } finally {
    await prepared.close();
  }
}

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('finishes a transcode after kill -9 and a restart', async () => {
  const { dataDir, educationId } = await dataFolderWithJob();
  const env = { DATA_DIR: dataDir, VIDEO_TRANSCODE_LEASE_SECONDS: String(LEASE_SECONDS) };
  const { databaseUrl } = await testDatabase(dataDir);
  const db: Db = openDatabase(
    loadConfig({
      DATA_DIR: dataDir,
      ...(databaseUrl !== undefined && { DATABASE_URL: databaseUrl }),
    }),
  );
  const job = () => findTranscode(db, educationId);
  try {
    const first = await spawnServer(env);
    try {
      await waitForHealth(first, 20_000);
      await waitFor(async () => ((await job())?.state === 'processing' ? true : undefined), 20_000);
    } finally {
      first.child.kill('SIGKILL');
      await first.exited;
    }
    const killed = await job();
    expect(killed).toMatchObject({ state: 'processing', attempts: 1 });

    const second = await spawnServer(env);
    try {
      await waitForHealth(second, 20_000);
      const done = await waitFor(async () => {
        const row = await job();
        return row?.state === 'ready' || row?.state === 'failed' ? row : undefined;
      }, 60_000);
      expect(done).toMatchObject({
        state: 'ready',
        attempts: 2,
        renditions: '360,720',
        failure: null,
      });
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  } finally {
    await db.destroy();
  }
}, 120_000);
