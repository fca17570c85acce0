/**
 * The text MAF writes for a dumped value: `json.dumps` with Python's defaults. The fast path is
 * the library's one-scan writer; numbers it cannot spell as Python does (a `-0.0`, a float beyond
 * 2^53 such as `1e308`, which `JSON.stringify` writes `0` / as a 309-digit integer) take the
 * slow path, which writes each number itself. The dump walk says which path (`oddNumbers`).
 */
import { dumpsPlainJson } from "../python/json.js";
import { pyReprFloat } from "../python/float.js";

/**
 * True for a number MAF's float writer spells unlike `JSON.stringify`'s integer: `-0` (`-0.0`) and
 * integers past 2^53 (JSON cannot hold such ints exactly; `json.loads` read them as floats: `1e+308`).
 * @example isOddNumber(-0) // true
 */
export function isOddNumber(n: number): boolean {
  return (n === 0 && 1 / n < 0) || (Number.isInteger(n) && !Number.isSafeInteger(n));
}

function number(n: number): string {
  return isOddNumber(n) ? pyReprFloat(n) : dumpsPlainJson(n);
}

function write(v: unknown, out: string[]): void {
  if (typeof v === "number") out.push(number(v));
  else if (Array.isArray(v)) {
    out.push("[");
    for (let i = 0; i < v.length; i++) {
      if (i > 0) out.push(", ");
      write(v[i], out);
    }
    out.push("]");
  } else if (v !== null && typeof v === "object") {
    out.push("{");
    let first = true;
    for (const k of Object.keys(v)) {
      if (!first) out.push(", ");
      first = false;
      out.push(dumpsPlainJson(k), ": ");
      write((v as Record<string, unknown>)[k], out);
    }
    out.push("}");
  } else out.push(dumpsPlainJson(v));
}

/**
 * `json.dumps(value)` of a dumped MAF value; `odd`: it holds a number {@link isOddNumber} names.
 * @example mafJsonText({ x: -0 }, true) // '{"x": -0.0}'
 */
export function mafJsonText(value: unknown, odd: boolean): string {
  if (!odd) return dumpsPlainJson(value);
  const out: string[] = [];
  write(value, out);
  return out.join("");
}
