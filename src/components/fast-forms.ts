/**
 * The compiled loading path of component models (src/fast/compile.ts): the compiler reads plain
 * zod nodes itself; this module gives it, once, on the first load, the forms of the catalogue's
 * other nodes (nested components, `Dict[str, X]`, the checked leaves, `mode="before"`
 * validators, refinements, models with extra keys). A form only accepts, with zod's result.
 */
import * as z from "zod/mini";
import { DECLINE, compileParser, fastForms, type Compiler, type FastParser } from "../fast/compile.js";
import { JsonObjectSchema, wireFields } from "../wire/fields.js";
import { copyJsonValue, isPlainObject, setOwn } from "../wire/json-data.js";
import { guards, zodDef, type ZodDef } from "../zod-def.js";
import { ComponentModel, envelopeSchema, type ComponentOf, type Role } from "./component.js";
import { fieldMeta } from "./fields.js";
import { componentSpecs, resolveProvider, specFor } from "./registry.js";

type Schema = z.core.$ZodType;

/**
 * Calls `visit` on every schema node of the catalogue's configs (`key`: the field it sits
 * under), each once; where `visit` returns false, neither marks the node seen nor looks inside.
 *
 * @example eachConfigNode((s) => void console.log(zodDef(s).type))
 */
export function eachConfigNode(visit: (schema: Schema, key: string | null) => boolean | void): void {
  const seen = new Set<Schema>();
  const walk = (schema: Schema | undefined, key: string | null): void => {
    if (schema === undefined || seen.has(schema) || visit(schema, key) === false) return;
    seen.add(schema);
    const def = zodDef(schema);
    for (const [k, field] of Object.entries(def.shape ?? {})) walk(field, k);
    for (const option of def.options ?? []) walk(option, key);
    walk(def.innerType, key);
    walk(def.element, null);
    walk(def.in, key);
    walk(def.out, key);
    walk(fieldMeta.get(schema)?.value, null);
  };
  for (const spec of componentSpecs()) walk(spec.config as Schema, null);
}

/**
 * `checkComponent`'s form: on plain JSON, the component through its class's compiled envelope
 * (compiled on first use), or DECLINE wherever checkComponent might report a problem.
 */
function component(c: Compiler, roles: readonly Role[] | null): FastParser {
  return (value) => {
    const given = isPlainObject(value) ? value.provider : undefined;
    if (typeof given !== "string") return DECLINE;
    const provider = resolveProvider(given);
    const spec = specFor(provider);
    if (spec ? roles && !spec.roles.some((r) => roles.includes(r)) : !provider.includes(".")) return DECLINE;
    const r = compileParser(spec ? envelopeSchema(spec) : ComponentModel, c.done, c.jit)?.(provider === given ? value : { ...(value as object), provider }) as ComponentOf<string, unknown> | undefined;
    // ComponentLoader refuses a config older than its class.
    return r && spec && (r.component_version || spec.component_version) < spec.component_version ? DECLINE : (r ?? DECLINE);
  };
}

type Form = (c: Compiler) => FastParser;

/** The form of one node, or undefined where the compiler reads the node itself (or must refuse it). */
function formOf(schema: Schema): Form | undefined {
  const meta = fieldMeta.get(schema);
  const def = zodDef(schema);
  if (meta?.kind === "component") {
    // `ComponentModel | Dict[str, Any]` (orObject): only an object with a provider is a component.
    return (c, asComponent = component(c, (meta.roles ?? null) as readonly Role[] | null), asObject = meta.orObject ? c.node(JsonObjectSchema) : asComponent) =>
      (v) => (isPlainObject(v) && v.provider !== undefined ? asComponent : asObject)(v);
  }
  if (meta?.kind === "dict") {
    return (c, each = c.node(meta.value!)) => (v) => {
      if (!isPlainObject(v)) return DECLINE;
      const out = {};
      for (const key of Object.keys(v)) {
        const r = each(v[key]);
        if (r === DECLINE || r === undefined) return DECLINE;
        setOwn(out, key, r);
      }
      return out;
    };
  }
  if (def.checks?.length) {
    // Refinements (`z.refine`) run on the parsed value: the node without them, then each must hold true.
    const tests = def.checks.map((k) => (k._zod!.def as { fn?: (v: unknown) => unknown }).fn);
    return (c, parse = c.node((schema as z.ZodMiniType).clone({ ...def, checks: [] } as never))) => (v) => {
      const r = parse(v);
      return r !== DECLINE && tests.every((t) => t?.(r) === true) ? r : DECLINE;
    };
  }
  if (def.catchall) {
    // A model with extra keys (looseJsonObject): the declared fields, then each other key copied as
    // JSON data after them, as zod does (a `__proto__` key, which zod drops, is left to zod).
    const shape = def.shape!;
    return (c, declared = c.node(z.object(shape))) => (v) => {
      const out = declared(v) as Record<string, unknown> | typeof DECLINE;
      if (out === DECLINE) return out;
      for (const key in v as object) {
        if (Object.hasOwn(shape, key)) continue;
        const r = key === "__proto__" ? undefined : copyJsonValue((v as Record<string, unknown>)[key]);
        if (!r?.ok) return DECLINE;
        out[key] = r.value;
      }
      return out;
    };
  }
  if (def.type === "pipe") {
    // A checked leaf (`z.unknown()` → transform) or a `mode="before"` validator (transform → schema).
    return (c) => {
      const [first, second] = [def.in!, def.out!].map((s): FastParser => {
        const d = zodDef(s) as ZodDef & { transform?: (v: unknown, ctx: unknown) => unknown };
        if (d.type === "unknown") return (v) => v;
        if (d.type !== "transform") return c.node(s);
        return (v, ctx = { issues: [] }) => ((v = d.transform!(v, ctx)), ctx.issues.length ? DECLINE : v);
      });
      return (v) => ((v = first!(v)), v === DECLINE ? v : second!(v));
    };
  }
  return undefined;
}

let registered = false;

/**
 * Registers the forms of the catalogue's nodes and of `top` (the `Component` schema: a component
 * of any role), once.
 *
 * @example registerForms(Component); fastParser(Component)
 */
export function registerForms(top: Schema): void {
  if (registered) return;
  registered = true;
  fastForms.set(top, (c) => component(c, null));
  eachConfigNode((schema) => {
    // Wire fields and guards are compiled as such.
    if (wireFields.get(schema) || guards.get(schema)) return false;
    const form = formOf(schema);
    if (form) fastForms.set(schema, form);
  });
}
