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
import { isPlainObject } from "../wire/json-data.js";
import { isPyInt, PyFloat, pyReprFloat } from "./float.js";

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
