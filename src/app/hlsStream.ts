/**
 * The education viewer's stream player (issue 27), the `playStream` actor of its machine: attaches
 * an HLS master playlist to the video element it is sent. Where the browser plays HLS itself
 * (`canPlayType`, Safari and iOS), the element gets the playlist as its source; elsewhere hls.js,
 * imported only here so that it loads with the viewer and not with the first visit. hls.js starts
 * with its bandwidth estimate (`startLevel: -1`) and never picks a rendition taller than the
 * element shows (`capLevelToPlayerSize`); a chosen quality pins that rendition, "Automatski"
 * gives the choice back to its ABR. A fatal error (an expired address answers 403/404) is sent
 * back as `VIDEO_FAILED` with the position, so the machine renews the address and resumes.
 */
import type Hls from 'hls.js';
import { fromCallback } from 'xstate';
import type {
  EducationViewerEvent,
  StreamCommand,
  StreamInput,
} from '../machines/educationViewer.machine.ts';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * The browser plays HLS itself (Safari, iOS): it then picks the rendition on its own and offers
 * no level to pin, so the viewer has no quality to choose.
 */
export const playsHlsNatively = (video: HTMLVideoElement) => video.canPlayType(HLS_TYPE) !== '';

export const playHlsStream = fromCallback<StreamCommand, StreamInput, EducationViewerEvent>(
  ({ input, receive, sendBack }) => {
    let element: HTMLVideoElement | null = null;
    let hls: Hls | null = null;
    let quality: number | null = null;
    let stopped = false;

    const pinQuality = () => {
      if (!hls) return;
      // Stryker disable next-line ConditionalExpression: no rendition has a null height, so findIndex gives -1 too; the test says what is meant
      const level = quality === null ? -1 : hls.levels.findIndex((l) => l.height === quality);
      // currentLevel switches at once (flushing the buffer); -1 hands back to ABR.
      hls.currentLevel = level;
    };

    const attach = async (video: HTMLVideoElement) => {
      if (playsHlsNatively(video) || typeof MediaSource === 'undefined') {
        // The attribute, not the property: a test DOM (happy-dom) reports a property set as playable.
        video.setAttribute('src', input.playlistUrl);
        return;
      }
      const { default: HlsPlayer } = await import('hls.js');
      if (stopped || element !== video) return;
      const player = new HlsPlayer({ startLevel: -1, capLevelToPlayerSize: true });
      hls = player;
      player.on(HlsPlayer.Events.MANIFEST_PARSED, () => {
        // Stryker disable next-line ConditionalExpression: pinning "automatic" sets -1, hls.js's own start value
        if (quality !== null) pinQuality();
      });
      player.on(HlsPlayer.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        sendBack({ type: 'VIDEO_FAILED', position: video.currentTime, playing: !video.paused });
      });
      player.loadSource(input.playlistUrl);
      player.attachMedia(video);
    };

    receive((command) => {
      if (command.type === 'SET_QUALITY') {
        quality = command.height;
        pinQuality();
        return;
      }
      if (command.element === element) return;
      hls?.destroy();
      hls = null;
      element = command.element;
      void attach(command.element);
    });

    return () => {
      stopped = true;
      hls?.destroy();
    };
  },
);
