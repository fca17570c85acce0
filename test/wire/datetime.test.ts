/**
 * `created_at` validation and normalisation: driven by every fixture record that feeds a
 * `created_at` value, plus hand-computed cases for speedate / pydantic-core rules the
 * fixtures do not pin (each names the upstream rule it follows).
 */
import { describe, expect, it } from "vitest";
import { createdAtToDate, formatUtcNow, normalizeDatetime } from "../../src/wire/datetime.js";
import { readJsonl, type FixtureRecord } from "../helpers/fixtures.js";

interface FixtureError {
  type: string;
  loc: (string | number)[];
}

/** Every load case whose payload carries a `created_at` value (not the "missing" ones). */
const records = readJsonl("autogen/load-cases.jsonl").filter(
  (r): r is FixtureRecord & { payload: Record<string, unknown> } =>
    r.name.includes("created_at") &&
    typeof r.payload === "object" && r.payload !== null && !Array.isArray(r.payload) &&
    Object.hasOwn(r.payload, "created_at"),
);

describe("normalizeDatetime against the AutoGen fixtures", () => {
  it("finds the created_at records", () => {
    expect(records.length).toBeGreaterThan(40);
  });

  it.each(records.map((r) => [r.name, r] as const))("%s", (_name, rec) => {
    const input = rec.payload.created_at;
    const result = normalizeDatetime(input);
    if (rec.accepted) {
      const expected = (rec.dump as Record<string, unknown>).created_at;
      expect(result).toEqual({ ok: true, value: expected });
    } else {
      const err = (rec.errors as FixtureError[]).find((e) => e.loc.at(-1) === "created_at");
      expect(err).toBeDefined();
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.code).toBe(err?.type);
        expect(result.message.length).toBeGreaterThan(0);
      }
    }
  });
});

/** [input, expected dump] pairs for accepted values, each verified against pydantic 2.13.4. */
const accepted: [string, unknown, string][] = [
  // speedate DateTime::parse_bytes_rfc3339: `_` is a fourth date/time separator.
  ["underscore separator", "2021-09-15_08:30:34", "2021-09-15T08:30:34"],
  // Time::parse_bytes_offset: U+2212 MINUS SIGN is accepted as a negative offset sign.
  ["unicode minus offset", "2021-09-15T08:30:34\u221202:00", "2021-09-15T08:30:34-02:00"],
  // PureTime::parse: seconds are optional; the dump always writes them.
  ["naive, no seconds", "2021-09-15T08:30", "2021-09-15T08:30:00"],
  // A fraction of only zeros is dropped by speedate's Display (microsecond == 0).
  ["zero fraction", "2021-09-15T08:30:34.000000Z", "2021-09-15T08:30:34Z"],
  ["+0000 is Z", "2021-09-15 08:30:34+0000", "2021-09-15T08:30:34Z"],
  ["negative offset at the max date", "9999-12-31T23:59:59-01:00", "9999-12-31T23:59:59-01:00"],
  ["offset at the min date", "0001-01-01T00:00:00+01:00", "0001-01-01T00:00:00+01:00"],
  ["leap day", "2024-02-29T12:00:00Z", "2024-02-29T12:00:00Z"],
  ["400-year leap day", "2000-02-29", "2000-02-29T00:00:00"],
  // DateTime::parse_bytes_with_config: numeric strings go through float_parse_bytes; an
  // integer string is a timestamp even when short.
  ["short integer string", "2021", "1970-01-01T00:33:41Z"],
  ["plus-signed integer string", "+5", "1970-01-01T00:00:05Z"],
  ["leading zeros", "007", "1970-01-01T00:00:07Z"],
  ["minus zero", "-0", "1970-01-01T00:00:00Z"],
  // float_parse_bytes: only a `.` as first non-digit switches to lexical's float grammar.
  ["leading dot", ".5", "1970-01-01T00:00:00.500000Z"],
  ["dot then exponent", "1.e5", "1970-01-02T03:46:40Z"],
  ["fraction with exponent", "1631694634.5e0", "2021-09-15T08:30:34.500000Z"],
  // For strings the float path floors to seconds with a positive microsecond remainder.
  ["negative float string", "-1.25", "1969-12-31T23:59:58.750000Z"],
  ["millisecond float string", "1631694634.9685", "2021-09-15T08:30:34.968500Z"],
  // The string float path divides by 1000 above 2e10 and then applies the watershed a
  // second time to the resulting seconds (3e10 s → read as ms again).
  ["double watershed quirk", "30000000000000.5", "1970-12-14T05:20:00.000500Z"],
  // int_parse_bytes_internal wraps i64 arithmetic and only fails when the value turns
  // negative: 18446744073709551620 = 2^64 + 4 reads as 4.
  ["wrapping integer string", "18446744073709551620", "1970-01-01T00:00:04Z"],
  // timestamp_watershed: |ts| <= 2e10 is seconds, above is milliseconds.
  ["watershed, seconds side", 20000000000, "2603-10-11T11:33:20Z"],
  ["watershed, ms side", 20000000001, "1970-08-20T11:33:20.001000Z"],
  ["negative ms", -20000000001, "1969-05-14T12:26:39.999000Z"],
  ["last ms of 9999", 253402300799999, "9999-12-31T23:59:59.999000Z"],
  ["first second of year 1 in ms", -62135596800000, "0001-01-01T00:00:00Z"],
  // Large second counts below the watershed are milliseconds, not seconds.
  ["9999 in seconds is read as ms", 253402300799, "1978-01-11T21:31:40.799000Z"],
  // from_float_with_config takes the *absolute* fraction: floor(-1.25) + 0.25 s.
  ["negative float number", -1.25, "1969-12-31T23:59:58.250000Z"],
  ["negative half", -0.5, "1969-12-31T23:59:59.500000Z"],
  ["negative ms float", -30000000000.25, "1969-01-18T18:39:59.999250Z"],
  // ...and above 2e10 the fraction counts as milliseconds' fraction.
  ["ms float", 1631694634968.5, "2021-09-15T08:30:34.968500Z"],
  // floor(2e10 + 0.5) is back at the watershed, so it is read as seconds.
  ["float at the watershed", 20000000000.5, "2603-10-11T11:33:20.000500Z"],
  // Microseconds are rounded, and a rounded-up 1_000_000 carries into the seconds.
  ["sub-microsecond rounds down", 1e-7, "1970-01-01T00:00:00Z"],
  ["rounding carries", 0.9999999, "1970-01-01T00:00:01Z"],
];

/** [input, pydantic error type], each verified against pydantic 2.13.4. */
const rejected: [string, unknown, string][] = [
  // EitherDateTime::try_into_py: speedate parses year 0, Python's datetime refuses it.
  ["year 0 datetime", "0000-01-01T00:00:00Z", "datetime_parsing"],
  ["year 0 date", "0000-01-01", "datetime_parsing"],
  ["year 0 from ms", -62167219200000, "datetime_parsing"],
  // float_as_datetime: NaN is refused before speedate.
  ["NaN", NaN, "datetime_parsing"],
  // Saturating float → i64 cast, then the 0000/9999 range.
  ["Infinity", Infinity, "datetime_parsing"],
  ["-Infinity", -Infinity, "datetime_parsing"],
  ["first ms after 9999", 253402300800000, "datetime_parsing"],
  ["i64 min", -(2 ** 63), "datetime_parsing"],
  // A fraction needs seconds; otherwise it is a bad offset sign, reported by the date parser.
  ["fraction without seconds", "2021-09-15T08:30.5", "datetime_from_date_parsing"],
  ["extra after date", "2021-09-15x", "datetime_from_date_parsing"],
  ["month 13", "2021-13-15", "datetime_from_date_parsing"],
  ["Feb 29 in a common year", "2023-02-29", "datetime_from_date_parsing"],
  ["offset minutes 60", "2021-09-15T08:30:34+01:60", "datetime_from_date_parsing"],
  ["offset hours 24 without colon", "2021-09-15T08:30:34-2400", "datetime_from_date_parsing"],
  ["offset with 1 minute digit", "2021-09-15T08:30:34+02:0", "datetime_from_date_parsing"],
  ["exponent without dot", "1e5", "datetime_from_date_parsing"],
  ["exponent integer", "16316946345e-1", "datetime_from_date_parsing"],
  // int_parse_bytes_internal: overflow that turns negative is an error.
  ["overflowing integer string", "100000000000000000000", "datetime_from_date_parsing"],
  ["non-ASCII", "日本語xxxxxxx", "datetime_from_date_parsing"],
  ["minute 60", "2021-09-15T08:60:00", "datetime_from_date_parsing"],
  ["undefined", undefined, "datetime_type"],
  ["false", false, "datetime_type"],
];

describe("normalizeDatetime: upstream rules beyond the fixtures", () => {
  it.each(accepted)("accepts %s", (_label, input, expected) => {
    expect(normalizeDatetime(input)).toEqual({ ok: true, value: expected });
  });

  it.each(rejected)("rejects %s", (_label, input, code) => {
    const r = normalizeDatetime(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toBe(code);
  });

  it("reports speedate's reason in the message", () => {
    const r = normalizeDatetime("2021-02-30T00:00:00Z");
    expect(r).toMatchObject({ ok: false, code: "datetime_from_date_parsing" });
    if (!r.ok) expect(r.message).toContain("day value is outside expected range");
    const big = normalizeDatetime(1e20);
    if (!big.ok) expect(big.message).toContain("dates after 9999");
  });

  it("returns already-canonical strings unchanged", () => {
    for (const s of [
      "2025-04-06T21:56:09.134291Z",
      "2025-04-06T21:56:09Z",
      "2025-04-06T21:56:09.000001+05:30",
      "2025-04-06T21:56:09-00:01",
      "2025-04-06T21:56:09",
    ]) {
      expect(normalizeDatetime(s)).toEqual({ ok: true, value: s });
    }
  });

  it("is a fixed point: normalising a dump gives the same dump", () => {
    for (const input of ["2021-09-15t08:30:34,5z", "2021-09-15 08:30:34+0200", "2021-09-15", 1631694634968, -1.25]) {
      const once = normalizeDatetime(input);
      expect(once.ok).toBe(true);
      if (once.ok) expect(normalizeDatetime(once.value)).toEqual(once);
    }
  });

  it("maps every day of 400 years like the proleptic Gregorian calendar", () => {
    // Compare the civil conversion against Date's (independent) UTC calendar, 1600–2000.
    const start = Date.UTC(1600, 0, 1) / 1000;
    for (let d = 0; d < 146_097; d += 1) {
      const secs = start + d * 86_400 + 3_723;
      // Near 1970 a millisecond count is within the watershed (read as seconds): pass seconds.
      const r = normalizeDatetime(Math.abs(secs * 1000) > 2e10 ? secs * 1000 : secs);
      const iso = new Date(secs * 1000).toISOString().replace(".000Z", "Z");
      if (!r.ok || r.value !== iso) {
        expect(r).toEqual({ ok: true, value: iso });
      }
    }
  });
});

describe("formatUtcNow", () => {
  it("writes the current UTC time in the canonical form", () => {
    const before = Date.now();
    const s = formatUtcNow();
    const after = Date.now();
    // YYYY-MM-DDTHH:MM:SS, then either Z or a 6-digit fraction whose last 3 digits are 0.
    expect(s).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3}000)?Z$/);
    expect(s.includes(".000000")).toBe(false);
    const t = Date.parse(s);
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(after);
    expect(normalizeDatetime(s)).toEqual({ ok: true, value: s });
  });
});

describe("createdAtToDate", () => {
  it("applies the offset and truncates microseconds", () => {
    expect(createdAtToDate("2021-09-15T10:30:34.140591+02:00").toISOString()).toBe("2021-09-15T08:30:34.140Z");
    expect(createdAtToDate("2021-09-15T08:30:34.999999Z").toISOString()).toBe("2021-09-15T08:30:34.999Z");
  });

  it("takes naive values as UTC", () => {
    expect(createdAtToDate("2021-09-15T08:30:34").toISOString()).toBe("2021-09-15T08:30:34.000Z");
  });

  it("handles years Date.UTC would remap (0001–0099)", () => {
    expect(createdAtToDate("0001-01-01T00:00:00Z").getTime()).toBe(-62_135_596_800_000);
    expect(createdAtToDate("0099-12-31T23:59:59Z").getUTCFullYear()).toBe(99);
  });

  it("throws a RangeError on an invalid string", () => {
    expect(() => createdAtToDate("2021-02-30T00:00:00Z")).toThrow(RangeError);
    expect(() => createdAtToDate("now")).toThrow(RangeError);
  });
});
