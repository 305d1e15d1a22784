import { shellMessages } from '../messages/shell.ts';

export interface LoadFailedProps {
  /** A whole page (the message is its heading), or one section of the home page. */
  size: 'page' | 'section';
  onRetry: () => void;
}

/** In place of a page or a home section whose code did not load: the frame around it stays. */
export function LoadFailed({ size, onRetry }: LoadFailedProps) {
  return (
    <div className={size === 'page' ? 'page status' : 'status'} role="alert">
      {size === 'page' ? <h1>{shellMessages.loadFailed}</h1> : <p>{shellMessages.loadFailed}</p>}
      <button className="button" type="button" onClick={onRetry}>
        {shellMessages.retry}
      </button>
    </div>
  );
}
