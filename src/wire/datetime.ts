/**
 * `created_at`: pydantic 2.13's lax `datetime` validation (speedate 0.17 parsing, as
 * pydantic-core 2.46 drives it for Python input) and the ISO text `model_dump(mode="json")`
 * writes back: `YYYY-MM-DDTHH:MM:SS[.ffffff](Z|±HH:MM|)`.
 *
 * JavaScript `Date` holds neither microseconds nor naive-ness, so the calendar arithmetic is
 * done here on plain numbers. Parsers write into module-level scratch fields (validation is
 * synchronous, one value at a time) so that the common, already-canonical input is checked
 * without allocating and returned as the same string.
 */
import type { Check, Failed } from "./check.js";
import { FAILED, fail, jsonTypeName, pass } from "./check.js";
import { scanDecimalLiteral } from "./coerce.js";

// ---------------------------------------------------------------------------------------
// Constants and error texts (speedate's ParseError documentation strings)

/** Above this magnitude a unix number is taken as milliseconds (speedate `MS_WATERSHED`). */
const MS_WATERSHED = 20_000_000_000;
/** 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z as unix seconds: speedate's range. */
const UNIX_0000 = -62_167_219_200;
const UNIX_9999 = 253_402_300_799;
const TWO_63 = 2 ** 63;

const OK = 0;
const TOO_SHORT = 1;
const EXTRA = 2;
const DATE_SEP = 3;
const NOT_EXACT = 4;
const BAD_YEAR = 5;
const BAD_MONTH = 6;
const BAD_DAY = 7;
const RANGE_MONTH = 8;
const RANGE_DAY = 9;
const TOO_SMALL = 10;
const TOO_LARGE = 11;

const MESSAGES: readonly string[] = [
  "",
  "input is too short",
  "unexpected extra characters at the end of the input",
  "invalid date separator, expected `-`",
  "timestamp is not an exact date",
  "invalid character in year",
  "invalid character in month",
  "invalid character in day",
  "month value is outside expected range of 1-12",
  "day value is outside expected range",
  "dates before 0000 are not supported as unix timestamps",
  "dates after 9999 are not supported as unix timestamps",
];

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
// Calendar arithmetic (proleptic Gregorian, days relative to 1970-01-01)

/** Sets year/month/day from a day count since 1970-01-01 (H. Hinnant's civil_from_days). */
function setCivilFromDays(days: number): void {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  month = mp < 10 ? mp + 3 : mp - 9;
  year = yoe + era * 400 + (month <= 2 ? 1 : 0);
}

/** Days since 1970-01-01 of a civil date (H. Hinnant's days_from_civil). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Sets the scratch fields to a UTC instant; `us` may carry whole seconds. */
function setFromUnix(seconds: number, us: number): number {
  let secs = seconds;
  if (us >= 1_000_000) {
    secs += Math.floor(us / 1_000_000);
    us %= 1_000_000;
  }
  if (secs < UNIX_0000) return TOO_SMALL;
  if (secs > UNIX_9999) return TOO_LARGE;
  const tod = ((secs % 86_400) + 86_400) % 86_400;
  setCivilFromDays((secs - tod) / 86_400);
  hour = Math.floor(tod / 3600);
  minute = Math.floor((tod % 3600) / 60);
  second = tod % 60;
  micro = us;
  offset = 0;
  canonical = false;
  return OK;
}

/**
 * speedate `from_timestamp_with_config` in `Infer` mode: an integer above 2e10 in magnitude is
 * milliseconds, split with a non-negative remainder; `us` is added on top.
 */
function setFromTimestamp(ts: number, us: number): number {
  if (Math.abs(ts) <= MS_WATERSHED) return setFromUnix(ts, us);
  // `%` is exact on doubles, so the division below is exact too (no float rounding).
  const rem = ts % 1000;
  let secs = (ts - rem) / 1000;
  let extra = rem * 1000;
  if (extra < 0) {
    secs -= 1;
    extra += 1_000_000;
  }
  return setFromUnix(secs, us + extra);
}

// ---------------------------------------------------------------------------------------
// String parsing (speedate)

/** Digit value of `s[i]`, or -1 (also past the end). */
function digitAt(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1;
}

/** speedate `Date::parse_bytes_partial`: `YYYY-MM-DD` at the start; the caller checked the length. */
function parseDatePart(s: string): number {
  const y1 = digitAt(s, 0);
  const y2 = digitAt(s, 1);
  const y3 = digitAt(s, 2);
  const y4 = digitAt(s, 3);
  if (y1 < 0 || y2 < 0 || y3 < 0 || y4 < 0) return BAD_YEAR;
  if (s.charCodeAt(4) !== 45) return DATE_SEP;
  const m1 = digitAt(s, 5);
  const m2 = digitAt(s, 6);
  if (m1 < 0 || m2 < 0) return BAD_MONTH;
  if (s.charCodeAt(7) !== 45) return DATE_SEP;
  const d1 = digitAt(s, 8);
  const d2 = digitAt(s, 9);
  if (d1 < 0 || d2 < 0) return BAD_DAY;
  const y = y1 * 1000 + y2 * 100 + y3 * 10 + y4;
  const m = m1 * 10 + m2;
  const d = d1 * 10 + d2;
  if (m < 1 || m > 12) return RANGE_MONTH;
  if (d < 1 || d > daysInMonth(y, m)) return RANGE_DAY;
  year = y;
  month = m;
  day = d;
  return OK;
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
  if (n < 16 || parseDatePart(s) !== OK) return false;
  const sep = s.charCodeAt(10);
  let canon = sep === 84; // "T"
  if (!canon && sep !== 116 && sep !== 32 && sep !== 95) return false;
  const h1 = digitAt(s, 11);
  const h2 = digitAt(s, 12);
  const mi1 = digitAt(s, 14);
  const mi2 = digitAt(s, 15);
  if (h1 < 0 || h2 < 0 || s.charCodeAt(13) !== 58 || mi1 < 0 || mi2 < 0) return false;
  const h = h1 * 10 + h2;
  const mi = mi1 * 10 + mi2;
  if (h > 23 || mi > 59) return false;

  let pos = 16;
  let sec = 0;
  let us = 0;
  if (s.charCodeAt(16) === 58) {
    const s1 = digitAt(s, 17);
    const s2 = digitAt(s, 18);
    if (s1 < 0 || s2 < 0) return false;
    sec = s1 * 10 + s2;
    if (sec > 59) return false; // no leap seconds
    pos = 19;
    const fsep = s.charCodeAt(19);
    if (fsep === 46 || fsep === 44) {
      pos = 20;
      let count = 0;
      for (let d = digitAt(s, pos); d >= 0; d = digitAt(s, ++pos)) {
        if (count < 6) us = us * 10 + d;
        count++;
      }
      if (count === 0) return false;
      for (let k = count; k < 6; k++) us *= 10;
      canon = canon && fsep === 46 && count === 6 && us !== 0;
    }
  } else {
    canon = false; // seconds are always written
  }

  let tz: number | null = null;
  if (pos < n) {
    const c = s.charCodeAt(pos++);
    if (c === 90 || c === 122) {
      tz = 0;
      canon = canon && c === 90;
    } else {
      const sign = c === 43 ? 1 : c === 45 || c === 0x2212 ? -1 : 0;
      if (sign === 0) return false;
      const t1 = digitAt(s, pos);
      const t2 = digitAt(s, pos + 1);
      if (t1 < 0 || t2 < 0) return false;
      let m1: number;
      if (s.charCodeAt(pos + 2) === 58) {
        pos += 3;
        m1 = digitAt(s, pos);
      } else {
        pos += 2;
        m1 = digitAt(s, pos);
        canon = false;
      }
      const m2 = digitAt(s, pos + 1);
      if (m1 < 0 || m2 < 0) return false;
      const minuteSeconds = m1 * 600 + m2 * 60;
      if (minuteSeconds >= 3600) return false;
      tz = sign * (t1 * 36_000 + t2 * 3600 + minuteSeconds);
      if (tz <= -86_400 || tz >= 86_400) return false;
      // "+00:00" / "-00:00" are written as "Z"; "−" (U+2212) as "-".
      canon = canon && tz !== 0 && c !== 0x2212;
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
  let i = neg || (c0 === 43 && n >= 2) ? 1 : 0;
  let v = 0;
  // Doubles are exact below 2^53: up to 15 digits cannot wrap or lose precision.
  const fastEnd = Math.min(n, i + 15);
  for (; i < fastEnd; i++) {
    const d = digitAt(s, i);
    if (d < 0) return s.charCodeAt(i) === 46 ? NUM_DOT : NUM_ERR;
    v = v * 10 + d;
  }
  if (i < n) {
    let big = BigInt(v);
    for (; i < n; i++) {
      const d = digitAt(s, i);
      if (d < 0) return s.charCodeAt(i) === 46 ? NUM_DOT : NUM_ERR;
      big = BigInt.asIntN(64, big * 10n + BigInt(d));
      if (big < 0n) return NUM_ERR;
    }
    v = Number(big);
  }
  intValue = neg ? -v : v;
  return NUM_INT;
}

/**
 * speedate's numeric-string fallback (`DateTime::parse_bytes_with_config`): an i64 string is a
 * timestamp (watershed applies); a string whose first non-digit is `.` is parsed as a float,
 * divided by 1000 when above 2e10, floored to seconds with rounded microseconds, and then
 * passed through the watershed a second time (as upstream does).
 */
function parseTimestampString(s: string): boolean {
  const kind = speedateInt(s);
  if (kind === NUM_INT) return setFromTimestamp(intValue, 0) === OK;
  if (kind !== NUM_DOT || !scanDecimalLiteral(s, 0, s.length)) return false;
  const f = Number(s);
  const norm = Math.abs(f) > MS_WATERSHED ? f / 1000 : f;
  // Rust's saturating `as i64` then lands out of range either way.
  if (!(Math.abs(norm) < TWO_63)) return false;
  const secs = Math.floor(norm);
  return setFromTimestamp(secs, Math.round((norm - secs) * 1_000_000)) === OK;
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
 * pydantic's lax fallback when the datetime parse failed: speedate `Date::parse_bytes` (exactly
 * `YYYY-MM-DD`, or an integer timestamp of an exact midnight) gives a naive midnight. Its error
 * is the one pydantic reports, as `datetime_from_date_parsing`.
 */
function parseDateFallback(s: string): number {
  let err = shorterThan10Bytes(s) ? TOO_SHORT : parseDatePart(s);
  if (err === OK) {
    if (s.length === 10) {
      hour = minute = second = micro = 0;
      offset = null;
      canonical = false;
      return OK;
    }
    err = EXTRA;
  }
  if (speedateInt(s) !== NUM_INT) return err;
  const e = setFromTimestamp(intValue, 0);
  if (e !== OK) return e;
  if (hour !== 0 || minute !== 0 || second !== 0 || micro !== 0) return NOT_EXACT;
  offset = null;
  return OK;
}

// ---------------------------------------------------------------------------------------
// Formatting

function pad2(v: number): string {
  return v < 10 ? "0" + v : String(v);
}

/** Writes the scratch fields as pydantic's JSON serializer does (speedate `Display`). */
function formatParts(): string {
  const y = String(year);
  let out = "0000".slice(y.length) + y + "-" + pad2(month) + "-" + pad2(day) + "T" +
    pad2(hour) + ":" + pad2(minute) + ":" + pad2(second);
  if (micro !== 0) {
    const f = String(micro);
    out += "." + "000000".slice(f.length) + f;
  }
  if (offset === null) return out;
  if (offset === 0) return out + "Z";
  // Whole minutes only: a sub-minute part of an offset is truncated.
  const totalMinutes = Math.trunc(Math.abs(offset) / 60);
  return out + (offset < 0 ? "-" : "+") + pad2(Math.trunc(totalMinutes / 60)) + ":" + pad2(totalMinutes % 60);
}

// ---------------------------------------------------------------------------------------
// Entry points

function preview(s: string): string {
  return JSON.stringify(s.length > 40 ? s.slice(0, 40) + "…" : s);
}

const YEAR_ZERO = "year 0 is out of range";

/** Parses a string into the scratch fields; returns null on success, else the failure. */
function parseString(s: string): Failed | null {
  if (!parseIsoDatetime(s) && !parseTimestampString(s)) {
    const e = parseDateFallback(s);
    if (e !== OK) return fail("datetime_from_date_parsing", `invalid datetime ${preview(s)}: ${MESSAGES[e]}`);
  }
  // Python's datetime starts at year 1; speedate parses year 0 and pydantic then refuses it.
  if (year === 0) return fail("datetime_parsing", `invalid datetime ${preview(s)}: ${YEAR_ZERO}`);
  return null;
}

/**
 * pydantic `float_as_datetime` / `int_as_datetime` for a unix number. Integral values in i64
 * range take the integer path; others speedate's `from_float_with_config`, which takes the
 * *absolute* fraction: a negative non-integral value lands at floor(value) + |fraction|
 * (-1.25 → 1969-12-31T23:59:58.250000Z), reproduced as upstream does.
 */
function fromUnixNumber(n: number): Check<string> {
  if (n !== n) return fail("datetime_parsing", "invalid unix timestamp: NaN values not permitted");
  let e: number;
  if (Number.isInteger(n) && n >= -TWO_63 && n < TWO_63) {
    e = setFromTimestamp(n, 0);
  } else if (!(Math.abs(n) < TWO_63)) {
    e = n > 0 ? TOO_LARGE : TOO_SMALL;
  } else {
    const frac = Math.abs(n - Math.trunc(n));
    e = setFromTimestamp(Math.floor(n), Math.round(frac * (Math.abs(n) <= MS_WATERSHED ? 1_000_000 : 1000)));
  }
  if (e !== OK) return fail("datetime_parsing", `invalid unix timestamp ${n}: ${MESSAGES[e]}`);
  if (year === 0) return fail("datetime_parsing", `invalid unix timestamp ${n}: ${YEAR_ZERO}`);
  return pass(formatParts());
}

/**
 * Validates a `datetime` field as pydantic does in lax mode and returns the text
 * `model_dump(mode="json")` writes: `YYYY-MM-DDTHH:MM:SS[.ffffff](Z|±HH:MM|)`.
 *
 * Accepts ISO strings (`T`/`t`/space/`_` separator, optional seconds, `.`/`,` fraction cut
 * to 6 digits, `Z`/`z`/`±HH:MM`/`±HHMM` offsets under 24h; `±00:00` becomes `Z`, naive stays
 * naive), date-only strings (naive midnight), and unix seconds or milliseconds (magnitude
 * above 2e10) as numbers or numeric strings, which become UTC. Fails with `datetime_type`
 * (null, booleans, arrays, objects), `datetime_from_date_parsing` (bad strings) or
 * `datetime_parsing` (timestamps outside years 1–9999, NaN, year 0).
 *
 * An input that is already canonical is returned as the same string.
 *
 * @example normalizeDatetime("2021-09-15 08:30:34+0000") // { ok: true, value: "2021-09-15T08:30:34Z" }
 * @example normalizeDatetime(1631694634968) // { ok: true, value: "2021-09-15T08:30:34.968000Z" }
 */
export function normalizeDatetime(value: unknown): Check<string> {
  if (typeof value === "string") {
    const failed = parseString(value);
    if (failed) return failed;
    return pass(canonical ? value : formatParts());
  }
  if (typeof value === "number") return fromUnixNumber(value);
  const t = jsonTypeName(value);
  return fail(
    "datetime_type",
    `expected a datetime (ISO 8601 string or unix timestamp), got ${t === "array" || t === "object" ? "an " + t : t}`,
  );
}

/**
 * {@link normalizeDatetime}'s fast form: the normalised text, or {@link FAILED}.
 *
 * @example normalizeDatetimeFast("2021-09-15 08:30:34+00:00") // "2021-09-15T08:30:34Z"
 */
export function normalizeDatetimeFast(value: unknown): string | typeof FAILED {
  if (typeof value === "string") return parseString(value) ? FAILED : canonical ? value : formatParts();
  const r = normalizeDatetime(value);
  return r.ok ? r.value : FAILED;
}

/**
 * The current time as AutoGen's `created_at` default writes it (`datetime.now(timezone.utc)`
 * dumped): UTC with `Z`, microseconds from `Date.now()`'s milliseconds, fraction omitted
 * when zero.
 *
 * @example formatUtcNow() // "2025-04-06T21:56:09.134000Z"
 */
export function formatUtcNow(): string {
  const ms = Date.now();
  const rem = ms % 1000;
  setFromUnix((ms - rem) / 1000, rem * 1000);
  return formatParts();
}

/**
 * Converts a `created_at` string (normally one produced by {@link normalizeDatetime}; any
 * string it accepts works) into a JavaScript `Date`. A naive value (no offset) is taken as
 * UTC; microseconds are truncated to milliseconds.
 *
 * @throws RangeError when the string is not a valid datetime.
 * @example createdAtToDate("2021-09-15T10:30:34.140591+02:00").toISOString() // "2021-09-15T08:30:34.140Z"
 */
export function createdAtToDate(createdAt: string): Date {
  const failed = typeof createdAt === "string" ? parseString(createdAt) : fail("datetime_type", "expected a string");
  if (failed) throw new RangeError(failed.message);
  const ms = daysFromCivil(year, month, day) * 86_400_000 + hour * 3_600_000 + minute * 60_000 +
    second * 1000 + Math.trunc(micro / 1000) - (offset ?? 0) * 1000;
  return new Date(ms);
}
