/**
 * CPython 3.11 `repr()` / `str()` of the values AutoGen's events render.
 *
 * Several AutoGen events render `str(list_of_objects)`, so their console text is built from
 * Python reprs: quoted strings with Python's escaping rules, `True`/`None`, floats in Python's
 * shortest-repr format, dicts and lists. This module reproduces those rules for JSON-shaped
 * values. It uses no platform APIs beyond ES2022 (browsers, edge workers, Node).
 *
 * Documented difference: "printable" is decided with JS Unicode property escapes, i.e. the JS
 * engine's Unicode version, whereas Python 3.11 uses Unicode 14. Characters assigned after
 * Unicode 14 are escaped by Python 3.11 but printed literally here.
 */
import { MemoryMimeType } from "../schemas/core.js";

/**
 * Marks a JS number as a Python `float`, so that integral values keep their float form.
 * Plain JS numbers render as `int` when integral (but not `-0`: Python ints have no negative zero), else as `float`.
 *
 * @example pyRepr(new PyFloat(21)) // "21.0"   (pyRepr(21) is "21")
 */
export class PyFloat {
  constructor(readonly value: number) {}
}

/** Python refuses to repr deeper structures too (RecursionError at ~1000 frames). */
const MAX_DEPTH = 1000;

const QUOTE = 0x27; // '
const DQUOTE = 0x22; // "
const BACKSLASH = 0x5c;

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, "0");
}

/*
 * Python escapes what `str.isprintable()` rejects: general categories C* (Cc Cf Cs Co Cn) and
 * Z* (Zs Zl Zp) except the ASCII space. JS property escapes know these categories (in the JS
 * engine's Unicode version), but scanning text with `\p{C}` costs V8 ~10 ns per character. So
 * the BMP answer is computed once, on first need, into a bit table; astral characters (rarer)
 * are asked one at a time. `[^\P{Z} ]` reads "Z but not space".
 */
const NON_PRINTABLE_ONE = /^(?:\p{C}|[^\P{Z} ])$/u;

let bmpBits: Uint8Array | undefined;

/** Answers for astral code points seen so far: texts repeat the same few emoji, and the regex test costs a slice. */
const astralAnswers = new Map<number, boolean>();

function astralNonPrintable(cp: number, s: string, i: number): boolean {
  let r = astralAnswers.get(cp);
  if (r === undefined) {
    r = NON_PRINTABLE_ONE.test(s.slice(i, i + 2));
    if (astralAnswers.size >= 4096) astralAnswers.clear(); // bounded: adversarial text cannot grow it
    astralAnswers.set(cp, r);
  }
  return r;
}

/**
 * Bit c of the table is set when BMP code unit c is non-printable (a lone surrogate is a Cs
 * code point to a `u` regex). One test per unit is quicker to build (~10 ms) than scanning one
 * probe string of the whole BMP for runs.
 */
function bmpNonPrintableBits(): Uint8Array {
  const bits = new Uint8Array(0x10000 >>> 3);
  for (let c = 0; c < 0x10000; c++) {
    if (NON_PRINTABLE_ONE.test(String.fromCharCode(c))) bits[c >>> 3]! |= 1 << (c & 7);
  }
  return bits;
}

/**
 * Where a scan must stop: anything but printable ASCII, or the backslash, or `'` (in '…' only).
 * Plain classes without the `u` flag compile to V8's fastest scanning loop.
 */
const STOP_IN_SINGLE = /[^ -&(-\[\]-~]/g;
const STOP_IN_DOUBLE = /[^ -\[\]-~]/g;

/** Python's named escapes (`\\`, `\'`, `\n`, `\r`, `\t`) by code unit. */
const NAMED_ESCAPES: Record<number, string> = { [BACKSLASH]: "\\\\", [QUOTE]: "\\'", 10: "\\n", 13: "\\r", 9: "\\t" };

/**
 * `\xhh`, `\uhhhh` or `\Uhhhhhhhh` (lower-case hex, by size), as repr() and ascii() write a
 * code point. Lone surrogates land here too: Python prints them as `\udxxx`.
 *
 * @example hexEscape(0xe9) // "\\xe9"
 */
export function hexEscape(cp: number): string {
  return cp < 0x100 ? "\\x" + hex(cp, 2) : cp < 0x10000 ? "\\u" + hex(cp, 4) : "\\U" + hex(cp, 8);
}

/** The escape Python writes for a single UTF-16 unit. */
function escapeUnit(c: number): string {
  return NAMED_ESCAPES[c] ?? hexEscape(c);
}

/**
 * Python `repr()` of a `str`.
 *
 * Uses `'…'` unless the text contains `'` and no `"`; escapes `\\`, `\n`, `\r`, `\t`, the quote
 * in use, and non-printable characters as `\xhh`, `\uhhhh` or `\Uhhhhhhhh`.
 *
 * @example pyReprString("it's") // `"it's"`
 * @example pyReprString("a\tb\u00a0") // "'a\\tb\\xa0'"  (Python shows 'a\tb\xa0')
 */
export function pyReprString(s: string): string {
  // `test` on a global regex leaves lastIndex just past the one-unit match and, unlike
  // `exec`, allocates nothing.
  let re = STOP_IN_SINGLE;
  re.lastIndex = 0;
  // The common case, printable ASCII (`"` allowed), is one native scan and no copy.
  if (!re.test(s)) return "'" + s + "'";
  const inDouble = s.includes("'") && !s.includes('"');
  if (inDouble) {
    re = STOP_IN_DOUBLE;
    re.lastIndex = STOP_IN_SINGLE.lastIndex - 1; // nothing before the first stop needs work
    if (!re.test(s)) return '"' + s + '"';
  }
  const n = s.length;
  let out = "";
  let done = 0; // s[0, done) is already in `out`
  do {
    let i = re.lastIndex - 1;
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      out += s.slice(done, i) + escapeUnit(c); // control, DEL, backslash or the quote
      done = i + 1;
      continue;
    }
    // Walk a run of non-ASCII by hand: one regex call per character would dominate CJK text.
    const bits = (bmpBits ??= bmpNonPrintableBits());
    for (; i < n && (c = s.charCodeAt(i)) >= 0x80; i++) {
      const lo = s.charCodeAt(i + 1); // NaN past the end
      if (c >= 0xd800 && c <= 0xdbff && lo >= 0xdc00 && lo <= 0xdfff) {
        // A surrogate pair is one astral code point.
        const cp = (c - 0xd800) * 0x400 + (lo - 0xdc00) + 0x10000;
        if (astralNonPrintable(cp, s, i)) {
          out += s.slice(done, i) + hexEscape(cp);
          done = i + 2;
        }
        i++;
      } else if (((bits[c >>> 3] ?? 0) >>> (c & 7)) & 1) {
        out += s.slice(done, i) + escapeUnit(c);
        done = i + 1;
      }
    }
    re.lastIndex = i;
  } while (re.test(s));
  const quote = inDouble ? '"' : "'";
  return quote + out + s.slice(done) + quote;
}

/**
 * Python `repr()` of a `float` (`float_repr_style` 'short'): the shortest digits that round-trip,
 * positional for 1e-4 ≤ |x| < 1e16 (always with a fractional part), otherwise exponent form
 * with a signed, at-least-two-digit exponent.
 *
 * @example pyReprFloat(21) // "21.0"
 * @example pyReprFloat(1e-5) // "1e-05"
 * @example pyReprFloat(1e16) // "1e+16"
 */
export function pyReprFloat(n: number): string {
  if (n !== n) return "nan";
  if (n === Infinity) return "inf";
  if (n === -Infinity) return "-inf";
  const abs = Math.abs(n);
  // In this range JS's Number::toString is positional too, with the same shortest digits.
  if (abs >= 1e-4 && abs < 1e16) {
    const s = String(n);
    return Number.isInteger(n) ? s + ".0" : s;
  }
  if (abs === 0) return Object.is(n, -0) ? "-0.0" : "0.0";
  return (n < 0 ? "-" : "") + exponentForm(abs);
}

/** `d[.ddd]e±XX` from JS's shortest digits (`toExponential()` with no argument). */
function exponentForm(abs: number): string {
  const [mantissa, exp] = abs.toExponential().split("e") as [string, string];
  return mantissa + exponentText(Number(exp));
}

/**
 * Python's exponent suffix (repr and the `e`/`g` format types): `e`, the sign and at least two
 * digits.
 *
 * @example exponentText(-5) // "e-05"
 */
export function exponentText(exp: number): string {
  return (exp < 0 ? "e-" : "e+") + String(Math.abs(exp)).padStart(2, "0");
}

/**
 * Whether a plain JS number stands for a Python `int`: integral and not `-0`. Python ints have
 * no negative zero, so a `-0` (JSON `-0.0`, or `-0`, which Python's encoders never write for an
 * int) can only have been a float.
 *
 * @example [isPyInt(3), isPyInt(-0), isPyInt(0.5)] // [true, false, false]
 */
export function isPyInt(n: number): boolean {
  return Number.isInteger(n) && !Object.is(n, -0);
}

/**
 * Python `repr()` of an `int`. Numbers beyond 2^53 print the exact value of the double, as
 * Python's `int(float)` would; use a bigint for exact big integers.
 *
 * @throws RangeError when `n` is a non-integral number.
 * @example pyReprInt(2n ** 64n) // "18446744073709551616"
 */
export function pyReprInt(n: number | bigint): string {
  if (typeof n === "bigint") return n.toString();
  if (Number.isSafeInteger(n)) return String(n); // String(-0) is "0", like Python's int
  if (!Number.isInteger(n)) throw new RangeError(`pyReprInt: ${String(n)} is not an integer`);
  return BigInt(n).toString();
}

/**
 * Python `repr()` of `bytes`: `b'…'` (or `b"…"` when it contains `'` and no `"`), with `\\`,
 * the quote, `\t`, `\n`, `\r` escaped and other bytes below 0x20 or from 0x7f as `\xhh`.
 *
 * @example pyReprBytes(new Uint8Array([0x68, 0x69, 0x0a, 0xff])) // "b'hi\\n\\xff'"
 */
export function pyReprBytes(b: Uint8Array): string {
  const q = b.includes(QUOTE) && !b.includes(DQUOTE) ? '"' : "'";
  let out = "b" + q;
  for (const c of b) {
    const ch = String.fromCharCode(c);
    out += ch === q || c === BACKSLASH ? "\\" + ch : c < 0x20 || c >= 0x7f ? escapeUnit(c) : ch;
  }
  return out + q;
}

function describe(value: unknown): string {
  if (typeof value === "function") return `a function${value.name ? ` (${value.name})` : ""}`;
  if (typeof value === "symbol") return `a symbol (${value.toString()})`;
  if (typeof value !== "object" || value === null) return `a ${typeof value}`;
  const ctor = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor;
  const name = typeof ctor?.name === "string" && ctor.name ? ctor.name : "object";
  return `an instance of ${name}`;
}

/** A plain object (Python's dict): prototype `Object.prototype` or null. */
export function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function reprValue(value: unknown, ancestors: object[] | undefined, depth: number): string {
  switch (typeof value) {
    case "string":
      return pyReprString(value);
    case "number":
      return isPyInt(value) ? pyReprInt(value) : pyReprFloat(value);
    case "bigint":
      return value.toString();
    case "boolean":
      return value ? "True" : "False";
    case "undefined":
      return "None";
    case "object":
      if (value === null) return "None";
      if (value instanceof PyFloat) return pyReprFloat(value.value);
      if (value instanceof Uint8Array) return pyReprBytes(value);
      // The ancestor list is only needed once a container appears.
      return reprContainer(value, ancestors ?? [], depth);
    default:
      throw new TypeError(`pyRepr: cannot render ${describe(value)}`);
  }
}

function reprContainer(obj: object, ancestors: object[], depth: number): string {
  if (depth >= MAX_DEPTH) throw new RangeError(`pyRepr: value is nested deeper than ${MAX_DEPTH} levels`);
  // Ancestors, not "seen": the same list twice side by side is fine, only a cycle is not.
  // A linear search: real values are a few levels deep, and the depth limit bounds it.
  if (ancestors.includes(obj)) throw new RangeError("pyRepr: value contains a reference cycle");
  let out: string;
  if (Array.isArray(obj)) {
    ancestors.push(obj);
    out = "[";
    for (let i = 0; i < obj.length; i++) {
      if (i > 0) out += ", ";
      out += reprValue(obj[i], ancestors, depth + 1);
    }
    out += "]";
  } else if (isPlainObject(obj)) {
    ancestors.push(obj);
    const rec = obj as Record<string, unknown>;
    const keys = Object.keys(rec); // own enumerable string keys; the prototype is never read
    out = "{";
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      if (i > 0) out += ", ";
      out += pyReprString(key) + ": " + reprValue(rec[key], ancestors, depth + 1);
    }
    out += "}";
  } else {
    throw new TypeError(
      `pyRepr: cannot render ${describe(obj)} (only strings, numbers, PyFloat, bigints, booleans, null/undefined, arrays, plain objects and Uint8Array)`,
    );
  }
  ancestors.pop();
  return out;
}

/**
 * Python `repr()` of a JSON-shaped value: `str`, `int`/`float` (number, {@link PyFloat}, bigint),
 * `bool`, `None` (null and undefined), `list` (arrays), `dict` (plain objects, in `Object.keys`
 * order), `bytes` (Uint8Array).
 *
 * @throws TypeError for other objects, functions and symbols; RangeError for cycles or nesting
 *   deeper than 1000 levels.
 * @example pyRepr({ a: 1, b: [1, 2.5, true, null] }) // "{'a': 1, 'b': [1, 2.5, True, None]}"
 */
export function pyRepr(value: unknown): string {
  return reprValue(value, undefined, 0);
}

/**
 * Python `str()`: strings as they are, everything else as its `repr()` (for numbers, bools,
 * None, lists and dicts Python's `str` and `repr` agree).
 *
 * @example pyStr("it's") // "it's"
 * @example pyStr(new PyFloat(2)) // "2.0"
 */
export function pyStr(value: unknown): string {
  return typeof value === "string" ? value : pyRepr(value);
}

/**
 * The repr of a dataclass or pydantic model: `Name(field=<repr>, …)` in the given field order.
 *
 * @example pyReprCall("Point", [["x", 1], ["y", new PyFloat(2)]]) // "Point(x=1, y=2.0)"
 */
export function pyReprCall(name: string, fields: ReadonlyArray<readonly [string, unknown]>): string {
  let out = name + "(";
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i] as readonly [string, unknown];
    if (i > 0) out += ", ";
    out += field[0] + "=" + reprField(field[1]);
  }
  return out + ")";
}

/** Model fields are mostly strings: skip the generic dispatch for them. */
function reprField(v: unknown): string {
  return typeof v === "string" ? pyReprString(v) : pyRepr(v);
}

/**
 * The repr of autogen_core's `FunctionCall` dataclass.
 *
 * @example reprFunctionCall({ id: "c1", arguments: "{}", name: "f" })
 * // "FunctionCall(id='c1', arguments='{}', name='f')"
 */
export function reprFunctionCall(fc: { id: string; arguments: string; name: string }): string {
  // Written out rather than via pyReprCall: this runs for every tool call an event lists.
  return (
    "FunctionCall(id=" + reprField(fc.id) + ", arguments=" + reprField(fc.arguments) + ", name=" + reprField(fc.name) + ")"
  );
}

/**
 * The repr of autogen_core's `FunctionExecutionResult` pydantic model (a missing `is_error`
 * is the model default, None).
 *
 * @example reprFunctionExecutionResult({ content: "ok", name: "f", call_id: "c1" })
 * // "FunctionExecutionResult(content='ok', name='f', call_id='c1', is_error=None)"
 */
export function reprFunctionExecutionResult(r: {
  content: string;
  name: string;
  call_id: string;
  is_error?: boolean | null;
}): string {
  return (
    "FunctionExecutionResult(content=" +
    reprField(r.content) +
    ", name=" +
    reprField(r.name) +
    ", call_id=" +
    reprField(r.call_id) +
    ", is_error=" +
    pyRepr(r.is_error ?? null) +
    ")"
  );
}

/**
 * How a running app holds its objects, where that changes their repr (see `ToTextOptions.live`).
 *
 * @example const live: LiveObjects = { memoryMimeTypes: ["text/plain"] } // only text/plain was built with MemoryMimeType.TEXT
 */
export interface LiveObjects {
  /**
   * The `MemoryContent.mime_type` values the app's memory holds as `MemoryMimeType` members
   * (built with `MemoryMimeType.TEXT`, …) rather than as plain strings (`"text/plain"`).
   * Default: every value of the enum.
   */
  readonly memoryMimeTypes?: readonly string[];
}

/**
 * The repr of autogen_core's `MemoryContent`. By default as it is after loading from JSON:
 * `mime_type` is a plain str and `content` a str or dict. With `live`, as the object a running
 * memory holds: a `mime_type` that is a `MemoryMimeType` value is that enum member (all values,
 * or those `live.memoryMimeTypes` lists), since AutoGen's own code and documentation build
 * memory contents with the enum.
 *
 * @example reprMemoryContent({ content: "hi", mime_type: "text/plain", metadata: { k: 1 } })
 * // "MemoryContent(content='hi', mime_type='text/plain', metadata={'k': 1})"
 * @example reprMemoryContent({ content: "hi", mime_type: "text/plain" }, { live: true })
 * // "MemoryContent(content='hi', mime_type=<MemoryMimeType.TEXT: 'text/plain'>, metadata=None)"
 */
export function reprMemoryContent(
  m: {
    content: unknown;
    mime_type: string;
    metadata?: Record<string, unknown> | null;
  },
  options: { readonly live?: boolean | LiveObjects } = {},
): string {
  const { live } = options;
  const member =
    live && (live === true || !live.memoryMimeTypes || live.memoryMimeTypes.includes(m.mime_type))
      ? memberOf(MemoryMimeType.enum, m.mime_type)
      : undefined;
  return (
    "MemoryContent(content=" +
    reprField(m.content) +
    ", mime_type=" +
    // Python's Enum repr: <Class.NAME: repr(value)>.
    (member ? `<MemoryMimeType.${member}: ${pyReprString(m.mime_type)}>` : reprField(m.mime_type)) +
    ", metadata=" +
    pyRepr(m.metadata ?? null) +
    ")"
  );
}

/** The name of the enum member whose value is `value`. */
function memberOf(members: Readonly<Record<string, string>>, value: string): string | undefined {
  for (const name in members) if (members[name] === value) return name;
  return undefined;
}
