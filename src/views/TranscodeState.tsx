/**
 * An uploaded education's transcode as administrators see it (issue 27): queued, the progress,
 * ready, or why it failed with a retry. One view for the picker's list and the edit page.
 */
import type { Education } from '../api/contract.ts';
import { educationAdminMessages } from '../messages/educationAdmin.ts';

const text = educationAdminMessages;

/** The transcode in words: queued, progress, ready or why it failed. */
export function streamStateText(stream: NonNullable<Education['stream']>): string {
  switch (stream.state) {
    case 'queued':
      return text.streamQueued;
    case 'processing':
      return text.streamProcessing(stream.progress);
    case 'ready':
      return text.streamReady;
    case 'failed':
      return text.streamFailed(stream.failure ?? '');
  }
}

export interface TranscodeStateProps {
  /** The education's title, for the retry button's accessible name. */
  title: string;
  stream: NonNullable<Education['stream']>;
  /** The retry waits while another call runs. */
  busy?: boolean;
  onRetry: () => void;
}

/** The state's words and, when it failed, "Pokušaj ponovno" (named after the education). */
export function TranscodeState({ title, stream, busy = false, onRetry }: TranscodeStateProps) {
  return (
    <>
      {streamStateText(stream)}
      {stream.state === 'failed' && (
        <>
          {' '}
          <button
            type="button"
            className="button button--secondary"
            aria-label={text.retryTranscodeOf(title)}
            disabled={busy}
            onClick={onRetry}
          >
            {text.retry}
          </button>
        </>
      )}
    </>
  );
}
