import { act, fireEvent, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Education } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import { EducationViewerContainer } from '../../src/app/EducationViewerContainer.tsx';
import { createActor, fromCallback, fromPromise } from 'xstate';
import {
  educationViewerMachine,
  selectViewerVideo,
  type EducationViewerEvent,
  type StreamCommand,
  type StreamInput,
} from '../../src/machines/educationViewer.machine.ts';
import { TRANSCODE_POLL_MS } from '../../src/machines/transcodes.ts';
import { messages } from '../../src/messages.ts';
import { anEducation, educationViewer } from '../support/educations.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const text = messages.educations;
const PREFIX = '/api/v1/educations/3/stream/k4Qp2bW9xZ1mN8vR3tY6uA/7';
const stream = {
  state: 'ready' as const,
  progress: 100,
  failure: null,
  playlistUrl: `${PREFIX}/1/a/master.m3u8`,
  posterUrl: `${PREFIX}/1/a/poster.jpg`,
  renditions: [360, 720],
  durationSeconds: 4,
  width: 1280,
  height: 720,
};
/** An upload transcoded to HLS (issue 27): its videoUrl is the playlist (decision 0049). */
const uploaded = anEducation({
  id: 3,
  title: 'Implantologija danas',
  videoUrl: stream.playlistUrl,
  stream,
});
/** The same upload after its address expired: a fresh playlist address. */
const renewedPlaylist = (education: Education) => ({
  ...education,
  videoUrl: `${PREFIX}/2/b/master.m3u8`,
  stream: { ...stream, playlistUrl: `${PREFIX}/2/b/master.m3u8` },
});
const renewed = renewedPlaylist(uploaded);
/** Two renditions, English captions, no thumbnail. */
const streamed = anEducation({
  ...uploaded,
  thumbnailUrl: null,
  captions: [{ language: 'en', url: `${PREFIX}/1/a/captions/en.vtt` }],
});
const renewedStream = renewedPlaylist(streamed);
/** An upload no rendition of which is published yet (administrators only). */
const inTranscode = (state: 'queued' | 'processing' | 'failed', progress = 0) =>
  anEducation({
    id: 3,
    title: 'Implantologija danas',
    videoUrl: '',
    stream: {
      ...stream,
      state,
      progress,
      failure: state === 'failed' ? 'ffmpeg nije mogao pročitati video.' : null,
      playlistUrl: null,
      posterUrl: null,
      renditions: [],
    },
  });
const processing = inTranscode('processing', 42);
/** What the element plays: the stream's playlist. */
const sourceOf = (education: Education | null | undefined) => education?.stream?.playlistUrl;
const siteVideo = anEducation({
  id: 3,
  title: 'Implantologija danas',
  videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
  thumbnailUrl: null,
  subtitleLanguage: null,
  dateOfRecording: null,
});

const getEducation = fakePromiseActor<Education, number>();
/** The HEAD check of SPEC 7 goes around the API client, to the browser's fetch. */
const headCheck = fakePromiseActor<Response, { url: string; method: string | undefined }>();
let app: ReturnType<typeof renderWithEffects>;

function renderViewer(educationId = '3') {
  getEducation.reset();
  headCheck.reset();
  app = renderWithEffects(<EducationViewerContainer educationId={educationId} />, {
    path: `/edukacije/${educationId}`,
    api: { educations: { getEducation: getEducation.fn } },
    session: educationViewer,
  });
  return app;
}

const video = () => document.querySelector('video');
const playButton = () => screen.queryByRole('button', { name: text.play('Implantologija danas') });
const iframe = () => document.querySelector('iframe');
const detailsTitle = () => screen.queryByRole('heading', { level: 2 });
const status = () => screen.queryByRole('status');
const qualitySelect = () => screen.queryByRole('combobox', { name: text.quality });
const captionsSelect = () => screen.queryByRole('combobox', { name: text.captions });

/** The video element as a person left it: at `position` seconds, playing or paused. */
function videoAt(position: number, playing: boolean): HTMLVideoElement {
  const element = video();
  if (!element) throw new Error('no video element');
  Object.defineProperty(element, 'currentTime', {
    value: position,
    configurable: true,
    writable: true,
  });
  Object.defineProperty(element, 'paused', { value: !playing, configurable: true });
  return element;
}

/** The processing state: what it says, the transcode's state, and no player. */
function expectProcessing(education: Education | null) {
  expect(status()).toHaveTextContent(text.videoProcessing);
  const { state, progress } = education?.stream ?? {};
  if (state === 'processing') expect(screen.getByText(`U obradi… ${progress} %`)).toBeVisible();
  if (state === 'queued') expect(screen.getByText('U redu čekanja')).toBeVisible();
  expect(video()).toBeNull();
  expect(detailsTitle()).toBeNull();
}

function expectFailure() {
  expect(screen.getByRole('alert')).toHaveTextContent(
    'Učitavanje videa edukacije nije uspjelo.Kontaktirajte administartora.',
  );
  expect(video()).toBeNull();
}

const useFakeTimers = () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      headCheck.fn({ url, method: init?.method }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
};

describe('education viewer model', () => {
  useFakeTimers();

  testMachineModel(educationViewerMachine, {
    inputs: [{ educationId: '3' }, { educationId: 'tri' }],
    describeInput: ({ educationId }) => `/edukacije/${educationId}`,
    render: ({ educationId }) => renderViewer(educationId),
    fakes: {
      loadEducation: getEducation,
      pollEducation: getEducation,
      renewVideoUrl: getEducation,
      checkVideo: headCheck,
    },
    sampleEvents: [
      { type: 'xstate.done.actor.loadEducation', output: siteVideo },
      { type: 'xstate.done.actor.loadEducation', output: streamed },
      { type: 'xstate.done.actor.loadEducation', output: processing },
      { type: 'xstate.done.actor.loadEducation', output: inTranscode('failed') },
      { type: 'xstate.done.actor.pollEducation', output: inTranscode('processing', 43) },
      { type: 'xstate.done.actor.pollEducation', output: inTranscode('failed') },
      { type: 'xstate.done.actor.pollEducation', output: streamed },
      { type: 'xstate.error.actor.pollEducation', error: new TypeError('Failed to fetch') },
      { type: 'xstate.error.actor.loadEducation', error: new ApiError(404, null) },
      { type: 'xstate.error.actor.loadEducation', error: new TypeError('Failed to fetch') },
      { type: 'xstate.done.actor.checkVideo', output: new Response(null, { status: 200 }) },
      { type: 'xstate.error.actor.checkVideo', error: new TypeError('Failed to fetch') },
      { type: 'VIDEO_FAILED', position: 42, playing: true },
      { type: 'xstate.done.actor.renewVideoUrl', output: renewedStream },
      // Transcoded again meanwhile: no rendition to resume on.
      { type: 'xstate.done.actor.renewVideoUrl', output: inTranscode('queued') },
      { type: 'VIDEO_ELEMENT', element: document.createElement('video') },
      { type: 'SET_QUALITY', height: 720 },
      { type: 'SET_QUALITY', height: null },
      { type: 'SET_CAPTIONS', language: 'en' },
      { type: 'SET_CAPTIONS', language: null },
      { type: 'xstate.error.actor.renewVideoUrl', error: new ApiError(404, null) },
    ],
    states: {
      loading: () => {
        expect(status()).toHaveTextContent(text.loadingEducation);
        expect(getEducation.calls).toEqual([3]);
        expect(video()).toBeNull();
        expect(detailsTitle()).toBeNull();
      },
      leaving: () => {
        expect(app.history).toEqual(['/edukacije/']);
        // Never silently (issue 29): one message, which one is pinned by hand.
        expect(app.notices).toEqual([
          {
            tone: 'error',
            text: expect.stringMatching(/^(Ta edukacija ne postoji|Nažalost, nije uspjelo)/),
          },
        ]);
        expect(getEducation.calls.length).toBeLessThanOrEqual(1);
      },
      'loaded.video.preview': () => {
        expect(playButton()).toBeVisible();
        expect(playButton()?.querySelector('img')).toHaveAttribute(
          'src',
          'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
        );
        // Nothing of the video site's player loads before the visitor asks.
        expect(iframe()).toBeNull();
        expect(headCheck.calls).toEqual([]);
      },
      'loaded.video.embedded': () => {
        expect(iframe()).toHaveAttribute(
          'src',
          'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
        );
        expect(iframe()).toHaveAttribute('title', 'Video: Implantologija danas');
        expect(playButton()).toBeNull();
      },
      'loaded.video.processing.waiting': ({ context }) => expectProcessing(context.education),
      'loaded.video.processing.polling': ({ context }) => {
        expectProcessing(context.education);
        // Fetched again while the transcode runs: the first fetch, then one per poll.
        expect(getEducation.calls.length).toBeGreaterThan(1);
      },
      'loaded.video.processing.stopped': ({ context }) => {
        expectProcessing(context.education);
        expect(screen.getByText(/^Obrada nije uspjela: ffmpeg/)).toBeVisible();
      },
      'loaded.video.checking': ({ context }) => {
        expect(headCheck.calls).toEqual([{ url: sourceOf(context.education), method: 'HEAD' }]);
        expect(status()).toHaveTextContent(text.loadingVideo);
        expect(video()).toBeNull();
      },
      'loaded.video.buffering': ({ context }) => {
        expect(video()).toHaveAttribute('src', sourceOf(context.education));
        expect(video()).toHaveAttribute('controls');
        expect(video()).toHaveAccessibleName('Video: Implantologija danas');
      },
      'loaded.video.playable': ({ context }) => {
        expect(video()).toHaveAttribute('src', sourceOf(context.education));
        expect(screen.queryByRole('alert')).toBeNull();
      },
      'loaded.video.renewing': () => {
        // Fetched again (once per expiry: a long watch may renew more than once).
        expect(getEducation.calls.length).toBeGreaterThan(1);
        expect(new Set(getEducation.calls)).toEqual(new Set([3]));
        expect(status()).toHaveTextContent(text.loadingVideo);
        expect(video()).toBeNull();
      },
      'loaded.video.resuming': ({ context }) => {
        expect(video()).toHaveAttribute('src', sourceOf(context.education));
        expect(sourceOf(context.education)).toBe(renewedStream.stream.playlistUrl);
        expect(video()?.autoplay).toBe(true);
      },
      'loaded.video.failed': () => {
        expectFailure();
        expect(detailsTitle()).toHaveTextContent('Implantologija danas');
      },
      'loaded.stream.off': () => {
        expect(qualitySelect()).toBeNull();
        expect(captionsSelect()).toBeNull();
        expect(document.querySelector('track')).toBeNull();
      },
      'loaded.stream.on': ({ context }) => {
        expect(video()).toHaveAttribute('poster', stream.posterUrl);
        expect(qualitySelect()).toHaveDisplayValue(
          context.quality === null ? text.qualityAuto : `${context.quality}p`,
        );
        expect(
          Array.from(qualitySelect()?.querySelectorAll('option') ?? [], (o) => o.textContent),
        ).toEqual(['Automatski', '360p', '720p']);
        expect(captionsSelect()).toHaveDisplayValue(
          context.captionLanguage === null ? 'Isključeno' : 'engleski',
        );
        const track = document.querySelector('track');
        expect(track).toHaveAttribute('kind', 'captions');
        expect(track).toHaveAttribute('srclang', 'en');
        expect(track).toHaveAttribute('label', 'engleski');
        expect(track).toHaveAttribute('src', streamed.captions[0]?.url);
      },
      'loaded.details.hidden': () => {
        expect(detailsTitle()).toBeNull();
        expect(screen.queryByText(text.lecturer)).toBeNull();
      },
      'loaded.details.shown.collapsed': ({ context }) => {
        expect(detailsTitle()).toHaveTextContent('Implantologija danas');
        expect(screen.getByText(context.education?.partner.name ?? '')).toBeVisible();
        expect(screen.queryByText(text.lecturer)).toBeNull();
      },
      'loaded.details.shown.expanded': ({ context }) => {
        expect(detailsTitle()).toHaveTextContent('Implantologija danas');
        expect(screen.getByText(text.lecturer)).toBeVisible();
        expect(screen.getByText(context.education?.lecturer ?? '')).toBeVisible();
        expect(screen.getByText('Slovenija')).toBeVisible();
      },
    },
    events: {
      PLAY: () => fireEvent.click(playButton() ?? document.body),
      VIDEO_READY: () => {
        const element = video();
        if (element) fireEvent.canPlay(element);
      },
      // The view sends its element itself once it shows the stream.
      VIDEO_ELEMENT: () => undefined,
      SET_QUALITY: (event) => {
        const { height } = event as EducationViewerEvent & { type: 'SET_QUALITY' };
        const select = qualitySelect();
        if (select) fireEvent.change(select, { target: { value: String(height ?? '') } });
      },
      SET_CAPTIONS: (event) => {
        const { language } = event as EducationViewerEvent & { type: 'SET_CAPTIONS' };
        const select = captionsSelect();
        if (select) fireEvent.change(select, { target: { value: language ?? '' } });
      },
      VIDEO_FAILED: (event) => {
        const { position, playing } = event as EducationViewerEvent & { type: 'VIDEO_FAILED' };
        if (video()) fireEvent.error(videoAt(position, playing));
      },
    },
  });
});

describe('education viewer journeys pinned by hand', () => {
  useFakeTimers();
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  async function readyUploadedVideo() {
    renderViewer();
    await getEducation.resolve(uploaded);
    await headCheck.resolve(new Response(null, { status: 200 }));
    fireEvent.canPlay(video() ?? document.body);
  }

  it('shows the details only once the video is ready, and expands them 0.5 s later', async () => {
    renderViewer();
    await getEducation.resolve(uploaded);
    await headCheck.resolve(new Response(null, { status: 200 }));
    await advance(1000);
    expect(detailsTitle()).toBeNull();
    fireEvent.canPlay(video() ?? document.body);
    expect(detailsTitle()).toHaveTextContent('Implantologija danas');
    expect(screen.queryByText('Predavač')).toBeNull();
    await advance(499);
    expect(screen.queryByText('Predavač')).toBeNull();
    await advance(1);
    expect(screen.getByText('Predavač')).toBeVisible();
    expect(screen.getByText('dr. sc. Ana Horvat')).toBeVisible();
    expect(screen.getByText('Slovenija')).toBeVisible();
    expect(screen.getByText('engleski')).toBeVisible();
    expect(screen.getByText('ožujak 2024.')).toBeVisible();
    expect(screen.getByText('1. listopada 2026.')).toBeVisible();
    expect(document.querySelector('img[src="/media/partners/alpavera.webp"]')).toBeInTheDocument();
    expect(screen.getByText('Alpavera')).toBeVisible();
  });

  it('leaves out the subtitle language and the recording date when there are none', async () => {
    renderViewer();
    await getEducation.resolve(siteVideo);
    await advance(500);
    expect(screen.getByText('Predavač')).toBeVisible();
    expect(screen.queryByText('Jezik titlova')).toBeNull();
    expect(screen.queryByText('Snimljeno')).toBeNull();
  });

  it('says an upload is still being processed, polls while it runs and plays its first rendition', async () => {
    renderViewer();
    await getEducation.resolve(processing);
    expectProcessing(processing);
    expect(screen.getByText('U obradi… 42 %')).toBeVisible();
    await advance(TRANSCODE_POLL_MS - 1);
    expect(getEducation.calls).toEqual([3]);
    await advance(1);
    expect(getEducation.calls).toEqual([3, 3]);
    await getEducation.resolve(inTranscode('processing', 60));
    expect(screen.getByText('U obradi… 60 %')).toBeVisible();
    // A failed poll is silent; the next one follows.
    await advance(TRANSCODE_POLL_MS);
    await getEducation.reject(new TypeError('Failed to fetch'));
    expect(screen.queryByRole('alert')).toBeNull();
    await advance(TRANSCODE_POLL_MS);
    expect(getEducation.calls).toEqual([3, 3, 3, 3]);
    await getEducation.resolve(uploaded);
    // Never the original: the HEAD check and the element get the playlist.
    expect(headCheck.calls).toEqual([{ url: stream.playlistUrl, method: 'HEAD' }]);
    await headCheck.resolve(new Response(null, { status: 200 }));
    expect(video()).toHaveAttribute('src', stream.playlistUrl);
    expect(status()).toBeNull();
  });

  it('stops polling a failed transcode and says why', async () => {
    renderViewer();
    await getEducation.resolve(inTranscode('failed'));
    expect(status()).toHaveTextContent(text.videoProcessing);
    expect(
      screen.getByText('Obrada nije uspjela: ffmpeg nije mogao pročitati video.'),
    ).toBeVisible();
    await advance(5 * TRANSCODE_POLL_MS);
    expect(getEducation.calls).toEqual([3]);
    expect(headCheck.calls).toEqual([]);
  });

  it('says the video failed to load, in the SPEC 4 words, when the element fails', async () => {
    renderViewer();
    await getEducation.resolve(uploaded);
    await headCheck.resolve(new Response(null, { status: 200 }));
    fireEvent.error(videoAt(0, false));
    expect(screen.getByRole('alert')).toHaveTextContent('Učitavanje videa edukacije nije uspjelo.');
    expect(screen.getByRole('alert')).toHaveTextContent('Kontaktirajte administartora.');
    // Issue 32: the visitor still sees which video failed, and the failure is under the player.
    expect(detailsTitle()).toHaveTextContent('Implantologija danas');
    expect(screen.getByText(uploaded.partner.name)).toBeVisible();
    const stage = document.querySelector('.education-viewer__stage');
    expect(stage?.contains(screen.getByRole('alert'))).toBe(false);
    expect(stage?.querySelector('img')).toHaveAttribute('src', uploaded.thumbnailUrl);
    await advance(500);
    expect(screen.getByText(uploaded.lecturer)).toBeVisible();
  });

  it('fails the video when its HEAD check answers an error status', async () => {
    renderViewer();
    await getEducation.resolve(uploaded);
    await headCheck.resolve(new Response(null, { status: 403 }));
    expectFailure();
  });

  it('renews an expired address mid-watch and resumes at the same position, playing', async () => {
    await readyUploadedVideo();
    fireEvent.error(videoAt(42.5, true));
    expect(getEducation.calls).toEqual([3, 3]);
    await getEducation.resolve(renewed);
    const resumed = video();
    expect(resumed).toHaveAttribute('src', renewed.videoUrl);
    fireEvent.loadedMetadata(resumed ?? document.body);
    expect(resumed?.currentTime).toBe(42.5);
    expect(resumed?.autoplay).toBe(true);
    fireEvent.canPlay(resumed ?? document.body);
    // The details stayed through the renewal.
    expect(detailsTitle()).toHaveTextContent('Implantologija danas');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('renews an expired HLS playlist when the stream player fails, and resumes there', async () => {
    // The stream player as the machine sees it: told the element and the quality, and failing
    // (hls.js: a fatal 403 on a segment) at 42.5 s.
    const told: StreamCommand[] = [];
    const inputs: string[] = [];
    let failStream = (): void => undefined;
    const machine = educationViewerMachine.provide({
      actors: {
        loadEducation: fromPromise(({ input }: { input: { id: number } }) =>
          Promise.resolve(getEducation.calls.push(input.id) > 1 ? renewedStream : streamed),
        ),
        checkVideo: fromPromise(() => Promise.resolve(undefined)),
        playStream: fromCallback<StreamCommand, StreamInput, EducationViewerEvent>(
          ({ input, receive, sendBack }) => {
            inputs.push(input.playlistUrl);
            receive((command) => told.push(command));
            failStream = () => sendBack({ type: 'VIDEO_FAILED', position: 42.5, playing: true });
          },
        ),
      },
    });
    getEducation.reset();
    const actor = createActor(machine, { input: { educationId: '3' } }).start();
    await vi.waitFor(() =>
      expect(actor.getSnapshot().matches({ loaded: { stream: 'on' } })).toBe(true),
    );
    const element = document.createElement('video');
    actor.send({ type: 'VIDEO_ELEMENT', element });
    actor.send({ type: 'VIDEO_READY' });
    actor.send({ type: 'SET_QUALITY', height: 720 });
    actor.send({ type: 'SET_CAPTIONS', language: 'en' });
    expect(told).toEqual([
      { type: 'VIDEO_ELEMENT', element },
      { type: 'SET_QUALITY', height: 720 },
    ]);
    failStream();
    await vi.waitFor(() =>
      expect(actor.getSnapshot().matches({ loaded: { video: 'resuming' } })).toBe(true),
    );
    expect(getEducation.calls).toEqual([3, 3]);
    // A new player on the fresh playlist; the quality and captions chosen stay.
    expect(inputs).toEqual([stream.playlistUrl, renewedStream.stream.playlistUrl]);
    const resumed = selectViewerVideo(actor.getSnapshot());
    expect(resumed).toMatchObject({
      kind: 'stream',
      playlistUrl: renewedStream.stream.playlistUrl,
      startAt: 42.5,
      autoPlay: true,
      quality: 720,
      captionLanguage: 'en',
    });
    actor.stop();
  });

  it('shows the chosen captions track and hides it again with "Isključeno"', async () => {
    renderViewer();
    await getEducation.resolve(streamed);
    await headCheck.resolve(new Response(null, { status: 200 }));
    const element = video();
    if (!element) throw new Error('no video element');
    const track = { language: 'en', mode: 'disabled' };
    Object.defineProperty(element, 'textTracks', { value: [track], configurable: true });
    fireEvent.change(captionsSelect() ?? document.body, { target: { value: 'en' } });
    expect(track.mode).toBe('showing');
    fireEvent.change(captionsSelect() ?? document.body, { target: { value: '' } });
    expect(track.mode).toBe('disabled');
  });

  it('offers no quality where the browser plays HLS itself, and gives it the playlist', async () => {
    // Safari and iOS: canPlayType answers for HLS, the element plays the playlist and picks the
    // rendition itself; there is no level to pin, so no select that would do nothing.
    const canPlay = vi
      .spyOn(HTMLMediaElement.prototype, 'canPlayType')
      .mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''));
    try {
      renderViewer();
      await getEducation.resolve(streamed);
      await headCheck.resolve(new Response(null, { status: 200 }));
      expect(video()).toHaveAttribute('src', streamed.stream?.playlistUrl);
      expect(qualitySelect()).toBeNull();
      expect(captionsSelect()).toBeVisible();
    } finally {
      canPlay.mockRestore();
    }
  });

  it('fails for good when the renewed address fails too', async () => {
    await readyUploadedVideo();
    fireEvent.error(videoAt(10, false));
    await getEducation.resolve(renewed);
    fireEvent.error(videoAt(0, false));
    expectFailure();
    expect(getEducation.calls).toHaveLength(2);
  });

  it('goes back to the library at once for an address no education has, and says so', () => {
    renderViewer('0');
    expect(app.history).toEqual(['/edukacije/']);
    expect(getEducation.calls).toEqual([]);
    expect(app.notices).toEqual([{ tone: 'error', text: text.educationUnavailable }]);
  });

  it('goes back to the library for an unknown or hidden education (404), and says so', async () => {
    renderViewer('99');
    await getEducation.reject(new ApiError(404, { errors: ['Not found.'] }));
    expect(app.history).toEqual(['/edukacije/']);
    expect(app.notices).toEqual([
      { tone: 'error', text: 'Ta edukacija ne postoji ili vam nije dostupna.' },
    ]);
  });

  it.each([
    ['the connection fails', new TypeError('Failed to fetch')],
    ['the server fails', new ApiError(500, null)],
  ])('goes back to the library when %s, saying the fetch failed', async (_case, error) => {
    renderViewer('99');
    await getEducation.reject(error);
    expect(app.history).toEqual(['/edukacije/']);
    expect(app.notices).toEqual([
      { tone: 'error', text: 'Nažalost, nije uspjelo učitavanje edukacije. Pokušajte ponovno.' },
    ]);
  });

  it('loads the video site only on play: preview first, then the no-cookie player', async () => {
    renderViewer();
    await getEducation.resolve(siteVideo);
    expect(iframe()).toBeNull();
    expect(headCheck.calls).toEqual([]);
    playButton()?.focus();
    fireEvent.keyDown(playButton() ?? document.body, { key: 'Enter' });
    fireEvent.click(playButton() ?? document.body);
    expect(iframe()?.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    );
  });

  it('moves focus into the viewer once the education is loaded', async () => {
    renderViewer();
    await getEducation.resolve(uploaded);
    expect(screen.getByRole('region', { name: 'Implantologija danas' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Natrag na popis edukacija' })).toHaveAttribute(
      'href',
      '/edukacije/',
    );
  });
});

/**
 * SPEC 4 "Viewer", 7 and 9 as a model: what the visitor was sent, what the video did and how long
 * ago it became ready. Nothing here is read from the machine.
 */
interface ViewerModel {
  stage:
    | 'loading'
    | 'left'
    | 'checking'
    | 'buffering'
    | 'playing'
    | 'renewing'
    | 'resuming'
    | 'failed'
    | 'preview'
    | 'embedded';
  /** Milliseconds the visitor waited in all. */
  now: number;
  /** When the video (or a video site's preview) was first ready: the details' clock starts. */
  readyAt: number | null;
  fetches: number;
  videoUrl: string | null;
}

describe('education viewer random paths', () => {
  useFakeTimers();
  const onStage =
    (...stages: ViewerModel['stage'][]) =>
    (model: ViewerModel) =>
      stages.includes(model.stage);

  const viewerSteps = [
    fc.constant(
      step<ViewerModel>(
        'poslužitelj šalje edukaciju s videom na našem poslužitelju',
        async (model) => {
          await getEducation.resolve(uploaded);
          Object.assign(model, { stage: 'checking', videoUrl: uploaded.videoUrl });
        },
        onStage('loading'),
      ),
    ),
    fc.constant(
      step<ViewerModel>(
        'poslužitelj šalje edukaciju s videom s YouTubea',
        async (model) => {
          await getEducation.resolve(siteVideo);
          Object.assign(model, { stage: 'preview', readyAt: model.now });
        },
        onStage('loading'),
      ),
    ),
    fc.constant(
      step<ViewerModel>(
        'poslužitelj ne nalazi edukaciju',
        async (model) => {
          await getEducation.reject(new ApiError(404, null));
          model.stage = 'left';
        },
        onStage('loading'),
      ),
    ),
    fc.boolean().map((ok) =>
      step<ViewerModel>(
        ok ? 'provjera videa (HEAD) uspijeva' : 'provjera videa (HEAD) ne uspijeva',
        async (model) => {
          if (ok) await headCheck.resolve(new Response(null, { status: 200 }));
          else await headCheck.reject(new TypeError('Failed to fetch'));
          model.stage = ok ? 'buffering' : 'failed';
          // Issue 32: a failed video keeps its title and details (their clock starts then).
          if (!ok) model.readyAt ??= model.now;
        },
        onStage('checking'),
      ),
    ),
    fc.constant(
      step<ViewerModel>(
        'video je spreman za gledanje',
        (model) => {
          fireEvent.canPlay(video() ?? document.body);
          model.readyAt ??= model.now;
          model.stage = 'playing';
        },
        onStage('buffering', 'resuming'),
      ),
    ),
    fc
      .record({ position: fc.integer({ min: 0, max: 3600 }), playing: fc.boolean() })
      .map(({ position, playing }) =>
        step<ViewerModel>(
          `video javlja grešku na ${position}. sekundi${playing ? ' dok se gleda' : ''}`,
          (model) => {
            fireEvent.error(videoAt(position, playing));
            // SPEC 7: an address that expired while watching is renewed once; any other
            // failure (before it played, or right after a renewal) is a failure.
            if (model.stage === 'playing') {
              model.stage = 'renewing';
              model.fetches += 1;
            } else {
              model.stage = 'failed';
              model.readyAt ??= model.now;
            }
          },
          onStage('buffering', 'playing', 'resuming'),
        ),
      ),
    fc.boolean().map((ok) =>
      step<ViewerModel>(
        ok ? 'poslužitelj šalje novu adresu videa' : 'nova adresa videa ne stiže',
        async (model) => {
          if (ok) await getEducation.resolve(renewed);
          else await getEducation.reject(new ApiError(404, null));
          model.stage = ok ? 'resuming' : 'failed';
          if (ok) model.videoUrl = renewed.videoUrl;
          else model.readyAt ??= model.now;
        },
        onStage('renewing'),
      ),
    ),
    fc.constant(
      step<ViewerModel>(
        "pritisni 'Pokreni'",
        (model) => {
          fireEvent.click(playButton() ?? document.body);
          model.stage = 'embedded';
        },
        onStage('preview'),
      ),
    ),
    fc.integer({ min: 1, max: 1200 }).map((ms) =>
      step<ViewerModel>(`pričekaj ${ms} ms`, async (model) => {
        await act(() => vi.advanceTimersByTimeAsync(ms));
        model.now += ms;
      }),
    ),
  ];

  testRandomPaths<ViewerModel>('educationViewer', {
    startLabel: 'Otvori edukaciju 3',
    // Steps that cannot happen yet are skipped: long sequences still make short paths.
    maxSteps: 40,
    start: () => {
      renderViewer();
      return { stage: 'loading', now: 0, readyAt: null, fetches: 1, videoUrl: null };
    },
    numRuns: 60,
    // An uploaded video and its own steps (HEAD check to renewal) are drawn three times as
    // often: the renewal is several steps deep.
    steps: [
      ...viewerSteps,
      ...viewerSteps.slice(0, 1),
      ...viewerSteps.slice(0, 1),
      ...viewerSteps.slice(3, 7),
      ...viewerSteps.slice(3, 7),
    ],
    invariants: (model) => {
      // One fetch to open, one per expired address, never another.
      expect(getEducation.calls).toHaveLength(model.fetches);
      expect(headCheck.calls.length).toBeLessThanOrEqual(1);
      if (model.stage === 'left') expect(app.location()).toBe('/edukacije/');
      // Issue 29: never back to the library without a word.
      expect(app.notices).toEqual(
        model.stage === 'left' ? [{ tone: 'error', text: text.educationUnavailable }] : [],
      );
      if (model.stage === 'failed') expectFailure();
      else expect(screen.queryByRole('alert')).toBeNull();
      const showsVideo = ['buffering', 'playing', 'resuming'].includes(model.stage);
      if (showsVideo) expect(video()).toHaveAttribute('src', model.videoUrl);
      else expect(video()).toBeNull();
      if (model.stage === 'embedded') expect(iframe()).not.toBeNull();
      else expect(iframe()).toBeNull();
      // SPEC 9: the details show once the video is ready and expand 0.5 s later, not sooner.
      const sinceReady = model.readyAt === null ? null : model.now - model.readyAt;
      if (sinceReady === null || model.stage === 'left') expect(detailsTitle()).toBeNull();
      else expect(detailsTitle()).toHaveTextContent('Implantologija danas');
      const expanded = sinceReady !== null && sinceReady >= 500 && model.stage !== 'left';
      if (expanded) expect(screen.getByText(text.lecturer)).toBeVisible();
      else expect(screen.queryByText(text.lecturer)).toBeNull();
    },
  });
});
