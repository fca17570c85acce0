/**
 * `created_at`: pydantic 2.13's lax `datetime` validation (speedate 0.17 parsing, as
 * pydantic-core 2.46 drives it for Python input) and the ISO text `model_dump(mode="json")`
 * writes back: `YYYY-MM-DDTHH:MM:SS[.ffffff](Z|±HH:MM|)`.
 *
 * JavaScript `Date` holds neither microseconds nor naive-ness, so the parts are kept as plain
 * numbers (`Date` only converts between day counts and calendar dates). Parsers write into module-level scratch fields (validation is
 * synchronous, one value at a time) so that the common, already-canonical input is checked
 * without allocating and returned as the same string. Parse steps return speedate's error
 * text (its ParseError documentation string), or "" on success.
 */
import type { Check, Failed } from "./check.js";
import { FAILED, fail, pass, quoteShort, typeWithArticle } from "./check.js";
import { scanDecimalLiteral } from "./coerce.js";

/** Above this magnitude a unix number is taken as milliseconds (speedate `MS_WATERSHED`). */
const MS_WATERSHED = 20_000_000_000;
const TWO_63 = 2 ** 63;

const DATE_SEPARATOR = "invalid date separator, expected `-`";
const TOO_SMALL = "dates before 0000 are not supported as unix timestamps";
const TOO_LARGE = "dates after 9999 are not supported as unix timestamps";

// ---------------------------------------------------------------------------------------
// Scratch result of the last successful parse

let year = 0;
let month = 0;
let day = 0;
let hour = 0;
let minute = 0;
let second = 0;
let micro = 0;
/** UTC offset in seconds, or null for a naive datetime. */
let offset: number | null = null;
/** Whether the parsed string already is exactly what {@link formatParts} would write. */
let canonical = false;

// ---------------------------------------------------------------------------------------
// Calendar arithmetic (`Date`'s UTC fields are the proleptic Gregorian calendar, year 0 included)

function daysInMonth(y: number, m: number): number {
  if (m === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Sets the scratch fields to a UTC instant; `us` may carry whole seconds. */
function setFromUnix(seconds: number, us: number): string {
  const secs = seconds + Math.floor(us / 1_000_000);
  // speedate's range: 0000-01-01T00:00:00Z to 9999-12-31T23:59:59Z.
  if (secs < -62_167_219_200) return TOO_SMALL;
  if (secs > 253_402_300_799) return TOO_LARGE;
  const tod = ((secs % 86_400) + 86_400) % 86_400;
  const d = new Date((secs - tod) * 1000);
  year = d.getUTCFullYear();
  month = d.getUTCMonth() + 1;
  day = d.getUTCDate();
  hour = Math.floor(tod / 3600);
  minute = Math.floor((tod % 3600) / 60);
  second = tod % 60;
  micro = us % 1_000_000;
  offset = 0;
  canonical = false;
  return "";
}

/**
 * speedate `from_timestamp_with_config` in `Infer` mode: an integer above 2e10 in magnitude is
 * milliseconds, split with a non-negative remainder; `us` is added on top.
 */
function setFromTimestamp(ts: number, us: number): string {
  if (Math.abs(ts) <= MS_WATERSHED) return setFromUnix(ts, us);
  // `%` is exact on doubles, so the division below is exact too (no float rounding).
  const rem = ((ts % 1000) + 1000) % 1000;
  return setFromUnix((ts - rem) / 1000, us + rem * 1000);
}

// ---------------------------------------------------------------------------------------
// String parsing (speedate)

/** Digit value of `s[i]`, or -1 (also past the end). */
function digitAt(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1;
}

/** Value of the two digits at `s[i]`, or -1 when either is not a digit or it exceeds `max`. */
function twoDigitsAt(s: string, i: number, max = 99): number {
  const a = digitAt(s, i);
  const b = digitAt(s, i + 1);
  return a < 0 || b < 0 || a * 10 + b > max ? -1 : a * 10 + b;
}

/** speedate `Date::parse_bytes_partial`: `YYYY-MM-DD` at the start; the caller checked the length. */
function parseDatePart(s: string): string {
  const hi = twoDigitsAt(s, 0);
  const lo = twoDigitsAt(s, 2);
  if (hi < 0 || lo < 0) return "invalid character in year";
  if (s.charCodeAt(4) !== 45) return DATE_SEPARATOR;
  const m = twoDigitsAt(s, 5);
  if (m < 0) return "invalid character in month";
  if (s.charCodeAt(7) !== 45) return DATE_SEPARATOR;
  const d = twoDigitsAt(s, 8);
  if (d < 0) return "invalid character in day";
  const y = hi * 100 + lo;
  if (m < 1 || m > 12) return "month value is outside expected range of 1-12";
  if (d < 1 || d > daysInMonth(y, m)) return "day value is outside expected range";
  year = y;
  month = m;
  day = d;
  return "";
}

/**
 * speedate `DateTime::parse_bytes_rfc3339`: date, separator `T`/`t`/space/`_`, `HH:MM`,
 * optional `:SS` with optional `.`/`,` fraction (digits past 6 dropped), optional `Z`/`z` or
 * `±HH[:]MM` offset (U+2212 minus allowed, minutes < 60, |offset| < 24h), nothing after.
 * Its error is never reported (pydantic reports the date parser's), so this returns a boolean.
 */
function parseIsoDatetime(s: string): boolean {
  const n = s.length;
  // Everything up to the minutes must be ASCII, so UTF-16 and UTF-8 lengths agree here.
  if (n < 16 || parseDatePart(s)) return false;
  const sep = s.charCodeAt(10);
  let canon = sep === 84; // "T"
  if (!canon && sep !== 116 && sep !== 32 && sep !== 95) return false;
  const h = twoDigitsAt(s, 11, 23);
  const mi = twoDigitsAt(s, 14, 59);
  if (h < 0 || s.charCodeAt(13) !== 58 || mi < 0) return false;

  let pos = 16;
  let sec = 0;
  let us = 0;
  if (s.charCodeAt(16) === 58) {
    sec = twoDigitsAt(s, 17, 59); // no leap seconds
    if (sec < 0) return false;
    pos = 19;
    const fsep = s.charCodeAt(19);
    if (fsep === 46 || fsep === 44) {
      // Digits past the sixth are read and dropped.
      let count = 0;
      for (let d; (d = digitAt(s, ++pos)) >= 0; count++) {
        if (count < 6) us = us * 10 + d;
      }
      if (count === 0) return false;
      for (let k = count; k < 6; k++) us *= 10;
      canon &&= fsep === 46 && count === 6 && us !== 0;
    }
  } else {
    canon = false; // seconds are always written
  }

  let tz: number | null = null;
  if (pos < n) {
    const c = s.charCodeAt(pos++);
    if (c === 90 || c === 122) {
      tz = 0;
      canon &&= c === 90;
    } else {
      const sign = c === 43 ? 1 : c === 45 || c === 0x2212 ? -1 : 0;
      // |offset| < 24h: at most 23:59.
      const th = twoDigitsAt(s, pos, 23);
      const colon = s.charCodeAt(pos + 2) === 58;
      pos += colon ? 3 : 2;
      const tm = twoDigitsAt(s, pos, 59);
      if (sign === 0 || th < 0 || tm < 0) return false;
      tz = sign * (th * 3600 + tm * 60);
      // "+00:00" / "-00:00" are written as "Z"; "−" (U+2212) as "-".
      canon &&= colon && tz !== 0 && c !== 0x2212;
      pos += 2;
    }
  }
  if (pos !== n) return false;
  hour = h;
  minute = mi;
  second = sec;
  micro = us;
  offset = tz;
  canonical = canon;
  return true;
}

/** What {@link speedateInt} found: an i64, a `.` as first non-digit, or another failure. */
const NUM_ERR = 0;
const NUM_INT = 1;
const NUM_DOT = 2;
let intValue = 0;

/**
 * speedate `int_parse_bytes_internal`: `[+-]?` digits, i64 arithmetic that *wraps* and only
 * fails when the running value turns negative (so "18446744073709551620" reads as 4, as
 * upstream). Sets {@link intValue} on success.
 */
function speedateInt(s: string): number {
  const n = s.length;
  if (n === 0) return NUM_ERR;
  const c0 = s.charCodeAt(0);
  const neg = c0 === 45 && n >= 2;
  let v = 0n;
  for (let i = neg || (c0 === 43 && n >= 2) ? 1 : 0; i < n; i++) {
    const d = digitAt(s, i);
    if (d < 0) return s.charCodeAt(i) === 46 ? NUM_DOT : NUM_ERR;
    v = BigInt.asIntN(64, v * 10n + BigInt(d));
    if (v < 0n) return NUM_ERR;
  }
  intValue = Number(neg ? -v : v);
  return NUM_INT;
}

/**
 * speedate's float timestamp string (`DateTime::parse_bytes_with_config`, first non-digit `.`):
 * parsed as a float, divided by 1000 when above 2e10, floored to seconds with rounded
 * microseconds, and then passed through the watershed a second time (as upstream does).
 */
function parseFloatTimestamp(s: string): boolean {
  if (!scanDecimalLiteral(s, 0, s.length)) return false;
  const f = Number(s);
  const norm = Math.abs(f) > MS_WATERSHED ? f / 1000 : f;
  // Rust's saturating `as i64` then lands out of range either way.
  if (!(Math.abs(norm) < TWO_63)) return false;
  const secs = Math.floor(norm);
  return !setFromTimestamp(secs, Math.round((norm - secs) * 1_000_000));
}

/** Whether `s` is shorter than 10 bytes in UTF-8 (speedate measures bytes). */
function shorterThan10Bytes(s: string): boolean {
  if (s.length >= 10) return false;
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? 4 : c >= 0xdc00 && c <= 0xdfff ? 0 : 3;
  }
  return bytes < 10;
}

/**
 * speedate `Date::parse_bytes` (exactly `YYYY-MM-DD`): a naive midnight. pydantic falls back to
 * it when the datetime parse failed, and reports its error.
 */
function parseDateOnly(s: string): string {
  const err = shorterThan10Bytes(s) ? "input is too short" : parseDatePart(s);
  if (err) return err;
  if (s.length !== 10) return "unexpected extra characters at the end of the input";
  hour = minute = second = micro = 0;
  offset = null;
  canonical = false;
  return "";
}

/**
 * A string as pydantic reads it: an ISO datetime; else speedate's numeric forms (an i64 string
 * is a timestamp, watershed applied; a float string see {@link parseFloatTimestamp}); else
 * the date-only fallback, whose error is the one reported.
 */
function parseString(s: string): string {
  if (parseIsoDatetime(s)) return "";
  const kind = speedateInt(s);
  // An integer string cannot be a date, so its range error is the one reported.
  if (kind === NUM_INT) return setFromTimestamp(intValue, 0);
  return kind === NUM_DOT && parseFloatTimestamp(s) ? "" : parseDateOnly(s);
}

/**
 * pydantic `float_as_datetime` / `int_as_datetime` for a unix number. Integral values in i64
 * range take the integer path; others speedate's `from_float_with_config`, which takes the
 * *absolute* fraction: a negative non-integral value lands at floor(value) + |fraction|
 * (-1.25 → 1969-12-31T23:59:58.250000Z), reproduced as upstream does.
 */
function parseUnixNumber(n: number): string {
  if (n !== n) return "NaN values not permitted";
  // Also -2^63, the one i64 this leaves out: it is out of range as a timestamp too.
  if (!(Math.abs(n) < TWO_63)) return n > 0 ? TOO_LARGE : TOO_SMALL;
  if (Number.isInteger(n)) return setFromTimestamp(n, 0);
  const frac = Math.abs(n - Math.trunc(n));
  return setFromTimestamp(Math.floor(n), Math.round(frac * (Math.abs(n) <= MS_WATERSHED ? 1_000_000 : 1000)));
}

// ---------------------------------------------------------------------------------------
// Formatting

function pad2(v: number): string {
  return (v < 10 ? "0" : "") + v;
}

/** Writes the scratch fields as pydantic's JSON serializer does (speedate `Display`). */
function formatParts(): string {
  let out = String(year).padStart(4, "0") + "-" + pad2(month) + "-" + pad2(day) + "T" +
    pad2(hour) + ":" + pad2(minute) + ":" + pad2(second);
  if (micro !== 0) out += "." + String(micro).padStart(6, "0");
  if (offset === null) return out;
  if (offset === 0) return out + "Z";
  // Whole minutes only: a sub-minute part of an offset is truncated.
  const totalMinutes = Math.trunc(Math.abs(offset) / 60);
  return out + (offset < 0 ? "-" : "+") + pad2(Math.trunc(totalMinutes / 60)) + ":" + pad2(totalMinutes % 60);
}

// ---------------------------------------------------------------------------------------
// Entry points

/** The forms a datetime field takes, for the hint of a failure. */
const ACCEPTED = 'accepted: ISO 8601 text ("2025-04-06T21:56:09.134Z", "2025-04-06 21:56+02:00", "2025-04-06"), unix seconds or milliseconds, a Date';

/** Parses a string, unix number or `Date` into the scratch fields; returns pydantic's failure, if any. */
function parse(value: unknown): Failed | undefined {
  let err: string;
  let code = "datetime_parsing";
  if (typeof value === "string") {
    err = parseString(value);
    if (err) code = "datetime_from_date_parsing";
  } else if (typeof value === "number") {
    err = parseUnixNumber(value);
  } else if (value instanceof Date) {
    // A Date is an instant: written as pydantic writes an aware datetime in UTC (`Z`), as `created_at`'s default is.
    const ms = dateTime(value);
    if (ms !== ms) return fail(code, "invalid datetime: an Invalid Date", ACCEPTED);
    const seconds = Math.floor(ms / 1000);
    err = setFromUnix(seconds, (ms - seconds * 1000) * 1000);
  } else {
    return fail("datetime_type", `expected a datetime (ISO 8601 string or unix timestamp), got ${typeWithArticle(value)}`, ACCEPTED);
  }
  // Python's datetime starts at year 1; speedate parses year 0 and pydantic then refuses it.
  if (!err && year === 0) err = "year 0 is out of range";
  if (!err) return undefined;
  const what =
    typeof value === "string" ? `datetime ${quoteShort(value)}`
    : typeof value !== "number" ? `Date ${Date.prototype.toISOString.call(value)}`
    : value !== value ? "unix timestamp"
    : `unix timestamp ${value}`;
  return fail(code, `invalid ${what}: ${err}`, ACCEPTED);
}

/** A Date's time value, read with the intrinsic getter (a subclass cannot run code here); NaN if unreadable. */
function dateTime(value: Date): number {
  try {
    return Date.prototype.getTime.call(value);
  } catch {
    return NaN; // a Proxy of a Date has no time value
  }
}

/** The normalised text of a valid value, or the failure. */
function normalize(value: unknown): string | Failed {
  return parse(value) ?? (canonical ? (value as string) : formatParts());
}

/**
 * Validates a `datetime` field as pydantic does in lax mode and returns the text
 * `model_dump(mode="json")` writes: `YYYY-MM-DDTHH:MM:SS[.ffffff](Z|±HH:MM|)`.
 *
 * Accepts ISO strings (`T`/`t`/space/`_` separator, optional seconds, `.`/`,` fraction cut
 * to 6 digits, `Z`/`z`/`±HH:MM`/`±HHMM` offsets under 24h; `±00:00` becomes `Z`, naive stays
 * naive), date-only strings (naive midnight), and unix seconds or milliseconds (magnitude
 * above 2e10) as numbers or numeric strings, which become UTC, and JavaScript `Date`s (the
 * instant in UTC, like AutoGen's own `created_at` default). Fails with `datetime_type`
 * (null, booleans, arrays, objects), `datetime_from_date_parsing` (bad strings) or
 * `datetime_parsing` (timestamps outside years 1–9999, NaN, year 0, an Invalid Date); the
 * failure's `hint` lists the accepted forms.
 *
 * An input that is already canonical is returned as the same string.
 *
 * @example normalizeDatetime("2021-09-15 08:30:34+0000") // { ok: true, value: "2021-09-15T08:30:34Z" }
 * @example normalizeDatetime(1631694634968) // { ok: true, value: "2021-09-15T08:30:34.968000Z" }
 */
export function normalizeDatetime(value: unknown): Check<string> {
  const r = normalize(value);
  return typeof r === "string" ? pass(r) : r;
}

/** The number written by the `k` digits at `s[i]`, or -1 when one is not a digit. */
function digitsAt(s: string, i: number, k: number): number {
  let v = 0;
  for (const end = i + k; i < end; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

/**
 * `YYYY-MM-DDTHH:MM:SS.ffffffZ` with year not 0, month, day (up to 31), hour, minute and second in
 * range and a nonzero fraction: one native match, cheaper than reading the characters one by one.
 */
const CANONICAL_UTC = /^(?!0000)\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.(?!0{6})\d{6}Z$/;

/**
 * Whether `s` is `YYYY-MM-DDTHH:MM:SS.ffffffZ` with a valid date and time, year not 0 and a
 * nonzero fraction: the text AutoGen writes, which {@link normalize} returns unchanged (the same
 * rules, without the general parser's steps and scratch fields).
 */
function isCanonicalUtc(s: string): boolean {
  if (!CANONICAL_UTC.test(s)) return false;
  const d = digitsAt(s, 8, 2);
  return d < 29 || d <= daysInMonth(digitsAt(s, 0, 4), digitsAt(s, 5, 2));
}

/**
 * Milliseconds since the epoch of a time in the form {@link normalizeDatetime} writes
 * (`YYYY-MM-DDTHH:MM:SS.ffffffZ`), the microseconds as the fraction; undefined for any other text.
 * The same number as `Date.parse` of it plus the microseconds past the millisecond, without the
 * parse (what a trace of a long run does once a message).
 *
 * @example canonicalUtcMs("2025-03-15T03:27:56.123456Z") // 1742009276123.456
 */
export function canonicalUtcMs(s: string): number | undefined {
  if (!isCanonicalUtc(s)) return undefined;
  const year = digitsAt(s, 0, 4);
  if (year < 100) return undefined; // Date.UTC reads years 0–99 as 1900–1999
  const us = digitsAt(s, 20, 6);
  const ms = Date.UTC(year, digitsAt(s, 5, 2) - 1, digitsAt(s, 8, 2), digitsAt(s, 11, 2), digitsAt(s, 14, 2), digitsAt(s, 17, 2)) + Math.floor(us / 1000);
  return ms + (us % 1000) / 1000;
}

/**
 * {@link normalizeDatetime}'s fast form: the normalised text, or {@link FAILED}.
 *
 * @example normalizeDatetimeFast("2021-09-15 08:30:34+00:00") // "2021-09-15T08:30:34Z"
 */
export function normalizeDatetimeFast(value: unknown): string | typeof FAILED {
  if (typeof value === "string" && isCanonicalUtc(value)) return value;
  const r = normalize(value);
  return typeof r === "string" ? r : FAILED;
}

/**
 * The current time as AutoGen's `created_at` default writes it (`datetime.now(timezone.utc)`
 * dumped): UTC with `Z`, microseconds from `Date.now()`'s milliseconds, fraction omitted
 * when zero.
 *
 * @example formatUtcNow() // "2025-04-06T21:56:09.134000Z"
 */
export function formatUtcNow(): string {
  // Microseconds since 1970 stay exact in a double until the year 2255.
  setFromUnix(0, Date.now() * 1000);
  return formatParts();
}

/**
 * Converts a `created_at` string (normally one `load` normalised; any
 * string it accepts works) into a JavaScript `Date`. A naive value (no offset) is taken as
 * UTC; microseconds are truncated to milliseconds.
 *
 * @throws RangeError when the string is not a valid datetime.
 * @example createdAtToDate("2021-09-15T10:30:34.140591+02:00").toISOString() // "2021-09-15T08:30:34.140Z"
 */
export function createdAtToDate(createdAt: string): Date {
  const failed = typeof createdAt === "string" ? parse(createdAt) : fail("datetime_type", "expected a string");
  if (failed) throw new RangeError(failed.message);
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not move years 0–99 to 1900–1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second - (offset ?? 0), Math.trunc(micro / 1000));
  return date;
}
