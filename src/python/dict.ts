/**
 * Python's `dict(x)` constructor on a JSON value, as MAF runs it on `additional_properties` and
 * on each annotation: a dict is copied, a list must hold key/value pairs, a string is iterated
 * by character (so only `""` passes), a number or bool is not iterable. Keys keep Python's
 * equality (`1`, `1.0` and `True` are one key; the first spelling stays, the last value wins).
 */
import { pyReprFloat } from "./float.js";
import { pyTypeName } from "./types.js";

/** Python's `TypeError` / `ValueError` from `dict(x)`, with CPython 3.11's text. @example try { pyDict(7) } catch (e) { (e as PyDictError).pythonType } // "TypeError" */
export class PyDictError extends Error {
  static override readonly name: string = "PyDictError"; // what Node prints, even when a bundler renames the class
  override readonly name = "PyDictError";
  constructor(
    /** The Python exception class. */
    readonly pythonType: "TypeError" | "ValueError",
    message: string,
  ) {
    super(message);
  }
}

/** A hashable JSON value: what can be a key of a Python dict built from JSON. @example const k: PyKey = 1; */
export type PyKey = string | number | boolean | null;

/** Python's iteration of a JSON value (`for x in value`): items, characters, or a dict's keys. @example pyIter("ab") // ["a", "b"] */
export function pyIter(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === "string") return Array.from(value); // code points, as Python's str
  if (value !== null && typeof value === "object") return Object.keys(value);
  throw new PyDictError("TypeError", `'${pyTypeName(value)}' object is not iterable`);
}

// Python's key equality: 1 == 1.0 == True, 0 == False; strings never equal numbers.
const eqKey = (k: PyKey): string => (typeof k === "string" ? "s" + k : k === null ? "n" : "#" + Number(k));

/**
 * `dict(value)` for a JSON value, as `[key, value]` entries in insertion order.
 *
 * @throws PyDictError where Python raises.
 * @example pyDict([["a", 1], "bc"]) // [["a", 1], ["b", "c"]]
 * @example pyDict("") // []
 */
export function pyDict(value: unknown): Array<[PyKey, unknown]> {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) return Object.entries(value);
  const out = new Map<string, [PyKey, unknown]>();
  pyIter(value).forEach((item, i) => {
    let pair: unknown[];
    if (Array.isArray(item)) pair = item;
    else if (typeof item === "string") pair = Array.from(item);
    else if (item !== null && typeof item === "object") pair = Object.keys(item);
    else throw new PyDictError("TypeError", `cannot convert dictionary update sequence element #${i} to a sequence`);
    if (pair.length !== 2) throw new PyDictError("ValueError", `dictionary update sequence element #${i} has length ${pair.length}; 2 is required`);
    const key = pair[0];
    if (key !== null && typeof key === "object") throw new PyDictError("TypeError", `unhashable type: '${pyTypeName(key)}'`);
    const k = key as PyKey;
    const id = eqKey(k);
    const seen = out.get(id);
    if (seen) seen[1] = pair[1];
    else out.set(id, [k, pair[1]]);
  });
  return [...out.values()];
}

/**
 * A dict key as `json.dumps` writes it: `true`, `null`, `1`, `1.5`.
 *
 * @example jsonKeyText(true) // "true"
 */
export function jsonKeyText(key: PyKey): string {
  if (typeof key === "string") return key;
  if (key === null) return "null";
  if (typeof key === "boolean") return key ? "true" : "false";
  return Number.isInteger(key) && !Object.is(key, -0) ? String(key) : pyReprFloat(key); // -0 is the float -0.0
}

/**
 * A dict key as `str(key)` writes it: `True`, `None`, `1`, `1.5`.
 *
 * @example strKeyText(null) // "None"
 */
export function strKeyText(key: PyKey): string {
  if (typeof key === "string") return key;
  if (key === null) return "None";
  if (typeof key === "boolean") return key ? "True" : "False";
  return Number.isInteger(key) && !Object.is(key, -0) ? String(key) : pyReprFloat(key); // -0 is the float -0.0
}
