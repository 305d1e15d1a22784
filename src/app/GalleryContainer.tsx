import { galleryPhotos } from '../data/gallery.ts';
import { GalleryPage } from '../views/GalleryPage.tsx';

/** /tecajevi/galerija: the bundled gallery, loaded with this route only. */
export function GalleryContainer() {
  return <GalleryPage photos={galleryPhotos} />;
}
