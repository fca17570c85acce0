import { FAILED, fail, jsonTypeName, pass, type Failed, type Passed } from "./check.js";
import { jsonTextHint } from "./hints.js";
import { isOwnView, originOf } from "./own-view.js";

/** How deep free-form JSON (metadata, structured content) may nest before it is rejected. */
export const MAX_JSON_DEPTH = 256;

/**
 * A JSON value as the library holds it: what `JSON.parse` can produce, plus the non-finite
 * numbers a Python `float` can hold (`1e400` parses to `Infinity`; `dump` writes them `null`).
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object (`Dict[str, Any]` in AutoGen). */
export type JsonObject = { [key: string]: JsonValue };

/**
 * True for any object that is not an array, class instances and proxies included: the test
 * for a value read by its keys (an item of a run, an options bag, a registry). Plain JSON data
 * only is {@link isPlainObject}.
 *
 * @example isObject(new Date()) // true; isObject([1]) // false
 */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * True for objects that are plain data: `{}` literals, `JSON.parse` output and
 * null-prototype objects. Class instances (Date, Map, …) are not JSON data.
 *
 * @example isPlainObject({ a: 1 }) // true
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * True for what a typed model (an `Image`, a component envelope) reads as an object: plain data,
 * or the view of a class instance or prototype chain the own-properties walk made (read by its
 * own enumerable properties, as the README's rule says). Free-form JSON takes plain data only.
 *
 * @example isModelObject(ownView(new Img("iVBO"))) // true; isModelObject(new Map()) // false
 */
export function isModelObject(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value) || isOwnView(value);
}

/**
 * Sets an own, enumerable data property. A plain `out[key] = v` with key `"__proto__"`
 * would call the inherited setter and replace the object's prototype; AutoGen treats
 * such keys as ordinary data, so do we.
 *
 * @example const o = {}; setOwn(o, "__proto__", "x"); Object.keys(o) // ["__proto__"]
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/**
 * The failure of a `Dict[...]` field given something other than an object.
 *
 * @example notAnObject([]).message // "expected an object, got array"
 */
export function notAnObject(value: unknown): Failed {
  return fail("dict_type", `expected an object, got ${nonPlainName(value)}`, jsonTextHint(value));
}

/**
 * A value that is not a plain JSON object, named for an error message: its JSON type, or for an
 * object the class it is an instance of (`an instance of Foo`), which free-form JSON rejects.
 *
 * @example nonPlainName(new Map()) // "an instance of Map"; nonPlainName([]) // "array"
 */
export function nonPlainName(value: unknown): string {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? describeObject(value) : jsonTypeName(value);
}

type PathSeg = string | number;

/** A failed JSON copy: what is wrong and where, relative to the copied value. */
export interface JsonCopyFailure {
  readonly path: PathSeg[];
  readonly code: string;
  readonly message: string;
}

/** The result of a JSON copy: the copy, or the failure with its path. */
export type JsonCopyResult<T> = Passed<T> | (Failed & { readonly path: PathSeg[] });

/** The failure of the copy under way; its path is filled in as {@link copyValue} unwinds. */
let failure: Failed & { readonly path: PathSeg[] };

/** Records a failure at the current value; the callers prepend their keys. */
function failed(code: string, message: string): typeof FAILED {
  failure = { ok: false, path: [], code, message };
  return FAILED;
}

/**
 * A deep copy of `value`, or {@link FAILED} with {@link failure} set. Non-finite numbers are
 * Python floats (`Any` takes `float("inf")`, `json.loads` reads `1e400` as one): kept, or
 * written `null` when `toJson` (pydantic's JSON writer does so).
 */
function copyValue(value: unknown, depth: number, toJson: boolean): unknown {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return toJson && !Number.isFinite(value) ? null : value;
  if (typeof value === "object") {
    if (depth >= MAX_JSON_DEPTH) return failed("recursion_loop", `nested deeper than ${MAX_JSON_DEPTH} levels`);
    if (Array.isArray(value)) {
      const out = new Array<unknown>(value.length);
      for (let i = 0; i < value.length; i++) {
        const v = copyValue(value[i], depth + 1, toJson);
        if (v === FAILED) return failedAt(i);
        out[i] = v;
      }
      return out;
    }
    if (isPlainObject(value)) return copyObject(value, depth + 1, toJson);
  }
  return failed("json_invalid", `expected JSON data, got ${typeof value === "object" ? describeObject(value) : typeof value}`);
}

function copyObject(value: Record<string, unknown>, depth: number, toJson: boolean): JsonObject | typeof FAILED {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = copyValue(value[key], depth, toJson);
    if (v === FAILED) return failedAt(key);
    setOwn(out, key, v);
  }
  return out as JsonObject;
}

function failedAt(key: PathSeg): typeof FAILED {
  failure.path.unshift(key);
  return FAILED;
}

function describeObject(value: object): string {
  // A view of a class instance (see own-view.ts) is named for the instance it stands for.
  let name: unknown;
  try {
    name = (Object.getPrototypeOf(originOf(value)) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  } catch {
    name = undefined; // a proxy, a throwing `constructor` getter: no name to give
  }
  if (typeof name === "string" && name) return `an instance of ${name.length > 40 ? `${name.slice(0, 40)}…` : name}`;
  return isPlainObject(value) ? "object" : "a non-plain object";
}

/** The copy as a {@link JsonCopyResult}. */
function result<T>(copy: unknown): JsonCopyResult<T> {
  return copy === FAILED ? failure : pass(copy as T);
}

/**
 * Validates and deep-copies a JSON object (`Dict[str, Any]`): keys such as `__proto__`
 * and `constructor` stay ordinary own properties, nothing is shared with the input,
 * non-JSON values (functions, class instances, `undefined`, bigints) and nesting deeper
 * than {@link MAX_JSON_DEPTH} are rejected with the path of the offending value. NaN and
 * ±Infinity are kept: Python's `Dict[str, Any]` holds them as floats (`1e400` is `inf`).
 *
 * @example
 * const r = copyJsonObject(JSON.parse('{"__proto__": {"x": 1}}'));
 * // r.ok && Object.keys(r.value) → ["__proto__"], and ({}).x is still undefined
 */
export function copyJsonObject(value: unknown): JsonCopyResult<JsonObject> {
  if (!isPlainObject(value)) {
    return { ...notAnObject(value), path: [] };
  }
  return result(copyObject(value, 1, false));
}

/**
 * Validates and deep-copies any JSON value with the same rules as {@link copyJsonObject}.
 *
 * @example copyJsonValue([1, "a"]) // { ok: true, value: [1, "a"] }
 */
export function copyJsonValue(value: unknown): JsonCopyResult<JsonValue> {
  return result(copyValue(value, 0, false));
}

/**
 * {@link copyJsonValue} for writing: the same checks, with NaN and ±Infinity written `null`,
 * as pydantic's JSON writer (`model_dump_json`) writes a non-finite float. The copy is JSON
 * data any serializer writes as valid JSON.
 *
 * @example toJsonValue({ t: Infinity, n: [NaN, 1] }) // { ok: true, value: { t: null, n: [null, 1] } }
 */
export function toJsonValue(value: unknown): JsonCopyResult<JsonValue> {
  return result(copyValue(value, 0, true));
}
