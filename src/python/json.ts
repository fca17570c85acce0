/**
 * Python's `json` module: `json.loads` and `json.dumps`, for the places AutoGen and AgentScope
 * run them on text they send or compare byte for byte (tool-call arguments). Use it as Python
 * reads: `import * as json from "…/python/json.js"; json.dumps(value, { ensureAscii: false })`.
 *
 * JavaScript's `JSON.parse` differs where it matters: Python accepts `NaN` and `Infinity`, keeps
 * integers of any size exactly, keeps `1.0` a float (dumped as `1.0`), and keeps object keys in
 * document order (JavaScript moves integer-like keys first). So {@link loads} returns Python's
 * view of the document ({@link PyJsonValue}), and {@link dumps} writes it back as Python does.
 */
import { PyFloat, pyReprFloat } from "./float.js";

/** A Python `dict` from JSON text: keys in first-seen order, the last value of a repeated key. */
export class PyJsonDict {
  readonly entries = new Map<string, PyJsonValue>();
}

/**
 * What {@link loads} returns: Python's view of a JSON document. An `int` is a bigint (any size,
 * exact), a `float` a {@link PyFloat} (NaN and ±Infinity included).
 */
export type PyJsonValue = null | boolean | string | bigint | PyFloat | PyJsonDict | PyJsonValue[];

/** Python's `json.JSONDecodeError`: the text is not JSON (the one error AutoGen catches). */
export class JSONDecodeError extends Error {
  static override readonly name: string = "JSONDecodeError"; // what Node prints, even when a bundler renames the class
  override readonly name = "JSONDecodeError";
}

/**
 * Python's other exceptions from `json`: `RecursionError` (nesting deeper than 1000 levels),
 * `ValueError` (an integer of more than 4300 digits), `TypeError` (a value JSON cannot hold).
 */
export class PyJsonError extends Error {
  static override readonly name: string = "PyJsonError"; // what Node prints, even when a bundler renames the class
  override readonly name = "PyJsonError";
  constructor(
    /** The Python exception class. */
    readonly pythonType: "RecursionError" | "ValueError" | "TypeError",
    message: string,
  ) {
    super(message);
  }
}

// CPython's default `sys.get_int_max_str_digits()`.
const MAX_INT_DIGITS = 4300;
// CPython's scanner stops at its recursion limit (1000 frames, less what is already on the stack).
const MAX_DEPTH = 1000;
const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/y;

class Parser {
  i = 0;
  constructor(readonly s: string) {}

  fail(what: string): never {
    throw new JSONDecodeError(`${what}: char ${this.i}`);
  }

  ws(): void {
    const s = this.s;
    while (this.i < s.length) {
      const c = s[this.i];
      if (c === " " || c === "\t" || c === "\n" || c === "\r") this.i++;
      else break;
    }
  }

  value(depth: number): PyJsonValue {
    const s = this.s;
    const c = s[this.i];
    if (c === '"') return this.string();
    if (c === "{" || c === "[") {
      if (depth >= MAX_DEPTH) {
        throw new PyJsonError(
          "RecursionError",
          `maximum recursion depth exceeded while decoding a JSON ${c === "{" ? "object" : "array"} from a unicode string`,
        );
      }
      return c === "{" ? this.object(depth + 1) : this.array(depth + 1);
    }
    if (s.startsWith("null", this.i)) return (this.i += 4), null;
    if (s.startsWith("true", this.i)) return (this.i += 4), true;
    if (s.startsWith("false", this.i)) return (this.i += 5), false;
    if (s.startsWith("NaN", this.i)) return (this.i += 3), new PyFloat(NaN);
    if (s.startsWith("Infinity", this.i)) return (this.i += 8), new PyFloat(Infinity);
    if (s.startsWith("-Infinity", this.i)) return (this.i += 9), new PyFloat(-Infinity);
    NUMBER.lastIndex = this.i;
    const m = NUMBER.exec(s);
    if (!m) this.fail("Expecting value");
    this.i = NUMBER.lastIndex;
    const text = m[0];
    if (m[1] === undefined && m[2] === undefined) {
      const digits = text.startsWith("-") ? text.length - 1 : text.length;
      if (digits > MAX_INT_DIGITS) {
        throw new PyJsonError(
          "ValueError",
          `Exceeds the limit (${MAX_INT_DIGITS} digits) for integer string conversion: value has ${digits} digits; use sys.set_int_max_str_digits() to increase the limit`,
        );
      }
      return BigInt(text);
    }
    return new PyFloat(Number(text));
  }

  string(): string {
    const s = this.s;
    this.i++; // opening quote
    let out = "";
    let start = this.i;
    for (;;) {
      if (this.i >= s.length) this.fail("Unterminated string starting at");
      const c = s.charCodeAt(this.i);
      if (c === 0x22) {
        out += s.slice(start, this.i);
        this.i++;
        return out;
      }
      if (c < 0x20) this.fail("Invalid control character at");
      if (c !== 0x5c) {
        this.i++;
        continue;
      }
      out += s.slice(start, this.i);
      const e = s[this.i + 1];
      const simple: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
      if (e !== undefined && Object.hasOwn(simple, e)) {
        out += simple[e];
        this.i += 2;
      } else if (e === "u") {
        const hex = s.slice(this.i + 2, this.i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail("Invalid \\uXXXX escape");
        out += String.fromCharCode(parseInt(hex, 16)); // lone surrogates pass, as in Python
        this.i += 6;
      } else this.fail("Invalid \\escape");
      start = this.i;
    }
  }

  object(depth: number): PyJsonDict {
    const s = this.s;
    const dict = new PyJsonDict();
    this.i++;
    this.ws();
    if (s[this.i] === "}") return this.i++, dict;
    for (;;) {
      if (s[this.i] !== '"') this.fail("Expecting property name enclosed in double quotes");
      const key = this.string();
      this.ws();
      if (s[this.i] !== ":") this.fail("Expecting ':' delimiter");
      this.i++;
      this.ws();
      dict.entries.set(key, this.value(depth));
      this.ws();
      if (s[this.i] === "}") return this.i++, dict;
      if (s[this.i] !== ",") this.fail("Expecting ',' delimiter");
      this.i++;
      this.ws();
    }
  }

  array(depth: number): PyJsonValue[] {
    const s = this.s;
    const list: PyJsonValue[] = [];
    this.i++;
    this.ws();
    if (s[this.i] === "]") return this.i++, list;
    for (;;) {
      list.push(this.value(depth));
      this.ws();
      if (s[this.i] === "]") return this.i++, list;
      if (s[this.i] !== ",") this.fail("Expecting ',' delimiter");
      this.i++;
      this.ws();
    }
  }
}

/**
 * Python's `json.loads(text)`. Throws {@link JSONDecodeError} where Python raises it, and
 * {@link PyJsonError} for Python's other failures (integers over 4300 digits, nesting deeper
 * than 1000 levels).
 *
 * @example loads('{"x": NaN, "n": 1}') // PyJsonDict { x → PyFloat(NaN), n → 1n }
 */
export function loads(text: string): PyJsonValue {
  if (text.startsWith("\ufeff")) throw new JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig): char 0");
  const p = new Parser(text);
  p.ws();
  const v = p.value(0);
  p.ws();
  if (p.i !== text.length) p.fail("Extra data");
  return v;
}

/**
 * The JavaScript value to send for a Python JSON value. NaN and ±Infinity become `null`
 * (JSON has no spelling for them). An integer beyond 2^53 becomes `JSON.rawJSON(digits)` where
 * the runtime has it (Node 21+, current browsers), so `JSON.stringify` writes it exactly;
 * elsewhere it becomes the nearest number.
 *
 * @example toJsValue(loads('{"n": [1, 2.5, NaN]}')) // { n: [1, 2.5, null] }
 */
export function toJsValue(v: PyJsonValue): unknown {
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (typeof v === "bigint") {
    const n = Number(v);
    const rawJSON = (JSON as { rawJSON?: (text: string) => unknown }).rawJSON;
    return Number.isSafeInteger(n) || rawJSON === undefined ? n : rawJSON(v.toString());
  }
  if (v instanceof PyFloat) return Number.isFinite(v.value) ? v.value : null;
  if (Array.isArray(v)) return v.map(toJsValue);
  const out: Record<string, unknown> = {};
  for (const [k, x] of v.entries) {
    // defineProperty: a "__proto__" key must stay a plain key, not swap the prototype.
    Object.defineProperty(out, k, { value: toJsValue(x), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Options of {@link dumps}: Python's keyword arguments, and the one question JavaScript numbers leave open. */
export interface DumpsOptions {
  /** `ensure_ascii`: write every non-ASCII UTF-16 unit as `\uXXXX` (Python's default, `true`) or as is (`false`). */
  readonly ensureAscii?: boolean;
  /** `separators`: between items and between a key and its value. Python's default: `[", ", ": "]`. */
  readonly separators?: readonly [item: string, key: string];
  /**
   * How an integral JavaScript number beyond `Number.MAX_SAFE_INTEGER` is written, since
   * JavaScript cannot tell `1e21` from `10**21`: as a Python int's digits (`"int"`, the default)
   * or as a Python float (`"float"`: `1e+21`). bigints are always ints.
   */
  readonly unsafeIntegers?: "int" | "float";
}

const DEFAULT_SEPARATORS = [", ", ": "] as const;

// The escapes json.dumps writes by name: the letter after the backslash, by code; other escaped
// units are \u00XX / \uXXXX. Module constants are literals or marked pure, so a bundle that never
// writes leaves them out.
const NAMED_BYTE: Record<number, number> = { 8: 98, 9: 116, 10: 110, 12: 102, 13: 114, 34: 34, 92: 92 };
/** One UTF-16 unit as json.dumps escapes it. */
function escapeUnit(c: string): string {
  const u = c.charCodeAt(0);
  const named = NAMED_BYTE[u];
  return named !== undefined ? "\\" + String.fromCharCode(named) : "\\u" + u.toString(16).padStart(4, "0");
}
// ensure_ascii=False escapes only the quote, the backslash and C0 controls; True also every unit outside ' '..'~'.
const UNSAFE_UNICODE = /["\\\u0000-\u001f]/g;

// A string with nothing ensure_ascii=False escapes, and no surrogate: written between quotes as is.
const NOTHING_TO_ESCAPE = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;

/**
 * A string as `json.dumps` writes it with `ensure_ascii=False`. Most need no escape: one regex test,
 * no copy (about 4× faster than `JSON.stringify` on a large base64 image). Else `JSON.stringify`,
 * which escapes the same units the same way (the quote, the backslash, C0 controls: `\n`… by name,
 * others as lower-case `\u00XX`) except lone surrogates: it writes them as `\udXXX`, Python as they
 * are, so a text with `\ud` in it takes the exact path (a literal `\ud` too, harmlessly).
 */
function rawString(s: string): string {
  if (NOTHING_TO_ESCAPE.test(s)) return '"' + s + '"';
  const j = JSON.stringify(s);
  return j.includes("\\ud") ? '"' + s.replace(UNSAFE_UNICODE, escapeUnit) + '"' : j;
}

/** A Python float as `json.dumps` writes it: `repr`, except NaN and the infinities. */
function floatText(n: number): string {
  if (Number.isNaN(n)) return "NaN";
  if (!Number.isFinite(n)) return n > 0 ? "Infinity" : "-Infinity";
  return pyReprFloat(n);
}

/**
 * Python's `json.dumps(value, ensure_ascii=…, separators=…)` (no `indent`, no `sort_keys`).
 * Takes a {@link loads} result, whose ints and floats keep their Python spelling, or a plain
 * JavaScript value: integral numbers are written as ints (JavaScript cannot tell a parsed `1.0`
 * from `1`), others in Python's float spelling (`1e-05`, not `0.00001`), `undefined` as `null`,
 * bigints as ints, object keys in `Object.keys` order. Throws {@link PyJsonError} (`TypeError`)
 * for a function or symbol.
 *
 * @example dumps({ q: "é", n: [1, 2.5, null, true] }) // '{"q": "\\u00e9", "n": [1, 2.5, null, true]}'
 * @example dumps({ q: "é" }, { ensureAscii: false, separators: [",", ":"] }) // '{"q":"é"}'
 */
export function dumps(value: unknown, options: DumpsOptions = {}): string {
  // A string alone (most calls: one text of a message) needs no writer made for it.
  if (typeof value === "string") return options.ensureAscii === false ? rawString(value) : asciiString(value);
  const { ensureAscii = true, unsafeIntegers = "int" } = options;
  const [item, key] = options.separators ?? DEFAULT_SEPARATORS;
  const str = ensureAscii ? asciiString : rawString;
  const write = (v: unknown): string => {
    switch (typeof v) {
      case "string":
        return str(v);
      case "number":
        if (Number.isSafeInteger(v)) return String(v); // String(-0) is "0", as the int Python parsed
        return Number.isInteger(v) && unsafeIntegers === "int" ? BigInt(v).toString() : floatText(v);
      case "boolean":
        return v ? "true" : "false";
      case "bigint":
        return v.toString();
      case "undefined":
        return "null";
      case "object":
        if (v === null) return "null";
        if (Array.isArray(v)) return "[" + v.map(write).join(item) + "]";
        if (v instanceof PyFloat) return floatText(v.value);
        // A loads() dict keeps document order; a JavaScript object gives Object.keys order.
        if (v instanceof PyJsonDict) return "{" + Array.from(v.entries, ([k, x]) => str(k) + key + write(x)).join(item) + "}";
        return writeObject(v as Record<string, unknown>);
      default:
        throw new PyJsonError("TypeError", `Object of type ${typeof v} is not JSON serializable`);
    }
  };
  // String concatenation, not map/join: this is the hot loop of a large dump.
  const writeObject = (o: Record<string, unknown>): string => {
    let out = "{";
    let first = true;
    for (const k of Object.keys(o)) {
      out += (first ? "" : item) + str(k) + key + write(o[k]);
      first = false;
    }
    return out + "}";
  };
  return write(value);
}

const NON_ASCII = /[\u007f-\uffff]/;
const NON_ASCII_ALL = /[\u007f-\uffff]/g;

/**
 * A string as `json.dumps` writes it with `ensure_ascii=True`. `JSON.stringify` already writes
 * Python's escapes for the quote, the backslash, the C0 controls and lone surrogates (`\ud800`,
 * lower-case hex); what is left is every other unit above `~`, escaped here.
 */
function asciiString(s: string): string {
  const j = JSON.stringify(s);
  return NON_ASCII.test(j) ? j.replace(NON_ASCII_ALL, escapeUnit) : j;
}

/** `dumps`'s spelling of a number that is not a safe integer: an int's digits when integral (`-0` is the int 0), else Python's float. */
function intOrFloat(n: number): string {
  if (!Number.isFinite(n)) return "null"; // as JSON.stringify: plain JSON has no NaN
  return Number.isInteger(n) ? (n === 0 ? "0" : BigInt(n).toString()) : pyReprFloat(n);
}

const HEX = "0123456789abcdef";
// The output is ASCII: UTF-8 decodes it byte for byte, and faster than the latin1 decoder.
const ASCII = /* @__PURE__ */ new TextDecoder();
const UTF8 = /* @__PURE__ */ new TextEncoder();
// What a string json.dumps writes as it is holds: ' '..'~' but the quote and the backslash.
const PRINTABLE = /^[ !#-[\]-~]*$/;
// The bytes of the keys written so far (at most 256 keys of at most 32 units: a dump's field names).
const KEYS = /* @__PURE__ */ new Map<string, Uint8Array>();

// The buffer of the last write, lent to the next (allocating and zeroing a few MB again at each
// call was a tenth of a large session's write); taken while in use, so a nested call gets its own.
// Held weakly: the next full GC frees it, so a library does not keep a session's bytes (up to
// 8 MiB) after writing it.
let spare: WeakRef<Uint8Array> | undefined;
const SPARE_MAX = 1 << 23;

/**
 * Writes plain JSON as ASCII bytes into one growing buffer, decoded once at the end: several
 * times faster on a large value than strings joined (V8 flattens a rope of many small strings
 * slowly) or `JSON.stringify`'s text rewritten. State lives in the instance, so a nested call is safe.
 */
class Writer {
  // Small to start: most calls write one message or content (a large first buffer costs more than growing).
  buf = spare?.deref() ?? new Uint8Array(1 << 10);
  o = 0;
  /** Whether `Object.prototype` has an enumerable key, which for-in would give every object. */
  polluted = false;
  constructor(readonly other: (n: number) => string) {
    for (const _ in Object.prototype) this.polluted = true;
  }

  /** The buffer, with room for `k` more bytes. */
  room(k: number): Uint8Array {
    return this.o + k > this.buf.length ? this.grow(k) : this.buf;
  }

  grow(k: number): Uint8Array {
    const grown = new Uint8Array(2 * this.buf.length + k);
    grown.set(this.buf.subarray(0, this.o));
    return (this.buf = grown);
  }

  ascii(s: string): void {
    const b = this.room(s.length);
    let o = this.o;
    for (let i = 0; i < s.length; i++) b[o++] = s.charCodeAt(i);
    this.o = o;
  }

  /**
   * A string as ensure_ascii writes it: ' '..'~' as is (but `"` and `\`), named escapes, every
   * other UTF-16 unit as lower-case `\uXXXX` (lone surrogates too). `lead`: a byte written before
   * it (`,` as `", "`; 0: none); `key`: `": "` after it. One room check for all (fewer calls per key).
   */
  string(s: string, lead: number, key: boolean): void {
    const n = s.length;
    // Room for every unit as one byte and the punctuation; an escape makes room for itself and what is left.
    let b = this.room(n + 6);
    let o = this.o;
    if (lead !== 0) {
      b[o++] = lead;
      if (lead === 44) b[o++] = 32;
    }
    b[o++] = 34;
    // A longer string with nothing to escape (most texts, a base64 image): one native scan and copy.
    let i = 0;
    if (n > 64 && PRINTABLE.test(s)) i = n, o += UTF8.encodeInto(s, b.subarray(o, o + n)).written;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x20 && c < 0x7f && c !== 34 && c !== 92) {
        b[o++] = c;
        continue;
      }
      if (o + 9 + n - i > b.length) {
        this.o = o;
        b = this.grow(9 + n - i);
      }
      const named = NAMED_BYTE[c];
      b[o++] = 92;
      if (named !== undefined) b[o++] = named;
      else {
        b[o++] = 117; // u
        b[o++] = HEX.charCodeAt(c >> 12);
        b[o++] = HEX.charCodeAt((c >> 8) & 15);
        b[o++] = HEX.charCodeAt((c >> 4) & 15);
        b[o++] = HEX.charCodeAt(c & 15);
      }
    }
    b[o++] = 34;
    if (key) {
      b[o++] = 58;
      b[o++] = 32;
    }
    this.o = o;
  }

  /** An object key, its lead and `": "`: a short printable key (most are a few field names) copied from its cached bytes. */
  key(k: string, lead: number): void {
    let kb = KEYS.get(k);
    if (kb === undefined) {
      if (k.length > 32 || KEYS.size > 255 || !PRINTABLE.test(k)) return this.string(k, lead, true);
      KEYS.set(k, (kb = UTF8.encode(k)));
    }
    const n = kb.length;
    const b = this.room(n + 6);
    let o = this.o;
    b[o++] = lead;
    if (lead === 44) b[o++] = 32;
    b[o++] = 34;
    for (let i = 0; i < n; i++) b[o++] = kb[i]!;
    b[o++] = 34;
    b[o++] = 58;
    b[o++] = 32;
    this.o = o;
  }

  /** A separator or bracket: `", "` is two bytes, the rest one. */
  punct(c: number): void {
    const b = this.room(2);
    b[this.o++] = c;
    if (c === 44) b[this.o++] = 32;
  }

  value(v: unknown): void {
    switch (typeof v) {
      case "string":
        return this.string(v, 0, false);
      case "number":
        // A safe integer (not -0) is the same digits in both languages.
        return this.ascii(Number.isSafeInteger(v) && (v !== 0 || 1 / v > 0) ? "" + v : this.other(v));
      case "boolean":
        return this.ascii(v ? "true" : "false");
      case "object":
        if (v === null) return this.ascii("null");
        if (Array.isArray(v)) {
          this.punct(91);
          for (let i = 0; i < v.length; i++) {
            if (i > 0) this.punct(44);
            this.value(v[i]); // a hole is undefined: null, as JSON.stringify
          }
          return this.punct(93);
        }
        let lead = 123; // "{", then ", "
        // for-in, not Object.keys (no key array per object); own keys only, as JSON.stringify: the
        // check is needed only where a prototype could add a key (not a plain object's, unpolluted).
        const proto = Object.getPrototypeOf(v) as unknown;
        const check = proto !== null && (proto !== Object.prototype || this.polluted);
        for (const k in v) {
          if (check && !Object.hasOwn(v, k)) continue;
          const x: unknown = (v as Record<string, unknown>)[k];
          if (x === undefined || typeof x === "function" || typeof x === "symbol") continue; // omitted, as JSON.stringify
          this.key(k, lead);
          lead = 44;
          this.value(x);
        }
        return lead === 123 ? this.ascii("{}") : this.punct(125);
      default:
        return this.ascii("null");
    }
  }
}

/**
 * `json.dumps(value)` with Python's defaults (`ensure_ascii=True`, separators `", "` / `": "`) for
 * a value that is plain JSON already: strings, finite numbers, booleans, null, arrays and plain
 * objects (what a validated dump holds). The same text as {@link dumps}, written straight to
 * bytes: several times faster on a large value. `other` spells each number that is not a safe
 * integer (and `-0`): by default as `dumps` does (integral: an int; else Python's float repr).
 *
 * @example dumpsPlainJson({ q: "é", n: [1, 2.5e-7] }) // '{"q": "\\u00e9", "n": [1, 2.5e-07]}'
 * @example dumpsPlainJson([-0, 2 ** 60], pyReprFloat) // "[-0.0, 1.152921504606847e+18]"
 */
export function dumpsPlainJson(value: unknown, other: (n: number) => string = intOrFloat): string {
  const held = spare;
  const w = new Writer(other);
  spare = undefined;
  w.value(value);
  const text = ASCII.decode(w.buf.subarray(0, w.o));
  // The same buffer back: its WeakRef is kept (not one more a call).
  if (w.buf.length <= SPARE_MAX) spare = held !== undefined && held.deref() === w.buf ? held : new WeakRef(w.buf);
  return text;
}
