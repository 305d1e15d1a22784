import { shellMessages } from '../messages/shell.ts';
import './LoadingScreen.css';

/**
 * What a page shows while its code loads. It fills the screen so that the footer starts below
 * the fold: the page arriving then moves nothing the visitor sees (no layout shift).
 */
export function LoadingScreen() {
  return (
    <p className="page status loading-screen" role="status">
      {shellMessages.loadingConfig}
    </p>
  );
}
