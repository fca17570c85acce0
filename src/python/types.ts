/**
 * Python's view of a JSON value's type: the class name `type(x).__name__` prints in error
 * messages, truthiness (`metadata or {}`, `timestamp or now`), and what subscripting a value
 * of each type raises (the texts CPython 3.11 prints).
 */
import { isPyInt, PyFloat } from "./float.js";

/**
 * The Python class of a JSON-shaped value; `"object"` for a function or symbol, which have no
 * Python counterpart here.
 *
 * @example const t: PyTypeName = "NoneType";
 */
export type PyTypeName = "NoneType" | "bool" | "int" | "float" | "str" | "bytes" | "list" | "dict" | "object";

/**
 * The Python class name of a value: `null`/`undefined` → `NoneType`, an integral number or a
 * bigint → `int`, another number or a {@link PyFloat} → `float`, an array → `list`, a
 * `Uint8Array` → `bytes`, any other object → `dict`.
 *
 * @example pyTypeName(null) // "NoneType"
 * @example pyTypeName(1.5) // "float"
 */
export function pyTypeName(value: unknown): PyTypeName {
  switch (typeof value) {
    case "number":
      return isPyInt(value) ? "int" : "float";
    case "string":
      return "str";
    case "boolean":
      return "bool";
    case "bigint":
      return "int";
    case "undefined":
      return "NoneType";
    case "object":
      if (value === null) return "NoneType";
      if (Array.isArray(value)) return "list";
      if (value instanceof PyFloat) return "float";
      if (value instanceof Uint8Array) return "bytes";
      return "dict";
    default:
      return "object";
  }
}

/**
 * Whether a value is what Python would see as a `dict` (a JSON object).
 *
 * @example isDict({ a: 1 }) // true
 * @example isDict([1]) // false
 */
export function isDict(value: unknown): value is Record<string, unknown> {
  return pyTypeName(value) === "dict";
}

/**
 * Python truthiness (`bool(x)`): `None`, `False`, `0`, `0.0`, `""`, `b""`, `[]` and `{}` are false.
 *
 * @example pyTruthy([]) // false
 * @example pyTruthy([0]) // true
 */
export function pyTruthy(value: unknown): boolean {
  switch (pyTypeName(value)) {
    case "NoneType":
      return false;
    case "float":
      return (value instanceof PyFloat ? value.value : value) !== 0; // NaN is true, as in Python
    case "list":
    case "bytes":
      return (value as ArrayLike<unknown>).length > 0;
    case "dict":
      return Object.keys(value as object).length > 0;
    default:
      return Boolean(value); // bool, int (number or bigint), str
  }
}

/** What `seq["key"]` and `seq[past_the_end]` raise, per sequence type. */
const SEQUENCE_ERRORS: Partial<Record<PyTypeName, readonly [strIndex: string, outOfRange: string]>> = {
  list: ["list indices must be integers or slices, not str", "list index out of range"],
  str: ["string indices must be integers, not 'str'", "string index out of range"],
  bytes: ["byte indices must be integers or slices, not str", "index out of range"],
};

/**
 * The `TypeError` text of `value["key"]` on a value of type `type` that is not a dict (a dict
 * raises `KeyError` instead).
 *
 * @example strSubscriptError("list") // "list indices must be integers or slices, not str"
 * @example strSubscriptError("NoneType") // "'NoneType' object is not subscriptable"
 */
export function strSubscriptError(type: PyTypeName): string {
  return SEQUENCE_ERRORS[type]?.[0] ?? `'${type}' object is not subscriptable`;
}

/**
 * The `IndexError` text of an index past the end of a sequence type (`list`, `str`, `bytes`);
 * undefined for a type that is not a sequence.
 *
 * @example indexOutOfRange("str") // "string index out of range"
 */
export function indexOutOfRange(type: PyTypeName): string | undefined {
  return SEQUENCE_ERRORS[type]?.[1];
}
