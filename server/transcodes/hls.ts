/**
 * An uploaded video into HLS (issue 27, decision 0046): H.264 + AAC renditions whose short side
 * is 360, 720 and 1080 pixels, none above the source's; upright (ffmpeg turns a picture by its
 * rotation metadata before scaling); at a constant frame rate (the `fps` filter); with a
 * keyframe every 6 s, so each MPEG-TS segment is 6 s. The smallest rendition is made first, in a
 * pass of its own that also takes the poster frame, and published at once; the others follow
 * from one decode. `master.m3u8` names only finished renditions and is replaced whole (write,
 * then rename) as each pass ends, so a viewer reads either the old or the new list, never half
 * of one.
 *
 * ffmpeg runs as a child process with bounded threads and lowered priority (`os.setPriority`),
 * and reports its position on `-progress pipe:1`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { mediaTool } from '../media/ffmpeg.ts';
import type { ProbedVideo } from '../media/video-probe.ts';

/** Short sides of the renditions, smallest first. */
export const RENDITION_HEIGHTS = [360, 720, 1080] as const;
export const SEGMENT_SECONDS = 6;
const MAX_FRAME_RATE = 30;
const MIN_FRAME_RATE = 10;
/** Peak video bit rates (x264's VBV) per short side; quality otherwise by CRF. */
const MAX_VIDEO_KBPS: Record<number, number> = { 360: 900, 720: 3000, 1080: 6000 };
/** Nice value of ffmpeg: the API's requests go first when both want the processor. */
const FFMPEG_NICENESS = 10;
/** What is kept of ffmpeg's error output for the failure reason. */
const STDERR_TAIL_CHARS = 2000;
/** High profile, level 4.0: what every phone since 2012 decodes; the playlists announce it. */
const CODECS = 'avc1.640028,mp4a.40.2';

export interface Rendition {
  /** The short side, which names it (`720p`). */
  name: number;
  width: number;
  height: number;
}

/** The renditions of a video: the standard sizes up to its own, at least one. */
export function renditionsOf(video: Pick<ProbedVideo, 'width' | 'height'>): Rendition[] {
  const portrait = video.height > video.width;
  const shortSide = Math.min(video.width, video.height);
  const longSide = Math.max(video.width, video.height);
  const names: number[] = RENDITION_HEIGHTS.filter((height) => height <= shortSide);
  if (names.length === 0) names.push(even(shortSide));
  return names.map((name) => {
    const long = even((longSide * name) / shortSide);
    return portrait ? { name, width: name, height: long } : { name, width: long, height: name };
  });
}

function even(value: number): number {
  return Math.max(2, 2 * Math.round(value / 2));
}

export function frameRateFor(video: Pick<ProbedVideo, 'frameRate'>): number {
  return Math.min(MAX_FRAME_RATE, Math.max(MIN_FRAME_RATE, Math.round(video.frameRate)));
}

export class TranscodeError extends Error {
  override name = 'TranscodeError';
}

export interface HlsOptions {
  source: string;
  /** The stream folder (streams.ts). */
  folder: string;
  video: ProbedVideo;
  /** Renditions already published (by an interrupted earlier attempt): kept, not made again. */
  published: readonly number[];
  /** Threads ffmpeg may use for decoding, filtering and encoding. */
  threads: number;
  /** Overall progress, 0 to 1. */
  onProgress(fraction: number): void;
  /** After `master.m3u8` names these renditions; may throw to stop the work (lease lost). */
  onPublished(names: readonly number[]): Promise<void>;
  signal: AbortSignal;
}

/** Encoding cost of a rendition relative to the smallest, about its pixels. */
const costOf = (rendition: Rendition) => (rendition.width * rendition.height) / (640 * 360);

export async function transcodeToHls(options: HlsOptions): Promise<void> {
  const { folder, video } = options;
  const all = renditionsOf(video);
  const published = all.filter((rendition) => options.published.includes(rendition.name));
  const [first, ...rest] = all.filter((rendition) => !published.includes(rendition));
  // Each pass also decodes the whole source: about the cost of a small rendition.
  const passes = [first ? [first] : [], rest].filter((pass) => pass.length > 0);
  const weights = passes.map((pass) => 1 + pass.reduce((sum, r) => sum + costOf(r), 0));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const fps = frameRateFor(video);

  const poster = path.join(folder, 'poster.jpg');
  // The first pass also takes the poster from its decoded frames: no decode of its own.
  let posterFrom = existsSync(poster) ? undefined : `${poster}.partial.jpg`;
  let done = 0;
  for (const [index, pass] of passes.entries()) {
    const weight = weights[index] ?? 1;
    // What an interrupted attempt left of these renditions is not trusted.
    for (const rendition of pass) {
      const output = renditionFolder(folder, rendition);
      await rm(output, { recursive: true, force: true });
      await mkdir(output, { mode: 0o700 });
    }
    await runFfmpeg(passArguments(options, pass, fps, posterFrom), options, (fraction) =>
      options.onProgress((done + weight * fraction) / total),
    );
    // Before the publication, so that the first playable stream has its poster.
    if (posterFrom !== undefined && existsSync(posterFrom)) await rename(posterFrom, poster);
    posterFrom = undefined;
    done += weight;
    published.push(...pass);
    published.sort((a, b) => a.name - b.name);
    await writeMaster(folder, published, fps);
    await options.onPublished(published.map((rendition) => rendition.name));
  }
  // Nothing was left to encode, or the video ended before the poster's moment.
  if (!existsSync(poster)) await makePoster(options);
  options.onProgress(1);
}

const renditionFolder = (folder: string, rendition: Rendition) =>
  path.join(folder, `${rendition.name}p`);

/**
 * One decode of the source, split into a scaler per rendition (`area`: averaging, which keeps
 * fine detail from aliasing on the way down and costs a third of `bicubic`'s time at 1080p to
 * 360p), and, with `poster`, a branch that keeps one frame at the poster's moment.
 */
function passArguments(
  options: HlsOptions,
  pass: readonly Rendition[],
  fps: number,
  poster: string | undefined,
): string[] {
  const { folder, threads } = options;
  const labels = pass.map((_, index) => `[v${index}]`);
  const branches = pass.map((_, i) => `[s${i}]`).join('') + (poster === undefined ? '' : '[p]');
  const count = pass.length + (poster === undefined ? 0 : 1);
  const split = count > 1 ? `,split=${count}${branches}` : branches;
  const scales = pass.map(
    (rendition, index) =>
      `[s${index}]scale=${rendition.width}:${rendition.height}:flags=area,format=yuv420p${labels[index]}`,
  );
  const posterGraph =
    poster === undefined
      ? []
      : [`[p]trim=start=${posterMoment(options.video)},trim=end_frame=1,${POSTER_SCALE}[poster]`];
  const graph = [`[0:v:0]fps=${fps}${split}`, ...scales, ...posterGraph].join(';');
  const gop = String(fps * SEGMENT_SECONDS);
  const outputs = pass.flatMap((rendition, index) => {
    const out = renditionFolder(folder, rendition);
    const maxKbps = MAX_VIDEO_KBPS[rendition.name] ?? 900;
    return [
      ...['-map', labels[index] ?? '[v0]', '-map', '0:a:0?'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-level:v', '4.0'],
      ...['-crf', '23', '-maxrate', `${maxKbps}k`, '-bufsize', `${2 * maxKbps}k`],
      ...['-g', gop, '-keyint_min', gop, '-sc_threshold', '0', '-threads', String(threads)],
      ...[
        '-c:a',
        'aac',
        '-b:a',
        rendition.name <= 360 ? '96k' : '128k',
        '-ac',
        '2',
        '-ar',
        '48000',
      ],
      ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod'],
      ...['-hls_segment_filename', path.join(out, '%05d.ts'), path.join(out, 'index.m3u8')],
    ];
  });
  const posterOutput =
    poster === undefined ? [] : ['-map', '[poster]', ...POSTER_ENCODING, '-y', poster];
  return [
    ...['-nostdin', '-hide_banner', '-v', 'error', '-nostats', '-progress', 'pipe:1'],
    ...['-threads', String(threads), '-i', options.source, '-filter_complex', graph],
    ...['-filter_threads', String(threads)],
    ...outputs,
    ...posterOutput,
  ];
}

/** The poster is a frame a little into the video (the first is often black)… */
const posterMoment = (video: Pick<ProbedVideo, 'durationSeconds'>) =>
  Math.min(2, video.durationSeconds / 2).toFixed(3);
/** …no wider than 1280 px, as a JPEG of good quality. */
const POSTER_SCALE = "scale='min(1280,iw)':-2";
const POSTER_ENCODING = ['-frames:v', '1', '-q:v', '4'];

/** The poster on its own, when no pass was left to take it from. */
async function makePoster(options: HlsOptions): Promise<void> {
  const target = path.join(options.folder, 'poster.jpg');
  const partial = `${target}.partial.jpg`;
  await runFfmpeg(
    [
      ...['-nostdin', '-hide_banner', '-v', 'error', '-ss', posterMoment(options.video)],
      ...['-i', options.source, '-vf', POSTER_SCALE, ...POSTER_ENCODING, '-threads', '1'],
      ...['-y', partial],
    ],
    options,
    () => {},
  );
  await rename(partial, target);
}

async function runFfmpeg(
  args: string[],
  options: Pick<HlsOptions, 'signal' | 'video'>,
  onProgress: (fraction: number) => void,
): Promise<void> {
  options.signal.throwIfAborted();
  const child = spawn(mediaTool('ffmpeg'), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const kill = () => child.kill('SIGKILL');
  options.signal.addEventListener('abort', kill, { once: true });
  try {
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, FFMPEG_NICENESS);
      } catch {
        // Already gone, or not ours to change: the exit code tells the rest.
      }
    }
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
    });
    const durationUs = options.video.durationSeconds * 1e6;
    createInterface({ input: child.stdout }).on('line', (line) => {
      // `out_time_us` (ffmpeg 4.x also wrote it as `out_time_ms`, in microseconds too).
      const position = /^out_time_(?:us|ms)=(\d+)$/.exec(line);
      if (position) onProgress(Math.min(1, Number(position[1]) / durationUs));
    });
    const [code, signal] = (await once(child, 'close')) as [number | null, string | null];
    options.signal.throwIfAborted();
    if (code !== 0) {
      throw new TranscodeError(
        `ffmpeg ended with ${code ?? signal}: ${stderr.trim().split('\n').slice(-3).join(' ')}`,
      );
    }
  } finally {
    options.signal.removeEventListener('abort', kill);
  }
}

/** Writes the master playlist of `renditions` whole, then puts it in place. */
async function writeMaster(
  folder: string,
  renditions: readonly Rendition[],
  fps: number,
): Promise<void> {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const rendition of renditions) {
    const rates = await bitRates(renditionFolder(folder, rendition));
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${rates.peak},AVERAGE-BANDWIDTH=${rates.average},` +
        `RESOLUTION=${rendition.width}x${rendition.height},FRAME-RATE=${fps.toFixed(3)},` +
        `CODECS="${CODECS}"`,
      `${rendition.name}p/index.m3u8`,
    );
  }
  const target = path.join(folder, 'master.m3u8');
  await writeFile(`${target}.partial`, `${lines.join('\n')}\n`);
  await rename(`${target}.partial`, target);
}

/** Bits per second of a finished rendition, from its segments' sizes and durations. */
async function bitRates(folder: string): Promise<{ peak: number; average: number }> {
  const playlist = await readFile(path.join(folder, 'index.m3u8'), 'utf8');
  let duration = 0;
  let bytes = 0;
  let peak = 0;
  let segmentSeconds = 0;
  for (const line of playlist.split('\n')) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) segmentSeconds = Number(extinf[1]);
    else if (/^\d{5}\.ts$/.test(line.trim())) {
      const { size } = await stat(path.join(folder, line.trim()));
      bytes += size;
      duration += segmentSeconds;
      if (segmentSeconds > 0.5) peak = Math.max(peak, (size * 8) / segmentSeconds);
    }
  }
  const average = duration > 0 ? (bytes * 8) / duration : 0;
  return { peak: Math.ceil(Math.max(peak, average)), average: Math.ceil(average) };
}
