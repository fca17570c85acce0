/**
 * What every builder does: take options in camelCase, fill the config class's defaults as
 * constructing the pydantic model does, validate, and wrap the config in the envelope
 * `dump_component()` writes for the class.
 */
import type * as z from "zod/mini";
import { MessageValidationError, type MessageIssue } from "../../errors.js";
import { parseWith } from "../../parse.js";
import { didYouMean, knownNames } from "../../wire/hints.js";
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

/** Each config schema's option names (its fields in camelCase), computed once. */
const OPTION_NAMES = /* @__PURE__ */ new WeakMap<object, readonly string[]>();

/** The option names a builder of this config schema takes: the schema's fields in camelCase. */
function optionNames(schema: z.core.$ZodType): readonly string[] {
  let names = OPTION_NAMES.get(schema);
  if (!names) OPTION_NAMES.set(schema, (names = Object.keys(shapeOf(schema) ?? {}).map(camel)));
  return names;
}

/**
 * Refuses an option the builder does not take, as the schemas refuse a misspelt `type`: TypeScript
 * catches it at compile time, this catches it in plain JavaScript (and behind `as any`), where it
 * would otherwise be dropped and the class's default dumped in its place. The options a builder
 * takes are derived from its class's config schema (each field in camelCase), plus `extra` for
 * the few that are not config fields (`AssistantAgent`'s `tools`). Throws a
 * `MessageValidationError` named after the class, one `extra_forbidden` issue per unknown option,
 * with `did you mean "systemMessage"?` when one is close (a snake_case Python name included).
 *
 * @example checkOptions(AssistantAgent, options, ["tools", "outputContentType"])
 */
export function checkOptions(spec: ComponentSpec | { readonly config: unknown; readonly label: string }, options: unknown, extra: readonly string[] = []): void {
  if (options === null || typeof options !== "object") return; // absent options: the builder's defaults
  const names = optionNames(spec.config as z.core.$ZodType);
  const issues: MessageIssue[] = [];
  for (const key of Object.keys(options)) {
    if (names.includes(key) || extra.includes(key)) continue;
    const known = [...names, ...extra];
    const hint = known.includes(camel(key)) ? `did you mean ${JSON.stringify(camel(key))}?` : (didYouMean(key, known) ?? knownNames("options", known));
    issues.push({ path: [key], code: "extra_forbidden", message: "unknown option", hint });
  }
  if (issues.length) throw new MessageValidationError(spec.label, issues);
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
  return (options) => {
    checkOptions(spec as ComponentSpec, options);
    return instantiate(spec, fromCamel(spec as ComponentSpec, options));
  };
}
