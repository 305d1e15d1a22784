import { lazy, type FunctionComponent } from 'react';

/** How each lazy component whose load failed starts over. */
const failedLoads = new Set<() => void>();

/**
 * React.lazy for the component `pick` takes from a module that `load` imports, except that a
 * failed load can be tried again: React.lazy keeps a rejected import for good. The failure
 * stays (so that it reaches the error boundary) until `retryFailedLoads()`.
 */
export function retryableLazy<Module, Props extends object>(
  load: () => Promise<Module>,
  pick: (module: Module) => FunctionComponent<Props>,
): FunctionComponent<Props> {
  const attempt = () =>
    lazy(() =>
      load().then(
        (module) => ({ default: pick(module) }),
        (error: unknown) => {
          failedLoads.add(startOver);
          throw error;
        },
      ),
    );
  const startOver = () => {
    current = attempt();
  };
  let current = attempt();
  return function RetryableLazy(props: Props) {
    const Current = current;
    return <Current {...props} />;
  };
}

/** The error boundary's retry: the next render of every failed lazy component imports again. */
export function retryFailedLoads(): void {
  for (const startOver of failedLoads) startOver();
  failedLoads.clear();
}
