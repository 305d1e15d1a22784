import { useEffect, useState } from 'react';
import { createActor } from 'xstate';
import { videoSiteEmbedUrl, videoSiteVideoId, type Education } from '../api/contract.ts';
import { CurrentVideo } from '../views/CurrentVideo.tsx';
import { playHlsStream } from './hlsStream.ts';

/**
 * The stored video on the education edit page (issue 29), playable: an uploaded video's stream
 * through the viewer's own stream player (hls.js or the browser's HLS), a site video in its
 * privacy-enhanced player.
 */
export function CurrentVideoContainer({ education }: { education: Education | null }) {
  const playlistUrl = education?.stream?.playlistUrl ?? null;
  const [element, setElement] = useState<HTMLVideoElement | null>(null);
  useEffect(() => {
    if (playlistUrl === null || element === null) return undefined;
    const player = createActor(playHlsStream, { input: { playlistUrl } });
    player.start();
    player.send({ type: 'VIDEO_ELEMENT', element });
    return () => {
      player.stop();
    };
  }, [playlistUrl, element]);
  if (education === null) return null;
  const siteVideoId = videoSiteVideoId(education.videoUrl);
  return (
    <CurrentVideo
      education={education}
      siteEmbedUrl={siteVideoId === null ? null : videoSiteEmbedUrl(siteVideoId)}
      onVideoElement={setElement}
    />
  );
}
