/**
 * A Vite plugin writing `<file>.br` and `<file>.gz` beside every text file of the build, at the
 * highest levels, once: the server sends them as they are (@fastify/static `preCompressed`)
 * instead of compressing the same bytes again for every request, which under load cost a
 * core and, with hundreds of streams open at once, more than a gigabyte of memory
 * (`npm run bench:overload`).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT_FILE = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;
/** The server does not compress smaller answers either. */
const MIN_BYTES = 1024;

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    // The server render's build (dist-ssr) is imported by the server, never sent.
    apply: (_, { isSsrBuild }) => isSsrBuild !== true,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !TEXT_FILE.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const bytes = readFileSync(file);
        if (bytes.length < MIN_BYTES) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}
