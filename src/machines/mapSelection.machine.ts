/**
 * The region map of the sales representatives (SPEC 2 "About us", 4 "Map", 8 "Other", 9): the
 * shapes load on demand (a failure is only logged), then no region or one region is selected.
 * Selecting scrolls to the top; selecting the selected region again, Escape or scrolling down
 * clears the selection. The container provides `loadShapes` (d3-geo and the map data, loaded
 * with a dynamic import), `watchScroll` (sends SCROLLED_DOWN), `scrollToTop` and `logFailure`.
 */
import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { RegionId } from '../data/regions.ts';

/** The map as the view draws it: projected SVG paths grouped by region. */
export interface MapShapes {
  width: number;
  height: number;
  regions: RegionShape[];
}

export interface RegionShape {
  regionId: RegionId;
  /** One SVG path per county of the region. */
  counties: { county: string; d: string }[];
  /** Where the region's name label sits, in view-box units. */
  label: { x: number; y: number };
}

export interface MapSelectionContext {
  shapes: MapShapes | null;
  selectedRegionId: RegionId | null;
}

export type MapSelectionEvent =
  { type: 'SELECT'; regionId: RegionId } | { type: 'CLEAR' } | { type: 'SCROLLED_DOWN' };

/** The region a SELECT event names, as the params of the guard and the action that read it. */
const regionOfEvent = ({ event }: { event: Extract<MapSelectionEvent, { type: 'SELECT' }> }) => ({
  regionId: event.regionId,
});
const selectEventRegion = { type: 'select', params: regionOfEvent } as const;

export const mapSelectionMachine = setup({
  types: {
    context: {} as MapSelectionContext,
    events: {} as MapSelectionEvent,
  },
  // Stryker disable next-line ObjectLiteral: RegionMapContainer always provides loadShapes and watchScroll; these defaults never run.
  actors: {
    loadShapes: fromPromise<MapShapes>(() =>
      Promise.reject(new Error('loadShapes is provided by the container')),
    ),
    /** Runs while a region is selected; sends SCROLLED_DOWN when the visitor scrolls down. */
    watchScroll: fromCallback<MapSelectionEvent>(() => undefined),
  },
  actions: {
    select: assign((_, { regionId }: { regionId: RegionId }) => ({ selectedRegionId: regionId })),
    clear: assign({ selectedRegionId: null }),
    scrollToTop: () => undefined,
    logFailure: (_, _params: { error: unknown }) => undefined,
  },
  guards: {
    isSelectedRegion: ({ context }, { regionId }: { regionId: RegionId }) =>
      regionId === context.selectedRegionId,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no `#mapSelection` target exists; the id only names the actor in the dev inspector.
  id: 'mapSelection',
  // Stryker disable next-line ObjectLiteral: from {} both are undefined: shapes are shown only once loaded (set then), and the view compares and finds by selectedRegionId, so undefined selects nothing, as null does.
  context: { shapes: null, selectedRegionId: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadShapes',
        src: 'loadShapes',
        onDone: { target: 'ready', actions: assign({ shapes: ({ event }) => event.output }) },
        onError: {
          target: 'unavailable',
          actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** SPEC 8 "Other": the failure is logged; the page simply has no map. */
    // Stryker disable next-line ObjectLiteral,StringLiteral: no transition leaves it and nothing reads the actor's status; the container shows nothing in it, final or not.
    unavailable: { type: 'final' },
    ready: {
      initial: 'none',
      states: {
        none: {
          on: { SELECT: { target: 'selected', actions: [selectEventRegion, 'scrollToTop'] } },
        },
        selected: {
          invoke: { src: 'watchScroll' },
          on: {
            SELECT: [
              {
                guard: { type: 'isSelectedRegion', params: regionOfEvent },
                target: 'none',
                actions: 'clear',
              },
              {
                // Stryker disable next-line StringLiteral: '' is XState's targetless transition, and targeting 'selected' from itself (reenter false) exits and enters nothing either.
                target: 'selected',
                actions: [selectEventRegion, 'scrollToTop'],
              },
            ],
            CLEAR: { target: 'none', actions: 'clear' },
            SCROLLED_DOWN: { target: 'none', actions: 'clear' },
          },
        },
      },
    },
  },
});

type MapSelectionSnapshot = SnapshotFrom<typeof mapSelectionMachine>;

/** The shapes to draw, or null while loading and when they could not be loaded. */
export const selectMapShapes = (snapshot: MapSelectionSnapshot) =>
  snapshot.matches('ready') ? snapshot.context.shapes : null;

export const selectMapUnavailable = (snapshot: MapSelectionSnapshot) =>
  snapshot.matches('unavailable');

/** Every way out of `ready.selected` clears it, so it is set exactly while a region is selected. */
export const selectSelectedRegionId = (snapshot: MapSelectionSnapshot) =>
  snapshot.context.selectedRegionId;
