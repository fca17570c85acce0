/** Span times from the items: AutoGen's `created_at` (an ISO 8601 text, UTC when it names no zone). */
import type { HrTime } from "@opentelemetry/api";
import { canonicalUtcMs } from "../wire/datetime.js";

// A zone at the end: `Z`, `+02:00`, `-0500`.
const ZONE = /(?:[zZ]|[+-]\d\d:?\d\d)$/;

/** Milliseconds since the epoch (microseconds kept as the fraction) of `created_at`, or undefined when it is not a time. */
export function createdAtMs(value: unknown): number | undefined {
  if (typeof value !== "string" || value.length > 64) return undefined;
  const fast = canonicalUtcMs(value); // what load writes: no parse
  if (fast !== undefined) return fast;
  const text = ZONE.test(value) ? value : value + "Z"; // AutoGen writes UTC; a naive time is not local time
  const ms = Date.parse(text);
  if (!Number.isFinite(ms)) return undefined;
  // Date.parse keeps milliseconds only: the microseconds Python writes are added back.
  const frac = /\.(\d+)/.exec(value)?.[1];
  return frac && frac.length > 3 ? ms + Number(`0.${frac.slice(3, 9)}`) : ms;
}

/** An OTel `HrTime` (seconds, nanoseconds) of milliseconds since the epoch. A number would be read as `performance.now()` time by the SDK when it is older than the process. */
export function hrTime(ms: number): HrTime {
  const s = Math.floor(ms / 1000);
  return [s, Math.min(999_999_999, Math.round((ms - s * 1000) * 1e6))];
}
