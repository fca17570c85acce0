/**
 * canonicalUtcMs (src/wire/datetime.ts), the trace's fast reading of a `created_at` in the form
 * load writes: the same number as `Date.parse` plus the microseconds past the millisecond.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalUtcMs } from "../../src/wire/datetime.js";

// The independent reading: the engine's own parse, then the digits past the millisecond.
const byParse = (s: string) => Date.parse(s) + Number(`0.${s.slice(23, 26)}`);

describe("canonicalUtcMs", () => {
  it("reads AutoGen's form to the microsecond", () => {
    // Python: datetime(2025, 3, 15, 3, 27, 56, tzinfo=timezone.utc).timestamp() == 1742009276
    expect(canonicalUtcMs("2025-03-15T03:27:56.123456Z")).toBe(1742009276123.456);
    expect(canonicalUtcMs("1970-01-01T00:00:00.000001Z")).toBe(0.001);
    expect(canonicalUtcMs("2024-02-29T23:59:59.999999Z")).toBe(byParse("2024-02-29T23:59:59.999999Z"));
  });

  it("is Date.parse's number for every time from year 100 to 9999", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("0100-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true }), fc.integer({ min: 1, max: 999 }), (d, us) => {
        const s = d.toISOString().slice(0, 23) + String(us).padStart(3, "0") + "Z";
        expect(canonicalUtcMs(s)).toBe(byParse(s));
      }),
      { numRuns: 20_000 },
    );
  });

  it("leaves every other text to the full parse", () => {
    for (const s of ["2025-03-15T03:27:56Z", "2025-03-15T03:27:56.123456+00:00", "2025-03-15 03:27:56.123456Z", "2025-02-30T03:27:56.123456Z", "0099-03-15T03:27:56.123456Z", "2025-03-15T03:27:56.000000Z", "2025-13-15T03:27:56.123456Z"]) {
      expect(canonicalUtcMs(s), s).toBeUndefined();
    }
  });
});
