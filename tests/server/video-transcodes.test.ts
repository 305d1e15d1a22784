/**
 * Uploaded videos into HLS (issue 27): every camera file of the corpus ends as renditions that
 * ffprobe reads back at the expected sizes, upright and at a constant frame rate; the job goes
 * queued → processing → ready, or failed with its reason and back by a retry; its stream is
 * served only through signed paths checked on every request; captions are checked, converted
 * and served the same way.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { educationSchema, type Education } from '../../src/api/contract.ts';
import { EDUCATION_SERVER_MESSAGES as M } from '../../src/api/serverMessages.ts';
import { VIDEO_FOLDER } from '../../server/educations/videos.ts';
import { mediaTool } from '../../server/media/ffmpeg.ts';
import { loadSecrets } from '../../server/secrets.ts';
import { API_BASE_URL } from '../../server/site-config/routes.ts';
import { probeVideo, type ProbedVideo } from '../../server/media/video-probe.ts';
import { transcodeToHls } from '../../server/transcodes/hls.ts';
import { claimTranscode } from '../../server/transcodes/store.ts';
import { streamUrls } from '../../server/transcodes/stream-urls.ts';
import { streamStore } from '../../server/transcodes/streams.ts';
import { transcodeWorker, type TranscodeLog } from '../../server/transcodes/worker.ts';
import { ADMIN, EMPLOYEE, USER, login } from './support/accounts.ts';
import { multipart } from './media-fixtures.ts';
import { useServer } from './support/server-fixture.ts';
import { corpusClip, type CorpusClip } from './support/video-corpus.ts';

const server = useServer({ seedAccounts: true, perFile: true });
const tokens = { administrator: '', employee: '', user: '' };
let partnerId: number;
let userId: number;

beforeAll(async () => {
  tokens.administrator = (await login(server.app, ADMIN)).accessToken;
  tokens.employee = (await login(server.app, EMPLOYEE)).accessToken;
  const user = await login(server.app, USER);
  tokens.user = user.accessToken;
  userId = user.id;
  const partners = await server.app.inject({ method: 'GET', url: '/api/v1/partners' });
  partnerId = partners.json<{ id: number }[]>()[0]?.id ?? 0;
  corpusClip('h264.mov');
}, 120_000);

interface StreamInfo {
  width: number;
  height: number;
  codec: string;
  avgFrameRate: string;
  realFrameRate: string;
  audio: string | undefined;
}

/** What ffprobe reads back from a rendition's playlist. */
function readBack(playlist: string): StreamInfo {
  const output = JSON.parse(
    execFileSync(mediaTool('ffprobe'), [
      ...['-v', 'error', '-print_format', 'json', '-show_streams', playlist],
    ]).toString(),
  ) as {
    streams: {
      codec_type: string;
      codec_name: string;
      width?: number;
      height?: number;
      avg_frame_rate: string;
      r_frame_rate: string;
    }[];
  };
  const video = output.streams.find((stream) => stream.codec_type === 'video');
  const audio = output.streams.find((stream) => stream.codec_type === 'audio');
  return {
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    codec: video?.codec_name ?? '',
    avgFrameRate: video?.avg_frame_rate ?? '',
    realFrameRate: video?.r_frame_rate ?? '',
    audio: audio?.codec_name,
  };
}

async function probed(name: CorpusClip): Promise<ProbedVideo> {
  const probe = await probeVideo(corpusClip(name));
  if (!('video' in probe)) throw new Error(`${name} was refused: ${probe.problem}`);
  return probe.video;
}

describe('the transcoder', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  async function transcoded(
    name: CorpusClip,
    published: (names: readonly number[]) => void = () => {},
  ) {
    const folder = mkdtempSync(path.join(tmpdir(), 'dental-hls-'));
    folders.push(folder);
    await transcodeToHls({
      source: corpusClip(name),
      folder,
      video: await probed(name),
      published: [],
      threads: 2,
      onProgress: () => {},
      onPublished: async (names) => published(names),
      signal: new AbortController().signal,
    });
    return folder;
  }

  it.each([
    ['h264.mov', 320, 180, 'aac'],
    ['hevc.mp4', 320, 180, 'aac'],
    ['vp9.webm', 320, 180, 'aac'],
    ['mpeg4.avi', 320, 180, 'aac'],
    ['silent.mp4', 320, 180, undefined],
    // Stored landscape with a quarter turn: played upright.
    ['portrait.mp4', 180, 320, 'aac'],
  ] as const)(
    'makes %s playable H.264 at %ix%i',
    async (name, width, height, audio) => {
      const folder = await transcoded(name);
      const master = readFileSync(path.join(folder, 'master.m3u8'), 'utf8');
      const rendition = `${Math.min(width, height)}p`;
      expect(master).toContain(`RESOLUTION=${width}x${height}`);
      expect(master).toContain(`${rendition}/index.m3u8`);
      expect(readBack(path.join(folder, rendition, 'index.m3u8'))).toMatchObject({
        width,
        height,
        codec: 'h264',
        audio,
      });
      expect(readFileSync(path.join(folder, 'poster.jpg')).subarray(0, 2)).toEqual(
        Buffer.from([0xff, 0xd8]),
      );
    },
    30_000,
  );

  it('makes a variable frame rate constant', async () => {
    const source = await probed('vfr.mp4');
    expect(source.frameRate).not.toBe(25);
    const folder = await transcoded('vfr.mp4');
    const info = readBack(path.join(folder, '180p', 'index.m3u8'));
    expect(info.avgFrameRate).toBe(info.realFrameRate);
  }, 30_000);

  it('publishes the small rendition first, then the larger ones, never above the source', async () => {
    const published: (readonly number[])[] = [];
    const folder = await transcoded('hd.mp4', (names) => published.push([...names]));
    expect(published).toEqual([[360], [360, 720]]);
    const master = readFileSync(path.join(folder, 'master.m3u8'), 'utf8');
    expect(master).not.toContain('1080p');
    expect(readBack(path.join(folder, '720p', 'index.m3u8'))).toMatchObject({
      width: 1280,
      height: 720,
    });
    expect(readBack(path.join(folder, '360p', 'index.m3u8'))).toMatchObject({
      width: 640,
      height: 360,
    });
  }, 60_000);
});

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  body?: { type: string; bytes: Buffer },
) =>
  server.app.inject({
    method,
    url: url.startsWith('/api/') ? url : `/api/v1${url}`,
    headers: {
      ...(token !== undefined && { authorization: `Bearer ${token}` }),
      ...(body && { 'content-type': body.type }),
    },
    ...(body && { payload: body.bytes }),
  });

async function createEducation(name: CorpusClip, access: number[] = []): Promise<Education> {
  const form = await multipart({
    Title: 'Predavanje s kamere',
    Description: 'Snimljeno mobitelom u dvorani.',
    Lecturer: 'dr. Ana Anić',
    CountryIsoCode: 'HR',
    PartnerId: String(partnerId),
    Video: {
      bytes: readFileSync(corpusClip(name)),
      filename: name,
      type: 'application/octet-stream',
    },
    ...(access.length > 0 && { InitialAccessUserIds: access.map(String) }),
  });
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/educations',
    headers: { ...form.headers, authorization: `Bearer ${tokens.administrator}` },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return educationSchema.parse(response.json());
}

async function educationAs(token: string, id: number): Promise<Education> {
  const response = await api('GET', `/educations/${id}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return educationSchema.parse(response.json());
}

const worker = (log: TranscodeLog = { info() {}, warn() {}, error() {} }) =>
  transcodeWorker({
    db: server.db,
    now: server.clock.now,
    log,
    videosRoot: path.join(server.dataDir, VIDEO_FOLDER),
    streams: streamStore(server.dataDir),
    settings: { concurrency: 1, threads: 2, leaseSeconds: 60, maxAttempts: 3 },
  });

/** Whether an ffmpeg writing into `output` has opened `source` (Linux's /proc). */
function ffmpegReads(output: string, source: string): boolean {
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(output)) continue;
      const files = readdirSync(`/proc/${pid}/fd`);
      if (files.some((fd) => readlinkSync(`/proc/${pid}/fd/${fd}`) === source)) return true;
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return false;
}

describe('the job', () => {
  it('goes from queued to ready and stores what the probe found; users see it only then', async () => {
    const education = await createEducation('h264.mov');
    expect(education.stream).toMatchObject({ state: 'queued', progress: 0, playlistUrl: null });
    // Nothing to play before a rendition is published: the original is never served (0049).
    expect(education.videoUrl).toBe('');
    expect((await api('GET', `/educations/${education.id}`, tokens.user)).statusCode).toBe(404);
    while (await worker().runOnce());
    const ready = await educationAs(tokens.user, education.id);
    expect(ready.stream).toMatchObject({
      state: 'ready',
      progress: 100,
      failure: null,
      renditions: [180],
      durationSeconds: 2,
      width: 320,
      height: 180,
    });
    expect(ready.stream?.playlistUrl).toMatch(
      new RegExp(
        `^/api/v1/educations/${education.id}/stream/[\\w-]{22}/${userId}/\\d+/[\\w-]{43}/master\\.m3u8$`,
      ),
    );
    // The one address an upload plays from (the HEAD check of SPEC 7 goes to it too).
    expect(ready.videoUrl).toBe(ready.stream?.playlistUrl);
  }, 60_000);

  it('fails with its reason for administrators only, and a retry queues it again', async () => {
    const education = await createEducation('silent.mp4');
    // The original is damaged after the upload was accepted (a disk error, a bad copy).
    const row = await server.db
      .selectFrom('educations')
      .select('video_key')
      .where('id', '=', education.id)
      .executeTakeFirstOrThrow();
    const original = path.join(server.dataDir, VIDEO_FOLDER, row.video_key ?? '');
    const bytes = readFileSync(original);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(original, bytes.subarray(0, bytes.length >> 1));
    while (await worker().runOnce());
    const failed = await educationAs(tokens.administrator, education.id);
    expect(failed.stream).toMatchObject({ state: 'failed', failure: 'the file is incomplete' });
    expect(
      (await api('POST', `/educations/${education.id}/transcode/retry`, tokens.employee))
        .statusCode,
    ).toBe(403);

    writeFileSync(original, bytes);
    const retried = await api(
      'POST',
      `/educations/${education.id}/transcode/retry`,
      tokens.administrator,
    );
    expect(retried.statusCode, retried.body).toBe(200);
    expect(educationSchema.parse(retried.json()).stream).toMatchObject({
      state: 'queued',
      failure: null,
    });
    while (await worker().runOnce());
    expect((await educationAs(tokens.administrator, education.id)).stream?.state).toBe('ready');
    const again = await api(
      'POST',
      `/educations/${education.id}/transcode/retry`,
      tokens.administrator,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: [M.transcodeNotFailed] });
  }, 60_000);

  it('is taken again once the lease of a process that died ran out, never before', async () => {
    const education = await createEducation('silent.mp4');
    const dead = await claimTranscode(server.db, 'dead-process', server.clock.now(), 60_000);
    expect(dead?.education_id).toBe(education.id);
    expect(await worker().runOnce()).toBe(false);
    server.clock.advance(61_000);
    expect(await worker().runOnce()).toBe(true);
    expect((await educationAs(tokens.administrator, education.id)).stream?.state).toBe('ready');
  }, 60_000);
  it('ends quietly when its education is deleted during a pass, leaving no files', async () => {
    const education = await createEducation('hd.mp4');
    const { stream_key: streamKey, video_key: videoKey } = await server.db
      .selectFrom('video_transcodes')
      .select(['stream_key', 'video_key'])
      .where('education_id', '=', education.id)
      .executeTakeFirstOrThrow();
    const folder = path.join(server.dataDir, 'streams', streamKey);
    const original = path.join(server.dataDir, VIDEO_FOLDER, videoKey);
    const complaints: string[] = [];
    const log = {
      info() {},
      warn: (_details: object, message: string) => complaints.push(message),
      error: (_details: object, message: string) => complaints.push(message),
    };
    const running = worker(log).runOnce();
    // Deleted while the second pass's ffmpeg reads the original: it writes the one segment of a
    // 2 s clip only as it ends, fails at that (the folder is gone) and still exits with 0.
    while (!ffmpegReads(path.join(folder, '720p'), original)) await sleep(2);
    const deleted = await api('DELETE', `/educations/${education.id}`, tokens.administrator);
    expect(deleted.statusCode, deleted.body).toBe(204);
    await expect(running).resolves.toBe(true);
    expect(complaints).toEqual([]);
    expect(existsSync(folder)).toBe(false);
    expect(await worker().runOnce()).toBe(false);
  }, 60_000);
});

describe('the signed stream', () => {
  let education: Education;
  let prefix: string;

  beforeAll(async () => {
    education = await createEducation('h264.mov', [userId]);
    while (await worker().runOnce());
    prefix =
      (await educationAs(tokens.user, education.id)).stream?.playlistUrl?.replace(
        /master\.m3u8$/,
        '',
      ) ?? '';
  }, 60_000);

  it('serves the master playlist, a rendition playlist and its segments under one signed prefix', async () => {
    const master = await api('GET', `${prefix}master.m3u8`);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toMatch(/mpegurl/i);
    expect(master.headers['cache-control']).toBe('private, no-cache');
    const rendition = master.body.split('\n').find((line) => line.endsWith('.m3u8')) ?? '';
    const playlist = await api('GET', `${prefix}${rendition}`);
    expect(playlist.statusCode).toBe(200);
    const segment = playlist.body.split('\n').find((line) => line.endsWith('.ts')) ?? '';
    const bytes = await api('GET', `${prefix}${path.posix.dirname(rendition)}/${segment}`);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('video/mp2t');
    expect(bytes.rawPayload[0]).toBe(0x47);
    const poster = await api('GET', `${prefix}poster.jpg`);
    expect(poster.statusCode).toBe(200);
  });

  it('refuses a tampered, expired or foreign path, and files outside the stream', async () => {
    const parts = prefix.split('/');
    // …/stream/{key}/{user}/{expires}/{signature}/
    const [key, user, expires, signature] = parts.slice(-5, -1) as [string, string, string, string];
    const base = parts.slice(0, -5).join('/');
    const withParts = (p: { key?: string; user?: string; expires?: string; signature?: string }) =>
      `${base}/${p.key ?? key}/${p.user ?? user}/${p.expires ?? expires}/${p.signature ?? signature}/master.m3u8`;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [
      withParts({ signature: flipped }),
      withParts({ expires: String(Number(expires) + 1) }),
      withParts({ user: String(userId + 1) }),
      withParts({ key: `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}` }),
    ]) {
      const response = await api('GET', url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ errors: ['The video link is invalid or has expired.'] });
    }
    for (const file of [
      '../../../../../../etc/passwd',
      '360p/../../x',
      'master.m3u8.partial',
      '180p/index.m3u8.tmp',
    ]) {
      expect((await api('GET', `${prefix}${file}`)).statusCode, file).toBe(404);
    }
    server.clock.advance(4 * 3600 * 1000 + 1000);
    try {
      expect((await api('GET', `${prefix}master.m3u8`)).statusCode).toBe(403);
    } finally {
      server.clock.advance(-(4 * 3600 * 1000 + 1000));
    }
  });

  it('checks access on every segment: a revoked user gets 404 at the next one', async () => {
    const segment = `${prefix}180p/00000.ts`;
    expect((await api('GET', segment)).statusCode).toBe(200);
    const revoke = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/educations/${education.id}/access-rights`,
      headers: { authorization: `Bearer ${tokens.administrator}` },
      payload: { userIds: [(await login(server.app, EMPLOYEE)).id] },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect((await api('GET', segment)).statusCode).toBe(404);
    await server.app.inject({
      method: 'PUT',
      url: `/api/v1/educations/${education.id}/access-rights`,
      headers: { authorization: `Bearer ${tokens.administrator}` },
      payload: { userIds: [userId] },
    });
    expect((await api('GET', segment)).statusCode).toBe(200);
  });

  it('refuses a rightly signed link of an account that no longer exists', async () => {
    const key = prefix.split('/').at(-5) ?? '';
    const { jwtSecret } = loadSecrets({
      dataDir: server.dataDir,
      jwtSecret: undefined,
      altchaHmacKey: undefined,
    });
    const ghost = streamUrls({
      jwtSecret,
      lifetimeHours: 4,
      basePath: API_BASE_URL,
      now: server.clock.now,
    }).prefix(education.id, key, 999_999);
    const response = await api('GET', `${ghost}master.m3u8`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errors: ['The video link is invalid or has expired.'] });
  });

  describe('captions', () => {
    const srt = Buffer.from(
      '1\r\n00:00:00,500 --> 00:00:01,500\r\n<font color="red">Dobar dan</font>\r\n\r\n2\r\n00:00:01,600 --> 00:00:02,000\r\nKraj --> početak\r\n',
    );

    it('converts SRT to WebVTT, serves it signed, replaces and removes it', async () => {
      const put = await api(
        'PUT',
        `/educations/${education.id}/captions/hr`,
        tokens.administrator,
        { type: 'application/x-subrip', bytes: srt },
      );
      expect(put.statusCode, put.body).toBe(200);
      const captions = educationSchema.parse(put.json()).captions;
      expect(captions).toEqual([
        { language: 'hr', url: expect.stringMatching(/\/captions\/hr\.vtt$/) },
      ]);
      const mine = (await educationAs(tokens.user, education.id)).captions[0]?.url ?? '';
      const vtt = await api('GET', mine);
      expect(vtt.statusCode).toBe(200);
      expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
      expect(vtt.body).toBe(
        'WEBVTT\n\n00:00:00.500 --> 00:00:01.500\nDobar dan\n\n00:00:01.600 --> 00:00:02.000\nKraj → početak\n',
      );
      const webVtt = Buffer.from(
        'WEBVTT\n\nNOTE a comment\n\nuvod\n00:01.000 --> 00:02.000 line:0\nNovi tekst\n',
      );
      expect(
        (
          await api('PUT', `/educations/${education.id}/captions/hr`, tokens.administrator, {
            type: 'text/vtt',
            bytes: webVtt,
          })
        ).statusCode,
      ).toBe(200);
      expect((await api('GET', mine)).body).toBe(
        'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nNovi tekst\n',
      );
      expect(
        (await api('DELETE', `/educations/${education.id}/captions/hr`, tokens.employee))
          .statusCode,
      ).toBe(403);
      expect(
        (await api('DELETE', `/educations/${education.id}/captions/hr`, tokens.administrator))
          .statusCode,
      ).toBe(204);
      expect((await api('GET', mine)).statusCode).toBe(404);
      expect((await educationAs(tokens.user, education.id)).captions).toEqual([]);
    });

    it('refuses what is no caption file, a bad language and an oversized file', async () => {
      const put = (language: string, type: string, bytes: Buffer) =>
        api('PUT', `/educations/${education.id}/captions/${language}`, tokens.administrator, {
          type,
          bytes,
        });
      const cases: [Awaited<ReturnType<typeof put>>, number, string][] = [
        [
          await put('hr', 'text/vtt', Buffer.from('WEBVTT\n\n00:02.000 --> 00:01.000\nunatrag\n')),
          400,
          M.captionInvalid('the cue at line 3 ends before it starts'),
        ],
        [
          await put('hr', 'text/plain', Buffer.from('samo tekst\n')),
          400,
          M.captionInvalid("line 1 is not a cue's timing"),
        ],
        [
          await put('hr', 'text/vtt', Buffer.from('WEBVTT\n')),
          400,
          M.captionInvalid('it has no cues'),
        ],
        [
          await put('hr', 'application/octet-stream', Buffer.from([0xff, 0xfe, 0x00, 0x41])),
          400,
          M.captionNotText,
        ],
        [await put('hrvatski', 'text/vtt', srt), 400, M.captionLanguageInvalid],
      ];
      for (const [response, status, message] of cases) {
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json()).toEqual({ errors: [message] });
      }
      const large = await put('en', 'text/vtt', Buffer.alloc(512 * 1024 + 1, 0x41));
      expect(large.statusCode).toBe(413);
      expect((await educationAs(tokens.administrator, education.id)).captions).toEqual([]);
    });
  });
});
