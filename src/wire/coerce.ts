/**
 * pydantic's lax-mode scalar coercions (`int`, `bool`, `float`) for the values AutoGen's
 * messages receive, following pydantic-core 2.46 (`input_python.rs`, `input/shared.rs`) as it
 * treats the Python objects `json.loads` produces.
 *
 * JavaScript cannot tell a JSON `3` from a JSON `3.0`, nor hold integers beyond 2^53 exactly:
 * every integral number is taken as a Python `int` and big values stay the nearest double.
 */
import type { Check } from "./check.js";
import { FAILED, fail, jsonTypeName, pass } from "./check.js";

const TWO_63 = 2 ** 63;
/** jiter refuses integer strings whose digit run ends beyond this many characters. */
const MAX_INT_DIGITS = 4300;

// ---------------------------------------------------------------------------------------
// Messages

/** Describes a rejected value for a message: `string "1e3"`, `number 1.5`, `null`, `an array`. */
function describe(value: unknown): string {
  if (typeof value === "string") {
    return `string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value)}`;
  }
  if (typeof value === "number" || typeof value === "boolean") return `${typeof value} ${String(value)}`;
  const t = jsonTypeName(value);
  return t === "array" || t === "object" ? `an ${t}` : t;
}

// ---------------------------------------------------------------------------------------
// Shared string helpers

/** Rust's `char::is_whitespace` (Unicode White_Space), which `str::trim` strips: unlike
 * JavaScript's `trim` it strips U+0085 and keeps U+FEFF. */
function isRustSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0x85) return false;
  return (
    c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000
  );
}

/** `s.trim()` as Rust does it; returns the same string when nothing is stripped. */
function rustTrim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isRustSpace(s.charCodeAt(a))) a++;
  while (b > a && isRustSpace(s.charCodeAt(b - 1))) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

/** pydantic-core `strip_underscores`: Python's rule, no leading/trailing/doubled `_`. */
function stripUnderscores(s: string): string | null {
  if (s.length === 0 || s[0] === "_" || s[s.length - 1] === "_" || !s.includes("_") || s.includes("__")) {
    return null;
  }
  return s.replaceAll("_", "");
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Whether `s[start..end)` is a decimal float literal in the grammar shared by Rust's
 * `f64::from_str` and lexical's STANDARD format: `[+-]? digits? ('.' digits?)? ([eE] [+-]? digits)?`
 * with at least one mantissa digit. No whitespace, underscores or special words.
 *
 * @example scanDecimalLiteral("-1.e5", 0, 5) // true
 * @example scanDecimalLiteral(".", 0, 1) // false
 */
export function scanDecimalLiteral(s: string, start: number, end: number): boolean {
  let i = start;
  let c = s.charCodeAt(i);
  if (c === 43 || c === 45) c = s.charCodeAt(++i);
  let digits = 0;
  while (i < end && isDigit(c)) { digits++; c = s.charCodeAt(++i); }
  if (i < end && c === 46) {
    c = s.charCodeAt(++i);
    while (i < end && isDigit(c)) { digits++; c = s.charCodeAt(++i); }
  }
  if (digits === 0) return false;
  if (i < end && (c === 101 || c === 69)) {
    c = s.charCodeAt(++i);
    if (c === 43 || c === 45) c = s.charCodeAt(++i);
    let exp = 0;
    while (i < end && isDigit(c)) { exp++; c = s.charCodeAt(++i); }
    if (exp === 0) return false;
  }
  return i === end;
}

// ---------------------------------------------------------------------------------------
// int

/** Set by {@link jsonInt} when jiter would report `NumberOutOfRange` (→ `int_parsing_size`). */
let intTooLong = false;

/**
 * jiter's `NumberInt::try_from`: the whole string must be a JSON integer (`-?(0|[1-9][0-9]*)`,
 * no `+`, no leading zero). Returns NaN when it is not. A digit run ending past 4300
 * characters is out of range even when junk follows it.
 */
function jsonInt(s: string): number {
  intTooLong = false;
  const n = s.length;
  let i = s.charCodeAt(0) === 45 ? 1 : 0;
  const first = s.charCodeAt(i);
  if (first === 48) return i + 1 === n ? 0 : NaN;
  if (!(first >= 49 && first <= 57)) return NaN;
  let v = 0;
  const digitsFrom = i;
  while (i < n && isDigit(s.charCodeAt(i))) {
    v = v * 10 + (s.charCodeAt(i) - 48);
    i++;
  }
  if (i > MAX_INT_DIGITS) {
    intTooLong = true;
    return NaN;
  }
  if (i !== n) return NaN;
  // Up to 15 digits the running sum is exact; longer runs need correct rounding.
  if (i - digitsFrom > 15) v = Number(s.slice(digitsFrom, i));
  return digitsFrom === 1 ? -v : v;
}

/** pydantic-core `strip_leading_zeros`: keeps one zero (`"000"` → `"0"`, `"00.0"` → `"0.0"`). */
function stripLeadingZeros(s: string): string | null {
  const c0 = s[0];
  if (c0 === undefined) return null;
  if (c0 !== "0") return (c0 >= "1" && c0 <= "9") || c0 === "-" ? s : null;
  for (let i = 1; i < s.length; i++) {
    const c = s[i] as string;
    if (c === "0" || c === "_") continue;
    // A `-` here is kept, so `"0-5"` parses as -5 upstream; reproduced as is.
    if ((c >= "1" && c <= "9") || c === "-") return s.slice(i);
    if (c === ".") return s.slice(i - 1);
    return null;
  }
  return s.slice(s.length - 1);
}

/** pydantic-core `clean_int_str`: the lenient second attempt at an integer string. */
function cleanIntStr(original: string): string | null {
  let s = rustTrim(original);
  if (s[0] === "+") {
    if (s[1] === "-") return null;
    s = s.slice(1);
  }
  let negative = false;
  if (s[0] === "-") {
    if (s[1] === "-" || s[1] === "+") return null;
    negative = true;
    s = s.slice(1);
  }
  const z = stripLeadingZeros(s);
  if (z === null) return null;
  s = z;
  // Drop an all-zero fraction by hand rather than going through a float, as upstream does.
  const dot = s.indexOf(".");
  if (dot >= 0 && dot < s.length - 1) {
    let zeros = true;
    for (let i = dot + 1; i < s.length && zeros; i++) zeros = s[i] === "0";
    if (zeros) s = s.slice(0, dot);
  }
  const stripped = stripUnderscores(s);
  if (stripped !== null) return negative ? "-" + stripped : stripped;
  if (s.length === original.length) return null;
  return negative ? "-" + s : s;
}

function strToInt(s: string): Check<number> {
  let v = jsonInt(s);
  if (intTooLong) return fail("int_parsing_size", `integer string is too long (more than ${MAX_INT_DIGITS} digits)`);
  if (v !== v) {
    const cleaned = cleanIntStr(s);
    if (cleaned !== null) v = jsonInt(cleaned);
    if (v !== v) return fail("int_parsing", `expected an integer, got ${describe(s)}`);
  }
  // Deviation: Python keeps arbitrarily large ints; a double cannot go past ~1.8e308.
  if (!Number.isFinite(v)) return fail("int_parsing_size", `integer is too large to represent, got ${describe(s)}`);
  return pass(v === 0 ? 0 : v);
}

/**
 * Validates a Python `int` field as pydantic does in lax mode: integral numbers, `true`/`false`
 * (1/0), and strings such as `"3"`, `" 3 "`, `"+3"`, `"3_000"`, `"3.00"`, `"007"`. Rejects
 * fractional numbers (`int_from_float`), NaN/±Infinity (`finite_number`), unparsable strings
 * such as `"1e3"`, `"0x10"`, `"3."`, `"١"` (`int_parsing`), and null, arrays, objects
 * (`int_type`). With `strict`, only integral numbers pass (`int_type` otherwise).
 *
 * Integers beyond 2^53 come back as the nearest double (JSON.parse already rounded them).
 *
 * @example laxInt(" 3_000 ") // { ok: true, value: 3000 }
 * @example laxInt(1.5).ok // false (code "int_from_float")
 */
export function laxInt(value: unknown, strict = false): Check<number> {
  if (typeof value === "number") {
    if (Number.isInteger(value)) return pass(value === 0 ? 0 : value);
    if (strict) return fail("int_type", `expected an integer, got ${describe(value)}`);
    if (value !== value || value === Infinity || value === -Infinity) {
      return fail("finite_number", `expected a finite integer, got ${String(value)}`);
    }
    return fail("int_from_float", `expected an integer, got a number with a fractional part (${value})`);
  }
  if (!strict) {
    if (typeof value === "string") return strToInt(value);
    if (typeof value === "boolean") return pass(value ? 1 : 0);
  }
  return fail("int_type", `expected an integer, got ${describe(value)}`);
}

/**
 * {@link laxInt}'s fast form: integral numbers directly, anything else through `laxInt`.
 *
 * @example laxIntFast(3) // 3
 */
export function laxIntFast(value: unknown): number | typeof FAILED {
  if (typeof value === "number" && Number.isInteger(value)) return value === 0 ? 0 : value;
  const r = laxInt(value);
  return r.ok ? r.value : FAILED;
}

// ---------------------------------------------------------------------------------------
// bool

/** pydantic-core `str_as_bool`: exact, ASCII case-insensitive, no whitespace stripping. */
function strToBool(s: string): boolean | undefined {
  if (s.length === 0 || s.length > 5) return undefined;
  // toLowerCase maps no non-ASCII character onto the letters used below, so it acts
  // like Rust's eq_ignore_ascii_case here (full-width "ＴＲＵＥ" stays rejected).
  switch (s.toLowerCase()) {
    case "1": case "t": case "y": case "on": case "yes": case "true":
      return true;
    case "0": case "f": case "n": case "no": case "off": case "false":
      return false;
    default:
      return undefined;
  }
}

/**
 * Validates a Python `bool` field as pydantic does in lax mode: booleans; the numbers 0 and 1
 * (also `0.0`/`1.0`); the strings `1 t y on yes true` / `0 f n no off false` in any ASCII case,
 * unpadded. Other integers and strings fail with `bool_parsing`; fractional numbers, NaN,
 * integers beyond ±2^63, null, arrays and objects with `bool_type`. With `strict`, only booleans.
 *
 * @example laxBool("Yes") // { ok: true, value: true }
 * @example laxBool(2).ok // false (code "bool_parsing")
 */
export function laxBool(value: unknown, strict = false): Check<boolean> {
  if (typeof value === "boolean") return pass(value);
  if (!strict) {
    if (typeof value === "string") {
      const b = strToBool(value);
      if (b !== undefined) return pass(b);
      return fail("bool_parsing", `expected a boolean (true/false, yes/no, on/off, 1/0), got ${describe(value)}`);
    }
    if (typeof value === "number" && Number.isInteger(value)) {
      if (value === 0) return pass(false);
      if (value === 1) return pass(true);
      // Upstream: an i64 other than 0/1 is a parsing error; a float that is not a valid
      // i64 (too big) falls through to the type error.
      if (value >= -TWO_63 && value < TWO_63) {
        return fail("bool_parsing", `expected a boolean, got ${describe(value)} (only 0 and 1 are accepted)`);
      }
    }
  }
  return fail("bool_type", `expected a boolean, got ${describe(value)}`);
}


// ---------------------------------------------------------------------------------------
// float

/** Rust's `f64::from_str` on a whole string (no trimming): decimal literal or inf/infinity/nan. */
function rustParseFloat(s: string): number | undefined {
  if (scanDecimalLiteral(s, 0, s.length)) return Number(s);
  const c = s.charCodeAt(0);
  const signed = c === 43 || c === 45;
  const word = (signed ? s.slice(1) : s).toLowerCase();
  if (word === "inf" || word === "infinity") return c === 45 ? -Infinity : Infinity;
  if (word === "nan") return NaN;
  return undefined;
}

function strToFloat(s: string): Check<number> {
  let v: number | undefined = rustParseFloat(rustTrim(s));
  if (v === undefined) {
    // Upstream retries with underscores removed from the *untrimmed* string.
    const stripped = stripUnderscores(s);
    if (stripped !== null) v = rustParseFloat(stripped);
  }
  if (v === undefined) return fail("float_parsing", `expected a number, got ${describe(s)}`);
  return pass(v);
}

/**
 * Validates a Python `float` field as pydantic does in lax mode: any number (NaN and ±Infinity
 * included, as `allow_inf_nan` defaults to true), `true`/`false` (1/0), and strings Rust's
 * float parser accepts after trimming Unicode whitespace (`"-1.5"`, `" 1e5 "`, `".5"`, `"1."`,
 * `"inf"`, `"-Infinity"`, `"NaN"`), or with single inner underscores (`"1_000.5"`). Other
 * strings fail with `float_parsing`; null, arrays, objects with `float_type`. With `strict`,
 * only numbers.
 *
 * @example laxFloat("-1.5") // { ok: true, value: -1.5 }
 * @example laxFloat("1,5").ok // false (code "float_parsing")
 */
export function laxFloat(value: unknown, strict = false): Check<number> {
  if (typeof value === "number") return pass(value);
  if (!strict) {
    if (typeof value === "string") return strToFloat(value);
    if (typeof value === "boolean") return pass(value ? 1 : 0);
  }
  return fail("float_type", `expected a number, got ${describe(value)}`);
}
