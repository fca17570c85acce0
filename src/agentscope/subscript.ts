/**
 * AgentScope's plain-dict reads, `value[key]` and `value.get(key)`, raising what Python raises
 * (as {@link AgentScopeError}) on a missing key or a value that is not a dict.
 */
import { AgentScopeError, keyError } from "./errors.js";
import { isDict, pyTypeName, strSubscriptError } from "../python/types.js";

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
  throw new AgentScopeError("TypeError", strSubscriptError(pyTypeName(value)));
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
