import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Education } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import {
  DETAILS_EXPAND_MS,
  educationViewerMachine,
  selectViewerDetails,
  selectViewerEducation,
  selectViewerVideo,
} from '../../src/machines/educationViewer.machine.ts';
import { TRANSCODE_POLL_MS } from '../../src/machines/transcodes.ts';
import { educationsMessages as text } from '../../src/messages/educations.ts';
import { anEducation, stream, type TranscodeState } from '../support/educations.ts';
import { fakePromiseActor } from '../support/model-based.ts';

/** An upload's transcode, published at `playlistUrl` (null: not yet). */
const streamAt = (playlistUrl: string | null, state: TranscodeState = 'ready') => ({
  ...stream(state),
  playlistUrl,
  renditions: playlistUrl === null ? [] : [360],
});

/**
 * What the viewer shows right after loading an education with this video URL: an upload's (its
 * playlist, decision 0049) when `upload`, else a video-site education's.
 */
async function firstVideo(videoUrl: string, upload = false) {
  const education: Education = anEducation({
    id: 5,
    title: 'Video',
    videoUrl,
    thumbnailUrl: null,
    stream: upload ? streamAt(videoUrl) : null,
  });
  const checked: string[] = [];
  const actor = createActor(
    educationViewerMachine.provide({
      actors: {
        loadEducation: fromPromise(() => Promise.resolve(education)),
        checkVideo: fromPromise(({ input }: { input: { url: string } }) => {
          checked.push(input.url);
          return new Promise<undefined>(() => undefined);
        }),
      },
    }),
    { input: { educationId: '5' } },
  ).start();
  await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
  return { video: selectViewerVideo(actor.getSnapshot()), checked };
}

describe('the 11-character video id at its boundaries (SPEC 9)', () => {
  it.each([
    ['https://www.youtube.com/watch?v=abcdefghij', 'ten characters'],
    ['https://www.youtube.com/watch?v=abcdefghijkl', 'twelve characters'],
    ['https://www.youtube.com/watch?v=abcdefghij!', 'a character outside the id alphabet'],
    ['https://youtu.be/abcdefghij', 'a ten-character short link'],
    ['https://www.youtube.com/shorts/abcdefghijkl', 'a twelve-character short'],
    ['ftp://www.youtube.com/watch?v=abcdefghijk', 'another scheme'],
  ])('treats an upload at %s (%s) as a stream to check, not as the site', async (url) => {
    const { video, checked } = await firstVideo(url, true);
    expect(video).toEqual({ kind: 'checking' });
    expect(checked).toEqual([url]);
  });

  it.each([
    ['https://www.youtube.com/watch?v=abcdefghijk', 'abcdefghijk'],
    ['https://youtu.be/A_b-C_d-E_f', 'A_b-C_d-E_f'],
    ['https://www.youtube.com/embed/01234567890?start=5', '01234567890'],
    ['https://youtube.com/shorts/zzzzzzzzzzz', 'zzzzzzzzzzz'],
  ])('previews %s and embeds id %s only through the no-cookie host', async (url, id) => {
    const { video, checked } = await firstVideo(url);
    expect(video).toEqual({
      kind: 'sitePreview',
      thumbnailUrl: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
    });
    expect(checked).toEqual([]);
  });
});

/** A viewer of `/edukacije/{id}` whose calls the test answers. */
function startViewer(id = '5') {
  const loadEducation = fakePromiseActor<Education, { id: number }>();
  const checkVideo = fakePromiseActor<undefined, { url: string }>();
  const goToLibrary = vi.fn();
  const actor = createActor(
    educationViewerMachine.provide({
      actors: { loadEducation: loadEducation.logic, checkVideo: checkVideo.logic },
      actions: { goToLibrary },
    }),
    { input: { educationId: id } },
  ).start();
  const video = () => selectViewerVideo(actor.getSnapshot());
  const details = () => selectViewerDetails(actor.getSnapshot());
  return { actor, loadEducation, checkVideo, goToLibrary, video, details };
}

const uploaded = anEducation({
  id: 5,
  title: 'Implantologija',
  videoUrl: '/v/5?signature=a',
  stream: streamAt('/v/5?signature=a'),
});
const renewed = { ...uploaded, videoUrl: '/v/5?signature=b', stream: streamAt('/v/5?signature=b') };

/** A viewer whose uploaded video passed its check and is ready. */
async function playingViewer() {
  const viewer = startViewer();
  await viewer.loadEducation.resolve(uploaded);
  await viewer.checkVideo.resolve(undefined);
  viewer.actor.send({ type: 'VIDEO_READY' });
  return viewer;
}

describe('the viewer of an uploaded video', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks the address, plays it, shows the details when ready and expands them 0.5 s later', async () => {
    vi.useFakeTimers();
    const viewer = startViewer();
    expect(viewer.video()).toEqual({ kind: 'loading' });
    expect(selectViewerEducation(viewer.actor.getSnapshot())).toBeNull();
    await viewer.loadEducation.resolve(uploaded);
    expect(viewer.loadEducation.calls).toEqual([{ id: 5 }]);
    expect(selectViewerEducation(viewer.actor.getSnapshot())).toBe(uploaded);
    expect(viewer.checkVideo.calls).toEqual([{ url: '/v/5?signature=a' }]);
    expect(viewer.video()).toEqual({ kind: 'checking' });
    // A ready signal before the check answered shows nothing yet.
    viewer.actor.send({ type: 'VIDEO_READY' });
    expect(viewer.details()).toBe('hidden');
    await viewer.checkVideo.resolve(undefined);
    expect(viewer.video()).toMatchObject({
      kind: 'stream',
      playlistUrl: '/v/5?signature=a',
      startAt: 0,
      autoPlay: false,
    });
    expect(viewer.details()).toBe('hidden');
    viewer.actor.send({ type: 'VIDEO_READY' });
    expect(viewer.details()).toBe('collapsed');
    vi.advanceTimersByTime(DETAILS_EXPAND_MS - 1);
    expect(viewer.details()).toBe('collapsed');
    vi.advanceTimersByTime(1);
    expect(viewer.details()).toBe('expanded');
    expect(DETAILS_EXPAND_MS).toBe(500);
  });

  it('renews an expired address and resumes where it was, then fails for good on a second failure', async () => {
    const viewer = await playingViewer();
    viewer.actor.send({ type: 'VIDEO_FAILED', position: 42.5, playing: true });
    expect(viewer.video()).toEqual({ kind: 'renewing' });
    expect(viewer.loadEducation.calls).toEqual([{ id: 5 }, { id: 5 }]);
    await viewer.loadEducation.resolve(renewed);
    expect(viewer.video()).toMatchObject({
      kind: 'stream',
      playlistUrl: '/v/5?signature=b',
      startAt: 42.5,
      autoPlay: true,
    });
    expect(viewer.details()).toBe('collapsed');
    viewer.actor.send({ type: 'VIDEO_READY' });
    viewer.actor.send({ type: 'VIDEO_FAILED', position: 7, playing: false });
    await viewer.loadEducation.resolve(renewed);
    expect(viewer.video()).toMatchObject({ kind: 'stream', startAt: 7, autoPlay: false });
    viewer.actor.send({ type: 'VIDEO_FAILED', position: 7, playing: false });
    expect(viewer.video()).toMatchObject({ kind: 'failed' });
  });

  it('fails when the element fails before it played, the check fails or the renewal fails', async () => {
    const early = startViewer();
    await early.loadEducation.resolve(uploaded);
    await early.checkVideo.resolve(undefined);
    early.actor.send({ type: 'VIDEO_FAILED', position: 0, playing: false });
    expect(early.video()).toMatchObject({ kind: 'failed' });
    expect(early.loadEducation.calls).toHaveLength(1);

    const checked = startViewer();
    await checked.loadEducation.resolve(uploaded);
    await checked.checkVideo.reject(new Error('HTTP 404'));
    expect(checked.video()).toMatchObject({ kind: 'failed' });

    const renewal = await playingViewer();
    renewal.actor.send({ type: 'VIDEO_FAILED', position: 1, playing: true });
    await renewal.loadEducation.reject(new Error('HTTP 401'));
    expect(renewal.video()).toMatchObject({ kind: 'failed' });
    expect(renewal.goToLibrary).not.toHaveBeenCalled();

    // Transcoded again meanwhile: no playlist to resume on, never the original.
    const requeued = await playingViewer();
    requeued.actor.send({ type: 'VIDEO_FAILED', position: 1, playing: true });
    await requeued.loadEducation.resolve({
      ...uploaded,
      videoUrl: '',
      stream: streamAt(null, 'queued'),
    });
    expect(requeued.video()).toMatchObject({ kind: 'failed' });
  });
});

describe('the viewer of an upload not yet published (administrators only)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const inTranscode = (state: TranscodeState) => ({
    ...uploaded,
    videoUrl: '',
    stream: streamAt(null, state),
  });

  it('shows the transcode, fetches it again every TRANSCODE_POLL_MS while it runs, then checks the playlist', async () => {
    vi.useFakeTimers();
    const viewer = startViewer();
    await viewer.loadEducation.resolve(inTranscode('queued'));
    expect(viewer.video()).toEqual({ kind: 'processing', stream: streamAt(null, 'queued') });
    expect(viewer.checkVideo.calls).toEqual([]);
    expect(viewer.details()).toBe('hidden');
    vi.advanceTimersByTime(TRANSCODE_POLL_MS - 1);
    expect(viewer.loadEducation.calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(viewer.loadEducation.calls).toHaveLength(2);
    await viewer.loadEducation.resolve(inTranscode('processing'));
    expect(viewer.video()).toMatchObject({ kind: 'processing', stream: { state: 'processing' } });
    vi.advanceTimersByTime(TRANSCODE_POLL_MS);
    // A first rendition published while the others are still being made is enough to play.
    await viewer.loadEducation.resolve({
      ...uploaded,
      stream: { ...streamAt('/v/5?signature=a'), state: 'processing' },
    });
    expect(viewer.checkVideo.calls).toEqual([{ url: '/v/5?signature=a' }]);
    expect(viewer.video()).toEqual({ kind: 'checking' });
  });

  it('stops fetching a failed transcode', async () => {
    vi.useFakeTimers();
    const viewer = startViewer();
    await viewer.loadEducation.resolve(inTranscode('failed'));
    expect(viewer.video()).toMatchObject({ kind: 'processing', stream: { state: 'failed' } });
    vi.advanceTimersByTime(10 * TRANSCODE_POLL_MS);
    expect(viewer.loadEducation.calls).toHaveLength(1);
  });
});

describe('the viewer of a video-site video', () => {
  it('shows the preview and the details at once, and the no-cookie player only on play', async () => {
    const viewer = startViewer();
    await viewer.loadEducation.resolve({
      ...uploaded,
      videoUrl: 'https://youtu.be/abcdefghijk',
      thumbnailUrl: '/media/educations/5.webp',
    });
    expect(viewer.video()).toEqual({
      kind: 'sitePreview',
      thumbnailUrl: '/media/educations/5.webp',
    });
    expect(viewer.details()).toBe('collapsed');
    expect(viewer.checkVideo.calls).toEqual([]);
    viewer.actor.send({ type: 'PLAY' });
    expect(viewer.video()).toEqual({
      kind: 'siteEmbed',
      embedUrl: 'https://www.youtube-nocookie.com/embed/abcdefghijk?autoplay=1',
    });
  });
});

describe('leaving for the library', () => {
  it('leaves at once for an id no education has, asking nothing', () => {
    const viewer = startViewer('0');
    expect(viewer.goToLibrary).toHaveBeenCalledTimes(1);
    expect(viewer.goToLibrary.mock.calls[0]?.[1]).toBe(text.educationUnavailable);
    expect(viewer.loadEducation.calls).toEqual([]);
    expect(viewer.actor.getSnapshot().status).toBe('done');
    expect(viewer.video()).toEqual({ kind: 'loading' });
  });

  it('leaves when the education cannot be fetched, saying the fetch failed', async () => {
    const viewer = startViewer();
    await viewer.loadEducation.reject(new Error('HTTP 404'));
    expect(viewer.goToLibrary).toHaveBeenCalledTimes(1);
    expect(viewer.goToLibrary.mock.calls[0]?.[1]).toBe(text.educationLoadFailed);
    expect(viewer.actor.getSnapshot().status).toBe('done');
  });

  it.each([
    [404, 'educationUnavailable'],
    [403, 'educationLoadFailed'],
    [500, 'educationLoadFailed'],
  ] as const)('leaves on a %i answer with the message %s', async (status, message) => {
    const viewer = startViewer();
    await viewer.loadEducation.reject(new ApiError(status, null));
    expect(viewer.goToLibrary.mock.calls[0]?.[1]).toBe(text[message]);
  });
});
