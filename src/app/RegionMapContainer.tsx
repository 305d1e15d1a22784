import { useMachine } from '@xstate/react';
import { useId } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import { salesRepresentatives } from '../data/employees.ts';
import { regions } from '../data/regions.ts';
import {
  mapSelectionMachine,
  selectMapShapes,
  selectMapUnavailable,
  selectSelectedRegionId,
  type MapSelectionEvent,
} from '../machines/mapSelection.machine.ts';
import { RegionMap } from '../views/RegionMap.tsx';
import { useEffects } from './effects.tsx';
import { useInspect } from './inspector.tsx';
import { watchScrollDown } from './watchScrollDown.ts';

export interface RegionMapContainerProps {
  /** 'page': selecting scrolls to the top of the page (/info); 'map': to the top of the map (home). */
  scrollTo: 'page' | 'map';
  headingLevel: 2 | 3;
}

/** The region map of /info and the home page; d3-geo and the shapes load when it mounts. */
export function RegionMapContainer({ scrollTo, headingLevel }: RegionMapContainerProps) {
  const anchorId = useId();
  const { logError } = useEffects();
  const [snapshot, send] = useMachine(
    mapSelectionMachine.provide({
      actors: {
        loadShapes: fromPromise(async () => (await import('./mapShapes.ts')).projectCroatia()),
        watchScroll: fromCallback<MapSelectionEvent>(({ sendBack }) =>
          watchScrollDown(window, () => sendBack({ type: 'SCROLLED_DOWN' })),
        ),
      },
      actions: {
        scrollToTop: () => {
          const behavior = prefersReducedMotion() ? 'auto' : 'smooth';
          if (scrollTo === 'page') window.scrollTo({ top: 0, behavior });
          // Stryker disable next-line OptionalChaining: a region is selected on the map, inside the anchor, which is rendered whenever the map is
          else document.getElementById(anchorId)?.scrollIntoView({ block: 'start', behavior });
        },
        // SPEC 8 "Other": only logged; the page goes on without the map.
        logFailure: (_, { error }) => logError('Karta regija nije učitana.', error),
      },
    }),
    { inspect: useInspect() },
  );
  if (selectMapUnavailable(snapshot)) return null;
  return (
    <div id={anchorId} className="region-map-anchor">
      <RegionMap
        shapes={selectMapShapes(snapshot)}
        regions={regions}
        representatives={salesRepresentatives}
        selectedRegionId={selectSelectedRegionId(snapshot)}
        headingLevel={headingLevel}
        onSelect={(regionId) => send({ type: 'SELECT', regionId })}
        onClear={() => send({ type: 'CLEAR' })}
      />
    </div>
  );
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
