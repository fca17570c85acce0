/**
 * Python 3.11 `str.format(**fields)` for JSON data, as AutoGen's `StructuredMessage.to_text()`
 * uses it (`self.format_string.format(**self.content.model_dump())`).
 *
 * The format string may come from an untrusted payload, so this module only ever reads the
 * fields' own data properties, never calls anything it finds there, and caps the size of what
 * a template can make it allocate (see {@link PyFormatOptions}).
 *
 * Structure (mirrors CPython so that error precedence matches): a single left-to-right pass over
 * the template that renders each replacement field as soon as it is parsed (so `{missing}}`
 * raises KeyError, not the later "Single '}'"), field-name resolution, the format-spec
 * mini-language parser, and the str / int / float formatters with their shared number layout.
 * Written compactly (it ships in the main entry): shared error helpers, a regex for the spec.
 */
import { hexEscape, pyRepr, pyStr } from "./repr.js";
import { exponentText, PyFloat, pyReprFloat } from "./float.js";
import { indexOutOfRange, pyTypeName, strSubscriptError, type PyTypeName } from "./types.js";
import { codePointLength } from "./str.js";
import { isPlainObject } from "../wire/json-data.js";

// ───────────────────────────────── errors and options ─────────────────────────────────

/** The Python exception classes `str.format` can raise on JSON data. */
export type PythonFormatErrorType =
  | "KeyError"
  | "IndexError"
  | "ValueError"
  | "AttributeError"
  | "TypeError"
  | "OverflowError";

/**
 * The exception Python would raise. `message` is Python's `str(exc)`; `pythonMessage` is the
 * `Type: message` form AutoGen fixtures record.
 *
 * @example
 * try { pyFormat("{missing}", {}); } catch (e) {
 *   if (e instanceof FormatStringError) e.pythonMessage; // "KeyError: 'missing'"
 * }
 */
export class FormatStringError extends Error {
  static override readonly name: string = "FormatStringError"; // what Node prints, even when a bundler renames the class
  override readonly name = "FormatStringError";
  /** Python exception class name, e.g. `"KeyError"`. */
  readonly pythonType: PythonFormatErrorType;

  constructor(pythonType: PythonFormatErrorType, message: string) {
    super(message);
    this.pythonType = pythonType;
  }

  /** `"<pythonType>: <message>"`, the way Python's traceback prints the last line. */
  get pythonMessage(): string {
    return `${this.pythonType}: ${this.message}`;
  }
}

/**
 * Resource limits for {@link pyFormat}. Python has none below `sys.maxsize`; these exist because
 * the template may be hostile (`{x:999999999}` would otherwise allocate ~2 GB).
 *
 * @example
 * pyFormat("{x:>20}", { x: 1 }, { maxWidth: 10 }); // throws ValueError (limit exceeded)
 */
export interface PyFormatOptions {
  /**
   * Largest width / float precision that may actually be materialized (padding, zero-fill, or
   * precision digits). Default {@link DEFAULT_MAX_FORMAT_WIDTH}. Values that Python would not
   * materialize (a width no larger than the text, a precision that only truncates a str) are
   * not limited, so Python's own errors keep their precedence.
   */
  maxWidth?: number;
  /**
   * Largest total output length in UTF-16 code units (stops `{a}{a}{a}…` amplification of a big
   * value). Default {@link DEFAULT_MAX_OUTPUT_LENGTH}.
   */
  maxOutputLength?: number;
}

/**
 * Default {@link PyFormatOptions.maxWidth}: 1,000,000.
 *
 * @example
 * DEFAULT_MAX_FORMAT_WIDTH; // 1000000
 */
export const DEFAULT_MAX_FORMAT_WIDTH = 1_000_000;

/**
 * Default {@link PyFormatOptions.maxOutputLength}: 10,000,000 code units.
 *
 * @example
 * DEFAULT_MAX_OUTPUT_LENGTH; // 10000000
 */
export const DEFAULT_MAX_OUTPUT_LENGTH = 10_000_000;

/** Throws the Python exception (ValueError unless told otherwise). */
function fail(message: string, type: PythonFormatErrorType = "ValueError"): never {
  throw new FormatStringError(type, message);
}

/** `<what> not allowed <where> format specifier<tail>`, CPython's family of spec errors. */
function notAllowed(what: string, where: string, tail = ""): never {
  return fail(`${what} not allowed ${where} format specifier${tail}`);
}

/** PY_SSIZE_T_MAX on 64-bit CPython: larger widths/indices are "Too many decimal digits". */
const PY_SSIZE_T_MAX = 9223372036854775807n;
/** CPython 3.11's default `sys.get_int_max_str_digits()`. */
const INT_MAX_STR_DIGITS = 4300;

// The state of the running pyFormat call. Formatting is synchronous, but a Proxy among the
// values can run code (a trap calling pyFormat) mid-call: each call saves and restores it.
let fields: Readonly<Record<string, unknown>>;
let maxWidth: number;
let maxOutput: number;
/** Memoized conversions / code-point splits, so repeating `{big!r:.1}` stays linear. */
let conversions: Map<unknown, Map<string, string>>;
let codePoints: Map<string, string[] | null>;

// ───────────────────────────────── entry point ─────────────────────────────────

/**
 * `template.format(**fields)` with Python 3.11 semantics, for JSON-like field values.
 *
 * Value mapping: `string` → str; `boolean` → bool; integral `number` / `bigint` → int;
 * non-integral `number` or {@link PyFloat} → float; `null`/`undefined` → None; arrays → list;
 * plain objects → dict; `Uint8Array` → bytes. Anything else is rejected with a TypeError when a
 * field refers to it. Positional fields (`{}`, `{0}`) always raise IndexError (there are no
 * positional arguments); attribute access (`{a.b}`) always raises AttributeError.
 *
 * @throws {FormatStringError} whatever Python would raise (`KeyError: 'name'`, …), or a
 *   ValueError when a {@link PyFormatOptions} limit is exceeded.
 * @example
 * pyFormat("{city}: {temperature:.1f}°C {{ok}}", { city: "Oslo", temperature: new PyFloat(21) });
 * // "Oslo: 21.0°C {ok}"
 */
export function pyFormat(
  template: string,
  values: Readonly<Record<string, unknown>>,
  options: PyFormatOptions = {},
): string {
  const outer = [fields, maxWidth, maxOutput, conversions, codePoints] as const;
  fields = values;
  maxWidth = options.maxWidth ?? DEFAULT_MAX_FORMAT_WIDTH;
  maxOutput = options.maxOutputLength ?? DEFAULT_MAX_OUTPUT_LENGTH;
  conversions = new Map();
  codePoints = new Map();
  try {
    // PEP 3101: two levels, so `{x:{w}}` works and `{x:{w:{z}}}` does not.
    return build(template, 0, template.length, 2);
  } finally {
    // Back to the enclosing call's state (none at top level: nothing of the caller's data kept alive).
    [fields, maxWidth, maxOutput, conversions, codePoints] = outer;
  }
}

// ───────────────────────────────── template scanner ─────────────────────────────────

/** Renders `s[pos, end)`: literal text, `{{`/`}}` escapes and replacement fields. */
function build(s: string, pos: number, end: number, depth: number): string {
  if (depth <= 0) fail("Max string recursion exceeded");
  let out = "";
  const emit = (piece: string) => {
    if ((out += piece).length > maxOutput) fail(`Formatted output exceeds the limit of ${maxOutput} characters`);
  };
  while (pos < end) {
    // Literal text up to the next brace.
    const litStart = pos;
    let brace: string | undefined;
    while (pos < end && !brace) {
      const c = s[pos++];
      if (c === "{" || c === "}") brace = c;
    }
    const next = pos < end ? s[pos] : undefined;
    if (brace === "}" && next !== "}") fail("Single '}' encountered in format string");
    if (brace === "{" && next === undefined) fail("Single '{' encountered in format string");
    const field = brace && next !== brace; // a doubled brace keeps one and no field follows
    emit(s.slice(litStart, field ? pos - 1 : pos));
    if (!field) {
      if (brace) pos++;
      continue;
    }
    // CPython's parse_field: `name!conv:spec}`; inside `[…]` of the name ':', '!', '}' are the key's.
    const nameStart = pos;
    let c: string | undefined;
    while (pos < end) {
      c = s[pos++];
      if (c === "{") fail("unexpected '{' in field name");
      if (c === "[") while (pos < end && s[pos] !== "]") pos++;
      else if (c === "}" || c === ":" || c === "!") break;
    }
    const nameEnd = pos - 1;
    let conversion: string | undefined;
    let scan = c === ":";
    if (c === "!") {
      if (pos >= end) fail("end of string while looking for conversion specifier");
      conversion = String.fromCodePoint(s.codePointAt(pos)!);
      pos += conversion.length;
      scan = true;
      if (pos < end) {
        const after = s[pos++];
        if (after === "}") scan = false;
        else if (after !== ":") fail("expected ':' after conversion specifier");
      }
    } else if (!scan && c !== "}") fail("expected '}' before end of string");
    // The spec runs to the matching '}', counting nested '{'.
    const specStart = pos;
    let nested = false;
    for (let open = 1; scan; ) {
      if (pos >= end) fail("unmatched '{' in format spec");
      const ch = s[pos++];
      if (ch === "{") {
        nested = true;
        open++;
      }
      else if (ch === "}" && !--open) break;
    }
    // Look up, convert, then format, in CPython's order (so errors match).
    let value = resolveFieldName(s, nameStart, nameEnd);
    if (conversion !== undefined) value = convert(value, conversion);
    const specEnd = scan ? pos - 1 : pos;
    emit(formatValue(value, nested ? build(s, specStart, specEnd, depth - 1) : s.slice(specStart, specEnd)));
  }
  return out;
}

// ───────────────────────────────── field names ─────────────────────────────────

/** Index just past the attribute name or key starting at `i` (stops at `stops`). */
function skip(s: string, i: number, end: number, stops: string): number {
  while (i < end && !stops.includes(s[i]!)) i++;
  return i;
}

/**
 * Resolves `first(.attr|[key])*`. Lookups happen as the name is walked, like CPython, so a
 * KeyError on `first` wins over a later syntax error in the same name.
 */
function resolveFieldName(s: string, start: number, end: number): unknown {
  let i = skip(s, start, end, ".[");
  const first = s.slice(start, i);
  const index = toInt(first);
  // `{}` auto-numbers and `{0}` is manual; either way str.format(**kw) has no positional args.
  // (The auto/manual "cannot switch" error is unreachable: the first numeric field fails here.)
  if (first === "" || index !== null) {
    fail(`Replacement index ${index ?? 0n} out of range for positional args tuple`, "IndexError");
  }
  let value = ownDataProperty(fields, first);
  if (value === MISSING) fail(pyRepr(first), "KeyError");
  while (i < end) {
    const c = s[i++];
    const keyStart = i;
    if (c === ".") {
      i = skip(s, i, end, ".[");
      if (i === keyStart) fail("Empty attribute in format string");
      // Python would return bound methods, `__class__`, `int.real`…; none of them is the
      // content's data, and exposing them is exactly what an untrusted template must not get.
      fail(`'${typeNameOf(value)}' object has no attribute '${s.slice(keyStart, i)}'`, "AttributeError");
    }
    if (c !== "[") fail("Only '.' or '[' may follow ']' in format field specifier");
    i = skip(s, i, end, "]");
    if (i >= end) fail("Missing ']' in format string");
    const key = s.slice(keyStart, i++);
    const keyIndex = toInt(key);
    if (key === "") fail("Empty attribute in format string");
    value = getItem(value, key, keyIndex);
  }
  return value;
}

/**
 * CPython's get_integer: the value of `text` when it is all (Unicode) decimal digits, else null
 * (also for ""). Overflow past ssize_t is an error, raised as the digits are read.
 */
function toInt(text: string): bigint | null {
  let acc: bigint | null = null;
  for (const ch of text) {
    const d = decimalValue(ch.codePointAt(0)!);
    if (d < 0) return null;
    acc = (acc ?? 0n) * 10n + BigInt(d);
    if (acc > PY_SSIZE_T_MAX) fail("Too many decimal digits in format string");
  }
  return acc;
}

const MISSING: unique symbol = Symbol();

/** An own *data* property only: no prototype chain, no getters run. */
function ownDataProperty(obj: object, key: string): unknown {
  const desc = Object.getOwnPropertyDescriptor(obj, key);
  return desc && "value" in desc ? desc.value : MISSING;
}

/** `value[key]` with `key` an int when it is all digits (Python's rule), else a str. */
function getItem(value: unknown, key: string, index: bigint | null): unknown {
  const type = typeNameOf(value);
  if (type === "dict") {
    // JSON dicts have only str keys, so an int key is never found.
    if (index !== null) fail(String(index), "KeyError");
    const found = ownDataProperty(value as object, key);
    return found === MISSING ? fail(pyRepr(key), "KeyError") : found;
  }
  const outOfRange = indexOutOfRange(type);
  if (outOfRange === undefined || index === null) fail(strSubscriptError(type), "TypeError");
  const seq = value as string | readonly unknown[] | Uint8Array;
  if (index >= BigInt(seq.length)) fail(outOfRange, "IndexError");
  const i = Number(index);
  if (type === "list") {
    const found = ownDataProperty(seq as object, String(i));
    return found === MISSING ? null : found;
  }
  if (type === "bytes") return (seq as Uint8Array)[i];
  // Python indexes str by code point.
  const points = splitCodePoints(seq as string);
  return (points ? points[i] : (seq as string)[i]) ?? fail(outOfRange, "IndexError");
}

/** Code points of `text`, or null when it has no surrogates (then UTF-16 index = Python index). */
function splitCodePoints(text: string): string[] | null {
  let points = codePoints.get(text);
  if (points === undefined) codePoints.set(text, (points = /[\uD800-\uDFFF]/.test(text) ? Array.from(text) : null));
  return points;
}

// ───────────────────────────────── values ─────────────────────────────────

/** Python type of a JSON-ish value; throws for values outside that model (never reads them). */
function typeNameOf(value: unknown): PyTypeName {
  const type = pyTypeName(value);
  if (type === "object" || (type === "dict" && !isPlainObject(value))) {
    fail(`format field value of JavaScript type '${typeof value}' is not JSON data`, "TypeError");
  }
  return type;
}

/** `!r`, `!s`, `!a`: the result is a str. */
function convert(value: unknown, code: string): string {
  typeNameOf(value); // reject non-JSON values before handing them to repr
  if (code !== "r" && code !== "s" && code !== "a") fail(`Unknown conversion specifier ${codeText(code, 127)}`);
  // Memoize per value so `{big!r:.1}` repeated N times costs one repr, not N.
  let byCode = conversions.get(value);
  if (!byCode) conversions.set(value, (byCode = new Map()));
  let text = byCode.get(code);
  if (text === undefined) {
    text = code === "s" ? pyStr(value) : pyRepr(value);
    // ascii(): repr with every non-ASCII code point backslash-escaped.
    if (code === "a") {
      text = text.replace(/[^\0-\x7f]/gu, (ch) => hexEscape(ch.codePointAt(0)!));
    }
    byCode.set(code, text);
  }
  return text;
}

/** `format(value, spec)`: dispatches like `type(value).__format__`. */
function formatValue(value: unknown, spec: string): string {
  const type = typeNameOf(value);
  if (type === "str") return formatStr(value as string, spec);
  if (type === "bool" || type === "int") {
    // bool inherits int.__format__, but an empty spec means str(): 'True'.
    if (spec === "") return type === "bool" ? (value ? "True" : "False") : decimalDigits(BigInt(value as number));
    return formatInt(BigInt(value as number), spec, type);
  }
  if (type === "float") {
    const x = value instanceof PyFloat ? value.value : (value as number);
    return spec === "" ? pyReprFloat(x) : formatFloat(x, parseSpec(spec, "", ">", type));
  }
  // object.__format__: only the empty spec is accepted.
  return spec === "" ? pyRepr(value) : fail(`unsupported format string passed to ${type}.__format__`, "TypeError");
}

// ───────────────────────────────── format spec ─────────────────────────────────

interface FormatSpec {
  fill: string;
  align: string; // '<' '>' '^' '='
  sign: string; // '' '+' '-' ' '
  noNegZero: boolean;
  alternate: boolean;
  width: number; // -1: none
  separator: string; // '' ',' '_'
  groupSize: number; // 3, or 4 for '_' with b/o/x/X
  precision: number; // -1: none
  type: string; // one code point, or '' (float's default)
}

/**
 * Python's `[[fill]align][sign]["z"]["#"]["0"][width][grouping]["." precision][type]`, group by
 * group; whatever is left must be a single type code. Digits are any Unicode Nd, as in Python.
 */
const SPEC = /^(?:(.)?([<>=^]))?([-+ ])?(z)?(#)?(0)?(\p{Nd}*)(,)?(_)?(\.\p{Nd}*)?(.*)$/su;

function parseSpec(spec: string, defaultType: string, defaultAlign: string, typeName: string): FormatSpec {
  const [, fill, align, sign = "", z, alt, zero, digits, comma, underscore, dotted, rest] = SPEC.exec(spec)!;
  // Backwards-compatible '0' (only without an explicit fill): zero padding, which since 3.10
  // implies '=' only for numbers. After an explicit fill it is the width's first digit.
  const zeroFill = zero && fill === undefined;
  const width = toInt(zeroFill ? digits! : (zero ?? "") + digits);
  const separator = comma ?? underscore ?? "";
  if (underscore && (comma || (dotted === undefined && rest!.startsWith(",")))) fail("Cannot specify both ',' and '_'.");
  let precision = -1;
  if (dotted !== undefined) {
    const p = toInt(dotted.slice(1));
    if (p === null) fail("Format specifier missing precision");
    precision = Number(p);
  }
  if ([...rest!].length > 1) fail(`Invalid format specifier '${spec}' for object of type '${typeName}'`);
  const type = rest || defaultType;
  let groupSize = 3;
  if (separator) {
    if (underscore && "boxX".includes(type) && type) groupSize = 4; // PEP 515: '_' groups bin/oct/hex by four
    else if (!"deEfFgG%".includes(type)) fail(`Cannot specify '${separator}' with '${codeText(type, 128)}'.`);
  }
  return {
    fill: zeroFill ? "0" : (fill ?? " "),
    align: align ?? (zeroFill && defaultAlign === ">" ? "=" : defaultAlign),
    sign,
    noNegZero: !!z,
    alternate: !!alt,
    // Values above 2^53 lose precision here, but they are far beyond every limit we compare with.
    width: width === null ? -1 : Number(width),
    separator,
    groupSize,
    precision,
    type,
  };
}

/**
 * A code in an error message: itself when printable ASCII below `limit`, else CPython's `\xNN`
 * (the conversion message stops at DEL, the format-code messages at 128).
 */
function codeText(code: string, limit: number): string {
  const cp = code.codePointAt(0) ?? 0;
  return cp > 32 && cp < limit ? code : `\\x${cp.toString(16)}`;
}

function unknownCode(type: string, typeName: string): never {
  return fail(`Unknown format code '${codeText(type, 128)}' for object of type '${typeName}'`);
}

/**
 * Value of a Unicode decimal digit (category Nd), else -1. Nd characters always come in runs
 * of ten starting at zero, so the value is the offset from the start of the run of digits.
 */
function decimalValue(cp: number): number {
  if (cp >= 0x30 && cp <= 0x39) return cp - 0x30;
  if (cp < 0x80 || !isNd(cp)) return -1;
  let start = cp;
  while (isNd(start - 1)) start--;
  return (cp - start) % 10;
}

function isNd(cp: number): boolean {
  return cp >= 0 && /\p{Nd}/u.test(String.fromCodePoint(cp));
}

/** Refuses to materialize more than `maxWidth` padding / digits (see PyFormatOptions). */
function checkMaterialized(size: number): void {
  if (size > maxWidth) fail(`Format width or precision ${size} exceeds this implementation's limit of ${maxWidth}`);
}

// ───────────────────────────────── str ─────────────────────────────────

function formatStr(text: string, specText: string): string {
  if (specText === "") return text;
  const spec = parseSpec(specText, "s", "<", "str");
  if (spec.type !== "s") unknownCode(spec.type, "str");
  const where = "in string";
  if (spec.sign) notAllowed("Sign", where);
  if (spec.noNegZero) notAllowed("Negative zero coercion (z)", where);
  if (spec.alternate) notAllowed("Alternate form (#)", where);
  if (spec.align === "=") notAllowed("'=' alignment", where);

  let body = text;
  if (spec.precision >= 0 && spec.precision < text.length) {
    const points = splitCodePoints(text);
    body = points ? points.slice(0, spec.precision).join("") : text.slice(0, spec.precision);
  }
  // Padded like a number that is all "remainder" (no sign, digits or grouping).
  return layoutNumber(false, "", "", false, body, spec);
}

// ───────────────────────────────── int ─────────────────────────────────

/** Radix of the integer presentation types that are not decimal (`#` prefixes "0" and the type). */
const RADIX: Record<string, number> = { b: 2, o: 8, x: 16, X: 16 };

function formatInt(n: bigint, specText: string, typeName: "int" | "bool"): string {
  const spec = parseSpec(specText, "d", ">", typeName);
  const type = spec.type;
  if ("eEfFgG%".includes(type)) {
    const x = Number(n); // round-half-even, like int.__float__
    if (!Number.isFinite(x)) fail("int too large to convert to float", "OverflowError");
    return formatFloat(x, spec);
  }
  if (!"bcdoxXn".includes(type)) unknownCode(type, typeName);
  const where = "in integer";
  if (spec.precision !== -1) notAllowed("Precision", where);
  if (spec.noNegZero) notAllowed("Negative zero coercion (z)", where);
  if (type === "c") {
    if (spec.sign) notAllowed("Sign", "with integer", " 'c'");
    if (spec.alternate) notAllowed("Alternate form (#)", "with integer", " 'c'");
    if (n < 0n || n > 0x10ffffn) fail("%c arg not in range(0x110000)", "OverflowError");
    // The character is laid out as a non-digit "remainder", so it is never grouped.
    return layoutNumber(false, "", "", false, String.fromCodePoint(Number(n)), spec);
  }
  const magnitude = n < 0n ? -n : n;
  const radix = RADIX[type];
  const digits = radix ? magnitude.toString(radix) : decimalDigits(magnitude);
  return layoutNumber(
    n < 0n,
    spec.alternate && radix ? "0" + type : "", // 0b 0o 0x 0X
    type === "X" ? digits.toUpperCase() : digits,
    false,
    "",
    spec,
  );
}

/** Base-10 digits, with CPython 3.11's int→str digit limit. */
function decimalDigits(n: bigint): string {
  const text = n.toString();
  if (text.length - (n < 0n ? 1 : 0) > INT_MAX_STR_DIGITS) {
    fail(`Exceeds the limit (${INT_MAX_STR_DIGITS} digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit`);
  }
  return text;
}

// ───────────────────────────────── float ─────────────────────────────────

/** CPython's format_float_internal: pick the conversion, render, then lay out sign/padding. */
function formatFloat(value: number, spec: FormatSpec): string {
  let type = spec.type;
  if (!"eEfFgGn%".includes(type)) unknownCode(type, "float"); // ("" is included: the default)
  if (spec.precision > 2147483647) fail("precision too big"); // C INT_MAX
  let precision = spec.precision;
  const addDot0 = type === "";
  let x = value;
  if (type === "n") type = "g";
  if (type === "%") {
    type = "f";
    x *= 100;
  }
  let text: string;
  if (addDot0 && precision < 0) {
    // No type and no precision: repr() ('z' turns -0.0 into 0.0; `-0 + 0` is +0), where '#'
    // keeps the point of a one-digit mantissa ("1.e+16").
    text = pyReprFloat(spec.noNegZero ? x + 0 : x);
    if (spec.alternate) text = text.replace(/^(-?\d)e/, "$1.e");
  } else {
    // No type with a precision: like 'g' but keeping a ".0".
    if (addDot0) type = "g";
    else if (precision < 0) precision = 6;
    const mode = type.toLowerCase();
    if (mode !== "g" || spec.alternate) checkMaterialized(precision); // these pad with `precision` digits
    text = doubleToString(x, mode, precision, spec.alternate, addDot0, spec.noNegZero) + (spec.type === "%" ? "%" : "");
    if (mode !== type) text = text.toUpperCase(); // E F G: "1E+16", "INF", "NAN"
  }
  // Split "-digits[.remainder]"; inf/nan have no digits at all.
  const [, negative, digits, dot, remainder] = /^(-?)(\d*)(\.?)(.*)$/s.exec(text)!;
  return layoutNumber(!!negative, "", digits!, !!dot, remainder!, spec);
}

/**
 * CPython's PyOS_double_to_string + format_float_short for the types e f g (lower case).
 * Digits are correctly rounded, ties to even, from the exact binary value.
 */
function doubleToString(
  x: number,
  mode: string,
  precision: number,
  alternate: boolean,
  addDot0: boolean,
  noNegZero: boolean,
): string {
  if (!Number.isFinite(x)) return pyReprFloat(x); // "nan" (never signed, like CPython), "inf", "-inf"
  let negative = x < 0 || Object.is(x, -0);

  const significant = mode === "e" ? precision + 1 : mode === "g" ? precision || 1 : precision;
  // Decimal digits (no leading/trailing zeros; "0" for zero) and point position: 0.DIGITS × 10^decpt.
  let [digits, decpt] = roundDigits(Math.abs(x), mode === "f" ? null : significant, precision);
  if (noNegZero && digits === "0") negative = false;

  // Output is a window [start, end) over digits padded with zeros on both sides; the decimal
  // point sits before virtual index `decpt`.
  const useExp =
    mode === "e" || (mode === "g" && (decpt <= -4 || decpt > (addDot0 ? significant - 1 : significant)));
  let end = mode === "f" ? decpt + precision : mode === "e" || alternate ? significant : digits.length;
  const exponent = decpt - 1;
  if (useExp) decpt = 1;
  const start = Math.min(decpt - 1, 0);
  end = Math.max(end, !useExp && addDot0 ? decpt + 1 : decpt);
  const padded = "0".repeat(-start) + digits + "0".repeat(Math.max(0, end - digits.length));
  let body = padded.slice(0, decpt - start) + "." + padded.slice(decpt - start);
  if (body.endsWith(".") && !alternate) body = body.slice(0, -1);
  return (negative ? "-" : "") + body + (useExp ? exponentText(exponent) : "");
}

type Decimal = [digits: string, decpt: number];

/** Scratch space to read a double's bits. */
const FLOAT_VIEW = /* @__PURE__ */ new DataView(new ArrayBuffer(8));

/**
 * Rounds the exact decimal expansion of a finite non-negative double (at most ~770 significant
 * digits) half-to-even to `significant` digits, or (when null) to `fractionDigits` digits after
 * the point. JavaScript's toFixed/toExponential are correctly rounded but break exact ties
 * upwards (`(0.5).toFixed(0)` is "1", `(0.125).toFixed(2)` is "0.13"), where Python rounds
 * half to even ('0', '0.12'), so we round the expansion ourselves. Returns stripped digits.
 */
function roundDigits(x: number, significant: number | null, fractionDigits: number): Decimal {
  if (x === 0) return ["0", 1];
  FLOAT_VIEW.setFloat64(0, x);
  const bits = FLOAT_VIEW.getBigUint64(0);
  const biased = Number(bits >> 52n);
  const mantissa = (bits & 0xfffffffffffffn) | (biased ? 1n << 52n : 0n);
  const exp2 = Math.max(biased, 1) - 1075;
  // m / 2^k == m·5^k / 10^k
  let all = (exp2 >= 0 ? mantissa << BigInt(exp2) : mantissa * 5n ** BigInt(-exp2)).toString();
  let decpt = all.length + Math.min(exp2, 0);
  all = stripTrailingZeros(all);
  const keep = significant ?? decpt + fractionDigits;
  if (keep >= all.length) return [all, decpt];
  if (keep < 0) return ["0", 1];
  // `rest`, the dropped digits, has no trailing zeros: above "5" rounds up, exactly "5" is a tie.
  const rest = all.slice(keep);
  let head = all.slice(0, keep);
  if (rest > "5" || (rest === "5" && all.charCodeAt(keep - 1) & 1)) {
    // Increment the last digit that is not a 9 (the 9s become zeros, stripped below); when all
    // are 9s ("999" → "1000") the point moves.
    let i = keep;
    while (i && head[i - 1] === "9") i--;
    if (i) head = head.slice(0, i - 1) + String.fromCharCode(head.charCodeAt(i - 1) + 1);
    else {
      head = "1";
      decpt++;
    }
  }
  head = stripTrailingZeros(head);
  return head ? [head, decpt] : ["0", 1];
}

/** (A loop: `/0+$/` retries at every zero, ~20× slower on a 50-digit expansion.) */
function stripTrailingZeros(digits: string): string {
  let end = digits.length;
  while (end && digits[end - 1] === "0") end--;
  return digits.slice(0, end);
}

// ───────────────────────────────── number layout ─────────────────────────────────

/**
 * CPython's calc_number_widths + fill_number:
 * `[lpad][sign][prefix][spad][grouped digits][.][remainder][rpad]`, where only one padding is
 * non-empty and '0'-fill with '=' alignment is done by the grouping step (so zeros get
 * separators too: `format(1234, '09,')` is '0,001,234'). 'n' uses the C locale (no thousands
 * separator), like an un-localized CPython process.
 */
function layoutNumber(
  negative: boolean,
  prefix: string,
  digits: string,
  hasDecimal: boolean,
  remainder: string,
  spec: FormatSpec,
): string {
  // (parseSpec refuses a separator with 'n', which uses the C locale: no thousands separator.)
  const { fill, align, width, separator, groupSize } = spec;
  const sign = negative ? "-" : spec.sign === "-" ? "" : spec.sign;
  const nonDigits = sign.length + prefix.length + (hasDecimal ? 1 : 0) + codePointLength(remainder);
  const natural = nonDigits + digits.length + (separator && digits ? Math.floor((digits.length - 1) / groupSize) : 0);
  if (width > natural) checkMaterialized(width);

  // '0' fill with '=' alignment zero-pads the digits themselves (grouped too), to the fewest
  // digits that reach the width: n digits take n + ⌊(n-1)/groupSize⌋ characters, so a group
  // never starts with a separator (`format(1234, '08,')` is '0,001,234').
  let padded = digits;
  if (fill === "0" && align === "=" && digits) {
    const min = width - nonDigits;
    padded = digits.padStart(min - (separator ? Math.floor((min - 1) / (groupSize + 1)) : 0), "0");
  }
  // `separator` every `groupSize` digits from the right.
  let grouped = separator ? "" : padded;
  for (let end = padded.length; separator && end > 0; end -= groupSize) {
    grouped = padded.slice(Math.max(0, end - groupSize), end) + (grouped && separator) + grouped;
  }
  const padding = Math.max(0, width - (nonDigits + grouped.length));
  const left = align === ">" ? padding : align === "^" ? Math.floor(padding / 2) : 0;
  const inner = align === "=" ? padding : 0; // between the sign and the digits
  return (
    fill.repeat(left) +
    sign +
    prefix +
    fill.repeat(inner) +
    grouped +
    (hasDecimal ? "." : "") +
    remainder +
    fill.repeat(padding - left - inner)
  );
}
