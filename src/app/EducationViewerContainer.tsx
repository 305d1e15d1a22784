import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import {
  educationViewerMachine,
  selectViewerDetails,
  selectViewerEducation,
  selectViewerVideo,
} from '../machines/educationViewer.machine.ts';
import { routes } from '../routes.ts';
import { EducationViewer } from '../views/EducationViewer.tsx';
import { useOwnPageTitle } from './documentHead.ts';
import { checkVideoReachable } from './educationVideoCheck.ts';
import { playHlsStream, playsHlsNatively } from './hlsStream.ts';
import { useEffects } from './effects.tsx';
import { useInspect } from './inspector.tsx';
import { useSiteConfig } from './siteConfig.ts';

/** /edukacije/{educationId}: one education's video and details, inside the library. */
export function EducationViewerContainer({ educationId }: { educationId: string }) {
  const { api, notify } = useEffects();
  const [path, navigate] = useLocation();
  const [snapshot, send] = useMachine(
    educationViewerMachine.provide({
      actors: {
        loadEducation: fromPromise(({ input }: { input: { id: number } }) =>
          api.educations.getEducation(input.id),
        ),
        checkVideo: fromPromise(({ input }: { input: { url: string } }) =>
          checkVideoReachable(input.url),
        ),
        playStream: playHlsStream,
      },
      actions: {
        goToLibrary: (_, message) => {
          notify.error(message);
          navigate(routes.educations.href(), { replace: true });
        },
      },
    }),
    { input: { educationId }, inspect: useInspect() },
  );
  const education = selectViewerEducation(snapshot);
  useOwnPageTitle(education?.title, useSiteConfig().brand, path);
  // Asked once: the browser's answer does not change while the page lives.
  const [qualityChoice] = useState(() => !playsHlsNatively(document.createElement('video')));
  return (
    <EducationViewer
      video={selectViewerVideo(snapshot)}
      education={education}
      details={selectViewerDetails(snapshot)}
      onPlay={() => send({ type: 'PLAY' })}
      onVideoReady={() => send({ type: 'VIDEO_READY' })}
      onVideoFailed={(position, playing) => send({ type: 'VIDEO_FAILED', position, playing })}
      onVideoElement={(element) => send({ type: 'VIDEO_ELEMENT', element })}
      qualityChoice={qualityChoice}
      onQuality={(height) => send({ type: 'SET_QUALITY', height })}
      onCaptions={(language) => send({ type: 'SET_CAPTIONS', language })}
      LinkComponent={Link}
    />
  );
}
