/**
 * The server bundled for production starts (docs/decisions/0059-bundled-server-start.md): rolldown
 * joins server/ and the pure-JavaScript packages it imports into a few files in dist-server/,
 * because loading some 1,400 modules one by one took most of a start (issue 31). Packages with
 * native code, WebAssembly or worker files of their own stay outside and load as usual.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_BUNDLE_ENTRY } from './build-freshness.js';

/**
 * Loaded from node_modules as they are: native addons (sharp, argon2), WebAssembly (heic-decode),
 * worker files resolved at run time (piscina, mjml in its worker), shipped binaries (ffmpeg,
 * ffprobe), and pg, whose optional pg-native a bundle would try to resolve.
 */
export const EXTERNAL_PACKAGES = [
  'sharp',
  '@node-rs/argon2',
  'heic-decode',
  'piscina',
  'mjml',
  '@ffmpeg-installer/ffmpeg',
  '@ffprobe-installer/ffprobe',
  'pg',
];

const isExternal = (id: string) =>
  id.startsWith('node:') ||
  EXTERNAL_PACKAGES.some((name) => id === name || id.startsWith(`${name}/`));

/**
 * A module's `import.meta.url`, `dirname` and `filename` stay those of its source file: the
 * server finds files beside its modules (the seed's videos, the SPA build, worker and CLI scripts)
 * and would otherwise look for them in dist-server/. The bundle therefore runs only in the
 * checkout that built it, as the SPA build does.
 */
const sourceImportMeta = {
  name: 'source-import-meta',
  transform: {
    filter: { code: /import\.meta\.(url|dirname|filename)/ },
    handler(code: string, id: string) {
      // Rolldown's own runtime module has no file: its import.meta is the bundle's.
      if (!path.isAbsolute(id)) return undefined;
      return code
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(id).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(id)))
        .replaceAll('import.meta.filename', JSON.stringify(id));
    },
  },
};

/** Builds dist-server/ from server/main.ts. */
export async function buildServer(root: string): Promise<void> {
  // Loaded only when a build is due: a start on a fresh bundle does not pay for the bundler.
  const { rolldown } = await import('rolldown');
  const bundle = await rolldown({
    input: path.join(root, 'server', 'main.ts'),
    platform: 'node',
    cwd: root,
    external: isExternal,
    plugins: [sourceImportMeta],
    logLevel: 'warn',
  });
  try {
    const dir = path.join(root, path.dirname(SERVER_BUNDLE_ENTRY));
    rmSync(dir, { recursive: true, force: true });
    // main.js stays small: it turns on the compile cache before the code behind it is compiled.
    await bundle.write({
      dir,
      format: 'esm',
      entryFileNames: path.basename(SERVER_BUNDLE_ENTRY),
      comments: false,
    });
  } finally {
    await bundle.close();
  }
}
