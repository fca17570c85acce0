/**
 * Running-time checks that hold on a loaded machine (CI shares its cores with other jobs).
 * They compare two costs measured in the same test rather than against a clock:
 * - CPU time of this process (`process.cpuUsage`), not wall time: time spent waiting while
 *   other processes hold the cores is not counted;
 * - the fastest of several runs of each side, the two sides timed alternately so that a slow
 *   phase of the machine (cache or frequency contention) hits both;
 * - a few attempts before failing, keeping the smallest ratio: noise makes one attempt slow,
 *   while a really quadratic (or backtracking) input is slow on every attempt. A ratio far over
 *   the bound is no noise (10× on one run, 3× on the best of an attempt's runs): it fails at
 *   once, so a quadratic case is not run again and again.
 * Vitest runs each test file in its own process (the default `forks` pool), so the CPU time
 * is that of the test alone.
 */

/** CPU time (user + system, in ms) this process spends running `f`. */
export function cpuMs(f: () => unknown): number {
  const start = process.cpuUsage();
  f();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

export interface CostRatioOptions {
  /** The ratio to get under; attempts stop at the first one below it. */
  readonly below: number;
  /** Runs of each side per attempt; the fastest counts. Default 3. */
  readonly runs?: number;
  /** Attempts before giving up. Default 4. */
  readonly attempts?: number;
  /** Least reference time (ms) divided by, so a reference of a few µs cannot blow the ratio up. Default 0.2. */
  readonly floorMs?: number;
}

export interface CostRatio {
  /** The smallest `subjectMs / max(referenceMs, floorMs)` over the attempts made. */
  readonly ratio: number;
  /** The fastest reference and subject run of the attempt with that ratio (CPU ms). */
  readonly referenceMs: number;
  readonly subjectMs: number;
  readonly attempts: number;
}

/**
 * How many times the CPU time of `reference` the CPU time of `subject` is: the subject on a
 * larger input (a scaling check: 10× the input must cost well under 100×), or a known-linear
 * pass over the same input (a baseline check). See the file comment for why it is robust.
 *
 * @example
 * const r = costRatio(() => f(small), () => f(tenTimesLarger), { below: 30 });
 * expect(r.ratio, describeCostRatio(r)).toBeLessThan(30);
 */
export function costRatio(reference: () => unknown, subject: () => unknown, options: CostRatioOptions): CostRatio {
  const { below, runs = 3, attempts = 4, floorMs = 0.2 } = options;
  reference(); // warm-up (the subject's first runs may still compile: the fastest run counts)
  let best: CostRatio = { ratio: Number.POSITIVE_INFINITY, referenceMs: 0, subjectMs: 0, attempts: 0 };
  for (let attempt = 1; attempt <= attempts; attempt++) {
    let referenceMs = Number.POSITIVE_INFINITY;
    let subjectMs = Number.POSITIVE_INFINITY;
    let ratio = Number.POSITIVE_INFINITY;
    for (let i = 0; i < runs; i++) {
      referenceMs = Math.min(referenceMs, cpuMs(reference));
      subjectMs = Math.min(subjectMs, cpuMs(subject));
      ratio = subjectMs / Math.max(referenceMs, floorMs);
      if (ratio > 10 * below) break;
    }
    best = ratio < best.ratio ? { ratio, referenceMs, subjectMs, attempts: attempt } : { ...best, attempts: attempt };
    if (ratio < below || ratio > 3 * below) break;
  }
  return best;
}

/** A failure message for {@link costRatio}'s result. */
export function describeCostRatio(r: CostRatio): string {
  return `${r.subjectMs.toFixed(2)} ms vs ${r.referenceMs.toFixed(2)} ms of CPU time (best of ${r.attempts} attempt(s))`;
}
