/**
 * How many inputs the property tests feed, shared by the loader and reader files, and the
 * tally of what they came to (printed at the end of a long run).
 *
 * `FUZZ_INPUTS` is the total number of inputs, shared evenly among the properties (default:
 * 150 per property, a few seconds each in `npm test`); `npm run fuzz:entry-points` runs
 * 1,000,000. `FUZZ_SEED` replays a run.
 */
import { appendFileSync } from "node:fs";
import type fc from "fast-check";
import { STREAM_READERS, VALUE_LOADERS } from "./entry-points.js";

/** Two properties per loader (mutated seeds, hostile values), one per reader. */
export const PROPERTIES = VALUE_LOADERS.length * 2 + STREAM_READERS.length;
export const TOTAL = Number(process.env.FUZZ_INPUTS ?? 0);
export const RUNS = TOTAL > 0 ? Math.ceil(TOTAL / PROPERTIES) : 150;
export const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
export const PARAMS: fc.Parameters<unknown> = { numRuns: RUNS, ...(SEED !== undefined && { seed: SEED }), endOnFailure: true };
/** Per property: far above what the runs take on a busy machine. */
export const TIMEOUT = Math.max(120_000, RUNS * 100);

/** Inputs fed, and what they came to, per property. */
const tally = new Map<string, { inputs: number; results: number; errors: number; slowestMs: number }>();

export function count(name: string, outcome: "result" | "error", ms: number): void {
  const t = tally.get(name) ?? { inputs: 0, results: 0, errors: 0, slowestMs: 0 };
  t.inputs++;
  if (outcome === "result") t.results++;
  else t.errors++;
  t.slowestMs = Math.max(t.slowestMs, ms);
  tally.set(name, t);
  // A long run's progress, for whoever watches it (`FUZZ_PROGRESS=file`).
  if (PROGRESS && t.inputs % 5000 === 0) appendFileSync(PROGRESS, `${new Date().toISOString()} ${name}: ${t.inputs} inputs (${t.errors} errors), slowest ${Math.round(t.slowestMs)} ms\n`);
}

const PROGRESS = process.env.FUZZ_PROGRESS;

/** Prints the tally (long runs only). */
export function report(): void {
  if (TOTAL <= 0) return;
  const rows = [...tally].map(([property, t]) => ({ property, ...t, slowestMs: Math.round(t.slowestMs) }));
  console.table(rows);
  console.log(`${rows.reduce((s, r) => s + r.inputs, 0)} inputs fed (seed ${SEED ?? "random"}); a breach fails its property, above`);
}
