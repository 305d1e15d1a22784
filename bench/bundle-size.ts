/**
 * Gzipped size of the JavaScript a first visit to `/` downloads: the entry chunk and
 * every chunk it imports statically, read from Vite's manifest (run `npm run build` first).
 * Lazy chunks (dynamic imports) are listed apart: they load only when their screen does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const BUDGET_KB = 100;
const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

const gzipKb = (file: string) =>
  gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('No entry in the Vite manifest: run `npm run build` first.');

const initial = [...staticClosure(entryKey)];
const rows = initial
  .map((key) => manifest[key]?.file)
  .filter((file): file is string => file !== undefined)
  .map((file) => ({ chunk: file, gzipKb: gzipKb(file) }));
const css = [...new Set(initial.flatMap((key) => manifest[key]?.css ?? []))];
const lazy = Object.entries(manifest)
  .filter(([key, chunk]) => !initial.includes(key) && chunk.file.endsWith('.js'))
  .map(([, chunk]) => ({ chunk: chunk.file, gzipKb: gzipKb(chunk.file) }));

const total = rows.reduce((sum, row) => sum + row.gzipKb, 0);
console.log('JavaScript of a first visit to / (gzip -9):');
for (const row of rows) console.log(`  ${row.gzipKb.toFixed(1).padStart(7)} KB  ${row.chunk}`);
console.log(`  ${total.toFixed(1).padStart(7)} KB  total (budget ${BUDGET_KB} KB)`);
for (const file of css) console.log(`  CSS ${gzipKb(file).toFixed(1)} KB  ${file}`);
// A visitor without the gate cookies loads the gate's code too (its HTML preloads it).
const GATE_MODULE = 'src/views/AccessGate.tsx';
const gateChunks = [...staticClosure(GATE_MODULE)].filter((key) => !initial.includes(key));
const gateKb = gateChunks.reduce((sum, key) => sum + gzipKb(manifest[key]?.file ?? ''), 0);
if (gateChunks.length > 0) {
  console.log(
    `  ${(total + gateKb).toFixed(1).padStart(7)} KB  a first visit before the gate is accepted`,
  );
}
if (lazy.length > 0) {
  console.log('Lazy chunks (not in the first visit):');
  for (const row of lazy) console.log(`  ${row.gzipKb.toFixed(1).padStart(7)} KB  ${row.chunk}`);
}
if (total > BUDGET_KB) {
  console.error(`Over budget by ${(total - BUDGET_KB).toFixed(1)} KB`);
  process.exitCode = 1;
}
