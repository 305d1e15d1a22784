/** Runs at most `max` tasks at a time; the others wait in arrival order. */
export function concurrencyLimit(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];

  return async function limited<T>(task: () => Promise<T>): Promise<T> {
    if (running < max) running++;
    // A finishing task hands its slot straight to the next in line, so a newcomer arriving
    // in between cannot slip past the limit.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
