/**
 * Python's `json.dumps(value, ensure_ascii=False)` with its default separators (`", "` and
 * `": "`), which AgentScope's OpenAI formatter uses for tool-call `arguments`.
 */
import { pyReprFloat } from "../render/python-repr.js";

// json.dumps escapes only these plus other C0 controls (as \u00XX) when ensure_ascii=False.
const ESCAPES: Record<string, string> = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };

function dumpString(s: string): string {
  return '"' + s.replace(/["\\\u0000-\u001f]/g, (c) => ESCAPES[c] ?? "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0")) + '"';
}

/**
 * Serialises a JSON value as Python's `json.dumps(v, ensure_ascii=False)` does. Numbers that
 * are integral print as ints (JSON cannot tell `1.0` from `1`), others as Python floats.
 *
 * @example pyJsonDumps({ q: "日本", n: [1, 2.5, null, true] }) // '{"q": "日本", "n": [1, 2.5, null, true]}'
 */
export function pyJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (value === true) return "true";
  if (value === false) return "false";
  if (typeof value === "string") return dumpString(value);
  if (typeof value === "number") {
    if (Number.isNaN(value)) return "NaN";
    if (!Number.isFinite(value)) return value > 0 ? "Infinity" : "-Infinity";
    return Number.isInteger(value) && Math.abs(value) < 2 ** 53 ? String(value) : pyReprFloat(value);
  }
  if (Array.isArray(value)) return "[" + value.map(pyJsonDumps).join(", ") + "]";
  if (typeof value === "object") {
    return "{" + Object.entries(value).map(([k, v]) => dumpString(k) + ": " + pyJsonDumps(v)).join(", ") + "}";
  }
  throw new TypeError(`Object of type ${typeof value} is not JSON serializable`);
}
