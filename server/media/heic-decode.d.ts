/** The part of heic-decode (libheif as WebAssembly) that images.ts uses; the package has no types. */
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    /** RGBA, four bytes a pixel. */
    data: Uint8ClampedArray;
  }
  /** Decodes the first image of a HEIF file; rejects input that is not one. */
  export default function decode(input: { buffer: Uint8Array }): Promise<DecodedImage>;
}
