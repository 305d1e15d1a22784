/**
 * The education viewer (SPEC 2 "Education viewer", 4 "Viewer", 7, 9), a child of the library:
 * loading, then loaded; an education that cannot be fetched sends the visitor back to the library
 * with a message that says why (it does not exist or is not theirs to see, or the fetch failed).
 * An uploaded video is checked with a HEAD request first (SPEC 7), then plays in the video element;
 * one without a published rendition yet (only administrators see it) shows its transcode's state
 * instead, fetched again every TRANSCODE_POLL_MS while it is queued or processing, and plays as
 * soon as a first rendition is published (the uploaded original is never served, decision 0049);
 * a video of the video-sharing site shows a preview and loads the site's player only when the
 * visitor presses play. The details appear once the video is ready and expand 0.5 s later
 * (SPEC 9), or once it failed: the visitor still sees which video it was (issue 32). An uploaded video's address is signed and expires: when the element fails after it
 * played, the education is fetched again for a fresh address and the video resumes where it was.
 * An uploaded video is transcoded to HLS (issue 27) and plays its `stream.playlistUrl` through the
 * injected `playStream` callback actor (hls.js or the browser's own HLS), which lives while the
 * video element shows it; the visitor picks a quality (forwarded to it) and a captions language.
 * Injected: `loadEducation`, `checkVideo`, `playStream`, `goToLibrary` (navigation, with the
 * message to show there).
 */
import {
  and,
  assign,
  fromCallback,
  fromPromise,
  not,
  or,
  setup,
  stateIn,
  type SnapshotFrom,
} from 'xstate';
import { videoSiteEmbedUrl, videoSiteVideoId, type Education } from '../api/contract.ts';
import { educationThumbnailUrl } from '../api/educations.ts';
import { ApiError } from '../api/errors.ts';
import { educationsMessages } from '../messages/educations.ts';
import { parseEducationId } from '../routes.ts';
import { isTranscoding, TRANSCODE_POLL_MS } from './transcodes.ts';

const text = educationsMessages;

/** SPEC 9: the details expand this long after the video is ready. */
export const DETAILS_EXPAND_MS = 500;

export interface EducationViewerContext {
  educationId: number;
  education: Education | null;
  /** Where the video continues after its address was renewed (seconds), and whether it played. */
  resumeAt: number;
  resumePlaying: boolean;
  /** The chosen rendition's height, or null for automatic (ABR). */
  quality: number | null;
  /** The shown captions' language, or null for none. */
  captionLanguage: string | null;
}

export type EducationViewerEvent =
  | { type: 'VIDEO_READY' }
  | { type: 'VIDEO_FAILED'; position: number; playing: boolean }
  | { type: 'PLAY' }
  | { type: 'VIDEO_ELEMENT'; element: HTMLVideoElement }
  | { type: 'SET_QUALITY'; height: number | null }
  | { type: 'SET_CAPTIONS'; language: string | null };

/** What the stream actor is told while it runs: the element to attach to, the chosen quality. */
export type StreamCommand =
  | { type: 'VIDEO_ELEMENT'; element: HTMLVideoElement }
  | { type: 'SET_QUALITY'; height: number | null };

export interface StreamInput {
  playlistUrl: string;
}

const isSiteVideo = (education: Education | null) =>
  // Stryker disable next-line ConditionalExpression: asked only in 'loaded', which the loaded education enters
  education !== null && videoSiteVideoId(education.videoUrl) !== null;

// Stryker disable next-line OptionalChaining: the machine asks only with the loaded education, the selectors after their own null check
const playlistOf = (education: Education | null) => education?.stream?.playlistUrl ?? null;

/** The states in which the video element shows the uploaded video. */
const showsVideo = or([
  stateIn({ loaded: { video: 'buffering' } }),
  stateIn({ loaded: { video: 'playable' } }),
  stateIn({ loaded: { video: 'resuming' } }),
]);

export const educationViewerMachine = setup({
  types: {
    input: {} as { educationId: string },
    context: {} as EducationViewerContext,
    events: {} as EducationViewerEvent,
  },
  // Stryker disable next-line ObjectLiteral: the container always provides all three actors
  actors: {
    loadEducation: fromPromise<Education, { id: number }>(() =>
      Promise.reject(new Error('loadEducation is provided by the container')),
    ),
    checkVideo: fromPromise<undefined, { url: string }>(() =>
      Promise.reject(new Error('checkVideo is provided by the container')),
    ),
    /**
     * Attaches `playlistUrl` to the element it is sent (hls.js or native HLS) and sends back
     * `VIDEO_FAILED` when the stream fails for good (an expired address answers 403/404).
     */
    playStream: fromCallback<StreamCommand, StreamInput, EducationViewerEvent>(() => undefined),
  },
  actions: {
    goToLibrary: (_, _message: string) => undefined,
    // Not sendTo: a model test replays the machine without its invoked actors.
    tellStream: ({ self, event }) => {
      // Stryker disable next-line ConditionalExpression: only VIDEO_ELEMENT and SET_QUALITY run this action
      if (event.type === 'VIDEO_ELEMENT' || event.type === 'SET_QUALITY') {
        self.getSnapshot().children.playStream?.send(event);
      }
    },
  },
  guards: {
    knownId: ({ context }) => !Number.isNaN(context.educationId),
    /** The server knows no such education for this visitor (404), as opposed to a failed fetch. */
    unavailable: ({ event }) => {
      const { error } = event as { error?: unknown };
      return error instanceof ApiError && error.status === 404;
    },
    siteVideo: ({ context }) => isSiteVideo(context.education),
    streamed: ({ context }) => playlistOf(context.education) !== null,
    transcoding: ({ context }) => isTranscoding(context.education),
  },
}).createMachine({
  id: 'educationViewer',
  context: ({ input }) => ({
    educationId: parseEducationId(input.educationId),
    education: null,
    resumeAt: 0,
    resumePlaying: false,
    quality: null,
    captionLanguage: null,
  }),
  initial: 'checkingId',
  states: {
    // An address no education can have goes back without asking the server.
    checkingId: {
      always: [
        { guard: 'knownId', target: 'loading' },
        { target: 'leaving', actions: { type: 'goToLibrary', params: text.educationUnavailable } },
      ],
    },
    loading: {
      invoke: {
        id: 'loadEducation',
        src: 'loadEducation',
        input: ({ context }) => ({ id: context.educationId }),
        onDone: {
          target: 'loaded',
          actions: assign({ education: ({ event }) => event.output }),
        },
        onError: [
          {
            guard: 'unavailable',
            target: 'leaving',
            actions: { type: 'goToLibrary', params: text.educationUnavailable },
          },
          {
            target: 'leaving',
            actions: { type: 'goToLibrary', params: text.educationLoadFailed },
          },
        ],
      },
    },
    leaving: { type: 'final' },
    loaded: {
      type: 'parallel',
      states: {
        // The HLS player runs while the element shows a streamed video; a renewed address
        // (renewing, then resuming) starts a new one on the fresh playlist.
        stream: {
          initial: 'off',
          states: {
            off: { always: { guard: and(['streamed', showsVideo]), target: 'on' } },
            on: {
              always: { guard: not(showsVideo), target: 'off' },
              invoke: {
                id: 'playStream',
                src: 'playStream',
                // Stryker disable next-line StringLiteral: 'on' is entered only when streamed, so the playlist is there
                input: ({ context }) => ({ playlistUrl: playlistOf(context.education) ?? '' }),
              },
              on: {
                VIDEO_ELEMENT: { actions: 'tellStream' },
                SET_CAPTIONS: {
                  actions: assign({ captionLanguage: ({ event }) => event.language }),
                },
                SET_QUALITY: {
                  actions: [assign({ quality: ({ event }) => event.height }), 'tellStream'],
                },
              },
            },
          },
        },
        video: {
          initial: 'choosing',
          states: {
            choosing: {
              always: [
                { guard: 'siteVideo', target: 'preview' },
                { guard: 'streamed', target: 'checking' },
                { target: 'processing' },
              ],
            },
            // No rendition to play yet: the transcode's state, fetched again while it runs.
            processing: {
              initial: 'waiting',
              states: {
                waiting: {
                  always: [
                    { guard: 'streamed', target: '#educationViewer.loaded.video.checking' },
                    // Failed: nothing changes until an administrator retries on the edit page.
                    { guard: not('transcoding'), target: 'stopped' },
                  ],
                  after: { [TRANSCODE_POLL_MS]: { target: 'polling' } },
                },
                polling: {
                  invoke: {
                    id: 'pollEducation',
                    src: 'loadEducation',
                    input: ({ context }) => ({ id: context.educationId }),
                    onDone: {
                      target: 'waiting',
                      actions: assign({ education: ({ event }) => event.output }),
                    },
                    // A failed poll is silent: the next one may succeed.
                    onError: { target: 'waiting' },
                  },
                },
                stopped: {},
              },
            },
            preview: {
              on: { PLAY: { target: 'embedded' } },
            },
            embedded: {},
            checking: {
              invoke: {
                id: 'checkVideo',
                src: 'checkVideo',
                // The playlist: an upload's videoUrl (decision 0049).
                // Stryker disable next-line OptionalChaining,StringLiteral: 'loaded' is entered with the education set
                input: ({ context }) => ({ url: context.education?.videoUrl ?? '' }),
                onDone: { target: 'buffering' },
                onError: { target: 'failed' },
              },
            },
            buffering: {
              on: { VIDEO_READY: { target: 'playable' }, VIDEO_FAILED: { target: 'failed' } },
            },
            playable: {
              on: {
                VIDEO_FAILED: {
                  target: 'renewing',
                  actions: assign({
                    resumeAt: ({ event }) => event.position,
                    resumePlaying: ({ event }) => event.playing,
                  }),
                },
              },
            },
            renewing: {
              invoke: {
                id: 'renewVideoUrl',
                src: 'loadEducation',
                input: ({ context }) => ({ id: context.educationId }),
                onDone: [
                  {
                    guard: ({ event }) => playlistOf(event.output) !== null,
                    target: 'resuming',
                    actions: assign({ education: ({ event }) => event.output }),
                  },
                  // No playlist any more (transcoded again meanwhile): nothing to resume on.
                  { target: 'failed' },
                ],
                onError: { target: 'failed' },
              },
            },
            // A second failure right after a fresh address is a real failure, not an expiry.
            resuming: {
              on: { VIDEO_READY: { target: 'playable' }, VIDEO_FAILED: { target: 'failed' } },
            },
            failed: {},
          },
        },
        details: {
          initial: 'hidden',
          states: {
            hidden: {
              always: [
                // The preview of a video-site video is ready at once: the site loads only on play.
                { guard: 'siteVideo', target: 'shown' },
                // A failed video keeps its title and details: the visitor sees which one failed.
                { guard: stateIn({ loaded: { video: 'failed' } }), target: 'shown' },
              ],
              // Ready the first time only: a resumed video finds the details shown already.
              on: {
                VIDEO_READY: {
                  guard: stateIn({ loaded: { video: 'buffering' } }),
                  target: 'shown',
                },
              },
            },
            shown: {
              initial: 'collapsed',
              states: {
                collapsed: { after: { [DETAILS_EXPAND_MS]: { target: 'expanded' } } },
                expanded: {},
              },
            },
          },
        },
      },
    },
  },
});

type EducationViewerSnapshot = SnapshotFrom<typeof educationViewerMachine>;

/** What the video area shows. */
export type ViewerVideo =
  | { kind: 'loading' }
  /** The video cannot play; its poster (or thumbnail) stays in the player's place when it has one. */
  | { kind: 'failed'; posterUrl: string | null }
  | { kind: 'checking' }
  | { kind: 'renewing' }
  /** An upload without a published rendition: its transcode's state (null: none reported). */
  | { kind: 'processing'; stream: Education['stream'] }
  /** An HLS stream: the stream actor gives the element its source. */
  | {
      kind: 'stream';
      /** Changes when the address is renewed: the element starts over. */
      playlistUrl: string;
      /** Seconds to seek to once the video's metadata is in, and whether to play on from there. */
      startAt: number;
      autoPlay: boolean;
      posterUrl: string | null;
      /** The published rendition heights, for the quality select, and the chosen one. */
      renditions: number[];
      quality: number | null;
      captions: Education['captions'];
      captionLanguage: string | null;
    }
  /** The site's player loads only on play; its thumbnail is null when the bundled one shows. */
  | { kind: 'sitePreview'; thumbnailUrl: string | null }
  | { kind: 'siteEmbed'; embedUrl: string };

type VideoStateName =
  | 'preview'
  | 'embedded'
  | 'processing'
  | 'checking'
  | 'buffering'
  | 'playable'
  | 'renewing'
  | 'resuming'
  | 'failed';

export function selectViewerVideo(snapshot: EducationViewerSnapshot): ViewerVideo {
  const { education, resumeAt, resumePlaying } = snapshot.context;
  // Stryker disable next-line LogicalOperator: the education is set exactly when 'loaded' is entered
  if (!education || !snapshot.matches('loaded')) return { kind: 'loading' };
  const state = (name: VideoStateName) => snapshot.matches({ loaded: { video: name } });
  if (state('preview')) {
    return { kind: 'sitePreview', thumbnailUrl: educationThumbnailUrl(education) };
  }
  if (state('embedded')) {
    // One click is enough: the player starts as it loads.
    // Stryker disable next-line StringLiteral: 'embedded' follows 'preview', entered only for a video-site address
    const embedUrl = `${videoSiteEmbedUrl(videoSiteVideoId(education.videoUrl) ?? '')}?autoplay=1`;
    return { kind: 'siteEmbed', embedUrl };
  }
  if (state('failed')) return { kind: 'failed', posterUrl: posterOf(education) };
  if (state('processing')) return { kind: 'processing', stream: education.stream };
  if (state('renewing')) return { kind: 'renewing' };
  const playlistUrl = playlistOf(education);
  // Stryker disable next-line ConditionalExpression: these states are reached only through 'streamed', and a renewal without a playlist fails instead
  if (playlistUrl !== null && (state('buffering') || state('playable') || state('resuming'))) {
    const { quality, captionLanguage } = snapshot.context;
    return {
      kind: 'stream',
      playlistUrl,
      startAt: resumeAt,
      autoPlay: resumePlaying,
      posterUrl: posterOf(education),
      // Stryker disable next-line OptionalChaining,ArrayDeclaration: a streamed education has its stream
      renditions: education.stream?.renditions ?? [],
      quality,
      captions: education.captions,
      captionLanguage,
    };
  }
  return { kind: 'checking' };
}

// Stryker disable next-line OptionalChaining: shown only for a streamed education (failed keeps the one that streamed), which has its stream
const posterOf = (education: Education) =>
  education.thumbnailUrl ?? education.stream?.posterUrl ?? null;

export const selectViewerEducation = ({ context }: EducationViewerSnapshot) => context.education;

export type ViewerDetails = 'hidden' | 'collapsed' | 'expanded';

export function selectViewerDetails(snapshot: EducationViewerSnapshot): ViewerDetails {
  if (snapshot.matches({ loaded: { details: { shown: 'expanded' } } })) return 'expanded';
  if (snapshot.matches({ loaded: { details: 'shown' } })) return 'collapsed';
  return 'hidden';
}
