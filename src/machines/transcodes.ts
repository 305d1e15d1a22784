/**
 * What the admin screens that show transcode states share (issue 27): which education is still
 * being transcoded, and how often its state is fetched again while it is.
 */
import type { Education } from '../api/contract.ts';

/** How often an education is fetched again while its transcode is queued or running. */
export const TRANSCODE_POLL_MS = 3000;

/** Queued or processing: its state and progress change without a reload. */
export const isTranscoding = (education: Education | null) =>
  education?.stream?.state === 'queued' || education?.stream?.state === 'processing';
