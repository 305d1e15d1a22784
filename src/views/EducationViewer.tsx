/**
 * The education viewer (SPEC 2 "Education viewer", 4 "Viewer"): a back link to the list, the
 * video, and the details once the video is ready (title and partner first, the rest when they
 * expand). An uploaded video plays in the browser's own player (keyboard operable), or says it is
 * still being processed and how far (administrators open uploads before they play); a video of
 * the video-sharing site shows its preview and a play button, and its privacy-enhanced player
 * loads only when pressed. A video that fails leaves its poster in the player's place, the failure
 * under it and the details below (issue 32). Pure: the container binds the education viewer machine.
 */
import { useEffect, useId, useRef, type RefCallback, type SyntheticEvent } from 'react';
import type { Education } from '../api/contract.ts';
import { countryName } from '../data/countries.ts';
import type { ViewerDetails, ViewerVideo } from '../machines/educationViewer.machine.ts';
import { captionLanguageName, educationsMessages } from '../messages/educations.ts';
import { routes } from '../routes.ts';
import { addedOnDate, recordingMonth } from './educationFormat.ts';
import { EducationThumbnail } from './EducationThumbnail.tsx';
import { PlainLink, type LinkComponent } from './PlainLink.tsx';
import { Spinner } from './Spinner.tsx';
import { streamStateText } from './TranscodeState.tsx';
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
  /** The element that shows an HLS stream, for the stream player to attach to. */
  onVideoElement?: (element: HTMLVideoElement) => void;
  /**
   * False where the browser plays HLS itself: it picks the rendition on its own, there is no
   * level to choose, so no quality select is shown.
   */
  qualityChoice?: boolean;
  onQuality?: (height: number | null) => void;
  onCaptions?: (language: string | null) => void;
  LinkComponent?: LinkComponent;
}

export function EducationViewer({
  video,
  education,
  details,
  onPlay,
  onVideoReady,
  onVideoFailed,
  onVideoElement = () => undefined,
  qualityChoice = true,
  onQuality = () => undefined,
  onCaptions = () => undefined,
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
          onVideoElement={onVideoElement}
        />
      </div>
      {video.kind === 'failed' && (
        <div className="education-viewer__failure" role="alert">
          <p>{text.videoFailed}</p>
          <p>{text.contactAdministrator}</p>
        </div>
      )}
      {video.kind === 'stream' && (
        <StreamControls
          video={video}
          qualityChoice={qualityChoice}
          onQuality={onQuality}
          onCaptions={onCaptions}
        />
      )}
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

type StreamVideo = Extract<ViewerVideo, { kind: 'stream' }>;

/** The quality (automatic or one rendition) and the captions (off or one language). */
function StreamControls({
  video,
  qualityChoice,
  onQuality,
  onCaptions,
}: {
  video: StreamVideo;
  qualityChoice: boolean;
  onQuality: (height: number | null) => void;
  onCaptions: (language: string | null) => void;
}) {
  const id = useId();
  return (
    <div className="education-viewer__controls">
      {qualityChoice && video.renditions.length > 1 && (
        <p className="education-viewer__control">
          <label htmlFor={`${id}-quality`}>{text.quality}</label>
          <select
            id={`${id}-quality`}
            value={video.quality ?? ''}
            onChange={({ currentTarget }) =>
              onQuality(currentTarget.value === '' ? null : Number(currentTarget.value))
            }
          >
            <option value="">{text.qualityAuto}</option>
            {video.renditions.map((height) => (
              <option key={height} value={height}>
                {text.qualityOption(height)}
              </option>
            ))}
          </select>
        </p>
      )}
      {video.captions.length > 0 && (
        <p className="education-viewer__control">
          <label htmlFor={`${id}-captions`}>{text.captions}</label>
          <select
            id={`${id}-captions`}
            value={video.captionLanguage ?? ''}
            onChange={({ currentTarget }) => onCaptions(currentTarget.value || null)}
          >
            <option value="">{text.captionsOff}</option>
            {video.captions.map(({ language }) => (
              <option key={language} value={language}>
                {captionLanguageName(language)}
              </option>
            ))}
          </select>
        </p>
      )}
    </div>
  );
}

/** Shows the chosen language's track and hides the others (the element's own menu also can). */
function showCaptions(element: HTMLVideoElement, language: string | null) {
  // Test DOMs may have no text tracks at all.
  const tracks = element.textTracks as TextTrackList | undefined;
  for (const track of Array.from(tracks ?? [])) {
    track.mode = track.language === language ? 'showing' : 'disabled';
  }
}

function StreamElement({
  video,
  title,
  onVideoReady,
  onVideoFailed,
  onVideoElement,
}: {
  video: StreamVideo;
  title: string;
  onVideoReady: () => void;
  onVideoFailed: (position: number, playing: boolean) => void;
  onVideoElement: (element: HTMLVideoElement) => void;
}) {
  const element = useRef<HTMLVideoElement | null>(null);
  const { captionLanguage } = video;
  // Once per element: React calls a ref callback again after every render whose callback is a
  // new function (the caller's usually is), and the stream player must not be told twice. A
  // renewed address is a new element (the caller's key), so it is told again.
  const attach: RefCallback<HTMLVideoElement> = (node) => {
    if (node === null || node === element.current) return;
    element.current = node;
    onVideoElement(node);
  };
  useEffect(() => {
    if (element.current) showCaptions(element.current, captionLanguage);
  }, [captionLanguage]);
  return (
    <video
      ref={attach}
      className="education-viewer__video"
      controls
      preload="metadata"
      playsInline
      autoPlay={video.autoPlay}
      poster={video.posterUrl ?? undefined}
      aria-label={text.videoLabel(title)}
      onLoadedMetadata={({ currentTarget }: SyntheticEvent<HTMLVideoElement>) => {
        if (video.startAt > 0) currentTarget.currentTime = video.startAt;
        showCaptions(currentTarget, captionLanguage);
      }}
      onCanPlay={onVideoReady}
      onError={({ currentTarget }: SyntheticEvent<HTMLVideoElement>) =>
        onVideoFailed(currentTarget.currentTime, !currentTarget.paused)
      }
    >
      {video.captions.map(({ language, url }) => (
        <track
          key={language}
          kind="captions"
          srcLang={language}
          label={captionLanguageName(language)}
          src={url}
        />
      ))}
    </video>
  );
}

interface VideoAreaProps {
  video: ViewerVideo;
  title: string;
  onPlay: () => void;
  onVideoReady: () => void;
  onVideoFailed: (position: number, playing: boolean) => void;
  onVideoElement: (element: HTMLVideoElement) => void;
}

function VideoArea({
  video,
  title,
  onPlay,
  onVideoReady,
  onVideoFailed,
  onVideoElement,
}: VideoAreaProps) {
  switch (video.kind) {
    case 'stream':
      return (
        <StreamElement
          // A renewed address is a new element, attached afresh by the stream player.
          key={video.playlistUrl}
          {...{ video, title, onVideoReady, onVideoFailed, onVideoElement }}
        />
      );
    case 'failed':
      // The failure itself is said under the player (VideoFailure).
      return video.posterUrl === null ? null : (
        <img className="education-viewer__thumbnail" src={video.posterUrl} alt="" />
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
    case 'processing':
      return (
        <div className="education-viewer__waiting">
          <p role="status">{text.videoProcessing}</p>
          {/* Outside the live region: the progress changes every few seconds. */}
          {video.stream && <p>{streamStateText(video.stream)}</p>}
        </div>
      );
    default:
      return (
        <div className="education-viewer__waiting">
          <Spinner label={video.kind === 'loading' ? text.loadingEducation : text.loadingVideo} />
        </div>
      );
  }
}
