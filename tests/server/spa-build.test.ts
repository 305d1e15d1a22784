import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spaBuildIsStale } from '../../scripts/build-freshness.js';
import { useTempDir } from './support/temp-dir.ts';

const tempDir = useTempDir();
const anHourAgo = new Date(Date.now() - 3_600_000);
const halfAnHourAgo = new Date(Date.now() - 1_800_000);

function backdate(root: string, file: string, time: Date) {
  utimesSync(path.join(root, file), time, time);
}

function write(root: string, file: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), '');
}

const SERVER_RENDER_ENTRY = 'dist-ssr/entry-server.js';

/** Sources (files and folders) an hour old, built half an hour ago. */
function builtProject(): string {
  const root = tempDir();
  const sources = [
    'src/main.tsx',
    'src/views/Home.tsx',
    'src/views/Home.test.tsx',
    'index.html',
    'package-lock.json',
  ];
  for (const file of sources) write(root, file);
  for (const file of [...sources, 'src/views', 'src']) backdate(root, file, anHourAgo);
  for (const file of ['dist/index.html', 'dist/.vite/manifest.json', SERVER_RENDER_ENTRY]) {
    write(root, file);
    backdate(root, file, halfAnHourAgo);
  }
  return root;
}

describe('spaBuildIsStale', () => {
  it('is stale without a build', () => {
    const root = tempDir();
    write(root, 'src/main.tsx');
    expect(spaBuildIsStale(root)).toBe(true);
  });

  it('is fresh when nothing changed since the build', () => {
    expect(spaBuildIsStale(builtProject())).toBe(false);
  });

  it.each([
    'src/views/Home.tsx',
    'src/new/Page.tsx',
    'index.html',
    'package-lock.json',
    'public/logo.svg',
  ])('is stale when %s changed after the build', (file) => {
    const root = builtProject();
    write(root, file);
    expect(spaBuildIsStale(root)).toBe(true);
  });

  it('is stale without the server-render bundle', () => {
    const root = builtProject();
    rmSync(path.join(root, SERVER_RENDER_ENTRY));
    expect(spaBuildIsStale(root)).toBe(true);
  });

  it('is stale when a source file was deleted after the build', () => {
    const root = builtProject();
    rmSync(path.join(root, 'src/main.tsx'));
    expect(spaBuildIsStale(root)).toBe(true);
  });

  it('ignores edits to test files', () => {
    const root = builtProject();
    write(root, 'src/views/Home.test.tsx');
    expect(spaBuildIsStale(root)).toBe(false);
  });
});
