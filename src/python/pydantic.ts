/**
 * Python's view of JSON values: JavaScript cannot tell `21` from `21.0`, but Python can, and
 * its renderings (`str.format`, `repr`, `model_dump_json`) differ. When a content schema
 * declares a field as a float, {@link toPythonValues} wraps the field's numbers in `PyFloat`
 * so that the renderers write them as Python does.
 */
import type * as z from "zod/mini";
import { zodDef as defOf } from "../zod-def.js";
import { wireFields } from "../wire/fields.js";
import { isPyInt, PyFloat, shortestFloat } from "./float.js";
import { setOwn } from "../wire/json-data.js";

/** True when the schema describes a Python float (zod `number` without an integer check, or `LaxFloat`). */
function isFloatSchema(schema: z.core.$ZodType): boolean {
  const meta = wireFields.get(schema);
  if (meta) return meta.kind === "float";
  const def = defOf(schema);
  if (def.type !== "number") return false;
  if (def.format?.includes("int")) return false;
  return !(def.checks ?? []).some((c) => c._zod?.def?.format?.includes("int"));
}

const MAX_DEPTH = 256;

function walk(schema: z.core.$ZodType | undefined, value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new RangeError(`content nested deeper than ${MAX_DEPTH} levels`);
  schema = unwrap(schema);
  if (schema === undefined) return value;
  // Python ints have no negative zero: an int field holds 0 where JSON.parse gave -0.
  if (typeof value === "number") return isFloatLike(schema, value) ? new PyFloat(value) : Object.is(value, -0) && isIntSchema(schema) ? 0 : value;
  if (value === null || typeof value !== "object") return value;
  const def = defOf(schema);
  switch (def.type) {
    case "object":
    case "record": {
      // An object's keys take their field's schema; a record's keys all take its value schema.
      const shape = def.type === "object" ? (def.shape ?? {}) : undefined;
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        const field = shape ? (Object.hasOwn(shape, key) ? shape[key] : undefined) : def.valueType;
        setOwn(out, key, walk(field, (value as Record<string, unknown>)[key], depth + 1));
      }
      return out;
    }
    case "array":
      return Array.isArray(value) ? value.map((v) => walk(def.element, v, depth + 1)) : value;
    case "union": {
      const branch = def.options?.find((o) => jsonClass(o) === (Array.isArray(value) ? "array" : "object"));
      return walk(branch, value, depth);
    }
    default:
      return value;
  }
}

function isFloatLike(schema: z.core.$ZodType, value: number): boolean {
  const inner = unwrap(schema);
  if (inner === undefined) return false;
  if (isFloatSchema(inner)) return true;
  const def = defOf(inner);
  if (def.type !== "union") return false;
  // Python's smart union keeps an int in an int branch; a float only fits a float branch.
  if (isPyInt(value) && (def.options ?? []).some((o) => isIntSchema(o))) return false;
  return (def.options ?? []).some((o) => isFloatLike(o, value));
}

/**
 * The schema under zod's wrappers (default, nullable, optional, readonly, catch, lazy, a plain
 * pipe's output), stopping at the library's wire fields, whose pipes are leaves; undefined
 * where a lazy or pipe has nothing inside. Bounded, so a lazy that returns itself ends.
 */
function unwrap(schema: z.core.$ZodType | undefined): z.core.$ZodType | undefined {
  for (let i = 0; schema !== undefined && i < MAX_DEPTH && !wireFields.get(schema); i++) {
    const def = defOf(schema);
    switch (def.type) {
      case "default":
      case "prefault":
      case "nullable":
      case "optional":
      case "readonly":
      case "catch":
        schema = def.innerType;
        break;
      case "lazy":
        schema = def.getter?.();
        break;
      case "pipe":
        schema = def.out;
        break;
      default:
        return schema;
    }
  }
  return schema;
}

function isIntSchema(schema: z.core.$ZodType): boolean {
  const meta = wireFields.get(schema);
  if (meta) return meta.kind === "int";
  const def = defOf(schema);
  return def.type === "number" && !isFloatSchema(schema);
}

function jsonClass(schema: z.core.$ZodType): string {
  const def = defOf(schema);
  if (def.type === "default" || def.type === "nullable" || def.type === "optional") return jsonClass(def.innerType!);
  if (def.type === "array") return "array";
  if (def.type === "object" || def.type === "record") return "object";
  return def.type;
}

/**
 * Copies a JSON value, wrapping in `PyFloat` every number that `schema` declares as a float
 * (so `21` in a float field renders `21.0`). Without a schema, numbers stay plain (integral
 * ones then render as Python ints: a documented difference).
 *
 * @example toPythonValues(z.object({ t: z.number() }), { t: 21 }) // { t: PyFloat(21) }
 */
export function toPythonValues(schema: z.core.$ZodType | undefined, value: unknown): unknown {
  return walk(schema, value, 0);
}

/**
 * pydantic-core's JSON text of a float (ryu's layout): shortest round-trip digits, positional
 * for decimal exponents -5..15 (`0.00001`, `697422.0`), else scientific with a signed exponent
 * (`1e-7`, `1e+16`); NaN and infinities are `null`.
 */
export function pydanticFloat(n: number): string {
  if (!Number.isFinite(n)) return "null";
  return shortestFloat(n, 1e-5, ryuExponentForm);
}

/** JS writes the exponent as ryu does: `1e-7`, `1e+16`. */
const ryuExponentForm = (abs: number): string => abs.toExponential();

function jsonText(value: unknown, depth: number): string {
  if (depth > MAX_DEPTH) throw new RangeError(`content nested deeper than ${MAX_DEPTH} levels`);
  // Concatenation in loops, not map/join: this writer runs over whole component trees.
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") return isPyInt(value) ? String(value) : pydanticFloat(value); // NaN, ±inf: null
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (value instanceof PyFloat) return pydanticFloat(value.value);
  if (Array.isArray(value)) {
    let s = "[";
    for (let i = 0; i < value.length; i++) s += (i === 0 ? "" : ",") + (i in value ? childText(value[i], depth + 1) : ""); // a hole: as join writes it
    return s + "]";
  }
  let s = "{";
  let first = true;
  for (const key of Object.keys(value)) {
    s += (first ? "" : ",") + JSON.stringify(key) + ":" + childText((value as Record<string, unknown>)[key], depth + 1);
    first = false;
  }
  return s + "}";
}

/** A value inside a tree that has a float somewhere: its parts without one are written natively. */
function childText(value: unknown, depth: number): string {
  return isPlainText(value, depth) ? JSON.stringify(value) : jsonText(value, depth);
}

/**
 * pydantic's `model_dump_json()` of content values (after {@link toPythonValues}): compact,
 * non-ASCII written raw, floats as pydantic writes them (`21.0`, `1e-7`, `1e+16`), NaN and
 * infinities as `null`.
 *
 * @example pydanticJson({ x: new PyFloat(21), n: 3 }) // '{"x":21.0,"n":3}'
 */
export function pydanticJson(value: unknown): string {
  return isPlainText(value, 0) ? JSON.stringify(value) : jsonText(value, 0);
}

/**
 * True when `JSON.stringify` writes `value` exactly as {@link jsonText} does: strings, booleans,
 * null, integers other than -0, arrays without holes and objects with `Object.prototype` as
 * their prototype holding those. A float, `-0`, `undefined`, a hole, a null-prototype object or
 * anything else takes the writer (most component configs have no float), which writes them the
 * same way it always does.
 */
function isPlainText(v: unknown, depth: number): boolean {
  switch (typeof v) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return isPyInt(v);
    case "object": {
      if (v === null) return true;
      if (depth > MAX_DEPTH) return false; // the writer's RangeError
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) if (!(i in v) || !isPlainText(v[i], depth + 1)) return false;
        return true;
      }
      // With Object.prototype behind it, for-in lists the own keys (and any enumerable key added
      // to Object.prototype, harmless here: both writers skip inherited keys): no hasOwn per key.
      if (Object.getPrototypeOf(v) !== Object.prototype) return false;
      for (const key in v) if (!isPlainText((v as Record<string, unknown>)[key], depth + 1)) return false;
      return true;
    }
    default:
      return false;
  }
}
