import { fail, jsonTypeName, pass, type Failed, type Passed } from "./check.js";

/** How deep free-form JSON (metadata, structured content) may nest before it is rejected. */
export const MAX_JSON_DEPTH = 256;

/** A JSON value as the library holds it: what `JSON.parse` can produce. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object (`Dict[str, Any]` in AutoGen). */
export type JsonObject = { [key: string]: JsonValue };

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

type PathSeg = string | number;

/** A failed JSON copy: what is wrong and where, relative to the copied value. */
export interface JsonCopyFailure {
  readonly path: PathSeg[];
  readonly code: string;
  readonly message: string;
}

/** The result of a JSON copy: the copy, or the failure with its path. */
export type JsonCopyResult<T> = Passed<T> | (Failed & { readonly path: PathSeg[] });

function copyValue(value: unknown, depth: number, path: PathSeg[]): unknown {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      if (!Number.isFinite(value)) throw copyError(path, "json_invalid", `expected a finite number, got ${value}`);
      return value;
    case "object":
      if (value === null) return null;
      if (depth >= MAX_JSON_DEPTH) {
        throw copyError(path, "recursion_loop", `nested deeper than ${MAX_JSON_DEPTH} levels`);
      }
      if (Array.isArray(value)) {
        const out = new Array<unknown>(value.length);
        for (let i = 0; i < value.length; i++) {
          path.push(i);
          out[i] = copyValue(value[i], depth + 1, path);
          path.pop();
        }
        return out;
      }
      if (isPlainObject(value)) return copyObject(value, depth + 1, path);
      throw copyError(path, "json_invalid", `expected JSON data, got ${describeObject(value)}`);
    default:
      throw copyError(path, "json_invalid", `expected JSON data, got ${jsonTypeName(value)}`);
  }
}

function copyObject(value: Record<string, unknown>, depth: number, path: PathSeg[]): JsonObject {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    path.push(key);
    setOwn(out, key, copyValue(value[key], depth, path));
    path.pop();
  }
  return out as JsonObject;
}

function describeObject(value: object): string {
  const name = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  return typeof name === "string" && name ? `an instance of ${name}` : "a non-plain object";
}

class CopyError {
  constructor(readonly failure: JsonCopyFailure) {}
}

function copyError(path: PathSeg[], code: string, message: string): CopyError {
  return new CopyError({ path: path.slice(), code, message });
}

/**
 * Validates and deep-copies a JSON object (`Dict[str, Any]`): keys such as `__proto__`
 * and `constructor` stay ordinary own properties, nothing is shared with the input,
 * non-JSON values (functions, class instances, `undefined`, NaN) and nesting deeper
 * than {@link MAX_JSON_DEPTH} are rejected with the path of the offending value.
 *
 * @example
 * const r = copyJsonObject(JSON.parse('{"__proto__": {"x": 1}}'));
 * // r.ok && Object.keys(r.value) → ["__proto__"], and ({}).x is still undefined
 */
export function copyJsonObject(value: unknown): JsonCopyResult<JsonObject> {
  if (!isPlainObject(value)) {
    return { ...fail("dict_type", `expected an object, got ${jsonTypeName(value)}`), path: [] };
  }
  try {
    return pass(copyObject(value, 1, []));
  } catch (e) {
    if (e instanceof CopyError) return { ok: false as const, ...e.failure };
    throw e;
  }
}

/**
 * Validates and deep-copies any JSON value with the same rules as {@link copyJsonObject}.
 *
 * @example copyJsonValue([1, "a"]) // { ok: true, value: [1, "a"] }
 */
export function copyJsonValue(value: unknown): JsonCopyResult<JsonValue> {
  try {
    return pass(copyValue(value, 0, []) as JsonValue);
  } catch (e) {
    if (e instanceof CopyError) return { ok: false as const, ...e.failure };
    throw e;
  }
}
