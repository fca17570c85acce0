/**
 * pydantic's lax-mode scalar coercions (`int`, `bool`, `float`) for the values AutoGen's
 * messages receive, following pydantic-core 2.46 (`input_python.rs`, `input/shared.rs`) as it
 * treats the Python objects `json.loads` produces.
 *
 * JavaScript cannot tell a JSON `3` from a JSON `3.0`, nor hold integers beyond 2^53 exactly:
 * every integral number is taken as a Python `int` and big values stay the nearest double.
 */
import type { Check, Failed } from "./check.js";
import { FAILED, fail, pass, quoteShort, typeWithArticle } from "./check.js";

const TWO_63 = 2 ** 63;
/** jiter refuses integer strings whose digit run ends beyond this many characters. */
const MAX_INT_DIGITS = 4300;

// ---------------------------------------------------------------------------------------
// Messages

/** Describes a rejected value for a message: `string "1e3"`, `number 1.5`, `null`, `an array`. */
function describe(value: unknown): string {
  if (typeof value === "string") return `string ${quoteShort(value)}`;
  if (typeof value === "number" || typeof value === "boolean") return `${typeof value} ${String(value)}`;
  return typeWithArticle(value);
}

/** The usual failure: `expected <what>, got <value described>`. */
function expectedGot(code: string, what: string, value: unknown): Failed {
  return fail(code, `expected ${what}, got ${describe(value)}`);
}

// ---------------------------------------------------------------------------------------
// Shared string helpers

/** Rust's `char::is_whitespace` (Unicode White_Space), which `str::trim` strips: unlike
 * JavaScript's `\s` it matches U+0085 and not U+FEFF. */
const RUST_SPACE = /[\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;

/** `s.trim()` as Rust does it. */
function rustTrim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && RUST_SPACE.test(s[a] as string)) a++;
  while (b > a && RUST_SPACE.test(s[b - 1] as string)) b--;
  return s.slice(a, b);
}

/** pydantic-core `strip_underscores`: Python's rule, no leading/trailing/doubled `_`. */
function stripUnderscores(s: string): string | null {
  return /^[^_]+(?:_[^_]+)+$/.test(s) ? s.replaceAll("_", "") : null;
}

/**
 * The grammar shared by Rust's `f64::from_str` and lexical's STANDARD format. Each digit run
 * has one way to match, so a near-miss fails in linear time.
 */
const DECIMAL_LITERAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Whether `s[start..end)` is a decimal float literal in the grammar shared by Rust's
 * `f64::from_str` and lexical's STANDARD format: `[+-]? digits? ('.' digits?)? ([eE] [+-]? digits)?`
 * with at least one mantissa digit. No whitespace, underscores or special words.
 *
 * @example scanDecimalLiteral("-1.e5", 0, 5) // true
 * @example scanDecimalLiteral(".", 0, 1) // false
 */
export function scanDecimalLiteral(s: string, start: number, end: number): boolean {
  return DECIMAL_LITERAL.test(s.slice(start, end));
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
  const run = /^-?(?:0|[1-9]\d*)/.exec(s)?.[0];
  intTooLong = run !== undefined && run.length > MAX_INT_DIGITS;
  return run?.length === s.length && !intTooLong ? Number(run) : NaN;
}

/** pydantic-core `strip_leading_zeros`: keeps one zero (`"000"` → `"0"`, `"00.0"` → `"0.0"`). */
function stripLeadingZeros(s: string): string | null {
  if (s[0] !== "0") return /^[1-9-]/.test(s) ? s : null;
  const end = (/^0[0_]*/.exec(s) as RegExpExecArray)[0].length;
  const c = s.charAt(end);
  // A `-` here is kept, so `"0-5"` parses as -5 upstream; reproduced as is.
  if (/[1-9-]/.test(c)) return s.slice(end);
  if (c === ".") return s.slice(end - 1);
  return c ? null : s.slice(-1);
}

/** pydantic-core `clean_int_str`: the lenient second attempt at an integer string. */
function cleanIntStr(original: string): string | null {
  const trimmed = rustTrim(original);
  // One optional sign, not followed by another.
  const signed = /^(?:\+|(-))?(?![+-])/.exec(trimmed);
  const z = signed && stripLeadingZeros(trimmed.slice(signed[0].length));
  if (!z) return null;
  const sign = signed[1] ?? "";
  // Drop an all-zero fraction (after the first `.`) by hand rather than going through a
  // float, as upstream does.
  const s = z.replace(/^([^.]*)\.0+$/, "$1");
  const stripped = stripUnderscores(s);
  if (stripped === null && s.length === original.length) return null;
  return sign + (stripped ?? s);
}

function strToInt(s: string): Check<number> {
  let v = jsonInt(s);
  if (intTooLong) return fail("int_parsing_size", `integer string is too long (more than ${MAX_INT_DIGITS} digits)`);
  if (v !== v) {
    const cleaned = cleanIntStr(s);
    if (cleaned !== null) v = jsonInt(cleaned);
    if (v !== v) return expectedGot("int_parsing", "an integer", s);
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
  if (Number.isInteger(value)) return pass(value === 0 ? 0 : (value as number));
  if (!strict) {
    if (typeof value === "number") {
      return Number.isFinite(value)
        ? fail("int_from_float", `expected an integer, got a number with a fractional part (${value})`)
        : fail("finite_number", `expected a finite integer, got ${value}`);
    }
    if (typeof value === "string") return strToInt(value);
    if (typeof value === "boolean") return pass(value ? 1 : 0);
  }
  return expectedGot("int_type", "an integer", value);
}

/**
 * {@link laxInt}'s fast form: integral numbers directly, anything else through `laxInt`.
 *
 * @example laxIntFast(3) // 3
 */
export function laxIntFast(value: unknown): number | typeof FAILED {
  if (Number.isInteger(value)) return value === 0 ? 0 : (value as number);
  const r = laxInt(value);
  return r.ok ? r.value : FAILED;
}

// ---------------------------------------------------------------------------------------
// bool

const TRUE_WORDS = ["1", "t", "y", "on", "yes", "true"];
const FALSE_WORDS = ["0", "f", "n", "no", "off", "false"];

/** pydantic-core `str_as_bool`: exact, ASCII case-insensitive, no whitespace stripping. */
function strToBool(s: string): boolean | undefined {
  // toLowerCase maps no non-ASCII character onto the letters of these words, so it acts
  // like Rust's eq_ignore_ascii_case here (full-width "ＴＲＵＥ" stays rejected).
  const word = s.toLowerCase();
  return TRUE_WORDS.includes(word) ? true : FALSE_WORDS.includes(word) ? false : undefined;
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
      return expectedGot("bool_parsing", "a boolean (true/false, yes/no, on/off, 1/0)", value);
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
  return expectedGot("bool_type", "a boolean", value);
}


// ---------------------------------------------------------------------------------------
// float

/** Rust's `f64::from_str` on a whole string (no trimming): decimal literal or inf/infinity/nan. */
function rustParseFloat(s: string): number | undefined {
  if (scanDecimalLiteral(s, 0, s.length)) return Number(s);
  // Without the `u` flag, `i` folds no non-ASCII letter onto an ASCII one.
  const word = /^[+-]?(inf|infinity|nan)$/i.exec(s)?.[1]?.toLowerCase();
  if (word === "nan") return NaN;
  if (word) return s[0] === "-" ? -Infinity : Infinity;
  return undefined;
}

function strToFloat(s: string): Check<number> {
  let v: number | undefined = rustParseFloat(rustTrim(s));
  if (v === undefined) {
    // Upstream retries with underscores removed from the *untrimmed* string.
    const stripped = stripUnderscores(s);
    if (stripped !== null) v = rustParseFloat(stripped);
  }
  if (v === undefined) return expectedGot("float_parsing", "a number", s);
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
  return expectedGot("float_type", "a number", value);
}
