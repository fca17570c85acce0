/**
 * Python's `json.loads` and `json.dumps` (default settings) for the places AutoGen's Anthropic
 * client runs them on text: tool-call arguments on the way out, streamed tool input on the way
 * back. JavaScript's `JSON.parse` differs where it matters here: Python accepts `NaN` and
 * `Infinity`, keeps integers of any size exactly, keeps `1.0` a float (dumped as `1.0`), and
 * keeps object keys in document order (JavaScript moves integer-like keys first).
 */
import { pyReprFloat } from "../../render/python-repr.js";
import { pythonJsonDumps, pythonJsonNumber } from "../openai/python-json.js";
import { AnthropicConversionError } from "./errors.js";

/** A Python `int` from JSON text, as its canonical decimal digits. */
export class PyJsonInt {
  constructor(readonly digits: string) {}
}

/** A Python `float` from JSON text (NaN and ±Infinity included). */
export class PyJsonFloat {
  constructor(readonly value: number) {}
}

/** A Python `dict` from JSON text: keys in first-seen order, the last value of a repeated key. */
export class PyJsonDict {
  readonly entries = new Map<string, PyJsonValue>();
}

/** What {@link pythonJsonLoads} returns: Python's view of a JSON document. */
export type PyJsonValue = null | boolean | string | PyJsonInt | PyJsonFloat | PyJsonDict | PyJsonValue[];

/** Python's `json.JSONDecodeError`: the text is not JSON (AutoGen catches only this one). */
export class PyJsonDecodeError extends Error {
  static override readonly name: string = "PyJsonDecodeError"; // what Node prints, even when a bundler renames the class
  override readonly name = "JSONDecodeError";
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
    throw new PyJsonDecodeError(`${what}: char ${this.i}`);
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
        throw new AnthropicConversionError(
          `maximum recursion depth exceeded while decoding a JSON ${c === "{" ? "object" : "array"} from a unicode string`,
          { pythonType: "RecursionError" },
        );
      }
      return c === "{" ? this.object(depth + 1) : this.array(depth + 1);
    }
    if (s.startsWith("null", this.i)) return (this.i += 4), null;
    if (s.startsWith("true", this.i)) return (this.i += 4), true;
    if (s.startsWith("false", this.i)) return (this.i += 5), false;
    if (s.startsWith("NaN", this.i)) return (this.i += 3), new PyJsonFloat(NaN);
    if (s.startsWith("Infinity", this.i)) return (this.i += 8), new PyJsonFloat(Infinity);
    if (s.startsWith("-Infinity", this.i)) return (this.i += 9), new PyJsonFloat(-Infinity);
    NUMBER.lastIndex = this.i;
    const m = NUMBER.exec(s);
    if (!m) this.fail("Expecting value");
    this.i = NUMBER.lastIndex;
    const text = m[0];
    if (m[1] === undefined && m[2] === undefined) {
      const digits = text.startsWith("-") ? text.length - 1 : text.length;
      if (digits > MAX_INT_DIGITS) {
        throw new AnthropicConversionError(
          `Exceeds the limit (${MAX_INT_DIGITS} digits) for integer string conversion: value has ${digits} digits; use sys.set_int_max_str_digits() to increase the limit`,
        );
      }
      return new PyJsonInt(BigInt(text).toString());
    }
    return new PyJsonFloat(Number(text));
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
 * Python's `json.loads(text)`. Throws {@link PyJsonDecodeError} where Python raises
 * `JSONDecodeError`, and {@link AnthropicConversionError} for Python's other failures
 * (integers over 4300 digits, nesting deeper than 1000 levels).
 *
 * @example pythonJsonLoads('{"x": NaN}') // PyJsonDict { x → PyJsonFloat(NaN) }
 */
export function pythonJsonLoads(text: string): PyJsonValue {
  if (text.startsWith("\ufeff")) throw new PyJsonDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig): char 0");
  const p = new Parser(text);
  p.ws();
  const v = p.value(0);
  p.ws();
  if (p.i !== text.length) p.fail("Extra data");
  return v;
}

const rawJSON = (JSON as unknown as { rawJSON?: (text: string) => unknown }).rawJSON;

/**
 * The JavaScript value to send for a Python JSON value. NaN and ±Infinity become `null`
 * (JSON has no spelling for them). An integer beyond 2^53 becomes `JSON.rawJSON(digits)` where
 * the runtime has it (Node 21+, current browsers), so `JSON.stringify` writes it exactly;
 * elsewhere it becomes the nearest number.
 *
 * @example toJsValue(pythonJsonLoads('{"n": [1, 2.5, NaN]}')) // { n: [1, 2.5, null] }
 */
export function toJsValue(v: PyJsonValue): unknown {
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (v instanceof PyJsonInt) {
    const n = Number(v.digits);
    return Number.isSafeInteger(n) || rawJSON === undefined ? n : rawJSON(v.digits);
  }
  if (v instanceof PyJsonFloat) return Number.isFinite(v.value) ? v.value : null;
  if (Array.isArray(v)) return v.map(toJsValue);
  const out: Record<string, unknown> = {};
  for (const [k, x] of v.entries) {
    // defineProperty: a "__proto__" key must stay a plain key, not swap the prototype.
    Object.defineProperty(out, k, { value: toJsValue(x), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function dumpFloat(n: number): string {
  if (Number.isNaN(n)) return "NaN";
  if (!Number.isFinite(n)) return n > 0 ? "Infinity" : "-Infinity";
  return pyReprFloat(n);
}

/**
 * Python's `json.dumps(value)` with default settings (`", "` / `": "` separators, non-ASCII
 * as `\uXXXX`) of a {@link pythonJsonLoads} result: ints and floats keep their Python spelling.
 *
 * @example pythonJsonDumpsParsed(pythonJsonLoads('{"q":"é","n":1.0}')) // '{"q": "\\u00e9", "n": 1.0}'
 */
export function pythonJsonDumpsParsed(v: PyJsonValue): string {
  if (v === null) return "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "string") return pythonJsonDumps(v);
  if (v instanceof PyJsonInt) return v.digits;
  if (v instanceof PyJsonFloat) return dumpFloat(v.value);
  if (Array.isArray(v)) return "[" + v.map(pythonJsonDumpsParsed).join(", ") + "]";
  const parts: string[] = [];
  for (const [k, x] of v.entries) parts.push(pythonJsonDumps(k) + ": " + pythonJsonDumpsParsed(x));
  return "{" + parts.join(", ") + "}";
}

/**
 * Python's `json.dumps(value)` of a JSON value received as a JavaScript object (a response's
 * `tool_use.input`): integral numbers as ints (JavaScript cannot tell `1.0` from `1`), others
 * in Python's float spelling (`1e-05`), keys in `Object.keys` order.
 *
 * @example pythonJsonDumpsValue({ a: [1, 2.5, null, true], b: "日" }) // '{"a": [1, 2.5, null, true], "b": "\\u65e5"}'
 */
export function pythonJsonDumpsValue(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "string") return pythonJsonDumps(v);
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "number") return pythonJsonNumber(v);
  if (Array.isArray(v)) return "[" + v.map(pythonJsonDumpsValue).join(", ") + "]";
  if (typeof v === "object") {
    return "{" + Object.keys(v).map((k) => pythonJsonDumps(k) + ": " + pythonJsonDumpsValue((v as Record<string, unknown>)[k])).join(", ") + "}";
  }
  throw new AnthropicConversionError(`Object of type ${typeof v} is not JSON serializable`, { pythonType: "TypeError" });
}
