/**
 * Security headers (helmet) with a strict Content-Security-Policy: everything from our own
 * origin, no inline script or style. ALTCHA solves its puzzle in a blob: worker; reCAPTCHA,
 * when configured, needs Google's script and frame origins. Of the video-sharing site only the
 * no-cookie embed (a frame, loaded when the visitor asks) and its thumbnails are allowed.
 */
import type { FastifyHelmetOptions } from '@fastify/helmet';
import { VIDEO_SITE } from '../../src/api/contract.ts';

const RECAPTCHA_SCRIPTS = [
  'https://www.google.com/recaptcha/',
  'https://www.gstatic.com/recaptcha/',
];
const RECAPTCHA_FRAMES = [
  'https://www.google.com/recaptcha/',
  'https://recaptcha.google.com/recaptcha/',
];
const VIDEO_SITE_EMBEDS = `${VIDEO_SITE.embedOrigin}/embed/`;
const VIDEO_SITE_THUMBNAILS = `${VIDEO_SITE.thumbnailOrigin}/vi/`;

export function securityHeaders(options: { recaptcha: boolean }): FastifyHelmetOptions {
  const recaptcha = (origins: string[]) => (options.recaptcha ? origins : []);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...recaptcha(RECAPTCHA_SCRIPTS)],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', VIDEO_SITE_THUMBNAILS],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", VIDEO_SITE_EMBEDS, ...recaptcha(RECAPTCHA_FRAMES)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The legacy twin of frame-ancestors 'none', for browsers that predate CSP 2.
    frameguard: { action: 'deny' },
  };
}
