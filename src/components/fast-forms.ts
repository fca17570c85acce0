/**
 * The compiled loading path of component models (src/fast/compile.ts): the compiler reads plain
 * zod nodes itself; this module gives it, once, on the first load, the forms of the catalogue's
 * other nodes (nested components, `Dict[str, X]`, the checked leaves, `mode="before"`
 * validators, refinements, models with extra keys). A form only accepts, with zod's result.
 */
import * as z from "zod/mini";
import { DECLINE, fastForms, type Compiler, type FastParser } from "../fast/compile.js";
import { wireFields } from "../wire/fields.js";
import { copyJsonValue } from "../wire/json-data.js";
import { guards, zodDef, type ZodDef } from "../zod-def.js";
import { componentSpecs } from "./registry.js";
import { fieldMeta } from "./fields.js";

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
    walk(fieldMeta.get(schema)?.value, null); // a `Dict[str, X]`'s X
  };
  for (const spec of componentSpecs()) walk(spec.config as Schema, null);
}

/** The form of one node, or undefined where the compiler reads the node itself (or must refuse it). */
function formOf(schema: Schema): ((c: Compiler) => FastParser) | undefined {
  const def = zodDef(schema);
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
    // A checked leaf or a nested component (`z.unknown()` → transform), or a `mode="before"`
    // validator (transform → schema). The transform is given the compiler, through which a nested
    // component's envelope is parsed (component.ts); an issue it reports is a decline.
    return (c) => {
      const [first, second] = [def.in!, def.out!].map((s): FastParser => {
        const d = zodDef(s) as ZodDef & { transform?: (v: unknown, ctx: unknown) => unknown };
        if (d.type === "unknown") return (v) => v;
        if (d.type !== "transform") return c.node(s);
        // One context per node: its issues are only ever read (and cleared) as the transform returns.
        const ctx = { issues: [] as unknown[], compiler: c };
        return (v) => ((v = d.transform!(v, ctx)), ctx.issues.length ? ((ctx.issues = []), DECLINE) : v);
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
  eachConfigNode((schema) => {
    // Wire fields and guards are compiled as such.
    if (wireFields.get(schema) || guards.get(schema)) return false;
    const form = formOf(schema);
    if (form) fastForms.set(schema, form);
  });
  fastForms.set(top, formOf(top)!);
}
