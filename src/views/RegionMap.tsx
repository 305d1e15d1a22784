import type { KeyboardEvent } from 'react';
import type { SalesRepresentative } from '../data/employees.ts';
import type { Region, RegionId } from '../data/regions.ts';
import type { MapShapes } from '../machines/mapSelection.machine.ts';
import { regionMapMessages } from '../messages/regionMap.ts';
import { fullName } from './people.ts';
import './RegionMap.css';

export interface RegionMapProps {
  /** Null while the shapes load: a box of the map's size keeps the layout still. */
  shapes: MapShapes | null;
  regions: readonly Region[];
  representatives: readonly SalesRepresentative[];
  selectedRegionId: RegionId | null;
  /** Level of the panel's heading, one below the section the map sits in. */
  headingLevel: 2 | 3;
  onSelect: (regionId: RegionId) => void;
  onClear: () => void;
}

/**
 * The Croatia map (SPEC 2 "About us", 4 "Map"): each region is one focusable toggle button named
 * by its region; Enter or Space selects it, Escape clears. The panel beside it names the selected
 * region and its representatives, and is announced when it changes.
 */
export function RegionMap({
  shapes,
  regions,
  representatives,
  selectedRegionId,
  headingLevel,
  onSelect,
  onClear,
}: RegionMapProps) {
  const selectedRegion = regions.find((region) => region.regionId === selectedRegionId);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const onRegionKeyDown = (event: KeyboardEvent, regionId: RegionId) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(regionId);
    }
  };

  return (
    <div className="region-map">
      <div className="region-map__canvas">
        {shapes ? (
          <svg
            className="region-map__svg"
            viewBox={`0 0 ${shapes.width} ${shapes.height}`}
            role="group"
            aria-label={regionMapMessages.label}
            onKeyDown={(event) => {
              if (event.key === 'Escape') onClear();
            }}
          >
            {shapes.regions.map((shape) => {
              const name = regionName(regions, shape.regionId);
              const selected = shape.regionId === selectedRegionId;
              return (
                <g
                  key={shape.regionId}
                  className="region-map__region"
                  data-region={shape.regionId}
                  role="button"
                  tabIndex={0}
                  aria-pressed={selected}
                  aria-label={name}
                  onClick={() => onSelect(shape.regionId)}
                  onKeyDown={(event) => onRegionKeyDown(event, shape.regionId)}
                >
                  {shape.counties.map((county) => (
                    <path key={county.county} d={county.d} />
                  ))}
                </g>
              );
            })}
            {/* Labels after every region so no neighbour paints over them. */}
            <g className="region-map__labels" aria-hidden="true">
              {shapes.regions.map((shape) => (
                <text key={shape.regionId} x={shape.label.x} y={shape.label.y}>
                  {regionName(regions, shape.regionId)}
                </text>
              ))}
            </g>
          </svg>
        ) : (
          <p className="region-map__loading" role="status">
            {regionMapMessages.loading}
          </p>
        )}
      </div>

      <div className="region-map__panel" aria-live="polite">
        {selectedRegion ? (
          <>
            <Heading className="region-map__panel-title">{selectedRegion.regionName}</Heading>
            <RepresentativesOf
              region={selectedRegion}
              representatives={representatives.filter((person) =>
                person.regions.includes(selectedRegion.regionId),
              )}
            />
            <button
              type="button"
              className="button button--secondary region-map__clear"
              onClick={onClear}
            >
              {regionMapMessages.clear}
            </button>
          </>
        ) : (
          <p className="region-map__hint">{regionMapMessages.hint}</p>
        )}
      </div>
    </div>
  );
}

function RepresentativesOf({
  region,
  representatives,
}: {
  region: Region;
  representatives: readonly SalesRepresentative[];
}) {
  if (representatives.length === 0) return <p>{regionMapMessages.noRepresentatives}</p>;
  return (
    <ul
      className="region-map__people"
      aria-label={regionMapMessages.representativesOf(region.regionName)}
    >
      {representatives.map((person) => (
        <li key={person.email} className="region-map__person">
          <img src={person.image} alt="" width={56} height={56} loading="lazy" />
          <div>
            <p className="region-map__person-name">{fullName(person)}</p>
            <a href={`mailto:${person.email}`}>{person.email}</a>
          </div>
        </li>
      ))}
    </ul>
  );
}

function regionName(regions: readonly Region[], regionId: RegionId): string {
  return regions.find((region) => region.regionId === regionId)?.regionName ?? String(regionId);
}
