/**
 * Python's `json.dumps(value)` with default settings, for JSON values: `", "` and `": "`
 * separators and `ensure_ascii` escapes. AutoGen uses it when a provider sends tool-call
 * arguments as an object instead of a string, and the result is compared byte for byte.
 */
import { pyReprFloat } from "../../render/python-repr.js";

function dumpString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ch = s[i]!;
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\b") out += "\\b";
    else if (ch === "\f") out += "\\f";
    // ensure_ascii: every non-ASCII UTF-16 unit (surrogates included) as lowercase \uXXXX.
    else if (c < 0x20 || c > 0x7e) out += "\\u" + c.toString(16).padStart(4, "0");
    else out += ch;
  }
  return out + '"';
}

/**
 * How Python's `json.dumps` writes a number that arrived as a JavaScript number: integral
 * values as Python ints (JavaScript cannot tell a parsed `1.0` from `1`), others in Python's
 * float spelling (`repr`: `1e-05`, not JavaScript's `0.00001`), NaN and infinities as
 * Python writes them.
 *
 * @example pythonJsonNumber(0.00001) // "1e-05"
 * @example pythonJsonNumber(2) // "2"
 */
export function pythonJsonNumber(n: number): string {
  if (Number.isNaN(n)) return "NaN";
  if (!Number.isFinite(n)) return n > 0 ? "Infinity" : "-Infinity";
  return Number.isInteger(n) ? BigInt(n).toString() : pyReprFloat(n);
}

/**
 * The text Python's `json.dumps` writes for a JSON value. Numbers are written by
 * {@link pythonJsonNumber} (a parsed `1.0` is already the integer `1`).
 *
 * @example pythonJsonDumps({ q: "é", n: [1, 2] }) // '{"q": "\\u00e9", "n": [1, 2]}'
 */
export function pythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return dumpString(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return pythonJsonNumber(value);
  if (Array.isArray(value)) return "[" + value.map(pythonJsonDumps).join(", ") + "]";
  if (typeof value === "object") {
    return "{" + Object.entries(value).map(([k, v]) => `${dumpString(k)}: ${pythonJsonDumps(v)}`).join(", ") + "}";
  }
  return dumpString(String(value));
}
