/**
 * The education viewer (SPEC 2 "Education viewer", 4 "Viewer"): a back link to the list, the
 * video, and the details once the video is ready (title and partner first, the rest when they
 * expand). An uploaded video plays in the browser's own player (keyboard operable); a video of
 * the video-sharing site shows its preview and a play button, and its privacy-enhanced player
 * loads only when pressed. Pure: the container binds the education viewer machine.
 */
import { useEffect, useId, useRef, type SyntheticEvent } from 'react';
import type { Education } from '../api/contract.ts';
import { countryName } from '../data/countries.ts';
import type { ViewerDetails, ViewerVideo } from '../machines/educationViewer.machine.ts';
import { educationsMessages } from '../messages/educations.ts';
import { routes } from '../routes.ts';
import { addedOnDate, recordingMonth } from './educationFormat.ts';
import { EducationThumbnail } from './EducationThumbnail.tsx';
import { PlainLink, type LinkComponent } from './PlainLink.tsx';
import { Spinner } from './Spinner.tsx';
import './EducationViewer.css';

const text = educationsMessages;

export interface EducationViewerProps {
  video: ViewerVideo;
  education: Education | null;
  details: ViewerDetails;
  onPlay: () => void;
  onVideoReady: () => void;
  /** Where the video was and whether it played, so that a renewed address can resume it. */
  onVideoFailed: (position: number, playing: boolean) => void;
  LinkComponent?: LinkComponent;
}

export function EducationViewer({
  video,
  education,
  details,
  onPlay,
  onVideoReady,
  onVideoFailed,
  LinkComponent: Link = PlainLink,
}: EducationViewerProps) {
  const id = useId();
  const region = useRef<HTMLElement>(null);
  const loaded = education !== null;
  // Opening a card moves focus here, so the keyboard continues in the viewer, not the list.
  useEffect(() => {
    if (loaded) region.current?.focus();
  }, [loaded]);
  return (
    <section
      ref={region}
      className="education-viewer"
      aria-label={education?.title ?? text.loadingEducation}
      tabIndex={-1}
    >
      <Link href={routes.educations.href()} className="button button--secondary">
        {text.back}
      </Link>
      <div className="education-viewer__stage">
        <VideoArea
          video={video}
          title={education?.title ?? ''}
          {...{ onPlay, onVideoReady }}
          onVideoFailed={onVideoFailed}
        />
      </div>
      {education && details !== 'hidden' && (
        <div className="education-viewer__details">
          <h2 id={`${id}-title`} className="education-viewer__title">
            {education.title}
          </h2>
          <p className="education-viewer__partner">
            <img src={education.partner.logoUrl} alt="" className="education-viewer__logo" />
            {education.partner.name}
          </p>
          {details === 'expanded' && <ExpandedDetails education={education} />}
        </div>
      )}
    </section>
  );
}

function ExpandedDetails({ education }: { education: Education }) {
  return (
    <div className="education-viewer__more">
      <p className="education-viewer__description">{education.description}</p>
      <dl className="education-viewer__facts">
        <dt>{text.lecturer}</dt>
        <dd>{education.lecturer}</dd>
        <dt>{text.country}</dt>
        <dd>{countryName(education.country.isoCode)}</dd>
        {education.subtitleLanguage && (
          <>
            <dt>{text.subtitleLanguage}</dt>
            <dd>{education.subtitleLanguage}</dd>
          </>
        )}
        {education.dateOfRecording && (
          <>
            <dt>{text.recordedOn}</dt>
            <dd>{recordingMonth(education.dateOfRecording)}</dd>
          </>
        )}
        <dt>{text.addedOn}</dt>
        <dd>{addedOnDate(education.createdAt)}</dd>
      </dl>
    </div>
  );
}

interface VideoAreaProps {
  video: ViewerVideo;
  title: string;
  onPlay: () => void;
  onVideoReady: () => void;
  onVideoFailed: (position: number, playing: boolean) => void;
}

function VideoArea({ video, title, onPlay, onVideoReady, onVideoFailed }: VideoAreaProps) {
  switch (video.kind) {
    case 'failed':
      return (
        <div className="education-viewer__failure" role="alert">
          <p>{text.videoFailed}</p>
          <p>{text.contactAdministrator}</p>
        </div>
      );
    case 'sitePreview':
      return (
        <button
          type="button"
          className="education-viewer__preview"
          aria-label={text.play(title)}
          onClick={onPlay}
        >
          <EducationThumbnail
            url={video.thumbnailUrl}
            className="education-viewer__thumbnail"
            eager
          />
          <span className="education-viewer__play" aria-hidden="true" />
        </button>
      );
    case 'siteEmbed':
      return (
        <iframe
          className="education-viewer__embed"
          src={video.embedUrl}
          title={text.videoLabel(title)}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      );
    case 'file':
      return (
        <video
          // A renewed address is a new video: the element starts over and seeks to startAt.
          key={video.src}
          className="education-viewer__video"
          src={video.src}
          controls
          preload="metadata"
          playsInline
          autoPlay={video.autoPlay}
          aria-label={text.videoLabel(title)}
          onLoadedMetadata={({ currentTarget }: SyntheticEvent<HTMLVideoElement>) => {
            if (video.startAt > 0) currentTarget.currentTime = video.startAt;
          }}
          onCanPlay={onVideoReady}
          onError={({ currentTarget }: SyntheticEvent<HTMLVideoElement>) =>
            onVideoFailed(currentTarget.currentTime, !currentTarget.paused)
          }
        />
      );
    default:
      return (
        <div className="education-viewer__waiting">
          <Spinner label={video.kind === 'loading' ? text.loadingEducation : text.loadingVideo} />
        </div>
      );
  }
}
