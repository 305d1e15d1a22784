/**
 * The education viewer (SPEC 2 "Education viewer", 4 "Viewer", 7, 9), a child of the library:
 * loading, then loaded; an education that cannot be fetched sends the visitor back to the library.
 * An uploaded video is checked with a HEAD request first (SPEC 7), then plays in the video element;
 * a video of the video-sharing site shows a preview and loads the site's player only when the
 * visitor presses play. The details appear once the video is ready and expand 0.5 s later
 * (SPEC 9). An uploaded video's address is signed and expires: when the element fails after it
 * played, the education is fetched again for a fresh address and the video resumes where it was.
 * Injected: `loadEducation`, `checkVideo`, `goToLibrary` (navigation).
 */
import { assign, fromPromise, setup, stateIn, type SnapshotFrom } from 'xstate';
import { videoSiteEmbedUrl, videoSiteVideoId, type Education } from '../api/contract.ts';
import { educationThumbnailUrl } from '../api/educations.ts';
import { parseEducationId } from '../routes.ts';

/** SPEC 9: the details expand this long after the video is ready. */
export const DETAILS_EXPAND_MS = 500;

export interface EducationViewerContext {
  educationId: number;
  education: Education | null;
  /** Where the video continues after its address was renewed (seconds), and whether it played. */
  resumeAt: number;
  resumePlaying: boolean;
}

export type EducationViewerEvent =
  | { type: 'VIDEO_READY' }
  | { type: 'VIDEO_FAILED'; position: number; playing: boolean }
  | { type: 'PLAY' };

const isSiteVideo = (education: Education | null) =>
  education !== null && videoSiteVideoId(education.videoUrl) !== null;

export const educationViewerMachine = setup({
  types: {
    input: {} as { educationId: string },
    context: {} as EducationViewerContext,
    events: {} as EducationViewerEvent,
  },
  actors: {
    loadEducation: fromPromise<Education, { id: number }>(() =>
      Promise.reject(new Error('loadEducation is provided by the container')),
    ),
    checkVideo: fromPromise<undefined, { url: string }>(() =>
      Promise.reject(new Error('checkVideo is provided by the container')),
    ),
  },
  actions: {
    goToLibrary: () => undefined,
  },
  guards: {
    knownId: ({ context }) => !Number.isNaN(context.educationId),
    siteVideo: ({ context }) => isSiteVideo(context.education),
  },
}).createMachine({
  id: 'educationViewer',
  context: ({ input }) => ({
    educationId: parseEducationId(input.educationId),
    education: null,
    resumeAt: 0,
    resumePlaying: false,
  }),
  initial: 'checkingId',
  states: {
    // An address no education can have goes back without asking the server.
    checkingId: {
      always: [
        { guard: 'knownId', target: 'loading' },
        { target: 'leaving', actions: 'goToLibrary' },
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
        onError: { target: 'leaving', actions: 'goToLibrary' },
      },
    },
    leaving: { type: 'final' },
    loaded: {
      type: 'parallel',
      states: {
        video: {
          initial: 'choosing',
          states: {
            choosing: {
              always: [{ guard: 'siteVideo', target: 'preview' }, { target: 'checking' }],
            },
            preview: {
              on: { PLAY: { target: 'embedded' } },
            },
            embedded: {},
            checking: {
              invoke: {
                id: 'checkVideo',
                src: 'checkVideo',
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
                onDone: {
                  target: 'resuming',
                  actions: assign({ education: ({ event }) => event.output }),
                },
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
              // The preview of a video-site video is ready at once: the site loads only on play.
              always: { guard: 'siteVideo', target: 'shown' },
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
  | { kind: 'failed' }
  | { kind: 'checking' }
  | { kind: 'renewing' }
  | {
      kind: 'file';
      src: string;
      /** Seconds to seek to once the video's metadata is in, and whether to play on from there. */
      startAt: number;
      autoPlay: boolean;
    }
  /** The site's player loads only on play; its thumbnail is null when the bundled one shows. */
  | { kind: 'sitePreview'; thumbnailUrl: string | null }
  | { kind: 'siteEmbed'; embedUrl: string };

type VideoStateName =
  | 'preview'
  | 'embedded'
  | 'checking'
  | 'buffering'
  | 'playable'
  | 'renewing'
  | 'resuming'
  | 'failed';

export function selectViewerVideo(snapshot: EducationViewerSnapshot): ViewerVideo {
  const { education, resumeAt, resumePlaying } = snapshot.context;
  if (!education || !snapshot.matches('loaded')) return { kind: 'loading' };
  const state = (name: VideoStateName) => snapshot.matches({ loaded: { video: name } });
  if (state('preview')) {
    return { kind: 'sitePreview', thumbnailUrl: educationThumbnailUrl(education) };
  }
  if (state('embedded')) {
    // One click is enough: the player starts as it loads.
    const embedUrl = `${videoSiteEmbedUrl(videoSiteVideoId(education.videoUrl) ?? '')}?autoplay=1`;
    return { kind: 'siteEmbed', embedUrl };
  }
  if (state('failed')) return { kind: 'failed' };
  if (state('renewing')) return { kind: 'renewing' };
  if (state('buffering') || state('playable') || state('resuming')) {
    return { kind: 'file', src: education.videoUrl, startAt: resumeAt, autoPlay: resumePlaying };
  }
  return { kind: 'checking' };
}

export const selectViewerEducation = ({ context }: EducationViewerSnapshot) => context.education;

export type ViewerDetails = 'hidden' | 'collapsed' | 'expanded';

export function selectViewerDetails(snapshot: EducationViewerSnapshot): ViewerDetails {
  if (snapshot.matches({ loaded: { details: { shown: 'expanded' } } })) return 'expanded';
  if (snapshot.matches({ loaded: { details: 'shown' } })) return 'collapsed';
  return 'hidden';
}
