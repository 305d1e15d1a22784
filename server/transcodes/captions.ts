/**
 * Caption files of educations (issue 27, WCAG 2.2 SC 1.2.2): an administrator sends WebVTT or
 * SRT; both are checked cue by cue and stored as WebVTT in `<dataDir>/captions/<key>.vtt`, a
 * random key per upload, so a replaced file is a new key and no viewer reads half of one. Served
 * only through the signed stream URLs (stream-urls.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const CAPTIONS_FOLDER = 'captions';
/** Two hours of dense captions are about 150 KiB. */
export const CAPTION_MAX_BYTES = 512 * 1024;
/** A BCP 47 tag of the common shape: language, optional script, optional region (`sr-Latn-RS`). */
export const CAPTION_LANGUAGE_PATTERN = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|\d{3}))?$/;

const CAPTION_KEY_PATTERN = /^[\w-]{22}\.vtt$/;

export interface CaptionStore {
  readonly root: string;
  /** Writes checked WebVTT under a new key and answers the key. */
  store(webVtt: string): Promise<string>;
  remove(key: string): Promise<void>;
}

export const isCaptionKey = (key: string) => CAPTION_KEY_PATTERN.test(key);

export function captionStore(dataDir: string): CaptionStore {
  const root = path.join(dataDir, CAPTIONS_FOLDER);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  return {
    root,
    async store(webVtt) {
      const key = `${randomBytes(16).toString('base64url')}.vtt`;
      await writeFile(path.join(root, key), webVtt, { flag: 'wx', mode: 0o600 });
      return key;
    },
    async remove(key) {
      if (isCaptionKey(key)) await rm(path.join(root, key), { force: true });
    },
  };
}

/** C0 controls but tab, line feed and carriage return. */
function isControlCharacter(character: string): boolean {
  const code = character.charCodeAt(0);
  return code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d;
}

export type CaptionParse = { webVtt: string } | { problem: string } | { notText: true };

interface Cue {
  start: string;
  end: string;
  lines: string[];
}

/** `hh:mm:ss.ttt` or `mm:ss.ttt` (WebVTT), `hh:mm:ss,ttt` (SRT); answers milliseconds. */
const TIME = /^(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)[.,](\d{3})$/;
const TIMING = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t]+.*)?$/;

function millisecondsOf(time: string): number | undefined {
  const parts = TIME.exec(time);
  if (!parts) return undefined;
  const [, hours = '0', minutes, seconds, milliseconds] = parts;
  return (
    ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(milliseconds)
  );
}

function webVttTime(ms: number): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  const seconds = Math.floor(ms / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(ms % 1000, 3)}`;
}

/**
 * The caption file `bytes` as WebVTT: a WebVTT file is checked and its cues written again (so
 * nothing but cues and their text reaches a viewer), an SRT file converted. What cannot be read
 * is refused with the line at fault.
 */
export function toWebVtt(bytes: Buffer): CaptionParse {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { notText: true };
  }
  // A NUL or another control character is no caption text.
  if ([...text].some(isControlCharacter)) return { notText: true };
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const isWebVtt = /^WEBVTT([ \t].*)?$/.test(lines[0] ?? '');
  const cues: Cue[] = [];
  let index = isWebVtt ? 1 : 0;
  if (isWebVtt) {
    // The header's own lines, up to the first blank one.
    while (index < lines.length && lines[index] !== '') index++;
  }
  while (index < lines.length) {
    while (index < lines.length && (lines[index] ?? '').trim() === '') index++;
    if (index >= lines.length) break;
    const block: string[] = [];
    const firstLine = index + 1;
    while (index < lines.length && (lines[index] ?? '').trim() !== '')
      block.push(lines[index++] ?? '');
    if (isWebVtt && /^(NOTE|STYLE|REGION)([ \t]|$)/.test(block[0] ?? '')) continue;
    // An identifier (WebVTT) or a counter (SRT) may come before the timing line.
    const timingAt = TIMING.test(block[0] ?? '') || block.length === 1 ? 0 : 1;
    const timing = TIMING.exec(block[timingAt] ?? '');
    if (!timing) return { problem: `line ${firstLine + timingAt} is not a cue's timing` };
    const start = millisecondsOf(timing[1] ?? '');
    const end = millisecondsOf(timing[2] ?? '');
    if (start === undefined || end === undefined) {
      return { problem: `line ${firstLine + timingAt} has a malformed time` };
    }
    if (end <= start)
      return { problem: `the cue at line ${firstLine + timingAt} ends before it starts` };
    cues.push({
      start: webVttTime(start),
      end: webVttTime(end),
      // SRT's <font> is no WebVTT tag; `-->` in a text line would read as a timing.
      lines: block
        .slice(timingAt + 1)
        .map((line) => line.replace(/<\/?font[^>]*>/gi, '').replaceAll('-->', '→')),
    });
  }
  if (cues.length === 0) return { problem: 'it has no cues' };
  const body = cues.map((cue) => [`${cue.start} --> ${cue.end}`, ...cue.lines].join('\n'));
  return { webVtt: `WEBVTT\n\n${body.join('\n\n')}\n` };
}
