import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { useTempDir } from './support/temp-dir.ts';

const tempDir = useTempDir();
let testApp: TestApp;

const INDEX_HTML = '<!doctype html><html lang="hr"><title>Dentalia</title><div id="root"></div>';
// Big enough to be worth compressing (the threshold is 1 KiB).
const SCRIPT = `console.log(${JSON.stringify('Dobro došli! '.repeat(200))});\n`;

/** A stand-in for Vite's dist/: hashed assets, index.html, and a plain public file. */
function writeSpaBuild(root: string): string {
  const spaDir = path.join(root, 'dist');
  mkdirSync(path.join(spaDir, 'assets'), { recursive: true });
  writeFileSync(path.join(spaDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(spaDir, 'assets', 'index-B4x9kQ2z.js'), SCRIPT);
  writeFileSync(path.join(spaDir, 'robots.txt'), 'User-agent: *\n');
  return spaDir;
}

beforeEach(async () => {
  const root = tempDir();
  const dataDir = path.join(root, 'var');
  mkdirSync(dataDir);
  testApp = await createTestApp(dataDir, { spaDir: writeSpaBuild(root) });
});
afterEach(() => testApp.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers });
const page = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('serving the built SPA', () => {
  it('caches hashed assets for a year, immutable', async () => {
    const response = await get('/assets/index-B4x9kQ2z.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(SCRIPT);
  });

  it('serves index.html at / without caching it', async () => {
    const response = await get('/', page);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX_HTML);
  });

  it('revalidates other public files', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    '/info',
    '/tecajevi/galerija',
    '/newsletter-odjava/tecajevi?email=a%40b.hr',
    // The other reading of SPEC 2: the e-mail, which ends like a file name, in the path.
    '/newsletter-odjava/katalozi/ana%40primjer.hr?unsubscribeToken=x',
  ])('answers the client-side route %s with index.html', async (url) => {
    const response = await get(url, page);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX_HTML);
  });

  it('compresses text assets with brotli or gzip as the browser accepts', async () => {
    const brotli = await get('/assets/index-B4x9kQ2z.js', { 'accept-encoding': 'br, gzip' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
    expect(brotli.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzip = await get('/assets/index-B4x9kQ2z.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
  });

  it("sends the build's precompressed siblings as they are, and never as files of their own", async () => {
    const spaDir = path.join(tempDir(), 'dist');
    const script = path.join(spaDir, 'assets', 'index-B4x9kQ2z.js');
    const stored = brotliCompressSync(SCRIPT, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    writeFileSync(`${script}.br`, stored);
    writeFileSync(`${script}.gz`, gzipSync(SCRIPT, { level: 9 }));
    const response = await get('/assets/index-B4x9kQ2z.js', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.equals(stored)).toBe(true);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/assets/index-B4x9kQ2z.js.br', '/assets/index-B4x9kQ2z.js.gz']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('answers a missing asset with 404, not with the page', async () => {
    const response = await get('/assets/index-gone.js', page);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: ['Not found.'] });
  });

  it('keeps the API in JSON: an unknown /api path is a 404 JSON even for a browser', async () => {
    for (const url of ['/api/v1/nope', '/api', '/api/v2/config']) {
      const response = await get(url, page);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json(), url).toEqual({ errors: ['Not found.'] });
    }
  });

  it('still serves the API', async () => {
    const response = await get('/api/v1/health');
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
