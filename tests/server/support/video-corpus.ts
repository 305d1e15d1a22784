/**
 * Real videos for the transcoding tests (issue 27), made by ffmpeg from its test sources rather
 * than checked in: short (2 s), small (a few dozen KiB), one per camera habit the server must
 * accept or refuse. Made once per machine and recipe into the temporary folder (a folder named by
 * the hash of the recipes, written whole and renamed), so test files share the work.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mediaTool } from '../../../server/media/ffmpeg.ts';

const PICTURE = (size: string, seconds = 2, rate = 25) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`,
];
const SOUND = (seconds = 2) => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
const X264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

/** The name of each clip and ffmpeg's arguments after `-y`, ending with the output's format. */
const RECIPES = {
  /** A phone's QuickTime file: H.264 and AAC in MOV. */
  'h264.mov': [...PICTURE('320x180'), ...SOUND(), ...X264, '-c:a', 'aac', '-f', 'mov'],
  /** An iPhone's default since 2017: HEVC in MP4. */
  'hevc.mp4': [
    ...PICTURE('320x180'),
    ...SOUND(),
    ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error'],
    ...['-tag:v', 'hvc1', '-c:a', 'aac', '-f', 'mp4'],
  ],
  /** A browser's screen recording: VP9 and Opus in WebM. */
  'vp9.webm': [
    ...PICTURE('320x180'),
    ...SOUND(),
    ...['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '200k'],
    ...['-c:a', 'libopus', '-f', 'webm'],
  ],
  /** An old camera's AVI: MPEG-4 part 2 and MP3-less PCM. */
  'mpeg4.avi': [
    ...PICTURE('320x180'),
    ...SOUND(),
    '-c:v',
    'mpeg4',
    '-c:a',
    'pcm_s16le',
    '-f',
    'avi',
  ],
  /** Variable frame rate: 25 frames in the first second, 5 in the next (timestamps kept). */
  'vfr.mp4': [
    ...PICTURE('320x180', 2, 25),
    ...['-vf', "select='lt(t\\,1)+not(mod(n\\,5))'"],
    ...['-vsync', 'vfr', ...X264, '-f', 'mp4'],
  ],
  /** A lecture without sound. */
  'silent.mp4': [...PICTURE('320x180'), ...X264, '-f', 'mp4'],
  /** A lecture big enough for two renditions (360p and 720p). */
  'hd.mp4': [
    ...PICTURE('1280x720', 2),
    ...SOUND(),
    ...X264,
    ...['-crf', '40', '-c:a', 'aac', '-f', 'mp4'],
  ],
  /** Sound only, in an MP4 container. */
  'audio-only.mp4': [...SOUND(), '-c:a', 'aac', '-f', 'mp4'],
  /** A photo under a video's name. */
  'photo.mp4': [...PICTURE('320x180', 1), '-frames:v', '1', '-f', 'mjpeg'],
} as const;

/**
 * Made from a clip above without encoding again: a phone held upright stores a landscape picture
 * and a rotation, which only a stream copy keeps (ffmpeg 5 drops it when it encodes).
 */
const DERIVED = {
  'portrait.mp4': ['-i', 'h264.mov', '-c', 'copy', '-metadata:s:v:0', 'rotate=90', '-f', 'mp4'],
} as const;

export type CorpusClip =
  keyof typeof RECIPES | keyof typeof DERIVED | 'truncated.mov' | 'empty.mp4';

let folder: string | undefined;

function makeCorpus(target: string): void {
  const work = mkdtempSync(`${target}.making-`);
  try {
    for (const [name, args] of Object.entries(RECIPES)) {
      execFileSync(mediaTool('ffmpeg'), ['-v', 'error', '-y', ...args, path.join(work, name)]);
    }
    for (const [name, args] of Object.entries(DERIVED)) {
      execFileSync(mediaTool('ffmpeg'), ['-v', 'error', '-y', ...args, name], { cwd: work });
    }
    const whole = readFileSync(path.join(work, 'h264.mov'));
    writeFileSync(path.join(work, 'truncated.mov'), whole.subarray(0, whole.length >> 1));
    writeFileSync(path.join(work, 'empty.mp4'), '');
    renameSync(work, target);
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    // Another test file made it meanwhile.
    if (!existsSync(target)) throw error;
  }
}

/** The path of a clip of the corpus, made first if this machine has none yet. */
export function corpusClip(name: CorpusClip): string {
  if (folder === undefined) {
    const hash = createHash('sha256')
      .update(JSON.stringify([RECIPES, DERIVED]))
      .digest('hex')
      .slice(0, 16);
    folder = path.join(tmpdir(), `dental-video-corpus-${hash}`);
    if (!existsSync(folder)) makeCorpus(folder);
  }
  return path.join(folder, name);
}
