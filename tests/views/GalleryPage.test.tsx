import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GalleryPhoto } from '../../src/data/gallery.ts';
import { galleryPhotos } from '../../src/data/gallery.ts';
import { messages } from '../../src/messages.ts';
import { GalleryPage, groupByEvent } from '../../src/views/GalleryPage.tsx';

const photo = (eventName: string, n: number): GalleryPhoto => ({
  eventName,
  fullSizedPhoto: `/galerija/${n}.webp`,
  smallSizedPhoto: `/galerija/${n}-mala.webp`,
  width: 400,
  height: 300,
  alt: `Polaznici tečaja, fotografija ${n}`,
});
const photos = [photo('Endo dani', 1), photo('Implanto radionica', 2), photo('Endo dani', 3)];

describe('GalleryPage', () => {
  it('is titled as SPEC 2 says', () => {
    render(<GalleryPage photos={photos} />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Galerija fotografija prethodnih tečajeva' }),
    ).toBeInTheDocument();
  });

  it('groups the photos by event, a heading each, in the order the events first appear', () => {
    render(<GalleryPage photos={photos} />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Endo dani',
      'Implanto radionica',
    ]);
    const endo = screen.getByRole('region', { name: 'Endo dani' });
    expect(within(endo).getAllByRole('link')).toHaveLength(2);
    expect(endo).toHaveTextContent(messages.gallery.photoCount(2));
    expect(groupByEvent(photos).map((event) => event.photos.length)).toEqual([2, 1]);
  });

  it('shows each small photo lazily with its size; the link opens the full photo in a new tab', () => {
    render(<GalleryPage photos={photos} />);
    for (const item of photos) {
      const link = screen.getByRole('link', { name: `${item.alt} (otvara se u novoj kartici)` });
      expect(link).toHaveAttribute('href', item.fullSizedPhoto);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
      const image = within(link).getByRole('img', { name: item.alt });
      expect(image).toHaveAttribute('src', item.smallSizedPhoto);
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('width', '400');
      expect(image).toHaveAttribute('height', '300');
    }
  });

  it('leads back to the courses', () => {
    render(<GalleryPage photos={photos} />);
    expect(screen.getByRole('link', { name: /Natrag na tečajeve/ })).toHaveAttribute(
      'href',
      '/tecajevi',
    );
  });

  it('the bundled gallery has alt texts and sizes for every photo', () => {
    for (const item of galleryPhotos) {
      expect(item.alt.trim()).not.toBe('');
      expect(item.width).toBeGreaterThan(0);
      expect(item.height).toBeGreaterThan(0);
    }
  });
});

describe('photoCount', () => {
  it('declines fotografija as Croatian does', () => {
    expect([1, 2, 4, 5, 11, 12, 21, 22, 25].map(messages.gallery.photoCount)).toEqual([
      '1 fotografija',
      '2 fotografije',
      '4 fotografije',
      '5 fotografija',
      '11 fotografija',
      '12 fotografija',
      '21 fotografija',
      '22 fotografije',
      '25 fotografija',
    ]);
  });
});
