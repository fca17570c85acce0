/**
 * What every builder does: take options in camelCase, fill the config class's defaults as
 * constructing the pydantic model does, validate, and wrap the config in the envelope
 * `dump_component()` writes for the class.
 */
import type * as z from "zod/mini";
import { parseWith } from "../../parse.js";
import { zodDef } from "../../zod-def.js";
import { isPlainObject, setOwn } from "../../wire/json-data.js";
import type { ComponentOf, ComponentSpec } from "../component.js";
import { fieldMeta } from "../fields.js";

/** `max_tool_iterations` → `maxToolIterations`. */
export type SnakeToCamel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<SnakeToCamel<T>>}` : S;

/** A config's fields with camelCase names (the builders' options). */
export type CamelOptions<T> = { [K in keyof T as SnakeToCamel<K & string>]: T[K] };

/** The options of a builder of class `C`: its config's fields in camelCase, optional where the config's are. */
export type OptionsOf<C extends ComponentOf<string, unknown>> = CamelOptions<C["config"]>;

const camel = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The object shape of a model schema (through a `preprocess` pipe). */
function shapeOf(schema: z.core.$ZodType): Record<string, z.core.$ZodType> | undefined {
  const def = zodDef(schema);
  if (def.type === "object") return def.shape;
  if (def.type === "pipe") return shapeOf(def.out!);
  return undefined;
}

/**
 * The config fields of `options` (camelCase keys) under their Python names, in the class's order.
 * Keys the class does not have are ignored, as pydantic ignores them.
 */
export function fromCamel(spec: ComponentSpec, options: object | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const shape = shapeOf(spec.config as z.core.$ZodType) ?? {};
  const src = (options ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(shape)) {
    const v = src[camel(key)];
    if (v !== undefined) setOwn(out, key, v);
  }
  return out;
}

/**
 * `value` with the defaults pydantic fills when the model is constructed: absent fields that
 * have a non-`None` default, in nested models too (a component inside is left as it is).
 */
export function withDefaults(schema: z.core.$ZodType, value: unknown): unknown {
  if (value === undefined || value === null) return value;
  const meta = fieldMeta.get(schema);
  if (meta?.kind === "dict" && isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) setOwn(out, key, withDefaults(meta.value!, value[key]));
    return out;
  }
  if (meta?.kind) return value;
  const def = zodDef(schema);
  switch (def.type) {
    case "object": {
      if (!isPlainObject(value)) return value;
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape!)) {
        let v = value[key];
        if (v === undefined) {
          const d = fieldMeta.get(field)?.default;
          if (d === undefined || d === null) continue;
          v = structuredClone(d);
        } else v = withDefaults(field, v);
        setOwn(out, key, v);
      }
      for (const key of Object.keys(value)) if (!Object.hasOwn(out, key) && value[key] !== undefined) setOwn(out, key, value[key]);
      return out;
    }
    case "array":
      return Array.isArray(value) ? value.map((v) => withDefaults(def.element!, v)) : value;
    case "optional":
    case "nullable":
    case "default":
      return withDefaults(def.innerType!, value);
    case "pipe":
      return withDefaults(def.out!, value);
    case "union": {
      if (!def.discriminator || !isPlainObject(value)) return value;
      const tag = value[def.discriminator];
      const branch = def.options!.find((o) => zodDef(zodDef(o).shape?.[def.discriminator!] ?? o).values?.includes(tag));
      return branch ? withDefaults(branch, value) : value;
    }
    default:
      return value;
  }
}

/**
 * A component of the class `spec` holding `config` (Python field names): defaults filled,
 * validated (a `MessageValidationError` names the bad option by its config path), in the
 * envelope `dump_component()` writes: `version` and `component_version` the class's version,
 * its docstring description, its class name as label.
 */
export function instantiate<C extends ComponentOf<string, unknown>>(spec: ComponentSpec<C>, config: Record<string, unknown>): C {
  const schema = spec.config as z.core.$ZodType;
  const parsed = parseWith(schema, withDefaults(schema, config), spec.label);
  return {
    provider: spec.provider,
    component_type: spec.component_type,
    version: spec.component_version,
    component_version: spec.component_version,
    description: spec.description,
    label: spec.label,
    config: parsed,
  } as C;
}

/**
 * A builder for a class whose constructor arguments are its config fields (most of them).
 *
 * @example const maxMessageTermination = simpleBuilder(MaxMessageTermination)
 */
export function simpleBuilder<C extends ComponentOf<string, unknown>>(spec: ComponentSpec<C>): (options: OptionsOf<C>) => C {
  return (options) => instantiate(spec, fromCamel(spec as ComponentSpec, options));
}
