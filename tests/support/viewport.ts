/**
 * The browser's media features as happy-dom answers `window.matchMedia`: tests set the screen
 * width and the reduced-motion preference a container reads, instead of faking matchMedia.
 */
interface HappyDomWindow {
  happyDOM: {
    setViewport(viewport: { width?: number; height?: number }): void;
    settings: { device: { prefersReducedMotion: string } };
  };
}

const happyDom = () => (window as unknown as HappyDomWindow).happyDOM;

/** happy-dom's default width is 1024 px (a desktop). */
export function setViewportWidth(width: number): void {
  happyDom().setViewport({ width });
}

export function setPrefersReducedMotion(reduce: boolean): void {
  happyDom().settings.device.prefersReducedMotion = reduce ? 'reduce' : 'no-preference';
}
