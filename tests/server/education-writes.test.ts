/**
 * Education writes (issue 13): POST with its three video sources (multipart file, video-site URL,
 * finished tus upload), every rule of the form, the video decided by its bytes and capped by the
 * configuration, nothing left behind by a failed create; PATCH, PUT access rights and DELETE; and
 * what deleting a user does to its access rights. Roles per route are in the authorization matrix.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EDUCATION_RULES, educationSchema, type Education } from '../../src/api/contract.ts';
import { EDUCATION_SERVER_MESSAGES as M, SERVER_MESSAGES } from '../../src/api/serverMessages.ts';
import { hashPassword } from '../../server/auth/password.ts';
import { VIDEO_FOLDER } from '../../server/educations/videos.ts';
import { zagrebMonth } from '../../src/lib/month.ts';
import { createUser, deactivateUser } from '../../server/users/store.ts';
import {
  filesUnder,
  imageFile,
  multipart,
  postForm,
  streamedMultipart,
  type FormValue,
} from './media-fixtures.ts';
import { ADMIN, DEMO_PASSWORD, EMPLOYEE, USER, login } from './support/accounts.ts';
import { useServer } from './support/server-fixture.ts';
import { mediaFilesIn, rowCount, uploadTempFilesIn } from './support/stored.ts';
import { streamStore } from '../../server/transcodes/streams.ts';
import { transcodeWorker } from '../../server/transcodes/worker.ts';
import { corpusClip, type CorpusClip } from './support/video-corpus.ts';
import { mp4Of, padded, truncated, webmOf } from './support/videos.ts';

/** Small enough to test around, larger than the demo video. */
const VIDEO_CAP = 400_000;
const clip = (name: CorpusClip) => readFileSync(corpusClip(name));
const server = useServer({
  seedAccounts: true,
  perFile: true,
  env: { EDUCATION_VIDEO_MAX_BYTES: String(VIDEO_CAP) },
});
const DEMO_VIDEO = readFileSync(
  new URL('../../server/seed/educations/demo-education.mp4', import.meta.url),
);
const OTHER_USER = 'treci.korisnik@example.com';
const tokens = { administrator: '', employee: '', user: '', otherUser: '' };
const ids = { user: 0, otherUser: 0 };
let partnerId: number;
let png: Buffer;

beforeAll(async () => {
  await createUser(server.db, {
    email: OTHER_USER,
    name: 'Treći',
    surname: 'Korisnik',
    gender: 'male',
    roles: ['user'],
    passwordHash: await hashPassword(DEMO_PASSWORD),
    createdAt: new Date(),
  });
  tokens.administrator = (await login(server.app, ADMIN)).accessToken;
  tokens.employee = (await login(server.app, EMPLOYEE)).accessToken;
  const user = await login(server.app, USER);
  tokens.user = user.accessToken;
  ids.user = user.id;
  const other = await login(server.app, OTHER_USER);
  tokens.otherUser = other.accessToken;
  ids.otherUser = other.id;
  const partners = await server.app.inject({ method: 'GET', url: '/api/v1/partners' });
  partnerId = partners.json<{ id: number }[]>()[0]?.id ?? 0;
  png = await imageFile('png', 640, 360);
}, 60_000);

const videoFile = (bytes: Buffer, filename = 'predavanje.mp4', type = 'video/mp4') => ({
  bytes,
  filename,
  type,
});

function validForm(overrides: Record<string, FormValue | FormValue[] | undefined> = {}) {
  return {
    Title: 'Minimalno invazivna endodoncija',
    Description: 'Predavanje o očuvanju zubnog tkiva.',
    Lecturer: 'dr. Ana Anić',
    DateOfRecording: '2024-03',
    CountryIsoCode: 'HR',
    SubtitleLanguage: 'hrvatski',
    PartnerId: String(partnerId),
    Video: videoFile(DEMO_VIDEO),
    ...overrides,
  };
}

async function create(
  form: Record<string, FormValue | FormValue[] | undefined>,
  token = tokens.administrator,
) {
  const fields = Object.fromEntries(
    Object.entries(form).filter((entry): entry is [string, FormValue | FormValue[]] => {
      return entry[1] !== undefined;
    }),
  );
  const body = await multipart(fields);
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/educations',
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
}

async function created(form: Record<string, FormValue | FormValue[] | undefined>) {
  const response = await create(form);
  expect(response.statusCode, response.body).toBe(201);
  return educationSchema.parse(response.json());
}

const call = (
  method: 'GET' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  body?: object,
) =>
  server.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body && {
        'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json',
      }),
    },
    ...(body && { payload: JSON.stringify(body) }),
  });

const videosIn = () => filesUnder(path.join(server.dataDir, VIDEO_FOLDER));

/** What a create may leave behind: rows, video files, media files, temporary files. */
async function stored() {
  return {
    educations: await rowCount(server.db, 'educations'),
    rights: await rowCount(server.db, 'education_access_rights'),
    videos: videosIn(),
    media: mediaFilesIn(server.dataDir),
    temporary: uploadTempFilesIn(server.dataDir),
  };
}

/** The transcode worker of the app's data folder, driven by the test (issue 27). */
const worker = () =>
  transcodeWorker({
    db: server.db,
    now: () => new Date(),
    log: { info() {}, warn() {}, error() {} },
    videosRoot: path.join(server.dataDir, VIDEO_FOLDER),
    streams: streamStore(server.dataDir),
    settings: { concurrency: 1, threads: 2, leaseSeconds: 60, maxAttempts: 3 },
  });

function validationErrors(response: { statusCode: number; body: string; json(): unknown }) {
  expect(response.statusCode, response.body).toBe(400);
  return (response.json() as { errors: Record<string, string[]> }).errors;
}

describe('POST /educations', () => {
  it('creates an education with an uploaded video, a thumbnail and restricted visibility', async () => {
    const before = videosIn();
    const education = await created(
      validForm({
        Thumbnail: { bytes: png, filename: 'naslovna.png', type: 'image/png' },
        InitialAccessUserIds: [String(ids.user), String(ids.user)],
      }),
    );
    expect(education).toMatchObject({
      title: 'Minimalno invazivna endodoncija',
      lecturer: 'dr. Ana Anić',
      dateOfRecording: '2024-03',
      country: { isoCode: 'HR' },
      subtitleLanguage: 'hrvatski',
      partner: { id: partnerId },
      // Queued for its transcode: no address to play yet (decision 0049).
      videoUrl: '',
      stream: { state: 'queued', playlistUrl: null },
      thumbnailUrl: expect.stringMatching(/^\/media\/educations\/.+\.webp$/),
    });
    const added = videosIn().filter((file) => !before.includes(file));
    expect(added).toEqual([expect.stringMatching(/\.mp4$/)]);
    expect(readFileSync(path.join(server.dataDir, VIDEO_FOLDER, added[0] ?? ''))).toEqual(
      DEMO_VIDEO,
    );

    const rights = await call(
      'GET',
      `/educations/${education.id}/access-rights`,
      tokens.administrator,
    );
    expect(rights.json()).toEqual([{ user: { id: ids.user } }]);
    // Its user sees it once the worker made it playable (issue 27), nobody else ever.
    expect((await call('GET', `/educations/${education.id}`, tokens.user)).statusCode).toBe(404);
    while (await worker().runOnce());
    expect((await call('GET', `/educations/${education.id}`, tokens.user)).statusCode).toBe(200);
    expect((await call('GET', `/educations/${education.id}`, tokens.otherUser)).statusCode).toBe(
      404,
    );
  }, 30_000);

  it('creates an open education from a video-site URL, without subtitles or recording month', async () => {
    const education = await created(
      validForm({
        Video: undefined,
        VideoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        DateOfRecording: '',
        SubtitleLanguage: '',
      }),
    );
    expect(education).toMatchObject({
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      dateOfRecording: null,
      subtitleLanguage: null,
      thumbnailUrl: null,
    });
    expect((await call('GET', `/educations/${education.id}`, tokens.otherUser)).statusCode).toBe(
      200,
    );
  });

  it('reports every broken rule at once, per field', async () => {
    const errors = validationErrors(
      await create({ Title: 'ab', Description: 'abcd', Lecturer: 'x' }),
    );
    expect(errors).toEqual({
      Title: ['Title must be at least 3 characters long.'],
      Description: ['Description must be at least 5 characters long.'],
      Lecturer: ['Lecturer must be at least 2 characters long.'],
      CountryIsoCode: [SERVER_MESSAGES.required('CountryIsoCode')],
      PartnerId: [SERVER_MESSAGES.required('PartnerId')],
      Video: [M.videoSourceRequired],
    });
  });

  it.each([
    [
      { Title: 'x'.repeat(EDUCATION_RULES.titleMaxLength + 1) },
      'Title',
      SERVER_MESSAGES.tooLong('Title', 200),
    ],
    [
      { Description: 'x'.repeat(EDUCATION_RULES.descriptionMaxLength + 1) },
      'Description',
      SERVER_MESSAGES.tooLong('Description', 10_000),
    ],
    [
      { Lecturer: 'x'.repeat(EDUCATION_RULES.lecturerMaxLength + 1) },
      'Lecturer',
      SERVER_MESSAGES.tooLong('Lecturer', 500),
    ],
    [
      { SubtitleLanguage: 'x'.repeat(101) },
      'SubtitleLanguage',
      SERVER_MESSAGES.tooLong('SubtitleLanguage', 100),
    ],
    [{ DateOfRecording: '2024-3' }, 'DateOfRecording', M.recordingMonthInvalid],
    [{ DateOfRecording: '9999-12' }, 'DateOfRecording', M.recordingMonthInFuture],
    [
      { CountryIsoCode: 'XX' },
      'CountryIsoCode',
      "CountryIsoCode 'XX' is not one of GET /countries.",
    ],
    [{ PartnerId: '999999' }, 'PartnerId', M.partnerNotFound(999999)],
    [{ PartnerId: '-1' }, 'PartnerId', 'PartnerId must be a positive whole number.'],
    [{ InitialAccessUserIds: ['999999'] }, 'InitialAccessUserIds', M.accessUserNotFound(999999)],
    [
      { InitialAccessUserIds: ['jedan'] },
      'InitialAccessUserIds',
      'InitialAccessUserIds must be a positive whole number.',
    ],
    [{ Video: undefined, VideoUrl: 'ftp://example.com/v.mp4' }, 'VideoUrl', M.videoUrlInvalid],
    [
      { Video: undefined, VideoUrl: `https://example.com/${'v'.repeat(2048)}` },
      'VideoUrl',
      SERVER_MESSAGES.tooLong('VideoUrl', 2048),
    ],
    [{ VideoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }, 'Video', M.videoSourceRequired],
    [{ Video: undefined, VideoUploadId: 'f'.repeat(32) }, 'VideoUploadId', M.uploadNotFound],
    [
      { Video: videoFile(Buffer.from('%PDF-1.7 no video'), 'dokument.mp4') },
      'Video',
      M.videoNotAllowed('Video'),
    ],
    [
      { Video: videoFile(truncated(DEMO_VIDEO), 'prekinuto.mp4') },
      'Video',
      M.videoIncomplete('Video'),
    ],
    // A Matroska container without a stream ffmpeg can read.
    [
      { Video: videoFile(webmOf({ docType: 'matroska' }), 'film.mkv') },
      'Video',
      M.videoUndecodable('Video'),
    ],
    [
      { Video: videoFile(truncated(webmOf()), 'prekinuto.webm') },
      'Video',
      M.videoIncomplete('Video'),
    ],
    [{ Video: videoFile(clip('audio-only.mp4')) }, 'Video', M.videoAudioOnly('Video')],
    [{ Video: videoFile(clip('photo.mp4')) }, 'Video', M.videoImageOnly('Video')],
    [{ Video: videoFile(clip('empty.mp4')) }, 'Video', M.videoEmpty('Video')],
    [{ Video: videoFile(clip('truncated.mov'), 'film.mov') }, 'Video', M.videoIncomplete('Video')],
    [
      { Video: videoFile(mp4Of({ moov: false }), 'bez-indeksa.mp4') },
      'Video',
      M.videoIncomplete('Video'),
    ],
    [
      { Thumbnail: videoFile(DEMO_VIDEO, 'naslovna.png', 'image/png') },
      'Thumbnail',
      SERVER_MESSAGES.fileNotAllowed('Thumbnail', 'a JPEG, PNG, WebP, AVIF or HEIC image'),
    ],
  ])('refuses %#: %s on the field', async (overrides, field, message) => {
    const before = await stored();
    const errors = validationErrors(await create(validForm(overrides)));
    expect(errors[field]).toEqual([message]);
    // A failed create leaves no row and no file.
    expect(await stored()).toEqual(before);
  });

  it('accepts a recording month of this very month (in Croatia)', async () => {
    const education = await created(validForm({ DateOfRecording: zagrebMonth(new Date()) }));
    expect(education.dateOfRecording).toBe(zagrebMonth(new Date()));
  });

  it('decides the type by the bytes: an MP4 named .webm is stored as the MP4 it is', async () => {
    const before = videosIn();
    await created(validForm({ Video: videoFile(DEMO_VIDEO, 'predavanje.webm', 'video/webm') }));
    expect(videosIn().filter((file) => !before.includes(file))).toEqual([
      expect.stringMatching(/\.mp4$/),
    ]);
  });

  it.each([
    ['h264.mov', 'mp4'],
    ['hevc.mp4', 'mp4'],
    ['vp9.webm', 'mkv'],
    ['mpeg4.avi', 'avi'],
  ] as const)('accepts %s, keeps it as .%s and queues its transcode', async (name, extension) => {
    const before = videosIn();
    const education = await created(validForm({ Video: videoFile(clip(name), name) }));
    expect(videosIn().filter((file) => !before.includes(file))).toEqual([
      expect.stringMatching(new RegExp(`\\.${extension}$`)),
    ]);
    expect(education.stream).toMatchObject({ state: 'queued', playlistUrl: null, renditions: [] });
  });

  it('accepts a video of exactly the configured cap and refuses one byte more with 413', async () => {
    await created(validForm({ Video: videoFile(padded(DEMO_VIDEO, VIDEO_CAP)) }));
    const before = await stored();
    const response = await create(
      validForm({ Video: videoFile(padded(DEMO_VIDEO, VIDEO_CAP + 1)) }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ errors: [M.videoTooLarge('Video', '390.625 KB')] });
    expect(M.videoTooLarge.match(response.json<{ errors: string[] }>().errors[0])).not.toBeNull();
    expect(await stored()).toEqual(before);
  });

  it('decides the 413 before the cap and one more MiB have been read', async () => {
    const before = await stored();
    const body = streamedMultipart('Video', mp4Of({ size: 1000 }), VIDEO_CAP + 64 * 1024 * 1024);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/educations',
      headers: { ...body.headers, authorization: `Bearer ${tokens.administrator}` },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(413);
    expect(body.progress.pulled).toBeLessThan(VIDEO_CAP + 1024 * 1024);
    expect(await stored()).toEqual(before);
  });

  it('is for administrators only', async () => {
    for (const token of [tokens.employee, tokens.user]) {
      expect((await create(validForm(), token)).statusCode).toBe(403);
    }
    const anonymous = await postForm(server.app, '/api/v1/educations', { Title: 'x' }, null);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PATCH /educations/{id}', () => {
  let education: Education;
  beforeAll(async () => {
    education = await created(
      validForm({ Video: undefined, VideoUrl: 'https://youtu.be/dQw4w9WgXcQ' }),
    );
  });

  it('changes the texts given and clears the optional ones with null', async () => {
    const response = await call('PATCH', `/educations/${education.id}`, tokens.administrator, {
      title: '  Novi naslov  ',
      dateOfRecording: null,
      subtitleLanguage: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(educationSchema.parse(response.json())).toEqual({
      ...education,
      title: 'Novi naslov',
      dateOfRecording: null,
      subtitleLanguage: null,
    });
    const again = await call('PATCH', `/educations/${education.id}`, tokens.administrator, {
      dateOfRecording: '2023-11',
      lecturer: 'prof. dr. Ivo Ivić',
    });
    expect(again.json()).toMatchObject({
      title: 'Novi naslov',
      dateOfRecording: '2023-11',
      lecturer: 'prof. dr. Ivo Ivić',
    });
  });

  it.each([
    [{ title: 'ab' }, 'title'],
    [{ description: 'abcd' }, 'description'],
    [{ lecturer: 'x' }, 'lecturer'],
    [{ dateOfRecording: '2024-13' }, 'dateOfRecording'],
    [{ dateOfRecording: '9999-01' }, 'dateOfRecording'],
    [{ subtitleLanguage: 'x'.repeat(101) }, 'subtitleLanguage'],
  ])('refuses %j with a validation error on the member', async (patch, member) => {
    const errors = validationErrors(
      await call('PATCH', `/educations/${education.id}`, tokens.administrator, patch),
    );
    expect(Object.keys(errors)).toEqual([member]);
  });

  it('takes merge-patch JSON only, and answers 404 for a missing education', async () => {
    const plain = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/educations/${education.id}`,
      headers: {
        authorization: `Bearer ${tokens.administrator}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ title: 'Naslov' }),
    });
    expect(plain.statusCode).toBe(415);
    const missing = await call('PATCH', '/educations/999999', tokens.administrator, {
      title: 'Naslov',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: ['Education not found.'] });
  });
});

/** A finished tus upload of `bytes` by the administrator; answers its id. */
async function finishedUpload(bytes: Buffer): Promise<string> {
  const tus = { 'tus-resumable': '1.0.0', authorization: `Bearer ${tokens.administrator}` };
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { ...tus, 'upload-length': String(bytes.length) },
  });
  expect(created.statusCode, created.body).toBe(201);
  const url = String(created.headers.location);
  const sent = await server.app.inject({
    method: 'PATCH',
    url,
    headers: {
      ...tus,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });
  expect(sent.statusCode, sent.body).toBe(204);
  return url.split('/').pop() ?? '';
}

describe('PATCH /educations/{id}: partner, country and video (issue 29)', () => {
  it('changes the partner and the country, and refuses unknown ones per member', async () => {
    const education = await created(
      validForm({ Video: undefined, VideoUrl: 'https://youtu.be/dQw4w9WgXcQ' }),
    );
    const partners = await server.app.inject({ method: 'GET', url: '/api/v1/partners' });
    const other = partners.json<{ id: number }[]>().find(({ id }) => id !== partnerId);
    const response = await call('PATCH', `/educations/${education.id}`, tokens.administrator, {
      partnerId: other?.id,
      countryIsoCode: 'si',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      partner: { id: other?.id },
      country: { isoCode: 'SI' },
      videoUrl: education.videoUrl,
    });
    const refused = validationErrors(
      await call('PATCH', `/educations/${education.id}`, tokens.administrator, {
        partnerId: 999_999,
        countryIsoCode: 'XX',
      }),
    );
    expect(refused).toEqual({
      partnerId: [M.partnerNotFound(999_999)],
      countryIsoCode: ["CountryIsoCode 'XX' is not one of GET /countries."],
    });
  });

  it('replaces an uploaded video by a new upload: transcoded afresh, the old files gone, the rights kept', async () => {
    const education = await created(validForm({ InitialAccessUserIds: [String(ids.user)] }));
    while (await worker().runOnce());
    const { stream: oldStream } = educationSchema.parse(
      (await call('GET', `/educations/${education.id}`, tokens.administrator)).json(),
    );
    expect(oldStream?.state).toBe('ready');
    const videosBefore = videosIn();
    const uploadId = await finishedUpload(DEMO_VIDEO);

    const response = await call('PATCH', `/educations/${education.id}`, tokens.administrator, {
      videoUploadId: uploadId,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      videoUrl: '',
      stream: { state: 'queued', playlistUrl: null },
    });
    // One video file in place of the other; the old stream's folder is gone.
    const videosAfter = videosIn();
    expect(videosAfter).toHaveLength(videosBefore.length);
    expect(videosAfter).not.toEqual(videosBefore);
    const streamKey = oldStream?.playlistUrl?.split('/')[6] ?? '';
    expect(streamKey).not.toBe('');
    expect(filesUnder(path.join(server.dataDir, 'streams', streamKey))).toEqual([]);
    // The access rights survive, and their user sees the new video once it plays.
    const rights = await call(
      'GET',
      `/educations/${education.id}/access-rights`,
      tokens.administrator,
    );
    expect(rights.json()).toEqual([{ user: { id: ids.user } }]);
    expect((await call('GET', `/educations/${education.id}`, tokens.user)).statusCode).toBe(404);
    while (await worker().runOnce());
    expect((await call('GET', `/educations/${education.id}`, tokens.user)).statusCode).toBe(200);
    expect((await call('GET', `/educations/${education.id}`, tokens.otherUser)).statusCode).toBe(
      404,
    );
    // An upload is named once.
    const again = validationErrors(
      await call('PATCH', `/educations/${education.id}`, tokens.administrator, {
        videoUploadId: uploadId,
      }),
    );
    expect(Object.keys(again)).toEqual(['videoUploadId']);
  }, 60_000);

  it('replaces an uploaded video by a video-site address, and refuses both at once', async () => {
    const education = await created(validForm());
    const before = videosIn();
    const response = await call('PATCH', `/educations/${education.id}`, tokens.administrator, {
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      stream: null,
    });
    expect(videosIn()).toHaveLength(before.length - 1);
    const both = await call('PATCH', `/educations/${education.id}`, tokens.administrator, {
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      videoUploadId: 'f'.repeat(32),
    });
    expect(both.statusCode).toBe(400);
  });

  it('leaves the education as it was when the new upload does not exist', async () => {
    const education = await created(validForm());
    const before = await stored();
    const errors = validationErrors(
      await call('PATCH', `/educations/${education.id}`, tokens.administrator, {
        title: 'Drugi naslov',
        videoUploadId: 'f'.repeat(32),
      }),
    );
    expect(errors).toEqual({ videoUploadId: [M.uploadNotFound] });
    expect(await stored()).toEqual(before);
    const after = await call('GET', `/educations/${education.id}`, tokens.administrator);
    expect(after.json()).toEqual(education);
  });
});

describe('PUT /educations/{id}/thumbnail (issue 29)', () => {
  const putThumbnail = async (id: number, form: Record<string, FormValue>) => {
    const body = await multipart(form);
    return server.app.inject({
      method: 'PUT',
      url: `/api/v1/educations/${id}/thumbnail`,
      headers: { ...body.headers, authorization: `Bearer ${tokens.administrator}` },
      payload: body.payload,
    });
  };

  it('replaces the thumbnail and removes the old files', async () => {
    const education = await created(
      validForm({ Thumbnail: { bytes: png, filename: 'stara.png', type: 'image/png' } }),
    );
    const before = mediaFilesIn(server.dataDir);
    const response = await putThumbnail(education.id, {
      Thumbnail: { bytes: await imageFile('jpeg', 800, 450), filename: 'nova.jpg' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const replaced = educationSchema.parse(response.json());
    expect(replaced.thumbnailUrl).toMatch(/^\/media\/educations\/.+\.webp$/);
    expect(replaced.thumbnailUrl).not.toBe(education.thumbnailUrl);
    expect(replaced).toEqual({ ...education, thumbnailUrl: replaced.thumbnailUrl });
    const after = mediaFilesIn(server.dataDir);
    expect(after).toHaveLength(before.length);
    expect(after).not.toEqual(before);
  });

  it('refuses a missing or non-image thumbnail and an unknown education, changing nothing', async () => {
    const education = await created(validForm());
    const before = await stored();
    expect(validationErrors(await putThumbnail(education.id, {}))).toEqual({
      Thumbnail: [SERVER_MESSAGES.required('Thumbnail')],
    });
    const pdf = await putThumbnail(education.id, {
      Thumbnail: { bytes: Buffer.from('%PDF-1.4 nije slika'), filename: 'slika.png' },
    });
    expect(Object.keys(validationErrors(pdf))).toEqual(['Thumbnail']);
    const missing = await putThumbnail(999_999, { Thumbnail: { bytes: png, filename: 'a.png' } });
    expect(missing.statusCode).toBe(404);
    expect(await stored()).toEqual(before);
  });
});

describe('PUT /educations/{id}/access-rights', () => {
  it('restricts to the users given, opens to all with none, and refuses unknown users', async () => {
    const { id } = await created(
      validForm({ Video: undefined, VideoUrl: 'https://youtu.be/dQw4w9WgXcQ' }),
    );
    const restrict = await call('PUT', `/educations/${id}/access-rights`, tokens.administrator, {
      userIds: [ids.otherUser, ids.user, ids.user],
    });
    expect(restrict.statusCode, restrict.body).toBe(200);
    expect(restrict.json()).toEqual(
      [ids.user, ids.otherUser].sort((a, b) => a - b).map((userId) => ({ user: { id: userId } })),
    );
    expect((await call('GET', `/educations/${id}`, tokens.employee)).statusCode).toBe(404);

    const unknown = await call('PUT', `/educations/${id}/access-rights`, tokens.administrator, {
      userIds: [ids.user, 999999],
    });
    expect(validationErrors(unknown)).toEqual({ userIds: [M.accessUserNotFound(999999)] });

    const open = await call('PUT', `/educations/${id}/access-rights`, tokens.administrator, {
      userIds: [],
    });
    expect(open.json()).toEqual([]);
    expect((await call('GET', `/educations/${id}`, tokens.employee)).statusCode).toBe(200);
    const missing = await call('PUT', '/educations/999999/access-rights', tokens.administrator, {
      userIds: [],
    });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps an education restricted when the last user of its rights is deleted (the rights cascade)', async () => {
    const leaving = await createUser(server.db, {
      email: 'odlazi@example.com',
      name: 'Odlazi',
      surname: 'Korisnik',
      gender: 'female',
      roles: ['user'],
      passwordHash: await hashPassword(DEMO_PASSWORD),
      createdAt: new Date(),
    });
    const { id } = await created(
      validForm({
        Video: undefined,
        VideoUrl: 'https://youtu.be/dQw4w9WgXcQ',
        InitialAccessUserIds: [String(leaving)],
      }),
    );
    await server.db.deleteFrom('users').where('id', '=', leaving).execute();
    const rights = await call('GET', `/educations/${id}/access-rights`, tokens.administrator);
    expect(rights.json()).toEqual([]);
    expect((await call('GET', `/educations/${id}`, tokens.otherUser)).statusCode).toBe(404);
    expect((await call('GET', `/educations/${id}`, tokens.administrator)).statusCode).toBe(200);
  });

  it('offers no deactivated account and grants one no new access; one who held it keeps it (issue 29)', async () => {
    const account = (email: string) =>
      createUser(server.db, {
        email,
        name: 'Bivša',
        surname: 'Korisnica',
        gender: 'female',
        roles: ['user'],
        passwordHash: 'x',
        createdAt: new Date(),
      });
    const [gone, holder] = [await account('otisla@example.com'), await account('drzi@example.com')];
    const { id } = await created(
      validForm({
        Video: undefined,
        VideoUrl: 'https://youtu.be/dQw4w9WgXcQ',
        InitialAccessUserIds: [String(holder)],
      }),
    );
    await deactivateUser(server.db, gone, new Date());
    await deactivateUser(server.db, holder, new Date());

    const offered = await call('GET', '/users?role=user', tokens.administrator);
    const offeredIds = offered.json<{ id: number }[]>().map((user) => user.id);
    expect(offeredIds).toContain(ids.user);
    expect(offeredIds).not.toContain(gone);
    expect(offeredIds).not.toContain(holder);

    const grant = await call('PUT', `/educations/${id}/access-rights`, tokens.administrator, {
      userIds: [holder, ids.user, gone],
    });
    expect(validationErrors(grant)).toEqual({ userIds: [M.accessUserDeactivated(gone)] });
    const kept = await call('PUT', `/educations/${id}/access-rights`, tokens.administrator, {
      userIds: [holder, ids.user],
    });
    expect(kept.statusCode, kept.body).toBe(200);

    const refused = await create(
      validForm({
        Video: undefined,
        VideoUrl: 'https://youtu.be/dQw4w9WgXcQ',
        InitialAccessUserIds: [String(gone)],
      }),
    );
    expect(validationErrors(refused)).toEqual({
      InitialAccessUserIds: [M.accessUserDeactivated(gone)],
    });
  });
});

describe('DELETE /educations/{id}', () => {
  it('removes the row, its rights, its thumbnail and its video file', async () => {
    const before = await stored();
    const { id } = await created(
      validForm({
        Thumbnail: { bytes: png, filename: 'naslovna.png', type: 'image/png' },
        InitialAccessUserIds: [String(ids.user)],
      }),
    );
    expect(await stored()).not.toEqual(before);
    const response = await call('DELETE', `/educations/${id}`, tokens.administrator);
    expect(response.statusCode, response.body).toBe(204);
    expect(await stored()).toEqual(before);
    expect((await call('GET', `/educations/${id}`, tokens.administrator)).statusCode).toBe(404);
    expect((await call('DELETE', `/educations/${id}`, tokens.administrator)).statusCode).toBe(404);
  });
});
