/** What {@link orAbort} gives when the signal fires first. */
export const ABORTED = Symbol("aborted");

/**
 * `pending`, or {@link ABORTED} as soon as `signal` fires: a read the back end never answers does
 * not hold the run (or the response stream) after an abort. No signal: `pending` itself.
 */
export function orAbort<T>(pending: Promise<T>, signal: AbortSignal | undefined): Promise<T | typeof ABORTED> {
  if (!signal) return pending;
  if (signal.aborted) return Promise.resolve(ABORTED);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(ABORTED);
    signal.addEventListener("abort", onAbort, { once: true });
    pending.then(
      (r) => {
        signal.removeEventListener("abort", onAbort);
        resolve(r);
      },
      (e: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(e);
      },
    );
  });
}
