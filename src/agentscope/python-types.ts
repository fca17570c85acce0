/**
 * The few Python value semantics that AgentScope's plain-dict code depends on: truthiness
 * (`metadata or {}`, `timestamp or now`), type names in error messages, and `dict[key]`.
 */
import { AgentScopeError, keyError } from "./errors.js";

/**
 * Python truthiness of a JSON value: `None`, `False`, `0`, `""`, `[]` and `{}` are false.
 *
 * @example pyTruthy([]) // false
 * @example pyTruthy([0]) // true
 */
export function pyTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isDict(value)) return Object.keys(value).length > 0;
  return true;
}

/**
 * Whether a value is what Python would see as a `dict` (a plain JSON object).
 *
 * @example isDict({ a: 1 }) // true
 * @example isDict([1]) // false
 */
export function isDict(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

/**
 * The Python class name of a JSON value, as error messages print it.
 *
 * @example pyTypeName(null) // "NoneType"
 * @example pyTypeName(1.5) // "float"
 */
export function pyTypeName(value: unknown): string {
  if (value === null || value === undefined) return "NoneType";
  if (typeof value === "string") return "str";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  if (Array.isArray(value)) return "list";
  return "dict";
}

/**
 * Python's `value[key]` for a string key: `KeyError` on a dict without it, `TypeError` on
 * anything that is not a dict (the messages CPython 3.11 prints).
 *
 * @example pyGetItem({ type: "text" }, "type") // "text"
 */
export function pyGetItem(value: unknown, key: string): unknown {
  if (isDict(value)) {
    if (!Object.hasOwn(value, key)) throw keyError(key);
    return value[key];
  }
  if (typeof value === "string") throw new AgentScopeError("TypeError", "string indices must be integers, not 'str'");
  if (Array.isArray(value)) throw new AgentScopeError("TypeError", "list indices must be integers or slices, not str");
  throw new AgentScopeError("TypeError", `'${pyTypeName(value)}' object is not subscriptable`);
}

/**
 * Python's `value.get(key)` / `value.get(key, fallback)`: `AttributeError` on a non-dict.
 *
 * @example pyGet({ a: 1 }, "b", 2) // 2
 */
export function pyGet(value: unknown, key: string, fallback: unknown = null): unknown {
  if (!isDict(value)) throw new AgentScopeError("AttributeError", `'${pyTypeName(value)}' object has no attribute 'get'`);
  return Object.hasOwn(value, key) ? value[key] : fallback;
}
