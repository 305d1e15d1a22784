import { useMachine } from '@xstate/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { fromCallback } from 'xstate';
import { watchScrollDown } from '../../src/app/watchScrollDown.ts';
import { salesRepresentatives } from '../../src/data/employees.ts';
import { regions, type RegionId } from '../../src/data/regions.ts';
import {
  mapSelectionMachine,
  selectMapShapes,
  selectMapUnavailable,
  selectSelectedRegionId,
  type MapSelectionEvent,
  type MapShapes,
} from '../../src/machines/mapSelection.machine.ts';
import { messages } from '../../src/messages.ts';
import { RegionMap } from '../../src/views/RegionMap.tsx';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';

/** Five squares in a row: the real shapes are tested with the projection in mapShapes.test.ts. */
const shapes: MapShapes = {
  width: 800,
  height: 600,
  regions: regions.map(({ regionId }) => ({
    regionId,
    counties: [{ county: `Županija ${regionId}`, d: `M${regionId * 100} 100h80v80h-80z` }],
    label: { x: regionId * 100 + 40, y: 140 },
  })),
};

const loadShapes = fakePromiseActor<MapShapes>();

/** What RegionMapContainer does, with the shapes loader faked and the real scroll watch. */
function MapHarness({
  scrollToTop,
  logFailure,
}: {
  scrollToTop: () => void;
  logFailure: () => void;
}) {
  const [snapshot, send] = useMachine(
    mapSelectionMachine.provide({
      actors: {
        loadShapes: loadShapes.logic,
        watchScroll: fromCallback<MapSelectionEvent>(({ sendBack }) =>
          watchScrollDown(window, () => sendBack({ type: 'SCROLLED_DOWN' })),
        ),
      },
      actions: { scrollToTop, logFailure },
    }),
  );
  if (selectMapUnavailable(snapshot)) return <p>Bez karte</p>;
  return (
    <RegionMap
      shapes={selectMapShapes(snapshot)}
      regions={regions}
      representatives={salesRepresentatives}
      selectedRegionId={selectSelectedRegionId(snapshot)}
      headingLevel={2}
      onSelect={(regionId) => send({ type: 'SELECT', regionId })}
      onClear={() => send({ type: 'CLEAR' })}
    />
  );
}

const nameOf = (regionId: RegionId) =>
  regions.find((region) => region.regionId === regionId)?.regionName ?? '?';
const regionButton = (regionId: RegionId) => screen.getByRole('button', { name: nameOf(regionId) });
const regionButtons = () =>
  within(screen.getByRole('group', { name: messages.regionMap.label })).getAllByRole('button');
const representativesOf = (regionId: RegionId) =>
  salesRepresentatives.filter((person) => person.regions.includes(regionId));

let spies: { scrollToTop: Mock<() => void>; logFailure: Mock<() => void> };
function renderMap() {
  window.scrollTo(0, 0);
  spies = { scrollToTop: vi.fn<() => void>(), logFailure: vi.fn<() => void>() };
  return render(<MapHarness {...spies} />);
}

/** The visitor scrolls the page down once the scroll of the selection has settled. */
async function scrollDown(by = 400) {
  await act(() => vi.advanceTimersByTimeAsync(300));
  act(() => {
    window.scrollTo(0, window.scrollY + by);
    window.dispatchEvent(new Event('scroll'));
  });
}

function expectPanelOf(regionId: RegionId) {
  expect(screen.getByRole('heading', { level: 2, name: nameOf(regionId) })).toBeVisible();
  const list = screen.getByRole('list', {
    name: messages.regionMap.representativesOf(nameOf(regionId)),
  });
  const expected = representativesOf(regionId);
  expect(expected.length).toBeGreaterThan(0);
  expect(within(list).getAllByRole('listitem')).toHaveLength(expected.length);
  for (const person of expected) {
    expect(within(list).getByText(`${person.firstName} ${person.lastName}`)).toBeVisible();
    expect(within(list).getByRole('link', { name: person.email })).toHaveAttribute(
      'href',
      `mailto:${person.email}`,
    );
  }
}

describe('map selection model', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  testMachineModel(mapSelectionMachine, {
    render: () => renderMap(),
    fakes: { loadShapes },
    sampleEvents: [
      { type: 'xstate.done.actor.loadShapes', output: shapes },
      { type: 'xstate.error.actor.loadShapes', error: new Error('offline') },
      { type: 'SELECT', regionId: 1 },
      { type: 'SELECT', regionId: 4 },
    ],
    states: {
      loading: () => {
        expect(screen.getByRole('status')).toHaveTextContent(messages.regionMap.loading);
        expect(screen.queryByRole('group')).not.toBeInTheDocument();
      },
      unavailable: () => {
        expect(screen.queryByRole('group')).not.toBeInTheDocument();
        expect(screen.queryByRole('status')).not.toBeInTheDocument();
        expect(spies.logFailure).toHaveBeenCalledOnce();
      },
      'ready.none': () => {
        expect(regionButtons().map((button) => button.getAttribute('aria-label'))).toEqual(
          regions.map((region) => region.regionName),
        );
        for (const button of regionButtons()) {
          expect(button).toHaveAttribute('aria-pressed', 'false');
        }
        expect(screen.getByText(messages.regionMap.hint)).toBeVisible();
        expect(screen.queryByRole('heading')).not.toBeInTheDocument();
      },
      'ready.selected': ({ context }) => {
        const selected = context.selectedRegionId as RegionId;
        for (const button of regionButtons()) {
          expect(button).toHaveAttribute(
            'aria-pressed',
            String(button.getAttribute('aria-label') === nameOf(selected)),
          );
        }
        expectPanelOf(selected);
        expect(spies.scrollToTop).toHaveBeenCalled();
      },
    },
    events: {
      // A mouse picks region 1; a keyboard user reaches region 4 and presses Enter.
      SELECT: (event) => {
        const { regionId } = event as Extract<MapSelectionEvent, { type: 'SELECT' }>;
        if (regionId === 1) fireEvent.click(regionButton(regionId));
        else {
          regionButton(regionId).focus();
          fireEvent.keyDown(regionButton(regionId), { key: 'Enter' });
        }
      },
      CLEAR: () => fireEvent.keyDown(regionButton(1), { key: 'Escape' }),
      SCROLLED_DOWN: () => scrollDown(),
    },
  });
});

describe('map selection journeys pinned by hand', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function renderLoaded() {
    renderMap();
    await loadShapes.resolve(shapes);
  }

  it('Space selects Južna Dalmacija, scrolls to the top once, and the panel lists its people', async () => {
    await renderLoaded();
    fireEvent.keyDown(regionButton(5), { key: ' ' });
    expect(regionButton(5)).toHaveAttribute('aria-pressed', 'true');
    expect(spies.scrollToTop).toHaveBeenCalledOnce();
    expectPanelOf(5);
  });

  it('choosing another region moves the selection; choosing it again clears it', async () => {
    await renderLoaded();
    fireEvent.click(regionButton(2));
    fireEvent.click(regionButton(3));
    expect(regionButton(2)).toHaveAttribute('aria-pressed', 'false');
    expectPanelOf(3);
    fireEvent.click(regionButton(3));
    expect(regionButton(3)).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText(messages.regionMap.hint)).toBeVisible();
    expect(spies.scrollToTop).toHaveBeenCalledTimes(2);
  });

  it('the clear button empties the panel', async () => {
    await renderLoaded();
    fireEvent.click(regionButton(1));
    fireEvent.click(screen.getByRole('button', { name: messages.regionMap.clear }));
    expect(screen.getByText(messages.regionMap.hint)).toBeVisible();
  });

  it('the smooth scroll of the selection and a small scroll back do not clear it; scrolling down does', async () => {
    await renderLoaded();
    window.scrollTo(0, 900);
    fireEvent.click(regionButton(1));
    // The selection's own scroll, up to the top, before it settles.
    for (const y of [600, 300, 0]) {
      act(() => {
        window.scrollTo(0, y);
        window.dispatchEvent(new Event('scroll'));
      });
      await act(() => vi.advanceTimersByTimeAsync(100));
    }
    await scrollDown(100);
    expect(regionButton(1)).toHaveAttribute('aria-pressed', 'true');
    await scrollDown(100);
    expect(regionButton(1)).toHaveAttribute('aria-pressed', 'false');
  });

  it('a failed load is only logged: no map, no error for the visitor', async () => {
    renderMap();
    await loadShapes.reject(new Error('chunk failed'));
    expect(spies.logFailure).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});
