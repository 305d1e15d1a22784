import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { LoadFailed, type LoadFailedProps } from '../views/LoadFailed.tsx';
import { retryFailedLoads } from './retryableLazy.tsx';

interface LoadErrorBoundaryProps {
  size: LoadFailedProps['size'];
  /** A change of any of these (the location, for a page) clears the error. */
  resetKeys?: unknown[];
  children: ReactNode;
}

/**
 * A page or home section whose code failed to load (or whose render threw) shows a message with
 * a retry button in its place; the header, the footer and the other sections stay. A retry, or
 * leaving the page, loads the failed code again.
 */
export function LoadErrorBoundary({ size, resetKeys, children }: LoadErrorBoundaryProps) {
  return (
    <ErrorBoundary
      resetKeys={resetKeys}
      onReset={retryFailedLoads}
      fallbackRender={({ resetErrorBoundary }) => (
        <LoadFailed size={size} onRetry={() => resetErrorBoundary()} />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
