import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../server/http/errors.ts';
import { MAIL_IMAGE_WIDTH, toMailImage } from '../../server/media/images.ts';
import { createMedia, type Media } from '../../server/media/service.ts';
import { MEDIA_FOLDER, UPLOAD_TEMP_FOLDER } from '../../server/media/store.ts';
import { diskSpace } from '../../server/disk-space.ts';
import { registerMultipart, type UploadSpec } from '../../server/media/upload.ts';
import {
  SVG,
  bytesUnder,
  corruptPng,
  filesUnder,
  heicFile,
  imageFile,
  jpegWithExif,
  multipart,
  pdfFile,
  pixelBombPng,
  streamedMultipart,
} from './media-fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const KB = 1024;
/** Small caps keep the tests fast; the course form's real caps are tested with courses. */
const SPEC: UploadSpec<'Photo' | 'Doc'> = {
  files: {
    Photo: { kinds: ['image'], maxBytes: 300 * KB },
    Doc: { kinds: ['pdf'], maxBytes: 100 * KB },
  },
  maxTextFields: 5,
  maxTextFieldBytes: 1 * KB,
};

let root: string;
let dataDir: string;
let testApp: TestApp;
let media: Media;
const silentLog = { warn() {}, error() {} };
/** The keys the test's rows refer to; the upload route below writes no rows. */
const referenced = new Set<string>();
const mediaOptions = () => ({
  dataDir,
  log: silentLog,
  referencedKeys: async (keys: readonly string[]) =>
    new Set(keys.filter((key) => referenced.has(key))),
});

/** A test-only upload route: echoes what was received, stores what it is told to, fails on request. */
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'dental-media-'));
  dataDir = path.join(root, 'var');
  mkdirSync(dataDir);
  const spaDir = path.join(root, 'dist');
  mkdirSync(spaDir);
  writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><title>SPA</title>');
  testApp = await createTestApp(dataDir, { spaDir });
  media = await createMedia(mediaOptions());
  await testApp.app.register(async (scope) => {
    await registerMultipart(scope, diskSpace({ dataDir, minFreeBytes: 0 }));
    scope.post('/api/v1/test/upload', async (request, reply) => {
      const result = await media.withUpload(request, SPEC, async (upload, staged) => {
        const stored: Record<string, unknown> = {};
        if (upload.files.Photo) stored.photo = await staged.storeImage(upload.files.Photo, 'tests');
        if (upload.files.Doc) stored.doc = await staged.storePdf(upload.files.Doc, 'tests');
        if (upload.text('then') === 'fail') throw new DomainError(409, 'Failed after storing.');
        return {
          title: upload.text('Title') ?? null,
          tags: upload.texts('Tag'),
          files: Object.fromEntries(
            Object.entries(upload.files).map(([field, file]) => [field, file?.mime]),
          ),
          fileErrors: upload.fileErrors,
          stored,
        };
      });
      return reply.code(201).send(result);
    });
  });
});
afterAll(async () => {
  await testApp.close();
  rmSync(root, { recursive: true, force: true });
});
afterEach(() => {
  // Whatever a test did, nothing it uploaded may be left in the temporary folder.
  expect(filesUnder(path.join(dataDir, UPLOAD_TEMP_FOLDER))).toEqual([]);
});

async function upload(fields: Parameters<typeof multipart>[0]) {
  const body = await multipart(fields);
  return testApp.app.inject({ method: 'POST', url: '/api/v1/test/upload', ...body });
}
const mediaFiles = () => filesUnder(path.join(dataDir, MEDIA_FOLDER));
const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers });

interface Stored {
  stored: { photo?: { key: string; cardKey: string }; doc?: string };
  files: Record<string, string>;
  fileErrors: Record<string, string[]>;
  title: string | null;
  tags: string[];
}

describe('receiving an upload', () => {
  it('reads text fields (repeated ones in order) and files, whatever their order', async () => {
    const response = await upload({
      Photo: { bytes: await imageFile('png'), filename: 'a.png', type: 'image/png' },
      Title: 'Tečaj',
      Tag: ['prvi', 'drugi'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<Stored>();
    expect(body).toMatchObject({ title: 'Tečaj', tags: ['prvi', 'drugi'], fileErrors: {} });
    expect(body.files).toEqual({ Photo: 'image/png' });
  });

  it.each(['png', 'jpeg', 'webp', 'avif'] as const)(
    'accepts a %s image and stores it as WebP at two web sizes',
    async (format) => {
      const response = await upload({
        Photo: { bytes: await imageFile(format, 2000, 1000), filename: `photo.${format}` },
      });
      expect(response.statusCode, response.body).toBe(201);
      const { photo } = response.json<Stored>().stored;
      const full = await get(`/media/${photo?.key}`);
      const card = await get(`/media/${photo?.cardKey}`);
      expect(full.headers['content-type']).toBe('image/webp');
      expect(await sharp(full.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 1600,
        height: 800,
      });
      expect(await sharp(card.rawPayload).metadata()).toMatchObject({ width: 600, height: 300 });
    },
  );

  it('never enlarges a small image, and strips its metadata', async () => {
    const small = await upload({
      Photo: { bytes: await imageFile('png', 300, 200), filename: 'x' },
    });
    const { photo } = small.json<Stored>().stored;
    const full = await get(`/media/${photo?.key}`);
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({ width: 300, height: 200 });

    const withExif = await jpegWithExif();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const response = await upload({ Photo: { bytes: withExif, filename: 'camera.jpg' } });
    const stored = response.json<Stored>().stored.photo;
    const bytes = (await get(`/media/${stored?.key}`)).rawPayload;
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('SecretCam'))).toBe(false);
  });

  it('stores a PDF as it is', async () => {
    const pdf = await pdfFile();
    const response = await upload({ Doc: { bytes: pdf, filename: 'program.pdf' } });
    expect(response.statusCode, response.body).toBe(201);
    const served = await get(`/media/${response.json<Stored>().stored.doc}`);
    expect(served.rawPayload.equals(pdf)).toBe(true);
  });

  it('decides the type from the bytes, never from the name or the declared type', async () => {
    const before = mediaFiles();
    const response = await upload({
      Photo: { bytes: await pdfFile(), filename: 'photo.jpg', type: 'image/jpeg' },
      Doc: { bytes: await imageFile('png'), filename: 'program.pdf', type: 'application/pdf' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<Stored>();
    expect(body.files).toEqual({});
    expect(body.fileErrors).toEqual({
      Photo: ['Photo must be a JPEG, PNG, WebP, AVIF or HEIC image.'],
      Doc: ['Doc must be a PDF document.'],
    });
    expect(mediaFiles()).toEqual(before);
  });

  it('never accepts SVG, whatever it is called', async () => {
    const response = await upload({
      Photo: { bytes: SVG, filename: 'logo.png', type: 'image/png' },
    });
    expect(response.json<Stored>().fileErrors).toEqual({
      Photo: ['Photo must be a JPEG, PNG, WebP, AVIF or HEIC image.'],
    });
  });

  it('answers a corrupt image as a validation error on its field', async () => {
    const response = await upload({ Photo: { bytes: await corruptPng(), filename: 'a.png' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { Photo: ['Photo is not a readable image.'] } });
  });

  it('refuses an image with too many pixels before decoding it', async () => {
    const response = await upload({ Photo: { bytes: pixelBombPng(), filename: 'bomb.png' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { Photo: ['Photo has more than 50 megapixels.'] } });
  });

  it('reports a file in an unknown field and a second file in one field', async () => {
    const png = await imageFile('png');
    const response = await upload({
      Photo: [
        { bytes: png, filename: 'a.png' },
        { bytes: png, filename: 'b.png' },
      ],
    });
    expect(response.json<Stored>().fileErrors).toEqual({
      Photo: ['Only one file may be sent in Photo.'],
    });
    const unknown = await upload({ Avatar: { bytes: png, filename: 'a.png' } });
    expect(unknown.json<Stored>().fileErrors).toEqual({
      Avatar: ['Avatar is not a file field of this form.'],
    });
  });

  it('treats the empty part of an empty file input as no file', async () => {
    const response = await upload({ Photo: { bytes: Buffer.alloc(0), filename: '' }, Title: 'x' });
    expect(response.statusCode).toBe(201);
    expect(response.json<Stored>()).toMatchObject({ files: {}, fileErrors: {} });
  });
});

describe('limits', () => {
  it.each([
    ['Photo', 300],
    ['Doc', 100],
  ])('cuts off a file over the cap of %s (%i KB) with 413', async (field, capKb) => {
    const before = mediaFiles();
    const bytes = Buffer.concat([await pdfFile(), Buffer.alloc(capKb * KB)]);
    const response = await upload({ [field]: { bytes, filename: 'big' } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      errors: [`The file in ${field} is larger than ${capKb} KB.`],
    });
    expect(mediaFiles()).toEqual(before);
  });

  it('caps a file in an unknown field at the largest cap of the form', async () => {
    const response = await upload({ Avatar: { bytes: Buffer.alloc(400 * KB), filename: 'a' } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ errors: ['The file in Avatar is larger than 300 KB.'] });
  });

  it('streams an upload to disk and stops storing it at the cap', async () => {
    const temp = path.join(dataDir, UPLOAD_TEMP_FOLDER);
    let largestOnDisk = 0;
    let memoryGrowth = 0;
    const baseline = process.memoryUsage().arrayBuffers;
    const body = streamedMultipart('Photo', await imageFile('png'), 64 * 1024 * KB, () => {
      largestOnDisk = Math.max(largestOnDisk, bytesUnder(temp));
      memoryGrowth = Math.max(memoryGrowth, process.memoryUsage().arrayBuffers - baseline);
    });
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/test/upload',
      ...body,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ errors: ['The file in Photo is larger than 300 KB.'] });
    // The whole 64 MB went by (the rest of the body is read and dropped, so the client
    // gets its answer), yet the disk never held more than the cap, nor memory the body.
    expect(body.progress.pulled).toBe(64 * 1024 * KB);
    expect(largestOnDisk).toBeGreaterThan(0);
    expect(largestOnDisk).toBeLessThanOrEqual(300 * KB);
    expect(memoryGrowth).toBeLessThan(32 * 1024 * KB);
  });

  it('answers a text field over its size with 413, and too many fields too', async () => {
    const long = await upload({ Title: 'a'.repeat(2 * KB) });
    expect(long.statusCode).toBe(413);
    expect(long.json()).toEqual({ errors: ['The field Title is too large.'] });
    const many = await upload(Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`F${n}`, 'x'])));
    expect(many.statusCode).toBe(413);
    expect(many.json()).toEqual({ errors: ['The form has too many fields or files.'] });
  });

  it('answers a non-multipart request with 415 and a broken body with 400', async () => {
    const json = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/test/upload',
      payload: { Title: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ errors: ['The request must be multipart/form-data.'] });

    const { payload, headers } = await multipart({
      Photo: { bytes: await imageFile('png'), filename: 'a.png' },
    });
    const truncated = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/test/upload',
      headers,
      payload: payload.subarray(0, payload.length - 200),
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toEqual({
      errors: ['The multipart form data is malformed or incomplete.'],
    });
  });
});

describe('all or nothing', () => {
  it('removes what a failing handler stored, and every temporary file', async () => {
    const before = mediaFiles();
    const response = await upload({
      Photo: { bytes: await imageFile('jpeg'), filename: 'a.jpg' },
      Doc: { bytes: await pdfFile(), filename: 'b.pdf' },
      then: 'fail',
    });
    expect(response.statusCode).toBe(409);
    expect(mediaFiles()).toEqual(before);
  });

  it('at start, finishes the cleanup of requests a killed process left behind', async () => {
    const temp = path.join(dataDir, UPLOAD_TEMP_FOLDER);
    const storeFile = (key: string) => {
      mkdirSync(path.dirname(path.join(dataDir, MEDIA_FOLDER, key)), { recursive: true });
      writeFileSync(path.join(dataDir, MEDIA_FOLDER, key), 'bytes');
      return key;
    };
    const committed = storeFile(`tests/${'c'.repeat(22)}.webp`);
    const uncommitted = storeFile(`tests/${'u'.repeat(22)}.webp`);
    const uncommittedCard = storeFile(`tests/${'u'.repeat(22)}-card.webp`);
    referenced.add(committed);
    const exited = spawnSync(process.execPath, ['-e', '']).pid;
    // Killed after its row was committed; killed before; and one whose pid this process reuses.
    const leftovers = [
      [`work-${hostname()}.${exited}.0badc0de-a1b2c3`, [committed]],
      [`work-${hostname()}.${exited}.0badc0de-d4e5f6`, [uncommitted, 'not a key']],
      [`work-${hostname()}.${process.pid}.0badc0de-g7h8i9`, [uncommittedCard]],
    ] as const;
    for (const [folder, keys] of leftovers) {
      mkdirSync(path.join(temp, folder));
      writeFileSync(path.join(temp, folder, 'received-part'), 'x');
      writeFileSync(path.join(temp, folder, 'placed-keys'), keys.map((key) => `${key}\n`).join(''));
    }

    await createMedia(mediaOptions());

    expect(filesUnder(temp)).toEqual([]);
    expect(existsSync(path.join(dataDir, MEDIA_FOLDER, committed))).toBe(true);
    expect(existsSync(path.join(dataDir, MEDIA_FOLDER, uncommitted))).toBe(false);
    expect(existsSync(path.join(dataDir, MEDIA_FOLDER, uncommittedCard))).toBe(false);
    await media.deleteMedia([committed]);
    referenced.clear();
  });

  it('leaves the work folders of running processes, and of other hosts until they are old', async () => {
    const temp = path.join(dataDir, UPLOAD_TEMP_FOLDER);
    const running = path.join(temp, `work-${hostname()}.${process.ppid}.0badc0de-a1b2c3`);
    const elsewhere = path.join(temp, 'work-other-host.1.0badc0de-d4e5f6');
    const elsewhereOld = path.join(temp, 'work-other-host.2.0badc0de-g7h8i9');
    const unknownOld = path.join(temp, 'work-crashed');
    for (const folder of [running, elsewhere, elsewhereOld, unknownOld]) {
      mkdirSync(folder);
      writeFileSync(path.join(folder, 'part'), 'x');
    }
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const folder of [elsewhereOld, unknownOld]) utimesSync(folder, twoHoursAgo, twoHoursAgo);

    await createMedia(mediaOptions());

    expect(
      [running, elsewhere, elsewhereOld, unknownOld].map((folder) => existsSync(folder)),
    ).toEqual([true, true, false, false]);
    rmSync(running, { recursive: true });
    rmSync(elsewhere, { recursive: true });
  });

  it('deletes stored files and tolerates ones already gone', async () => {
    const response = await upload({ Photo: { bytes: await imageFile('png'), filename: 'a.png' } });
    const { photo } = response.json<Stored>().stored;
    if (!photo) throw new Error('no photo stored');
    await media.deleteMedia([photo.key, photo.cardKey, null]);
    expect((await get(`/media/${photo.key}`)).statusCode).toBe(404);
    await expect(media.deleteMedia([photo.key])).resolves.toBeUndefined();
  });
});

describe('serving media', () => {
  it('serves images immutable for a year with their type and nosniff', async () => {
    const response = await upload({ Photo: { bytes: await imageFile('png'), filename: 'a.png' } });
    const { photo } = response.json<Stored>().stored;
    const served = await get(`/media/${photo?.key}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect(served.headers['content-disposition']).toBeUndefined();
  });

  it('serves PDFs inline, with ranges for viewers', async () => {
    const pdf = await pdfFile();
    const response = await upload({ Doc: { bytes: pdf, filename: 'p.pdf' } });
    const url = `/media/${response.json<Stored>().stored.doc}`;
    const served = await get(url);
    expect(served.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'inline',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    const range = await get(url, { range: 'bytes=0-7' });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('%PDF-1.7');
  });

  it.each([
    '/media/tests/AAAAAAAAAAAAAAAAAAAAAA.webp',
    '/media/tests/not-a-key.webp',
    '/media/tests/',
    '/media/',
    '/media',
    '/media/../app.db',
    '/media/%2e%2e/app.db',
    '/media/tests/.hidden',
    '/media/kolegiji',
  ])('answers %s with a JSON 404, never the SPA page', async (url) => {
    const response = await get(url, { accept: 'text/html,*/*' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ errors: ['Not found.'] });
  });

  it('never serves a file that is not a media key, even one in the media folder', async () => {
    writeFileSync(path.join(dataDir, MEDIA_FOLDER, 'tests', 'notes.txt'), 'private');
    const response = await get('/media/tests/notes.txt');
    expect(response.statusCode).toBe(404);
  });
});

describe("an iPhone's photo (HEIC), which sharp's own libvips cannot decode", () => {
  /** Encoding (heif-enc) and decoding (libheif as WebAssembly) take seconds on a busy machine. */
  const SLOW = 30_000;
  let heic: Buffer;
  beforeAll(async () => {
    heic = await heicFile(1700, 850);
  }, SLOW);

  it(
    'is accepted by its bytes, whatever its name, and stored as WebP at the two web sizes',
    async () => {
      expect(heic.subarray(4, 12).toString('latin1')).toBe('ftypheic');
      const response = await upload({
        Photo: { bytes: heic, filename: 'IMG_0001.jpg', type: 'application/octet-stream' },
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<Stored>();
      expect(body.files).toEqual({ Photo: 'image/heic' });
      const full = (await get(`/media/${body.stored.photo?.key}`)).rawPayload;
      const card = (await get(`/media/${body.stored.photo?.cardKey}`)).rawPayload;
      expect(await sharp(full).metadata()).toMatchObject({
        format: 'webp',
        width: 1600,
        height: 800,
      });
      expect(await sharp(card).metadata()).toMatchObject({
        format: 'webp',
        width: 600,
        height: 300,
      });
      // The pixels are the photo's (the fixture's red), not a blank or a decoder's placeholder.
      const { dominant } = await sharp(full).stats();
      expect(dominant.r).toBeGreaterThan(200);
      expect(dominant.g + dominant.b).toBeLessThan(80);
    },
    SLOW,
  );

  it(
    'becomes a newsletter JPEG at the mail widths',
    async () => {
      const image = await toMailImage(heic);
      expect(await sharp(image.standard).metadata()).toMatchObject({
        format: 'jpeg',
        width: MAIL_IMAGE_WIDTH,
      });
      expect(await sharp(image.double).metadata()).toMatchObject({ width: MAIL_IMAGE_WIDTH * 2 });
    },
    SLOW,
  );

  it(
    'answers a broken HEIC (its container intact, its pixels cut off) as unreadable',
    async () => {
      const response = await upload({
        Photo: { bytes: heic.subarray(0, heic.length - 100), filename: 'IMG_0002.heic' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: { Photo: ['Photo is not a readable image.'] } });
    },
    SLOW,
  );
});
