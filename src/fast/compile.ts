/**
 * The fast loading path: a plain-JS validator + normaliser compiled once per zod schema by
 * walking its definition, so the schemas stay the single source of truth.
 *
 * A compiled function only ever *accepts*: it returns exactly what the schema's `parse` would
 * return (new objects in schema key order, defaults from the schema's own default thunks,
 * unknown keys stripped, wire fields normalised by the same checkers zod calls), or
 * {@link DECLINE} on any doubt (a check failure, a non-plain object, an input shape whose zod
 * outcome it does not model). The caller then runs zod, which decides and explains.
 */
import type * as z from "zod/mini";
import { zodDef as defOf, type ZodDef } from "../zod-def.js";
import { wireFields } from "../wire/fields.js";
import { isPlainObject } from "../wire/json-data.js";

/** Returned by a compiled validator when zod must decide. */
export const DECLINE: unique symbol = Symbol("decline");

/** A compiled validator: the parsed value, or {@link DECLINE}. */
export type FastParser = (value: unknown) => unknown;

/** Thrown while compiling a schema that has a node the fast path does not model. */
class Unsupported {}

/** Compiled parsers by schema; `null` marks schemas that are always left to zod. */
const cache = new WeakMap<z.core.$ZodType, FastParser | null>();

/**
 * The compiled fast parser of `schema`, or `null` when the schema has nodes the compiler does
 * not model (transforms, refinements, records, …): then always use zod.
 *
 * @example const p = fastParser(TextMessage); const r = p && p(payload); if (r === DECLINE) …
 */
export function fastParser(schema: z.core.$ZodType): FastParser | null {
  let p = cache.get(schema);
  if (p !== undefined) return p;
  try {
    p = node(schema, new Map());
  } catch {
    // Unsupported nodes, or a schema whose definition cannot be read: zod handles it.
    p = null;
  }
  cache.set(schema, p);
  return p;
}

/** The JSON classes a schema can accept, or null for "possibly any". Used to pick union members. */
function classesOf(schema: z.core.$ZodType): Set<string> | null {
  const meta = wireFields.get(schema);
  if (meta) return meta.kind === "string-map" || meta.kind === "json-object" ? new Set(["object"]) : null;
  const def = defOf(schema);
  switch (def.type) {
    case "string":
    case "number":
    case "boolean":
      return def.coerce ? null : new Set([def.type]);
    case "object":
      return new Set(["object"]);
    case "array":
      return new Set(["array"]);
    case "null":
      return new Set(["null"]);
    case "literal":
    case "enum": {
      const values = def.type === "enum" ? Object.values(def.entries ?? {}) : (def.values ?? []);
      return new Set(values.map(classOf));
    }
    case "nullable":
    case "default":
    case "optional": {
      const inner = classesOf(def.innerType!);
      if (!inner) return null;
      if (def.type === "nullable") inner.add("null");
      if (def.type !== "nullable") inner.add("undefined");
      return inner;
    }
    default:
      return null;
  }
}

function classOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  const t = typeof value;
  return t === "object" ? "object" : t;
}

function noChecks(def: ZodDef): void {
  if (def.checks && def.checks.length > 0) throw new Unsupported();
}

/** A literal tag value of an object member of a discriminated union. */
function tagOf(schema: z.core.$ZodType, key: string): unknown[] {
  let s: z.core.$ZodType | undefined = defOf(schema).shape?.[key];
  while (s) {
    const def = defOf(s);
    if (def.type === "literal") return def.values ?? [];
    if (def.type !== "default") break;
    s = def.innerType;
  }
  throw new Unsupported();
}

function node(schema: z.core.$ZodType, seen: Map<z.core.$ZodType, FastParser>): FastParser {
  const done = cache.get(schema);
  if (done) return done;
  if (done === null) throw new Unsupported();
  const pending = seen.get(schema);
  if (pending) return pending;
  // Recursive schemas: a forwarder stands in until the node is compiled.
  let compiled: FastParser | undefined;
  seen.set(schema, (v) => compiled!(v));
  compiled = build(schema, seen);
  seen.set(schema, compiled);
  return compiled;
}

function build(schema: z.core.$ZodType, seen: Map<z.core.$ZodType, FastParser>): FastParser {
  const meta = wireFields.get(schema);
  if (meta) {
    // The same checker the zod transform calls; `undefined` is zod's "Field required".
    const check = meta.check;
    return (v) => {
      if (v === undefined) return DECLINE;
      const r = check(v);
      return r.ok ? r.value : DECLINE;
    };
  }
  const def = defOf(schema);
  noChecks(def);
  switch (def.type) {
    case "string":
      if (def.coerce) throw new Unsupported();
      return (v) => (typeof v === "string" ? v : DECLINE);
    case "boolean":
      if (def.coerce) throw new Unsupported();
      return (v) => (typeof v === "boolean" ? v : DECLINE);
    case "number":
      if (def.coerce) throw new Unsupported();
      return (v) => (typeof v === "number" && Number.isFinite(v) ? v : DECLINE);
    case "null":
      return (v) => (v === null ? null : DECLINE);
    case "literal":
    case "enum": {
      const values = def.type === "enum" ? Object.values(def.entries ?? {}) : (def.values ?? []);
      if (values.some((x) => x === undefined)) throw new Unsupported();
      if (values.length === 1) {
        const only = values[0];
        return (v) => (v === only ? v : DECLINE);
      }
      const set = new Set(values);
      return (v) => (set.has(v) ? v : DECLINE);
    }
    case "custom": {
      // `z.custom(fn)`: the value passes through when fn says so (a Promise is left to zod).
      const fn = def.fn;
      if (typeof fn !== "function") throw new Unsupported();
      return (v) => {
        if (v === undefined) return DECLINE;
        const ok = fn(v);
        return ok === true ? v : DECLINE;
      };
    }
    case "default": {
      const inner = node(def.innerType!, seen);
      return (v) => {
        // Read through the getter: zod's thunk or a fresh shallow clone, exactly as `.default()` does.
        if (v === undefined) return def.defaultValue;
        const r = inner(v);
        return r === undefined ? def.defaultValue : r;
      };
    }
    case "nullable": {
      const inner = node(def.innerType!, seen);
      return (v) => (v === null ? null : inner(v));
    }
    case "optional": {
      // `undefined` means "absent"; the object compiler decides whether zod would keep the key.
      const inner = node(def.innerType!, seen);
      return (v) => (v === undefined ? undefined : inner(v));
    }
    case "lazy": {
      const getter = def.getter;
      if (typeof getter !== "function") throw new Unsupported();
      let inner: FastParser | undefined;
      return (v) => (inner ??= node(getter(), seen))(v);
    }
    case "array": {
      const element = node(def.element!, seen);
      return (v) => {
        if (!Array.isArray(v)) return DECLINE;
        const n = v.length;
        const out = new Array<unknown>(n);
        for (let i = 0; i < n; i++) {
          const r = element(v[i]);
          if (r === DECLINE || r === undefined) return DECLINE;
          out[i] = r;
        }
        return out;
      };
    }
    case "object":
      return objectParser(def, seen);
    case "union":
      return def.discriminator !== undefined ? discriminatedParser(def, seen) : unionParser(def, seen);
    default:
      throw new Unsupported();
  }
}

function objectParser(def: ZodDef, seen: Map<z.core.$ZodType, FastParser>): FastParser {
  if (def.catchall !== undefined) throw new Unsupported(); // loose/strict objects
  const shape = def.shape!;
  const keys = Object.keys(shape);
  if (keys.includes("__proto__") || Object.getOwnPropertySymbols(shape).length > 0) throw new Unsupported();
  const fields = keys.map((k) => node(shape[k]!, seen));
  const optional = keys.map((k) => defOf(shape[k]!).type === "optional");
  const n = keys.length;
  return (v) => {
    if (!isPlainObject(v)) return DECLINE;
    const out: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const key = keys[i]!;
      const x = v[key];
      const r = fields[i]!(x);
      if (r === DECLINE) return DECLINE;
      if (r === undefined) {
        // Only an absent optional key is modelled: zod leaves it out.
        if (!optional[i] || x !== undefined || key in v) return DECLINE;
        continue;
      }
      out[key] = r; // shape keys are never "__proto__" (checked above), so no setter runs
    }
    return out;
  };
}

function discriminatedParser(def: ZodDef, seen: Map<z.core.$ZodType, FastParser>): FastParser {
  const key = def.discriminator!;
  const byTag = new Map<unknown, FastParser>();
  for (const option of def.options!) {
    const parser = node(option, seen);
    for (const tag of tagOf(option, key)) {
      if (typeof tag !== "string" || byTag.has(tag)) throw new Unsupported();
      byTag.set(tag, parser);
    }
  }
  return (v) => {
    if (!isPlainObject(v)) return DECLINE;
    const parser = byTag.get(v[key]);
    return parser ? parser(v) : DECLINE;
  };
}

function unionParser(def: ZodDef, seen: Map<z.core.$ZodType, FastParser>): FastParser {
  // zod returns the first member that accepts. A member whose JSON classes exclude the value
  // surely rejects it; the first member that may accept it is tried, and if it declines, so do we.
  const options = def.options!.map((o) => ({ parse: node(o, seen), classes: classesOf(o) }));
  const byClass = new Map<string, FastParser>();
  for (const c of ["string", "number", "boolean", "null", "array", "object"]) {
    const first = options.find((o) => o.classes === null || o.classes.has(c));
    if (first) byClass.set(c, first.parse);
  }
  return (v) => {
    if (v === undefined) return DECLINE;
    const parser = byClass.get(classOf(v));
    if (!parser) return DECLINE;
    const r = parser(v);
    return r === undefined ? DECLINE : r;
  };
}
