/**
 * An education's picture (issue 12): its thumbnail, or the bundled placeholder when it has none
 * or when the image cannot load (a video-site thumbnail may be gone). Decorative: the title is
 * beside it.
 */
import type { SyntheticEvent } from 'react';
import { educationPlaceholder } from '../data/educationPlaceholder.ts';

/** The 16:9 box of the thumbnails. */
const WIDTH = 640;
const HEIGHT = 360;

function showPlaceholder({ currentTarget }: SyntheticEvent<HTMLImageElement>) {
  // Once only: should the placeholder itself fail, the empty box stays.
  if (currentTarget.dataset.fallback) return;
  currentTarget.dataset.fallback = 'true';
  currentTarget.src = educationPlaceholder;
}

export function EducationThumbnail({
  url,
  className,
  eager = false,
}: {
  url: string | null;
  className: string;
  eager?: boolean;
}) {
  return (
    <img
      className={className}
      src={url ?? educationPlaceholder}
      width={WIDTH}
      height={HEIGHT}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      alt=""
      // Marks the placeholder (as showPlaceholder does): it draws its own play triangle.
      data-fallback={url === null ? 'true' : undefined}
      onError={showPlaceholder}
    />
  );
}
