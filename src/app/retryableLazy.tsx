import { lazy, type FunctionComponent } from 'react';

/**
 * React.lazy for the component `pick` takes from a module that `load` imports, except that a
 * failed load is not kept: React.lazy caches the rejected import for good, so a retry would only
 * show the same error. After a failure the next render imports again, which is what the error
 * boundary's retry button needs.
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
          current = attempt();
          throw error;
        },
      ),
    );
  let current = attempt();
  return function RetryableLazy(props: Props) {
    const Current = current;
    return <Current {...props} />;
  };
}
