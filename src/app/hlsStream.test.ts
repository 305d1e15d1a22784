/**
 * The viewer's stream player with hls.js (issue 27), the branch of browsers that do not play HLS
 * themselves (Firefox; Chromium before it did). The browser tests' Chromium plays HLS itself, so
 * this is where the hls.js wiring is checked: a fake `hls.js` records what the player is told.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createActor, setup, type AnyEventObject } from 'xstate';
import { playHlsStream } from './hlsStream.ts';

const { players, FakeHls } = vi.hoisted(() => {
  type Handler = (event: string, data: { fatal: boolean }) => void;
  const created: InstanceType<typeof FakeHls>[] = [];
  class FakeHls {
    static Events = { MANIFEST_PARSED: 'hlsManifestParsed', ERROR: 'hlsError' } as const;
    readonly levels = [{ height: 360 }, { height: 720 }];
    /** hls.js's own default: automatic. */
    currentLevel = -1;
    source: string | null = null;
    media: unknown = null;
    destroyed = false;
    private readonly handlers = new Map<string, Handler[]>();
    readonly config: object;
    constructor(config: object) {
      this.config = config;
      created.push(this);
    }
    on(event: string, handler: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    }
    emit(event: string, data = { fatal: false }) {
      for (const handler of this.handlers.get(event) ?? []) handler(event, data);
    }
    loadSource(url: string) {
      this.source = url;
    }
    attachMedia(media: unknown) {
      this.media = media;
    }
    destroy() {
      this.destroyed = true;
    }
  }
  return { players: created, FakeHls };
});
vi.mock('hls.js', () => ({ default: FakeHls }));

const PLAYLIST = '/api/v1/educations/3/stream/k/1/9/s/master.m3u8';

/** The viewer's side: the stream actor invoked, and what it sends back. */
function startPlayer() {
  const received: AnyEventObject[] = [];
  const viewer = createActor(
    setup({ actors: { playStream: playHlsStream } }).createMachine({
      invoke: { id: 'stream', src: 'playStream', input: { playlistUrl: PLAYLIST } },
      on: { '*': { actions: ({ event }) => received.push(event) } },
    }),
  ).start();
  const stream = viewer.getSnapshot().children.stream;
  if (!stream) throw new Error('the stream actor did not start');
  return { viewer, stream, received };
}

/** A video element at `position`, playing or paused, that plays HLS itself or not. */
function videoElement({ native = false, position = 0, playing = false } = {}) {
  const video = document.createElement('video');
  video.canPlayType = (type: string) =>
    native && type === 'application/vnd.apple.mpegurl' ? 'maybe' : '';
  Object.defineProperty(video, 'currentTime', { value: position, configurable: true });
  Object.defineProperty(video, 'paused', { value: !playing, configurable: true });
  return video;
}

/** The dynamic import of hls.js has resolved and the player attached (or not). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  players.length = 0;
  // Only its presence is asked: hls.js itself is the fake.
  vi.stubGlobal('MediaSource', function MediaSource() {});
});
afterEach(() => vi.unstubAllGlobals());

it('gives a browser that plays HLS itself the playlist as the source, without hls.js', async () => {
  const { stream } = startPlayer();
  const video = videoElement({ native: true });
  stream.send({ type: 'VIDEO_ELEMENT', element: video });
  await settled();
  expect(video.getAttribute('src')).toBe(PLAYLIST);
  expect(players).toEqual([]);
});

it('gives the playlist as the source where there is no MediaSource for hls.js either', async () => {
  vi.stubGlobal('MediaSource', undefined);
  const { stream } = startPlayer();
  const video = videoElement();
  stream.send({ type: 'VIDEO_ELEMENT', element: video });
  await settled();
  expect(video.getAttribute('src')).toBe(PLAYLIST);
  expect(players).toEqual([]);
});

it('elsewhere attaches hls.js to the element: its own estimate first, never taller than shown', async () => {
  const { stream } = startPlayer();
  const video = videoElement();
  stream.send({ type: 'VIDEO_ELEMENT', element: video });
  await settled();
  expect(players).toHaveLength(1);
  const [player] = players;
  expect(player?.config).toEqual({ startLevel: -1, capLevelToPlayerSize: true });
  expect(player?.source).toBe(PLAYLIST);
  expect(player?.media).toBe(video);
  expect(video.hasAttribute('src')).toBe(false);
});

it('pins the chosen rendition, and gives the choice back to hls.js with "Automatski"', async () => {
  const { stream } = startPlayer();
  stream.send({ type: 'VIDEO_ELEMENT', element: videoElement() });
  await settled();
  const [player] = players;
  stream.send({ type: 'SET_QUALITY', height: 720 });
  expect(player?.currentLevel).toBe(1);
  stream.send({ type: 'SET_QUALITY', height: 360 });
  expect(player?.currentLevel).toBe(0);
  stream.send({ type: 'SET_QUALITY', height: null });
  expect(player?.currentLevel).toBe(-1);
});

it('a quality chosen before the playlist is in is pinned once its renditions are known', async () => {
  const { stream, received } = startPlayer();
  stream.send({ type: 'SET_QUALITY', height: 720 });
  expect(received).toEqual([]);
  stream.send({ type: 'VIDEO_ELEMENT', element: videoElement() });
  await settled();
  const [player] = players;
  expect(player?.currentLevel).toBe(-1);
  player?.emit(FakeHls.Events.MANIFEST_PARSED);
  expect(player?.currentLevel).toBe(1);
});

it('a fatal error (an expired address) is sent back with where the video was and whether it played', async () => {
  const { stream, received } = startPlayer();
  stream.send({ type: 'VIDEO_ELEMENT', element: videoElement({ position: 42.5, playing: true }) });
  await settled();
  const [player] = players;
  player?.emit(FakeHls.Events.ERROR, { fatal: false });
  expect(received).toEqual([]);
  player?.emit(FakeHls.Events.ERROR, { fatal: true });
  expect(received).toEqual([{ type: 'VIDEO_FAILED', position: 42.5, playing: true }]);
});

it('a paused video that fails is sent back as paused', async () => {
  const { stream, received } = startPlayer();
  stream.send({ type: 'VIDEO_ELEMENT', element: videoElement({ position: 7, playing: false }) });
  await settled();
  players[0]?.emit(FakeHls.Events.ERROR, { fatal: true });
  expect(received).toEqual([{ type: 'VIDEO_FAILED', position: 7, playing: false }]);
});

it('a new element gets a new player and the old one is destroyed; the same element, nothing', async () => {
  const { stream } = startPlayer();
  const first = videoElement();
  stream.send({ type: 'VIDEO_ELEMENT', element: first });
  await settled();
  stream.send({ type: 'VIDEO_ELEMENT', element: first });
  await settled();
  expect(players).toHaveLength(1);
  const second = videoElement();
  stream.send({ type: 'VIDEO_ELEMENT', element: second });
  await settled();
  expect(players.map(({ destroyed, media }) => ({ destroyed, media }))).toEqual([
    { destroyed: true, media: first },
    { destroyed: false, media: second },
  ]);
});

it('an element replaced while hls.js loads gets the only player', async () => {
  const { stream } = startPlayer();
  const second = videoElement();
  stream.send({ type: 'VIDEO_ELEMENT', element: videoElement() });
  stream.send({ type: 'VIDEO_ELEMENT', element: second });
  await settled();
  expect(players.map(({ media }) => media)).toEqual([second]);
});

it('destroys the player when the viewer stops showing the stream', async () => {
  const { viewer, stream } = startPlayer();
  stream.send({ type: 'VIDEO_ELEMENT', element: videoElement() });
  await settled();
  viewer.stop();
  expect(players[0]?.destroyed).toBe(true);
});

it('makes no player when the viewer stopped showing the stream while hls.js loaded', async () => {
  const { viewer, stream } = startPlayer();
  stream.send({ type: 'VIDEO_ELEMENT', element: videoElement() });
  viewer.stop();
  await settled();
  expect(players).toEqual([]);
});

it('stops cleanly when no element ever came', () => {
  const { viewer, stream } = startPlayer();
  viewer.stop();
  expect(stream.getSnapshot()).toMatchObject({ status: 'stopped', error: undefined });
});
