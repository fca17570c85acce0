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
 */
import { PyFloat, pyRepr, pyStr } from "./python-repr.js";

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

const valueError = (msg: string) => new FormatStringError("ValueError", msg);
const typeError = (msg: string) => new FormatStringError("TypeError", msg);

/** PY_SSIZE_T_MAX on 64-bit CPython: larger widths/indices are "Too many decimal digits". */
const PY_SSIZE_T_MAX = 9223372036854775807n;
/** C `INT_MAX`: float precision above it is Python's "precision too big". */
const INT_MAX = 2147483647;
/** CPython 3.11's default `sys.get_int_max_str_digits()`. */
const INT_MAX_STR_DIGITS = 4300;

interface Context {
  readonly fields: Readonly<Record<string, unknown>>;
  readonly maxWidth: number;
  readonly maxOutputLength: number;
  /** Memoized conversions / code-point splits, so repeating `{big!r:.1}` stays linear. */
  readonly conversions: Map<unknown, Map<string, string>>;
  readonly codePoints: Map<string, string[] | null>;
}

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
  fields: Readonly<Record<string, unknown>>,
  options: PyFormatOptions = {},
): string {
  const ctx: Context = {
    fields,
    maxWidth: options.maxWidth ?? DEFAULT_MAX_FORMAT_WIDTH,
    maxOutputLength: options.maxOutputLength ?? DEFAULT_MAX_OUTPUT_LENGTH,
    conversions: new Map(),
    codePoints: new Map(),
  };
  // PEP 3101: two levels, so `{x:{w}}` works and `{x:{w:{z}}}` does not.
  return buildString(template, 0, template.length, 2, ctx);
}

// ───────────────────────────────── template scanner ─────────────────────────────────

const OPEN = 0x7b; // {
const CLOSE = 0x7d; // }

/** Renders `s[start, end)`: literal text, `{{`/`}}` escapes and replacement fields. */
function buildString(s: string, start: number, end: number, depth: number, ctx: Context): string {
  if (depth <= 0) throw valueError("Max string recursion exceeded");
  const out: string[] = [];
  let length = 0;
  const emit = (piece: string) => {
    length += piece.length;
    if (length > ctx.maxOutputLength) {
      throw valueError(`Formatted output exceeds the limit of ${ctx.maxOutputLength} characters`);
    }
    out.push(piece);
  };

  let pos = start;
  while (pos < end) {
    // Literal text up to the next brace.
    const litStart = pos;
    let brace = 0;
    while (pos < end) {
      const c = s.charCodeAt(pos++);
      if (c === OPEN || c === CLOSE) {
        brace = c;
        break;
      }
    }
    const atEnd = pos >= end;
    if (brace === CLOSE && (atEnd || s.charCodeAt(pos) !== CLOSE)) {
      throw valueError("Single '}' encountered in format string");
    }
    if (brace === OPEN && atEnd) throw valueError("Single '{' encountered in format string");
    let markup = brace !== 0;
    let litEnd = pos;
    if (markup) {
      if (s.charCodeAt(pos) === brace) {
        pos++; // doubled brace: keep one, no field follows
        markup = false;
      } else {
        litEnd--; // drop the '{' that opens the field
      }
    }
    if (litEnd > litStart) emit(s.slice(litStart, litEnd));
    if (!markup) continue;

    const field = parseField(s, pos, end);
    pos = field.next;
    emit(renderField(s, field, depth, ctx));
  }
  return out.join("");
}

interface ParsedField {
  nameStart: number;
  nameEnd: number;
  /** Conversion code point (`r`, `s`, `a`, or anything Python will reject later), or -1. */
  conversion: number;
  specStart: number;
  specEnd: number;
  specHasFields: boolean;
  /** Index just past the closing '}'. */
  next: number;
}

/** Splits `name!conv:spec}` starting after the opening '{' (CPython's parse_field). */
function parseField(s: string, pos: number, end: number): ParsedField {
  const nameStart = pos;
  let c = 0;
  while (pos < end) {
    c = s.charCodeAt(pos++);
    if (c === OPEN) throw valueError("unexpected '{' in field name");
    if (c === 0x5b /* [ */) {
      // Inside brackets ':', '!' and '}' are part of the key.
      while (pos < end && s.charCodeAt(pos) !== 0x5d /* ] */) pos++;
      continue;
    }
    if (c === CLOSE || c === 0x3a /* : */ || c === 0x21 /* ! */) break;
  }
  const nameEnd = pos - 1;
  const field: ParsedField = {
    nameStart,
    nameEnd,
    conversion: -1,
    specStart: pos,
    specEnd: pos,
    specHasFields: false,
    next: pos,
  };
  if (c !== 0x21 && c !== 0x3a) {
    if (c !== CLOSE) throw valueError("expected '}' before end of string");
    return field;
  }
  if (c === 0x21) {
    if (pos >= end) throw valueError("end of string while looking for conversion specifier");
    const conv = s.codePointAt(pos) as number;
    field.conversion = conv;
    pos += conv > 0xffff ? 2 : 1;
    if (pos < end) {
      const after = s.charCodeAt(pos++);
      if (after === CLOSE) {
        field.specStart = field.specEnd = field.next = pos;
        return field;
      }
      if (after !== 0x3a) throw valueError("expected ':' after conversion specifier");
    }
  }
  // The spec runs to the matching '}', counting nested '{'.
  field.specStart = pos;
  let depth = 1;
  while (pos < end) {
    const ch = s.charCodeAt(pos++);
    if (ch === OPEN) {
      field.specHasFields = true;
      depth++;
    } else if (ch === CLOSE && --depth === 0) {
      field.specEnd = pos - 1;
      field.next = pos;
      return field;
    }
  }
  throw valueError("unmatched '{' in format spec");
}

/** Looks up, converts and formats one field, in CPython's order (so errors match). */
function renderField(s: string, f: ParsedField, depth: number, ctx: Context): string {
  let value = resolveFieldName(s, f.nameStart, f.nameEnd, ctx);
  if (f.conversion !== -1) value = convert(value, f.conversion, ctx);
  const spec = f.specHasFields
    ? buildString(s, f.specStart, f.specEnd, depth - 1, ctx)
    : s.slice(f.specStart, f.specEnd);
  return formatValue(value, spec, ctx);
}

// ───────────────────────────────── field names ─────────────────────────────────

/**
 * Resolves `first(.attr|[key])*`. Lookups happen as the name is walked, like CPython, so a
 * KeyError on `first` wins over a later syntax error in the same name.
 */
function resolveFieldName(s: string, start: number, end: number, ctx: Context): unknown {
  let i = start;
  while (i < end) {
    const c = s.charCodeAt(i);
    if (c === 0x2e /* . */ || c === 0x5b /* [ */) break;
    i++;
  }
  const first = s.slice(start, i);
  const index = parseIndex(first);
  // `{}` auto-numbers and `{0}` is manual; either way str.format(**kw) has no positional args.
  // (The auto/manual "cannot switch" error is unreachable: the first numeric field fails here.)
  if (first === "" || index !== null) {
    const shown = index ?? 0n;
    throw new FormatStringError(
      "IndexError",
      `Replacement index ${shown} out of range for positional args tuple`,
    );
  }
  let value = ownDataProperty(ctx.fields, first);
  if (value === MISSING) throw new FormatStringError("KeyError", pyRepr(first));

  while (i < end) {
    const c = s.charCodeAt(i++);
    if (c === 0x2e /* . */) {
      const nameStart = i;
      while (i < end) {
        const d = s.charCodeAt(i);
        if (d === 0x2e || d === 0x5b) break;
        i++;
      }
      if (i === nameStart) throw valueError("Empty attribute in format string");
      // JSON data exposes no attributes we are willing to read (see getAttribute).
      value = getAttribute(value, s.slice(nameStart, i));
    } else if (c === 0x5b /* [ */) {
      const keyStart = i;
      while (i < end && s.charCodeAt(i) !== 0x5d /* ] */) i++;
      if (i >= end) throw valueError("Missing ']' in format string");
      const key = s.slice(keyStart, i);
      i++; // past ']'
      const keyIndex = parseIndex(key);
      if (key === "") throw valueError("Empty attribute in format string");
      value = getItem(value, key, keyIndex, ctx);
    } else {
      throw valueError("Only '.' or '[' may follow ']' in format field specifier");
    }
  }
  return value;
}

/** CPython's get_integer for field names: all (Unicode) decimal digits → int, else null. */
function parseIndex(text: string): bigint | null {
  if (text === "") return null;
  let acc = 0n;
  for (const ch of text) {
    const d = decimalValue(ch.codePointAt(0) as number);
    if (d < 0) return null;
    acc = acc * 10n + BigInt(d);
    if (acc > PY_SSIZE_T_MAX) throw valueError("Too many decimal digits in format string");
  }
  return acc;
}

const MISSING: unique symbol = Symbol("missing");

/** An own *data* property only: no prototype chain, no getters run. */
function ownDataProperty(obj: object, key: string): unknown {
  const desc = Object.getOwnPropertyDescriptor(obj, key);
  return desc && "value" in desc ? desc.value : MISSING;
}

function getAttribute(value: unknown, name: string): never {
  // Python would return bound methods, `__class__`, `int.real`…; none of them is the content's
  // data, and exposing them is exactly what an untrusted template must not get.
  throw new FormatStringError(
    "AttributeError",
    `'${typeNameOf(value)}' object has no attribute '${name}'`,
  );
}

/** `value[key]` with `key` an int when it is all digits (Python's rule), else a str. */
function getItem(value: unknown, key: string, index: bigint | null, ctx: Context): unknown {
  const type = typeNameOf(value);
  switch (type) {
    case "dict": {
      // JSON dicts have only str keys, so an int key is never found.
      if (index !== null) throw new FormatStringError("KeyError", index.toString());
      const found = ownDataProperty(value as object, key);
      if (found === MISSING) throw new FormatStringError("KeyError", pyRepr(key));
      return found;
    }
    case "list": {
      if (index === null) throw typeError("list indices must be integers or slices, not str");
      const list = value as readonly unknown[];
      if (index >= BigInt(list.length)) {
        throw new FormatStringError("IndexError", "list index out of range");
      }
      const found = ownDataProperty(list, String(index));
      return found === MISSING ? null : found;
    }
    case "str": {
      if (index === null) throw typeError("string indices must be integers, not 'str'");
      const ch = codePointAt(value as string, index, ctx);
      if (ch === undefined) throw new FormatStringError("IndexError", "string index out of range");
      return ch;
    }
    case "bytes": {
      if (index === null) throw typeError("byte indices must be integers or slices, not str");
      const bytes = value as Uint8Array;
      if (index >= BigInt(bytes.length)) throw new FormatStringError("IndexError", "index out of range");
      return bytes[Number(index)] as number;
    }
    default:
      throw typeError(`'${type}' object is not subscriptable`);
  }
}

/** The `index`-th code point (Python indexes str by code point), or undefined. */
function codePointAt(text: string, index: bigint, ctx: Context): string | undefined {
  if (index >= BigInt(text.length)) return undefined;
  const points = splitCodePoints(text, ctx);
  const i = Number(index);
  return points ? points[i] : text[i];
}

/** Code points of `text`, or null when it has no surrogates (then UTF-16 index = Python index). */
function splitCodePoints(text: string, ctx: Context): string[] | null {
  let points = ctx.codePoints.get(text);
  if (points === undefined) {
    points = SURROGATE.test(text) ? Array.from(text) : null;
    ctx.codePoints.set(text, points);
  }
  return points;
}

const SURROGATE = /[\uD800-\uDFFF]/;

// ───────────────────────────────── values ─────────────────────────────────

type PyTypeName = "str" | "int" | "bool" | "float" | "NoneType" | "dict" | "list" | "bytes";

/** Python type of a JSON-ish value; throws for values outside that model (never reads them). */
function typeNameOf(value: unknown): PyTypeName {
  switch (typeof value) {
    case "string":
      return "str";
    case "boolean":
      return "bool";
    case "bigint":
      return "int";
    case "number":
      return Number.isInteger(value) ? "int" : "float";
    case "undefined":
      return "NoneType";
    case "object":
      if (value === null) return "NoneType";
      if (value instanceof PyFloat) return "float";
      if (Array.isArray(value)) return "list";
      if (value instanceof Uint8Array) return "bytes";
      {
        const proto = Object.getPrototypeOf(value) as unknown;
        if (proto === Object.prototype || proto === null) return "dict";
      }
      break;
    default:
      break;
  }
  throw typeError(`format field value of JavaScript type '${describeJs(value)}' is not JSON data`);
}

function describeJs(value: unknown): string {
  if (typeof value !== "object" || value === null) return typeof value;
  return Array.isArray(value) ? "array" : "object";
}

/** `!r`, `!s`, `!a`: the result is a str. */
function convert(value: unknown, conversion: number, ctx: Context): string {
  typeNameOf(value); // reject non-JSON values before handing them to repr
  const code = String.fromCodePoint(conversion);
  if (code !== "r" && code !== "s" && code !== "a") {
    const shown =
      conversion > 32 && conversion < 127 ? code : `\\x${conversion.toString(16)}`;
    throw valueError(`Unknown conversion specifier ${shown}`);
  }
  // Memoize per value so `{big!r:.1}` repeated N times costs one repr, not N.
  let byCode = ctx.conversions.get(value);
  if (!byCode) ctx.conversions.set(value, (byCode = new Map()));
  let text = byCode.get(code);
  if (text === undefined) {
    text = code === "s" ? pyStr(value) : code === "r" ? pyRepr(value) : asciiEscape(pyRepr(value));
    byCode.set(code, text);
  }
  return text;
}

/** Python's ascii(): repr with every non-ASCII code point backslash-escaped. */
function asciiEscape(repr: string): string {
  let out = "";
  for (const ch of repr) {
    const cp = ch.codePointAt(0) as number;
    if (cp < 0x80) out += ch;
    else if (cp <= 0xff) out += `\\x${cp.toString(16).padStart(2, "0")}`;
    else if (cp <= 0xffff) out += `\\u${cp.toString(16).padStart(4, "0")}`;
    else out += `\\U${cp.toString(16).padStart(8, "0")}`;
  }
  return out;
}

/** `format(value, spec)`: dispatches like `type(value).__format__`. */
function formatValue(value: unknown, spec: string, ctx: Context): string {
  const type = typeNameOf(value);
  switch (type) {
    case "str":
      return formatStr(value as string, spec, ctx);
    case "bool":
      // bool inherits int.__format__, but an empty spec means str(): 'True'.
      if (spec === "") return value ? "True" : "False";
      return formatInt(value ? 1n : 0n, spec, "bool", ctx);
    case "int": {
      const n = typeof value === "bigint" ? value : BigInt(value as number);
      return spec === "" ? decimalDigits(n) : formatInt(n, spec, "int", ctx);
    }
    case "float": {
      const x = value instanceof PyFloat ? value.value : (value as number);
      return spec === "" ? pyStr(new PyFloat(x)) : formatFloat(x, spec, "float", ctx);
    }
    default:
      // object.__format__: only the empty spec is accepted.
      if (spec === "") return pyStr(value);
      throw typeError(`unsupported format string passed to ${type}.__format__`);
  }
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

/** Python's `[[fill]align][sign]["z"]["#"]["0"][width][grouping]["." precision][type]`. */
function parseSpec(spec: string, defaultType: string, defaultAlign: string, typeName: string): FormatSpec {
  const cps = Array.from(spec);
  const n = cps.length;
  let pos = 0;
  const out: FormatSpec = {
    fill: " ",
    align: defaultAlign,
    sign: "",
    noNegZero: false,
    alternate: false,
    width: -1,
    separator: "",
    groupSize: 3,
    precision: -1,
    type: defaultType,
  };
  let fillGiven = false;
  let alignGiven = false;
  if (n - pos >= 2 && isAlign(cps[pos + 1])) {
    out.fill = cps[pos] as string;
    out.align = cps[pos + 1] as string;
    fillGiven = alignGiven = true;
    pos += 2;
  } else if (n - pos >= 1 && isAlign(cps[pos])) {
    out.align = cps[pos] as string;
    alignGiven = true;
    pos++;
  }
  const signChar = cps[pos];
  if (signChar === "+" || signChar === "-" || signChar === " ") {
    out.sign = signChar;
    pos++;
  }
  if (cps[pos] === "z") {
    out.noNegZero = true;
    pos++;
  }
  if (cps[pos] === "#") {
    out.alternate = true;
    pos++;
  }
  if (!fillGiven && cps[pos] === "0") {
    // Backwards-compatible zero padding; since 3.10 it only implies '=' for numbers.
    out.fill = "0";
    if (!alignGiven && defaultAlign === ">") out.align = "=";
    pos++;
  }
  let parsed = readInteger(cps, pos);
  if (parsed.digits > 0) out.width = parsed.value;
  pos = parsed.next;
  if (cps[pos] === ",") {
    out.separator = ",";
    pos++;
  }
  if (cps[pos] === "_") {
    if (out.separator) throw valueError("Cannot specify both ',' and '_'.");
    out.separator = "_";
    pos++;
  }
  if (cps[pos] === "," && out.separator === "_") throw valueError("Cannot specify both ',' and '_'.");
  if (cps[pos] === ".") {
    parsed = readInteger(cps, pos + 1);
    if (parsed.digits === 0) throw valueError("Format specifier missing precision");
    out.precision = parsed.value;
    pos = parsed.next;
  }
  if (n - pos > 1) {
    throw valueError(`Invalid format specifier '${spec}' for object of type '${typeName}'`);
  }
  if (n - pos === 1) out.type = cps[pos] as string;

  if (out.separator) {
    if (["b", "o", "x", "X"].includes(out.type) && out.separator === "_") {
      out.groupSize = 4; // PEP 515: '_' groups bin/oct/hex by four
    } else if (!["d", "e", "f", "g", "E", "G", "%", "F", ""].includes(out.type)) {
      throw valueError(`Cannot specify '${out.separator}' with ${quoteCode(out.type)}.`);
    }
  }
  return out;
}

function isAlign(c: string | undefined): boolean {
  return c === "<" || c === ">" || c === "=" || c === "^";
}

/** Decimal digits (any Unicode Nd, as Python) from `pos`; overflow past ssize_t is an error. */
function readInteger(cps: readonly string[], pos: number): { value: number; digits: number; next: number } {
  let acc = 0n;
  let digits = 0;
  while (pos < cps.length) {
    const d = decimalValue((cps[pos] as string).codePointAt(0) as number);
    if (d < 0) break;
    acc = acc * 10n + BigInt(d);
    if (acc > PY_SSIZE_T_MAX) throw valueError("Too many decimal digits in format string");
    digits++;
    pos++;
  }
  // Values above 2^53 lose precision here, but they are far beyond every limit we compare with.
  return { value: Number(acc), digits, next: pos };
}

/** `'c'` for printable ASCII, else Python's `'\xNN'` form (used in two error messages). */
function quoteCode(type: string): string {
  const cp = type.codePointAt(0) ?? 0;
  return cp > 32 && cp < 128 ? `'${type}'` : `'\\x${cp.toString(16)}'`;
}

function unknownCode(type: string, typeName: string): FormatStringError {
  return valueError(`Unknown format code ${quoteCode(type)} for object of type '${typeName}'`);
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

const ND = /\p{Nd}/u;
function isNd(cp: number): boolean {
  return cp >= 0 && ND.test(String.fromCodePoint(cp));
}

/** Length in code points (Python's len(str)). */
function cpLength(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** Refuses to materialize more than `maxWidth` padding / digits (see PyFormatOptions). */
function checkMaterialized(size: number, ctx: Context): void {
  if (size > ctx.maxWidth) {
    throw valueError(
      `Format width or precision ${size} exceeds this implementation's limit of ${ctx.maxWidth}`,
    );
  }
}

// ───────────────────────────────── str ─────────────────────────────────

function formatStr(text: string, specText: string, ctx: Context): string {
  if (specText === "") return text;
  const spec = parseSpec(specText, "s", "<", "str");
  if (spec.type !== "s") throw unknownCode(spec.type, "str");
  if (spec.sign) throw valueError("Sign not allowed in string format specifier");
  if (spec.noNegZero) {
    throw valueError("Negative zero coercion (z) not allowed in string format specifier");
  }
  if (spec.alternate) throw valueError("Alternate form (#) not allowed in string format specifier");
  if (spec.align === "=") throw valueError("'=' alignment not allowed in string format specifier");

  let body = text;
  if (spec.precision >= 0) body = truncateCodePoints(text, spec.precision, ctx);
  if (spec.width < 0) return body;
  const len = cpLength(body);
  if (spec.width <= len) return body;
  checkMaterialized(spec.width, ctx);
  return pad(body, len, spec.width, spec.align, spec.fill);
}

function truncateCodePoints(text: string, count: number, ctx: Context): string {
  if (count >= text.length) return text;
  const points = splitCodePoints(text, ctx);
  return points ? points.slice(0, count).join("") : text.slice(0, count);
}

function pad(body: string, len: number, width: number, align: string, fill: string): string {
  const total = width - len;
  const left = align === ">" ? total : align === "^" ? Math.floor(total / 2) : 0;
  return fill.repeat(left) + body + fill.repeat(total - left);
}

// ───────────────────────────────── int ─────────────────────────────────

function formatInt(n: bigint, specText: string, typeName: "int" | "bool", ctx: Context): string {
  const spec = parseSpec(specText, "d", ">", typeName);
  switch (spec.type) {
    case "b":
    case "c":
    case "d":
    case "o":
    case "x":
    case "X":
    case "n":
      return formatIntDigits(n, spec, ctx);
    case "e":
    case "E":
    case "f":
    case "F":
    case "g":
    case "G":
    case "%": {
      const x = Number(n); // round-half-even, like int.__float__
      if (!Number.isFinite(x)) {
        throw new FormatStringError("OverflowError", "int too large to convert to float");
      }
      return formatFloatValue(x, spec, ctx);
    }
    default:
      throw unknownCode(spec.type, typeName);
  }
}

function formatIntDigits(n: bigint, spec: FormatSpec, ctx: Context): string {
  if (spec.precision !== -1) throw valueError("Precision not allowed in integer format specifier");
  if (spec.noNegZero) {
    throw valueError("Negative zero coercion (z) not allowed in integer format specifier");
  }
  if (spec.type === "c") {
    if (spec.sign) throw valueError("Sign not allowed with integer format specifier 'c'");
    if (spec.alternate) {
      throw valueError("Alternate form (#) not allowed with integer format specifier 'c'");
    }
    if (n < 0n || n > 0x10ffffn) {
      throw new FormatStringError("OverflowError", "%c arg not in range(0x110000)");
    }
    // The character is laid out as a non-digit "remainder", so it is never grouped.
    return layoutNumber(false, "", "", false, String.fromCodePoint(Number(n)), spec, "", ctx);
  }
  const negative = n < 0n;
  const magnitude = negative ? -n : n;
  let digits: string;
  let prefix = "";
  switch (spec.type) {
    case "b":
      digits = magnitude.toString(2);
      prefix = "0b";
      break;
    case "o":
      digits = magnitude.toString(8);
      prefix = "0o";
      break;
    case "x":
      digits = magnitude.toString(16);
      prefix = "0x";
      break;
    case "X":
      digits = magnitude.toString(16).toUpperCase();
      prefix = "0X";
      break;
    default:
      digits = decimalDigits(magnitude);
  }
  // 'n' uses the C locale (no thousands separator), like an un-localized CPython process.
  const separator = spec.type === "n" ? "" : spec.separator;
  return layoutNumber(negative, spec.alternate ? prefix : "", digits, false, "", spec, separator, ctx);
}

/** Base-10 digits, with CPython 3.11's int→str digit limit. */
function decimalDigits(n: bigint): string {
  const text = n.toString();
  if (text.length - (n < 0n ? 1 : 0) > INT_MAX_STR_DIGITS) {
    throw valueError(
      `Exceeds the limit (${INT_MAX_STR_DIGITS} digits) for integer string conversion; ` +
        "use sys.set_int_max_str_digits() to increase the limit",
    );
  }
  return text;
}

// ───────────────────────────────── float ─────────────────────────────────

function formatFloat(x: number, specText: string, typeName: "float", ctx: Context): string {
  const spec = parseSpec(specText, "", ">", typeName);
  if (!["", "e", "E", "f", "F", "g", "G", "n", "%"].includes(spec.type)) {
    throw unknownCode(spec.type, typeName);
  }
  return formatFloatValue(x, spec, ctx);
}

/** CPython's format_float_internal: pick the conversion, render, then lay out sign/padding. */
function formatFloatValue(value: number, spec: FormatSpec, ctx: Context): string {
  if (spec.precision > INT_MAX) throw valueError("precision too big");
  let type = spec.type;
  let precision = spec.precision;
  let defaultPrecision = 6;
  let addDot0 = false;
  let x = value;
  let percent = false;
  if (type === "") {
    // No type: repr() if no precision, else like 'g' but keeping a ".0".
    type = "r";
    addDot0 = true;
    defaultPrecision = 0;
  }
  if (type === "n") type = "g";
  if (type === "%") {
    type = "f";
    x *= 100;
    percent = true;
  }
  if (precision < 0) precision = defaultPrecision;
  else if (type === "r") type = "g";

  const lower = type.toLowerCase();
  if (lower === "f" || lower === "e" || (lower === "g" && spec.alternate)) {
    checkMaterialized(precision, ctx); // these pad with `precision` digits
  }
  let text = doubleToString(x, type, precision, spec.alternate, addDot0, spec.noNegZero);
  if (percent) text += "%";

  const negative = text.startsWith("-");
  if (negative) text = text.slice(1);
  // Split "digits[.remainder]"; inf/nan have no digits at all.
  let intEnd = 0;
  while (intEnd < text.length && isAsciiDigit(text.charCodeAt(intEnd))) intEnd++;
  const hasDecimal = text.charCodeAt(intEnd) === 0x2e;
  const remainder = text.slice(hasDecimal ? intEnd + 1 : intEnd);
  const separator = spec.type === "n" ? "" : spec.separator;
  return layoutNumber(negative, "", text.slice(0, intEnd), hasDecimal, remainder, spec, separator, ctx);
}

function isAsciiDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/**
 * CPython's PyOS_double_to_string + format_float_short. `type` is one of r e E f F g G.
 * Digits are correctly rounded, ties to even, from the exact binary value.
 */
function doubleToString(
  x: number,
  type: string,
  precision: number,
  alternate: boolean,
  addDot0: boolean,
  noNegZero: boolean,
): string {
  const upper = type === "E" || type === "F" || type === "G";
  const mode = type.toLowerCase();
  if (Number.isNaN(x)) return upper ? "NAN" : "nan"; // never signed, like CPython
  let negative = x < 0 || Object.is(x, -0);
  if (!Number.isFinite(x)) return (negative ? "-" : "") + (upper ? "INF" : "inf");

  let significant = precision;
  if (mode === "e") significant = precision + 1;
  if (mode === "g" && significant === 0) significant = 1;
  const magnitude = Math.abs(x);
  const { digits, decpt: pointAt } =
    mode === "r"
      ? shortestDigits(magnitude)
      : roundDigits(exactDigits(magnitude), mode === "f" ? null : significant, precision);
  let decpt = pointAt;
  if (noNegZero && digits === "0") negative = false;

  // Output is a window [start, end) over digits padded with zeros on both sides; the decimal
  // point sits before virtual index `decpt`.
  let useExp = false;
  let end = digits.length;
  switch (mode) {
    case "e":
      useExp = true;
      end = significant;
      break;
    case "f":
      end = decpt + precision;
      break;
    case "g":
      if (decpt <= -4 || decpt > (addDot0 ? significant - 1 : significant)) useExp = true;
      if (alternate) end = significant;
      break;
    default: // 'r': repr switches to exponent notation at 1e16 and below 1e-4
      if (decpt <= -4 || decpt > 16) useExp = true;
  }
  let exponent = 0;
  if (useExp) {
    exponent = decpt - 1;
    decpt = 1;
  }
  const start = decpt <= 0 ? decpt - 1 : 0;
  end = Math.max(end, !useExp && addDot0 ? decpt + 1 : decpt);
  const padded = "0".repeat(-start) + digits + "0".repeat(Math.max(0, end - digits.length));
  let body = padded.slice(0, decpt - start) + "." + padded.slice(decpt - start);
  if (body.endsWith(".") && !alternate) body = body.slice(0, -1);
  if (useExp) {
    const abs = Math.abs(exponent);
    body += (upper ? "E" : "e") + (exponent < 0 ? "-" : "+") + (abs < 10 ? "0" : "") + abs;
  }
  return (negative ? "-" : "") + body;
}

/** Decimal digits (no leading/trailing zeros; "0" for zero) and point position: 0.DIGITS × 10^decpt. */
interface Decimal {
  digits: string;
  decpt: number;
}

const ZERO: Decimal = { digits: "0", decpt: 1 };

/**
 * The exact decimal expansion of a finite non-negative double (at most ~770 significant
 * digits). JavaScript's toFixed/toExponential are correctly rounded but break exact ties
 * upwards (`(0.5).toFixed(0)` is "1", `(0.125).toFixed(2)` is "0.13"), where Python rounds
 * half to even ('0', '0.12'), so we round this expansion ourselves.
 */
function exactDigits(x: number): Decimal {
  if (x === 0) return ZERO;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  let mantissa = bits & 0xfffffffffffffn;
  let exp2: number;
  if (biased === 0) exp2 = -1074;
  else {
    mantissa |= 1n << 52n;
    exp2 = biased - 1075;
  }
  let digits: string;
  let decpt: number;
  if (exp2 >= 0) {
    digits = (mantissa << BigInt(exp2)).toString();
    decpt = digits.length;
  } else {
    // m / 2^k == m·5^k / 10^k
    digits = (mantissa * 5n ** BigInt(-exp2)).toString();
    decpt = digits.length + exp2;
  }
  return { digits: stripTrailingZeros(digits), decpt };
}

/**
 * Rounds half-to-even to `significant` digits, or (when null) to `fractionDigits` digits after
 * the point. Returns stripped digits, like dtoa.
 */
function roundDigits(d: Decimal, significant: number | null, fractionDigits: number): Decimal {
  const keep = significant ?? d.decpt + fractionDigits;
  if (keep >= d.digits.length) return d;
  if (keep < 0) return ZERO;
  const next = d.digits.charCodeAt(keep) - 0x30;
  const exactHalf = next === 5 && d.digits.length === keep + 1; // digits has no trailing zeros
  const lastKept = keep > 0 ? d.digits.charCodeAt(keep - 1) - 0x30 : 0;
  const up = next > 5 || (next === 5 && (!exactHalf || lastKept % 2 === 1));
  let head = d.digits.slice(0, keep);
  let decpt = d.decpt;
  if (up) {
    // Increment the decimal string; a full carry ("999" → "1000") moves the point.
    let i = head.length - 1;
    while (i >= 0 && head[i] === "9") i--;
    if (i < 0) {
      head = "1";
      decpt++;
    } else {
      head = head.slice(0, i) + String.fromCharCode(head.charCodeAt(i) + 1);
    }
  }
  head = stripTrailingZeros(head);
  return head === "" || head === "0" ? ZERO : { digits: head, decpt };
}

/** Shortest round-trip digits (what repr() prints), from JavaScript's own shortest conversion. */
function shortestDigits(x: number): Decimal {
  if (x === 0) return ZERO;
  const text = String(x); // "123.45", "1e+21", "1.5e-7", "0.000001"
  const e = text.indexOf("e");
  const mantissa = e < 0 ? text : text.slice(0, e);
  const exp10 = e < 0 ? 0 : Number(text.slice(e + 1));
  const dot = mantissa.indexOf(".");
  const intPart = dot < 0 ? mantissa : mantissa.slice(0, dot);
  let digits = dot < 0 ? mantissa : intPart + mantissa.slice(dot + 1);
  let decpt = intPart.length + exp10;
  let lead = 0;
  while (lead < digits.length - 1 && digits[lead] === "0") lead++;
  digits = digits.slice(lead);
  decpt -= lead;
  return { digits: stripTrailingZeros(digits), decpt };
}

function stripTrailingZeros(digits: string): string {
  let end = digits.length;
  while (end > 1 && digits.charCodeAt(end - 1) === 0x30) end--;
  return digits.slice(0, end);
}

// ───────────────────────────────── number layout ─────────────────────────────────

/**
 * CPython's calc_number_widths + fill_number:
 * `[lpad][sign][prefix][spad][grouped digits][.][remainder][rpad]`, where only one padding is
 * non-empty and '0'-fill with '=' alignment is done by the grouping step (so zeros get
 * separators too: `format(1234, '09,')` is '0,001,234').
 */
function layoutNumber(
  negative: boolean,
  prefix: string,
  digits: string,
  hasDecimal: boolean,
  remainder: string,
  spec: FormatSpec,
  separator: string,
  ctx: Context,
): string {
  const sign = negative ? "-" : spec.sign === "+" ? "+" : spec.sign === " " ? " " : "";
  const nonDigits = sign.length + prefix.length + (hasDecimal ? 1 : 0) + cpLength(remainder);
  const natural =
    nonDigits + digits.length + (separator && digits ? Math.floor((digits.length - 1) / spec.groupSize) : 0);
  if (spec.width > natural) checkMaterialized(spec.width, ctx);

  const minWidth = spec.fill === "0" && spec.align === "=" ? spec.width - nonDigits : 0;
  const grouped = digits === "" ? "" : groupDigits(digits, minWidth, separator, spec.groupSize);
  const padding = spec.width - (nonDigits + grouped.length);
  let left = 0;
  let inner = 0;
  let right = 0;
  if (padding > 0) {
    if (spec.align === "<") right = padding;
    else if (spec.align === "^") {
      left = Math.floor(padding / 2);
      right = padding - left;
    } else if (spec.align === "=") inner = padding;
    else left = padding;
  }
  const fill = spec.fill;
  return (
    fill.repeat(left) +
    sign +
    prefix +
    fill.repeat(inner) +
    grouped +
    (hasDecimal ? "." : "") +
    remainder +
    fill.repeat(right)
  );
}

/**
 * Inserts `separator` every `size` digits from the right, left-padding with zeros (which are
 * grouped too) until `minWidth` characters. With no separator it only zero-pads.
 */
function groupDigits(digits: string, minWidth: number, separator: string, size: number): string {
  if (!separator) {
    return "0".repeat(Math.max(0, minWidth - digits.length)) + digits;
  }
  const pieces: string[] = [];
  let remaining = digits.length;
  let width = minWidth;
  let first = true;
  for (;;) {
    const l = Math.min(size, Math.max(remaining, width, 1));
    const chars = Math.min(remaining, l);
    const zeros = l - chars;
    pieces.push("0".repeat(zeros) + digits.slice(remaining - chars, remaining) + (first ? "" : separator));
    first = false;
    remaining -= chars;
    width -= l;
    if (remaining <= 0 && width <= 0) break;
    width -= separator.length;
  }
  return pieces.reverse().join("");
}
