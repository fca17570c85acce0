/**
 * `created_at` failures name speedate's reason (its ParseError documentation strings) after
 * the rejected input; unix numbers, NaN and non-datetime types each have their own wording.
 */
import { describe, expect, it } from "vitest";
import { createdAtToDate, normalizeDatetime, normalizeDatetimeFast } from "../../src/wire/datetime.js";
import { FAILED } from "../../src/wire/check.js";

const cases: [unknown, string, string][] = [
  ["x".repeat(5), "datetime_from_date_parsing", 'invalid datetime "xxxxx": input is too short'],
  ["2021-09-15x", "datetime_from_date_parsing", 'invalid datetime "2021-09-15x": unexpected extra characters at the end of the input'],
  ["2021/09/15", "datetime_from_date_parsing", 'invalid datetime "2021/09/15": invalid date separator, expected `-`'],
  ["2021-09/15", "datetime_from_date_parsing", 'invalid datetime "2021-09/15": invalid date separator, expected `-`'],
  ["20x1-09-15", "datetime_from_date_parsing", 'invalid datetime "20x1-09-15": invalid character in year'],
  ["2021-0x-15", "datetime_from_date_parsing", 'invalid datetime "2021-0x-15": invalid character in month'],
  ["2021-09-1x", "datetime_from_date_parsing", 'invalid datetime "2021-09-1x": invalid character in day'],
  ["2021-00-15", "datetime_from_date_parsing", 'invalid datetime "2021-00-15": month value is outside expected range of 1-12'],
  ["2021-04-31", "datetime_from_date_parsing", 'invalid datetime "2021-04-31": day value is outside expected range'],
  ["99999999999999999", "datetime_from_date_parsing", 'invalid datetime "99999999999999999": dates after 9999 are not supported as unix timestamps'],
  ["-99999999999999999", "datetime_from_date_parsing", 'invalid datetime "-99999999999999999": dates before 0000 are not supported as unix timestamps'],
  ["0000-01-01T00:00:00Z", "datetime_parsing", 'invalid datetime "0000-01-01T00:00:00Z": year 0 is out of range'],
  [NaN, "datetime_parsing", "invalid unix timestamp: NaN values not permitted"],
  [1e20, "datetime_parsing", "invalid unix timestamp 100000000000000000000: dates after 9999 are not supported as unix timestamps"],
  [-Infinity, "datetime_parsing", "invalid unix timestamp -Infinity: dates before 0000 are not supported as unix timestamps"],
  [-62167219200000, "datetime_parsing", "invalid unix timestamp -62167219200000: year 0 is out of range"],
  [null, "datetime_type", "expected a datetime (ISO 8601 string or unix timestamp), got null"],
  [[], "datetime_type", "expected a datetime (ISO 8601 string or unix timestamp), got an array"],
  [{}, "datetime_type", "expected a datetime (ISO 8601 string or unix timestamp), got an object"],
  [true, "datetime_type", "expected a datetime (ISO 8601 string or unix timestamp), got boolean"],
];

describe("normalizeDatetime failures", () => {
  // Every failure also lists the forms a datetime takes (issue 19: hints that say what to fix).
  const hint = 'accepted: ISO 8601 text ("2025-04-06T21:56:09.134Z", "2025-04-06 21:56+02:00", "2025-04-06"), unix seconds or milliseconds, a Date';

  it.each(cases)("%j", (input, code, message) => {
    expect(normalizeDatetime(input)).toEqual({ ok: false, code, message, hint });
    expect(normalizeDatetimeFast(input)).toBe(FAILED);
  });

  it("cuts a long input after 40 characters in the message", () => {
    const r = normalizeDatetime("y".repeat(50));
    expect(r).toEqual({ ok: false, code: "datetime_from_date_parsing", message: `invalid datetime "${"y".repeat(40)}…": invalid character in year`, hint });
  });

  it("leaves no trace of a failure on the next value", () => {
    expect(normalizeDatetime("2021-02-30T00:00:00Z").ok).toBe(false);
    expect(normalizeDatetimeFast("2021-09-15 08:30:34+00:00")).toBe("2021-09-15T08:30:34Z");
    expect(normalizeDatetimeFast(0)).toBe("1970-01-01T00:00:00Z");
  });
});

describe("createdAtToDate", () => {
  it("applies an offset that crosses into the previous day, month and year", () => {
    expect(createdAtToDate("2022-01-01T00:30:00+01:00").toISOString()).toBe("2021-12-31T23:30:00.000Z");
    expect(createdAtToDate("0001-01-01T00:30:00+01:00").getTime()).toBe(-62_135_596_800_000 - 1_800_000);
    expect(createdAtToDate("9999-12-31T23:59:59.999999-23:59").toISOString()).toBe("+010000-01-01T23:58:59.999Z");
  });

  it("reads numeric strings as unix timestamps", () => {
    expect(createdAtToDate("1631694634968").toISOString()).toBe("2021-09-15T08:30:34.968Z");
  });

  it("refuses non-strings", () => {
    expect(() => createdAtToDate(5 as unknown as string)).toThrow(new RangeError("expected a string"));
  });
});

describe("normalizeDatetimeFast on the 27-character UTC form (its one-pass check)", () => {
  // Hand-written: what pydantic's lax datetime + model_dump(mode="json") give for each.
  const same = [
    "2025-03-01T09:00:00.710903Z",
    "2024-02-29T23:59:59.000001Z",
    "0001-01-01T00:00:00.100000Z",
    "9999-12-31T23:59:59.999999Z",
    // The last day of a 31- and a 30-day month, and of February in a leap century year.
    "2025-01-31T12:00:00.500000Z",
    "2025-04-30T00:00:00.000001Z",
    "2000-02-29T19:09:10.010203Z",
  ];
  it.each(same)("keeps %s as it is", (s) => {
    expect(normalizeDatetimeFast(s)).toBe(s);
    expect(normalizeDatetime(s)).toEqual({ ok: true, value: s });
  });
  const rewritten: [string, string][] = [
    ["2025-03-01T09:00:00.000000Z", "2025-03-01T09:00:00Z"], // a zero fraction is not written
    ["2025-03-01 09:00:00.710903Z", "2025-03-01T09:00:00.710903Z"],
    ["2025-03-01t09:00:00.710903z", "2025-03-01T09:00:00.710903Z"],
    ["2025-03-01T09:00:00,710903Z", "2025-03-01T09:00:00.710903Z"],
  ];
  it.each(rewritten)("writes %s as %s", (s, out) => {
    expect(normalizeDatetimeFast(s)).toBe(out);
  });
  const refused = [
    "2023-02-29T10:00:00.710903Z", // not a leap year
    "2025-04-31T10:00:00.710903Z",
    "2100-02-29T10:00:00.710903Z", // a century year that is not a leap year
    "2025-01-32T10:00:00.710903Z",
    "2025-03-01T09:00:00.710903Zz",
    "2025-13-01T10:00:00.710903Z",
    "2025-00-01T10:00:00.710903Z",
    "2025-03-00T10:00:00.710903Z",
    "2025-03-01T24:00:00.710903Z",
    "2025-03-01T23:60:00.710903Z",
    "2025-03-01T23:59:60.710903Z", // no leap seconds
    "0000-03-01T09:00:00.710903Z",
    "2025-03-01T09:00:00.71090xZ",
    "2025-03-01T09:0a:00.710903Z",
    "2025-03-01T09:00:00.710903+",
  ];
  it.each(refused)("refuses %s", (s) => {
    expect(normalizeDatetimeFast(s)).toBe(FAILED);
    expect(normalizeDatetime(s).ok).toBe(false);
  });
});
