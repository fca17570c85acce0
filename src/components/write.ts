/**
 * The one walker over a component and its config schemas, in the three ways a component is
 * written: `dump_component()`'s JSON (`exclude_none`, secrets masked), its exact text (floats as
 * pydantic writes them), and a redacted copy for logs (nulls kept, every credential masked).
 */
import * as z from "zod/mini";
import { zodDef } from "../zod-def.js";
import { MessageValidationError } from "../errors.js";
import { wireFields } from "../wire/fields.js";
import { setOwn, toJsonValue } from "../wire/json-data.js";
import { jsonTypeName } from "../wire/check.js";
import { PyFloat } from "../python/float.js";
import { fieldMeta } from "./fields.js";
import { Source, jitAllowed } from "../fast/compile.js";
import { resolveProvider, specFor } from "./registry.js";

/** How a walk writes. */
export interface WriteMode {
  /** Leave out `None` model fields (`exclude_none`); nested envelopes then lose their null keys too. */
  readonly dropNone: boolean;
  /** Wrap float-field numbers in `PyFloat` (for the exact JSON text). */
  readonly floats: boolean;
  /** `SecretStr` values: masked as pydantic's JSON mode writes them, or kept. */
  readonly secrets: "mask" | "keep";
  /** Also mask the credentials AutoGen writes in clear (tokens, passwords, headers, env). */
  readonly redactSensitive: boolean;
}

/** What pydantic writes for a `SecretStr` in JSON mode. */
export const MASK = "**********";
const mask = (v: unknown): unknown => (v === "" ? "" : typeof v === "string" ? MASK : v);

/** The envelope keys, in `ComponentModel`'s order. */
export const ENVELOPE_KEYS = ["provider", "component_type", "version", "component_version", "description", "label", "config"] as const;

function copy(value: unknown): unknown {
  // A non-finite float (inf / nan in a float or Any field) is written null, as pydantic's JSON writer does.
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  const r = toJsonValue(value); // also refuses a bigint, a symbol, a function in a hand-built model
  if (r.ok) return r.value;
  // Only a hand-built model gets here (what loadComponent returns is JSON data).
  throw new MessageValidationError(undefined, [{ path: r.path, code: r.code, message: `cannot dump: not JSON data: ${r.message}` }], "component");
}

/** The JSON class a schema accepts at its root (`*`: any), to pick a union branch by value. */
function jsonClass(schema: z.core.$ZodType): string {
  const meta = fieldMeta.get(schema);
  if (meta?.kind === "component" || meta?.kind === "dict") return "object";
  if (meta?.kind === "json") return "*";
  if (meta?.kind === "secret") return "string";
  const wire = wireFields.get(schema);
  if (wire) return wire.kind === "int" || wire.kind === "float" ? "number" : wire.kind === "bool" ? "boolean" : wire.kind === "datetime" ? "string" : "object";
  const def = zodDef(schema);
  switch (def.type) {
    case "object":
    case "record":
      return "object";
    case "literal":
      return typeof def.values?.[0];
    case "optional":
    case "nullable":
    case "default":
    case "readonly":
      return jsonClass(def.innerType!);
    case "pipe":
      return zodDef(def.out!).type === "transform" ? jsonClass(def.in!) : jsonClass(def.out!);
    default:
      return def.type;
  }
}

/** A precomputed writer of one schema: what {@link writeValue} does, decided once per schema. */
type Writer = (value: unknown, mode: WriteMode) => unknown;

// Writers by schema, built on first use: the schema's description is walked once, not per value.
const writers = new WeakMap<z.core.$ZodType, Writer>();

function writerFor(schema: z.core.$ZodType): Writer {
  let w = writers.get(schema);
  if (w) return w;
  // A recursive schema meets its own forwarder while it is being built.
  let built: Writer | undefined;
  writers.set(schema, (v, m) => built!(v, m));
  built = buildWriter(schema);
  writers.set(schema, built);
  return built;
}

/** The writer of a non-null value of `schema` (callers pass `null` and `undefined` through: {@link write}). */
function buildWriter(schema: z.core.$ZodType): Writer {
  const meta = fieldMeta.get(schema);
  const inner = innerWriter(schema);
  // A class default AutoGen writes unvalidated, as declared (`timeout: float = 5` → `5`).
  if (meta?.intDefault) {
    const dflt = meta.default;
    return (v, m) => (v === dflt ? v : inner(v, m));
  }
  return inner;
}

/** `w(v)`, `null` and `undefined` kept as they are. */
const write = (w: Writer, v: unknown, m: WriteMode): unknown => (v === null || v === undefined ? v : w(v, m));

/** What {@link buildWriter} wraps. */
function innerWriter(schema: z.core.$ZodType): Writer {
  const meta = fieldMeta.get(schema);
  if (meta?.kind) {
    switch (meta.kind) {
      case "component":
        return (value, mode) => (typeof value === "object" && !Array.isArray(value) && "provider" in (value as object) ? writeComponent(value as object, mode, false) : copy(value));
      case "dict": {
        const element = writerFor(meta.value!);
        return (value, mode) => {
          if (typeof value !== "object" || Array.isArray(value)) return copy(value);
          const out: Record<string, unknown> = {};
          for (const key of Object.keys(value as object)) setOwn(out, key, write(element, (value as Record<string, unknown>)[key], mode));
          return out;
        };
      }
      case "secret":
        return (value, mode) => (mode.secrets === "mask" || mode.redactSensitive ? mask(value) : value);
      case "sensitive":
        return (value, mode) => {
          if (!mode.redactSensitive) return copy(value);
          if (typeof value === "string") return mask(value);
          if (typeof value === "object" && !Array.isArray(value)) {
            const out: Record<string, unknown> = {};
            for (const key of Object.keys(value as object)) setOwn(out, key, MASK);
            return out;
          }
          return copy(value);
        };
      case "json":
        return copy;
    }
  }
  const wire = wireFields.get(schema);
  if (wire) return wire.kind === "float" ? (value, mode) => (mode.floats && typeof value === "number" ? new PyFloat(value) : copy(value)) : copy;
  const def = zodDef(schema);
  switch (def.type) {
    case "object": {
      const shape = def.shape!;
      const keys = Object.keys(shape);
      const fields = keys.map((key) => writerFor(shape[key]!));
      const n = keys.length;
      // extra="allow": unknown keys follow the fields, as pydantic dumps `__pydantic_extra__`.
      const loose = def.catchall !== undefined && zodDef(def.catchall as z.core.$ZodType).type !== "never";
      return (value, mode) => {
        if (typeof value !== "object" || Array.isArray(value)) return copy(value);
        const src = value as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (let i = 0; i < n; i++) {
          const key = keys[i]!;
          const x = src[key];
          if (x === undefined || (x === null && mode.dropNone)) continue;
          const r = x === null ? x : fields[i]!(x, mode);
          if (key === "__proto__") setOwn(out, key, r);
          else out[key] = r;
        }
        if (loose) {
          for (const key of Object.keys(src)) {
            if (Object.hasOwn(shape, key)) continue;
            const x = src[key];
            if (x === undefined || (x === null && mode.dropNone)) continue;
            setOwn(out, key, copy(x));
          }
        }
        return out;
      };
    }
    case "array": {
      const element = writerFor(def.element!);
      return (value, mode) => (Array.isArray(value) ? value.map((x) => write(element, x, mode)) : copy(value));
    }
    case "optional":
    case "nullable":
    case "default":
    case "readonly":
      return writerFor(def.innerType!);
    case "pipe":
      return zodDef(def.out!).type === "transform" ? copy : writerFor(def.out!);
    case "union": {
      const options = def.options!;
      if (def.discriminator) {
        const discriminator = def.discriminator;
        const branches = options.map((o) => {
          const field = zodDef(o).shape?.[discriminator];
          return { values: field === undefined ? undefined : literalValues(field), write: writerFor(o) };
        });
        return (value, mode) => {
          const tag = (value as Record<string, unknown>)[discriminator];
          const branch = branches.find((b) => b.values !== undefined && b.values.includes(tag));
          return branch ? branch.write(value, mode) : copy(value);
        };
      }
      // The branch the value was loaded by: the first of its JSON class that accepts it.
      const classes = options.map(jsonClass);
      const byClass = new Map<string, z.core.$ZodType[]>();
      const candidatesOf = (c: string): z.core.$ZodType[] => {
        let list = byClass.get(c);
        if (!list) byClass.set(c, (list = options.filter((_, i) => classes[i] === c || classes[i] === "*")));
        return list;
      };
      return (value, mode) => {
        const candidates = candidatesOf(jsonTypeName(value));
        const branch = candidates.length > 1 ? (candidates.find((o) => z.safeParse(o, value).success) ?? candidates[0]) : candidates[0];
        return branch ? writerFor(branch)(value, mode) : copy(value);
      };
    }
    default:
      return copy;
  }
}

/**
 * Writes `value` as `schema` describes it. Values from `loadComponent` / the builders only: keys
 * the schema does not know are dropped (pydantic's `extra="ignore"`), except in loose models.
 */
export function writeValue(schema: z.core.$ZodType, value: unknown, mode: WriteMode): unknown {
  return write(writerFor(schema), value, mode);
}

function literalValues(schema: z.core.$ZodType): unknown[] {
  const def = zodDef(schema);
  if (def.type === "literal") return def.values ?? [];
  return def.innerType ? literalValues(def.innerType) : [];
}

/**
 * Writes a component model: the envelope in `ComponentModel`'s order (at the top level every key,
 * `null` included, as `dump_component().model_dump()`; nested ones without `None` keys under
 * `exclude_none`), then the config through its class's schema (an unknown provider's as JSON).
 */
export function writeComponent(component: object, mode: WriteMode, top: boolean): Record<string, unknown> {
  const src = component as Record<string, unknown>;
  const out = (head ??= jitAllowed() ? generatedHead() : writeHead)(src, mode, top);
  const v = src.config;
  const spec = typeof src.provider === "string" ? specFor(resolveProvider(src.provider)) : undefined;
  out.config = spec ? writeValue(spec.config as z.core.$ZodType, v, mode) : copy(v);
  return out;
}

/** The envelope keys before `config` (the last). */
const HEAD_KEYS = ENVELOPE_KEYS.slice(0, -1);
type HeadWriter = (src: Record<string, unknown>, mode: WriteMode, top: boolean) => Record<string, unknown>;
let head: HeadWriter | undefined;

function writeHead(src: Record<string, unknown>, mode: WriteMode, top: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of HEAD_KEYS) {
    const v = src[key];
    if (v != null) out[key] = v;
    else if (mode.dropNone ? top : v === null) out[key] = null;
  }
  return out;
}

/**
 * {@link writeHead} as generated code (where `new Function` is allowed), one statement per key:
 * the loop's keyed reads and stores are generic, and were a fifth of the walk. The config's
 * object writers stay closures: each schema's own generated function would run too few times
 * to be optimised (tried: the walk took 8 % more instructions).
 */
function generatedHead(): HeadWriter {
  const body = HEAD_KEYS.map((k) => `x=v.${k};if(x!=null)o.${k}=x;else if(p.dropNone?t:x===null)o.${k}=null;`);
  return new Source().build(`const o={};let x;${body.join("")}return o`, "v,p,t") as unknown as HeadWriter;
}
