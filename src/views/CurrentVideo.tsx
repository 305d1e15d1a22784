/**
 * What the education edit page shows of the stored video and thumbnail (issue 29): the video,
 * playable in place (a site video in its privacy-enhanced player, an upload in the browser's
 * player once a rendition is published, else that it is still processed), and the thumbnail.
 * Pure: the container attaches the stream player to the video element.
 */
import type { Education } from '../api/contract.ts';
import { educationAdminMessages } from '../messages/educationAdmin.ts';
import './EducationAdmin.css';

const text = educationAdminMessages;

export function CurrentVideo({
  education,
  siteEmbedUrl,
  onVideoElement,
}: {
  education: Education;
  /** A video-sharing site's video: its privacy-enhanced player's address; else null. */
  siteEmbedUrl: string | null;
  onVideoElement: (element: HTMLVideoElement | null) => void;
}) {
  const label = text.currentVideoLabel(education.title);
  return (
    <div className="education-current">
      {/* Visible labels as the fields around have; the player itself is named by the title. */}
      <span className="form__label" aria-hidden="true">
        {text.currentVideo}
      </span>
      <div className="education-current__video">
        {siteEmbedUrl !== null ? (
          <iframe
            src={siteEmbedUrl}
            title={label}
            allow="encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : education.stream?.playlistUrl ? (
          <video
            ref={onVideoElement}
            controls
            preload="metadata"
            playsInline
            poster={education.stream.posterUrl ?? undefined}
            aria-label={label}
          />
        ) : (
          <p className="education-current__waiting">{text.currentVideoProcessing}</p>
        )}
      </div>
      <div className="education-current__thumbnail">
        <span className="form__label">{text.currentThumbnail}</span>
        {education.thumbnailUrl ? (
          <img src={education.thumbnailUrl} alt={text.currentThumbnail} width={160} height={90} />
        ) : (
          <span>{text.noThumbnail}</span>
        )}
      </div>
    </div>
  );
}
