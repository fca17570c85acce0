/**
 * The text MAF writes for a dumped value: `json.dumps` with Python's defaults. A dumped value is
 * plain JSON (the dump walk checked it), so the library's byte writer takes it; a number that is
 * not a safe integer is a Python float there (`-0.0`; `1e+308`, which `json.loads` read as a float:
 * JSON cannot hold such ints exactly), spelt by `repr`.
 */
import { dumpsPlainJson } from "../python/json.js";
import { pyReprFloat } from "../python/float.js";

/**
 * `json.dumps(value)` of a dumped MAF value.
 * @example mafJsonText({ x: -0, n: [1, 1e-7] }) // '{"x": -0.0, "n": [1, 1e-07]}'
 */
export function mafJsonText(value: unknown): string {
  return dumpsPlainJson(value, pyReprFloat);
}
