// The browser tests' type program has no DOM library (tsconfig.node.json): the pages' own code is
// typed where it runs. The education viewer's machine, which its paths import, names the video
// element in its events; this side never holds one, so an opaque stand-in is all it needs.
interface HTMLVideoElement {
  readonly tagName: 'VIDEO';
}
