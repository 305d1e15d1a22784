/**
 * Whether a received file is a video we can transcode, decided by its bytes (issue 27): the
 * container's signature and length fields (media/video-format.ts), then `ffprobe`'s reading of
 * its streams (the transcoder reads it again before its work). Any container of video-format.ts with any codec ffmpeg decodes passes; a file
 * without a moving picture is refused with what it is instead (sound only, a still image,
 * nothing), so the administrator learns what went wrong.
 */
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { mediaTool } from './ffmpeg.ts';
import { inspectContainer, type VideoContainer } from './video-format.ts';

const run = promisify(execFile);

export type VideoProblem =
  'empty' | 'not-a-video' | 'incomplete' | 'audio-only' | 'image-only' | 'undecodable';

/** What the transcoder needs to know of an accepted video; sizes as displayed (rotation applied). */
export interface ProbedVideo {
  container: VideoContainer;
  durationSeconds: number;
  width: number;
  height: number;
  /** Frames per second on average (a variable rate's mean). */
  frameRate: number;
  hasAudio: boolean;
}

export type VideoProbe = { video: ProbedVideo } | { problem: VideoProblem };

/** ffprobe's answer longer than this is no file of ours (a few streams, one format). */
const PROBE_OUTPUT_MAX_BYTES = 1024 * 1024;
/** A header read that takes longer is a file built to stall the prober. */
const PROBE_TIMEOUT_MS = 30_000;

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  nb_frames?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string };
}

export async function probeVideo(file: string): Promise<VideoProbe> {
  if ((await stat(file)).size === 0) return { problem: 'empty' };
  const container = await inspectContainer(file);
  const output = await ffprobe(file);
  const streams = output?.streams ?? [];
  const pictures = streams.filter(
    (stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1,
  );
  const hasAudio = streams.some((stream) => stream.codec_type === 'audio');
  if (container === undefined) {
    // Not a video container, whatever ffprobe makes of it: say what it is when it can tell.
    if (output === undefined || pictures.length === 0) {
      return { problem: hasAudio ? 'audio-only' : 'not-a-video' };
    }
    return { problem: isStill(output, pictures[0]) ? 'image-only' : 'not-a-video' };
  }
  if (container.incomplete) return { problem: 'incomplete' };
  if (output === undefined) return { problem: 'undecodable' };
  const picture = pictures[0];
  if (picture === undefined) return { problem: hasAudio ? 'audio-only' : 'undecodable' };
  if (isStill(output, picture)) return { problem: 'image-only' };
  const durationSeconds = Number(output.format?.duration ?? picture.duration);
  const width = picture.width ?? 0;
  const height = picture.height ?? 0;
  if (!(durationSeconds > 0) || width < 2 || height < 2) return { problem: 'undecodable' };
  const quarterTurn = Math.abs(rotationOf(picture)) % 180 === 90;
  return {
    video: {
      container: container.container,
      durationSeconds,
      width: quarterTurn ? height : width,
      height: quarterTurn ? width : height,
      frameRate: frameRateOf(picture),
      hasAudio,
    },
  };
}

/** Undefined when ffprobe cannot read the file at all. */
async function ffprobe(file: string): Promise<FfprobeOutput | undefined> {
  try {
    const { stdout } = await run(
      mediaTool('ffprobe'),
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '--', file],
      { maxBuffer: PROBE_OUTPUT_MAX_BYTES, timeout: PROBE_TIMEOUT_MS },
    );
    return JSON.parse(stdout) as FfprobeOutput;
  } catch {
    return undefined;
  }
}

/** One picture and no time: an image, or an image renamed to look like a video. */
function isStill(output: FfprobeOutput, picture: FfprobeStream | undefined): boolean {
  const format = output.format?.format_name ?? '';
  if (/(^|,)(image2|\w+_pipe|gif|webp)(,|$)/.test(format)) return true;
  return picture?.nb_frames === '1';
}

/** The display matrix's rotation (ffprobe 5 and later) or the older `rotate` tag. */
function rotationOf(stream: FfprobeStream): number {
  const matrix = stream.side_data_list?.find((data) => typeof data.rotation === 'number');
  if (matrix?.rotation !== undefined) return matrix.rotation;
  return Number(stream.tags?.rotate ?? 0) || 0;
}

function frameRateOf(stream: FfprobeStream): number {
  for (const text of [stream.avg_frame_rate, stream.r_frame_rate]) {
    const [numerator, denominator] = (text ?? '').split('/').map(Number);
    if (numerator && denominator) return numerator / denominator;
  }
  return 25;
}
