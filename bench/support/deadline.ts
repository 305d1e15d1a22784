/** A bench stops by itself: past `ms`, whatever it waits for, it exits with a failure. */
export function exitUnlessDoneWithin(ms: number, name: string): void {
  const deadline = setTimeout(() => {
    console.error(`${name} did not finish within ${ms / 1000} s`);
    process.exit(1);
  }, ms);
  deadline.unref();
}
