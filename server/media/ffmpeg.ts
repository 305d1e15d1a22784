/**
 * Where `ffmpeg` and `ffprobe` are (issue 27, decision 0044): `FFMPEG_PATH` / `FFPROBE_PATH` when
 * set, else the one on the PATH (Debian's, which `.ci/run` installs), else the static binary the
 * npm packages `@ffmpeg-installer/ffmpeg` and `@ffprobe-installer/ffprobe` ship, so that a fresh
 * machine's `npm install` still gives a working pipeline. A candidate counts only when it is an
 * executable file: @ffprobe-installer's postinstall `chmod` may have been blocked by npm's
 * install-scripts policy, leaving a binary nobody may run.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type MediaTool = 'ffmpeg' | 'ffprobe';

const ENVIRONMENT_VARIABLE: Record<MediaTool, string> = {
  ffmpeg: 'FFMPEG_PATH',
  ffprobe: 'FFPROBE_PATH',
};
const NPM_PACKAGE: Record<MediaTool, string> = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
};

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string, searchPath: string): string | undefined {
  return searchPath
    .split(path.delimiter)
    .filter((folder) => folder !== '')
    .map((folder) => path.join(folder, name))
    .find(isExecutableFile);
}

function fromNpmPackage(tool: MediaTool): string | undefined {
  try {
    // The packages resolve their platform's binary at require time and throw when it is absent.
    const shipped = (createRequire(import.meta.url)(NPM_PACKAGE[tool]) as { path: string }).path;
    return isExecutableFile(shipped) ? shipped : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The path of `tool`, in the order above; throws naming every place looked at when none fits.
 * A configured path that is not executable is an error, not a reason to look elsewhere: the
 * operator asked for that one.
 */
export function mediaToolPath(
  tool: MediaTool,
  environment: NodeJS.ProcessEnv = process.env,
): string {
  const variable = ENVIRONMENT_VARIABLE[tool];
  const configured = environment[variable];
  if (configured !== undefined && configured !== '') {
    if (isExecutableFile(configured)) return configured;
    throw new Error(`${variable}=${configured} is not an executable file`);
  }
  const found = onPath(tool, environment.PATH ?? '') ?? fromNpmPackage(tool);
  if (found === undefined) {
    throw new Error(
      `${tool} was found neither in ${variable}, nor on the PATH, nor in ${NPM_PACKAGE[tool]}`,
    );
  }
  return found;
}

const resolved = new Map<MediaTool, string>();

/** `mediaToolPath` of the process's environment, looked up once. */
export function mediaTool(tool: MediaTool): string {
  let found = resolved.get(tool);
  if (found === undefined) {
    found = mediaToolPath(tool);
    resolved.set(tool, found);
  }
  return found;
}
