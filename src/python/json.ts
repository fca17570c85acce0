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

// The escapes json.dumps writes by name; other escaped units are \u00XX / \uXXXX.
const NAMED: Record<string, string> = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };
const escapeUnit = (c: string): string => NAMED[c] ?? "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");
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
const hexUnit = (c: string): string => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");

/**
 * A string as `json.dumps` writes it with `ensure_ascii=True`. `JSON.stringify` already writes
 * Python's escapes for the quote, the backslash, the C0 controls and lone surrogates (`\ud800`,
 * lower-case hex); what is left is every other unit above `~`, escaped here.
 */
function asciiString(s: string): string {
  const j = JSON.stringify(s);
  return NON_ASCII.test(j) ? j.replace(NON_ASCII_ALL, hexUnit) : j;
}

// Numbers whose JavaScript spelling is not Python's: exponents, small fractions, 16+ digits.
const NOT_PY_NUMBER = /[eE]|^-?0\.0000|\d{16}/;

function pyNumberToken(token: string): string {
  if (!NOT_PY_NUMBER.test(token)) return token;
  const v = Number(token);
  return Number.isSafeInteger(v) ? String(v) : Number.isInteger(v) ? BigInt(v).toString() : pyReprFloat(v);
}

/**
 * `json.dumps(value)` with Python's defaults (`ensure_ascii=True`, separators `", "` / `": "`) for
 * a value that is plain JSON already: strings, finite numbers, booleans, null, arrays and plain
 * objects (what a validated dump holds). The same text as {@link dumps}, from one
 * `JSON.stringify` whose separators and numbers are rewritten in one scan: several times faster
 * on a large value.
 *
 * @example dumpsPlainJson({ q: "é", n: [1, 2.5e-7] }) // '{"q": "\\u00e9", "n": [1, 2.5e-07]}'
 */
export function dumpsPlainJson(value: unknown): string {
  const j = JSON.stringify(value);
  // One pass over the text's UTF-8 bytes (a typed array reads far faster than charCodeAt) into
  // ASCII bytes decoded once (many small strings cost far more). A separator gains a space; a
  // non-ASCII character (only ever inside a string: JSON.stringify writes ASCII around them and
  // lone surrogates as \udXXX) becomes its UTF-16 units as \uXXXX (ensure_ascii), at most
  // tripling its bytes; a number JavaScript spells unlike Python (exponents, small fractions, 16+
  // digits) is rewritten, growing the buffer if need be.
  const src = new Uint8Array(3 * j.length);
  const n = UTF8.encodeInto(j, src).written;
  let buf = new Uint8Array(3 * n + 16);
  let o = 0;
  for (let i = 0; i < n; i++) {
    const c = src[i]!;
    if (c === 34) {
      buf[o++] = 34;
      for (i++; ; i++) {
        const d = src[i]!;
        if (d < 0x7f) {
          buf[o++] = d;
          if (d === 34) break;
          if (d === 92) buf[o++] = src[++i]!;
        } else {
          // A UTF-8 sequence of k continuation bytes (DEL: none) → its code point → UTF-16 units.
          let k = d < 0x80 ? 0 : d < 0xe0 ? 1 : d < 0xf0 ? 2 : 3;
          let u = k ? d & (0x3f >> k) : d;
          while (k--) u = (u << 6) | (src[++i]! & 0x3f);
          if (u > 0xffff) {
            u -= 0x10000;
            o = unit(buf, o, 0xd800 + (u >> 10));
            u = 0xdc00 + (u & 0x3ff);
          }
          o = unit(buf, o, u);
        }
      }
    } else if (c === 44 || c === 58) {
      buf[o++] = c;
      buf[o++] = 32;
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      let e = i + 1;
      let exponent = false;
      for (let d = src[e]!; (d >= 48 && d <= 57) || d === 46 || d === 101 || d === 69 || d === 43 || d === 45; d = src[++e]!) {
        if (d === 101 || d === 69) exponent = true;
      }
      // A number's bytes are its characters.
      const text = exponent || e - i > 5 ? pyNumberToken(ASCII.decode(src.subarray(i, e))) : null;
      if (text === null) for (; i < e; i++) buf[o++] = src[i]!;
      else {
        if (o + text.length + 3 * (n - e) + 16 > buf.length) {
          const grown = new Uint8Array(2 * buf.length + text.length);
          grown.set(buf);
          buf = grown;
        }
        for (let k = 0; k < text.length; k++) buf[o++] = text.charCodeAt(k);
      }
      i = e - 1;
    } else buf[o++] = c;
  }
  return ASCII.decode(buf.subarray(0, o));
}

const UTF8 = new TextEncoder();
// The output is ASCII: UTF-8 decodes it byte for byte, and faster than the latin1 decoder.
const ASCII = new TextDecoder();
const HEX = Uint8Array.from("0123456789abcdef", (ch) => ch.charCodeAt(0));

/** Writes `\uXXXX` for a UTF-16 unit; returns the new offset. */
function unit(buf: Uint8Array, o: number, u: number): number {
  buf[o++] = 92;
  buf[o++] = 117; // u
  for (let shift = 12; shift >= 0; shift -= 4) buf[o++] = HEX[(u >> shift) & 15]!;
  return o;
}
