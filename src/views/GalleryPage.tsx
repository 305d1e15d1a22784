import { Link } from 'wouter';
import type { GalleryPhoto } from '../data/gallery.ts';
import { galleryMessages } from '../messages/gallery.ts';
import { shellMessages } from '../messages/shell.ts';
import { routes } from '../routes.ts';
import './pages.css';
import './GalleryPage.css';

export interface GalleryEvent {
  eventName: string;
  photos: GalleryPhoto[];
}

/** Photos grouped by their event, in the order the events first appear. */
export function groupByEvent(photos: readonly GalleryPhoto[]): GalleryEvent[] {
  const events = new Map<string, GalleryPhoto[]>();
  for (const photo of photos) {
    events.set(photo.eventName, [...(events.get(photo.eventName) ?? []), photo]);
  }
  return [...events].map(([eventName, eventPhotos]) => ({ eventName, photos: eventPhotos }));
}

/**
 * /tecajevi/galerija (SPEC 2 "Gallery"): one section per event; each photo shows as its small,
 * blurred preview, loaded lazily, and opens full size in a new tab.
 */
export function GalleryPage({ photos }: { photos: readonly GalleryPhoto[] }) {
  return (
    <article className="page" aria-labelledby="gallery-title">
      <header className="page-header">
        <h1 id="gallery-title" className="page-title">
          {galleryMessages.title}
        </h1>
        <p className="page-lead">{galleryMessages.lead}</p>
      </header>

      {groupByEvent(photos).map((event, index) => {
        const headingId = `gallery-event-${index + 1}`;
        return (
          <section key={event.eventName} className="gallery__event" aria-labelledby={headingId}>
            <div className="gallery__event-head">
              <h2 id={headingId}>{event.eventName}</h2>
              <p className="gallery__count">{galleryMessages.photoCount(event.photos.length)}</p>
            </div>
            <ul className="gallery__grid">
              {event.photos.map((photo) => (
                <li key={photo.fullSizedPhoto}>
                  <a
                    className="gallery__photo"
                    href={photo.fullSizedPhoto}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <img
                      src={photo.smallSizedPhoto}
                      alt={photo.alt}
                      width={photo.width}
                      height={photo.height}
                      loading="lazy"
                      decoding="async"
                    />
                    <span className="visually-hidden"> {shellMessages.newTab}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        );
      })}

      <p className="gallery__back">
        <Link href={routes.courses.href()}>← {galleryMessages.backToCourses}</Link>
      </p>
    </article>
  );
}
