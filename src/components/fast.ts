/**
 * The fast path of `loadComponent`: each config schema compiled once into closures that only
 * ever *accept*. A compiled node returns exactly what zod's parse of the same schema returns
 * (new objects in shape order, unknown keys stripped, loose models' extra keys after the fields,
 * the same checkers for the wire fields and the credential leaves, the schema's own refinements)
 * or {@link DECLINE} on any doubt; `safeLoadComponent` then runs zod, which decides and explains.
 * Nodes it does not model (transforms, preprocessors) are parsed by zod on their own, so one odd
 * field does not send the whole document to the slow path. No generated code: the same closures
 * run under a CSP or zod's `jitless`.
 */
import * as z from "zod/mini";
import { guards, zodDef, type ZodDef } from "../zod-def.js";
import { jsonTypeName } from "../wire/check.js";
import { wireFields } from "../wire/fields.js";
import { isPlainObject, setOwn } from "../wire/json-data.js";
import { ComponentModel, envelopeSchema, type ComponentSpec, type Role } from "./component.js";
import { fieldMeta, leafChecks } from "./fields.js";
import { resolveProvider, specFor } from "./known.js";

/** Returned when zod must decide. */
export const DECLINE: unique symbol = Symbol("decline");

type Node = (value: unknown) => unknown;

const nodes = new WeakMap<z.core.$ZodType, Node>();

function nodeFor(schema: z.core.$ZodType): Node {
  let n = nodes.get(schema);
  if (n) return n;
  // A recursive schema meets its own forwarder while it is being built.
  let built: Node | undefined;
  nodes.set(schema, (v) => built!(v));
  try {
    built = build(schema);
  } catch {
    built = viaZod(schema); // a definition the compiler cannot read: zod parses the node
  }
  nodes.set(schema, built);
  return built;
}

/** zod on this node alone: its value, or DECLINE. */
function viaZod(schema: z.core.$ZodType): Node {
  return (v) => {
    const r = z.safeParse(schema, v);
    return r.success ? r.data : DECLINE;
  };
}

/** The checker of a leaf as a node; `undefined` is the leaf's "Field required". */
function viaCheck(check: (value: unknown) => { ok: boolean; value?: unknown }): Node {
  return (v) => {
    if (v === undefined) return DECLINE;
    const r = check(v);
    return r.ok ? r.value : DECLINE;
  };
}

type Check = { _zod: { def: { when?: unknown }; check: (payload: { value: unknown; issues: unknown[] }) => unknown } };

/** The schema's refinements (`.check(...)`) on the parsed value: the value when none complains. */
function withChecks(inner: Node, checks: readonly Check[]): Node {
  if (checks.some((c) => c._zod.def.when !== undefined)) throw new Error("conditional check");
  return (v) => {
    const r = inner(v);
    if (r === DECLINE) return r;
    const payload = { value: r, issues: [] as unknown[] };
    for (const c of checks) {
      if (c._zod.check(payload) instanceof Promise) return DECLINE;
      if (payload.issues.length) return DECLINE;
    }
    return payload.value;
  };
}

function build(schema: z.core.$ZodType): Node {
  const meta = fieldMeta.get(schema);
  switch (meta?.kind) {
    case "component": {
      const roles = (meta.roles ?? null) as readonly Role[] | null;
      if (!meta.orObject) return (v) => fastComponent(v, roles);
      const object = nodeFor(ComponentModel.shape.config as z.core.$ZodType);
      return (v) => {
        if (v !== null && typeof v === "object" && !Array.isArray(v) && !isPlainObject(v)) return DECLINE;
        return isPlainObject(v) && v.provider !== undefined ? fastComponent(v, roles) : object(v);
      };
    }
    case "dict": {
      const value = nodeFor(meta.value!);
      return (v) => {
        if (!isPlainObject(v)) return DECLINE;
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(v)) {
          const r = value(v[key]);
          if (r === DECLINE) return DECLINE;
          setOwn(out, key, r);
        }
        return out;
      };
    }
    case "secret":
    case "sensitive":
    case "json": {
      const check = leafChecks.get(schema);
      return check ? viaCheck(check) : viaZod(schema);
    }
  }
  const wire = wireFields.get(schema);
  if (wire) return viaCheck(wire.check);
  const guard = guards.get(schema);
  if (guard) {
    const test = guard.test;
    return (v) => (v !== undefined && test(v) ? v : DECLINE);
  }
  const def = zodDef(schema);
  const checks = (def.checks ?? []) as unknown as Check[];
  const node = plain(schema, def);
  return checks.length ? withChecks(node, checks) : node;
}

/** The node of a schema without its refinements. */
function plain(schema: z.core.$ZodType, def: ZodDef): Node {
  switch (def.type) {
    case "string":
      return def.coerce ? viaZod(schema) : (v) => (typeof v === "string" ? v : DECLINE);
    case "boolean":
      return def.coerce ? viaZod(schema) : (v) => (typeof v === "boolean" ? v : DECLINE);
    case "null":
      return (v) => (v === null ? null : DECLINE);
    case "literal": {
      const values = def.values ?? [];
      if (values.some((x) => x === undefined)) return viaZod(schema);
      return (v) => (values.includes(v) ? v : DECLINE);
    }
    case "optional": {
      const inner = nodeFor(def.innerType!);
      return (v) => (v === undefined ? undefined : inner(v));
    }
    case "nullable": {
      const inner = nodeFor(def.innerType!);
      return (v) => (v === null ? null : inner(v));
    }
    case "default": {
      const inner = nodeFor(def.innerType!);
      return (v) => {
        // Read through the getter: zod's thunk or a fresh shallow clone, exactly as `.default()` does.
        if (v === undefined) return def.defaultValue;
        const r = inner(v);
        return r === undefined ? def.defaultValue : r;
      };
    }
    case "array": {
      const element = nodeFor(def.element!);
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
      return objectNode(schema, def);
    case "union":
      return def.discriminator !== undefined ? discriminatedNode(schema, def) : unionNode(def);
    default:
      return viaZod(schema);
  }
}

function objectNode(schema: z.core.$ZodType, def: ZodDef): Node {
  const shape = def.shape!;
  const keys = Object.keys(shape);
  if (keys.includes("__proto__") || Object.getOwnPropertySymbols(shape).length > 0) return viaZod(schema);
  let extra: Node | undefined;
  if (def.catchall !== undefined) {
    const type = zodDef(def.catchall as z.core.$ZodType).type;
    if (type === "never") return viaZod(schema); // strict models: zod reports the unknown keys
    extra = nodeFor(def.catchall as z.core.$ZodType);
  }
  const kinds = keys.map((k) => zodDef(shape[k]!).type);
  const fields = keys.map((k) => nodeFor(shape[k]!));
  const n = keys.length;
  return (v) => {
    if (!isPlainObject(v)) return DECLINE;
    const out: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const key = keys[i]!;
      const x = v[key];
      if (x === undefined) {
        // Only absence is modelled (a key holding `undefined` is zod's to judge): an optional
        // field is left out, a default one takes its default, any other is "Field required".
        if (key in v) return DECLINE;
        if (kinds[i] === "optional") continue;
        if (kinds[i] !== "default") return DECLINE;
      }
      const r = fields[i]!(x);
      if (r === DECLINE || r === undefined) return DECLINE;
      out[key] = r; // shape keys are never "__proto__" (checked above)
    }
    if (extra) {
      for (const key in v) {
        if (Object.hasOwn(shape, key)) continue;
        if (key === "__proto__") return DECLINE;
        const r = extra(v[key]);
        if (r === DECLINE || r === undefined) return DECLINE;
        out[key] = r;
      }
    }
    return out;
  };
}

function literalsOf(schema: z.core.$ZodType, key: string): unknown[] | undefined {
  let s: z.core.$ZodType | undefined = zodDef(schema).shape?.[key];
  while (s) {
    const def = zodDef(s);
    if (def.type === "literal") return def.values ?? [];
    if (def.type !== "default") return undefined;
    s = def.innerType;
  }
  return undefined;
}

function discriminatedNode(schema: z.core.$ZodType, def: ZodDef): Node {
  const key = def.discriminator!;
  const byTag = new Map<unknown, Node>();
  for (const option of def.options!) {
    const tags = literalsOf(option, key);
    if (!tags) return viaZod(schema);
    for (const tag of tags) {
      if (typeof tag !== "string" || byTag.has(tag)) return viaZod(schema);
      byTag.set(tag, nodeFor(option));
    }
  }
  return (v) => {
    if (!isPlainObject(v)) return DECLINE;
    const node = byTag.get(v[key]);
    return node ? node(v) : DECLINE;
  };
}

/** The JSON classes a schema can accept, or null for "possibly any". Used to pick union members. */
function classesOf(schema: z.core.$ZodType): Set<string> | null {
  if (fieldMeta.get(schema)?.kind || guards.get(schema)) return null;
  const wire = wireFields.get(schema);
  if (wire) return wire.kind === "string-map" || wire.kind === "json-object" ? new Set(["object"]) : null;
  const def = zodDef(schema);
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
      return (def.values ?? []).some((x) => x === undefined) ? null : new Set((def.values ?? []).map(jsonTypeName));
    case "nullable":
    case "default":
    case "optional": {
      const inner = classesOf(def.innerType!);
      if (!inner) return null;
      inner.add(def.type === "nullable" ? "null" : "undefined");
      return inner;
    }
    default:
      return null;
  }
}

function unionNode(def: ZodDef): Node {
  // zod returns the first member that accepts. A member whose JSON classes exclude the value
  // surely rejects it; the first member that may accept it is tried, and if it declines, so do we.
  const options = def.options!.map((o) => ({ parse: nodeFor(o), classes: classesOf(o) }));
  const byClass = new Map<string, Node>();
  for (const c of ["string", "number", "boolean", "null", "array", "object"]) {
    const first = options.find((o) => o.classes === null || o.classes.has(c));
    if (first) byClass.set(c, first.parse);
  }
  return (v) => {
    if (v === undefined) return DECLINE;
    const node = byClass.get(jsonTypeName(v));
    if (!node) return DECLINE;
    const r = node(v);
    return r === undefined ? DECLINE : r;
  };
}

const envelopes = new WeakMap<ComponentSpec, Node>();

/**
 * `checkComponent`'s accepting path: the provider resolved, the role, the envelope and typed
 * config, the config version; DECLINE wherever `checkComponent` would report an issue.
 */
function fastComponent(value: unknown, roles: readonly Role[] | null): unknown {
  if (!isPlainObject(value)) return DECLINE;
  const given = value.provider;
  if (typeof given !== "string") return DECLINE;
  const provider = resolveProvider(given);
  const spec = specFor(provider);
  if (!spec) return provider.includes(".") ? nodeFor(ComponentModel)(value) : DECLINE;
  if (roles && !spec.roles.some((r) => roles.includes(r))) return DECLINE;
  let envelope = envelopes.get(spec);
  if (!envelope) envelopes.set(spec, (envelope = nodeFor(envelopeSchema(spec))));
  const result = envelope(provider === given ? value : { ...value, provider });
  if (result === DECLINE) return DECLINE;
  // ComponentLoader: `component_version or class.component_version`; older is refused (zod reports it).
  const version = (result as { component_version?: number | null }).component_version || spec.component_version;
  return version < spec.component_version ? DECLINE : result;
}

/**
 * The component model `loadComponent` would return for `payload`, or {@link DECLINE} when zod
 * must decide (an invalid document, a hostile one: a getter that throws is declined too).
 *
 * @example const c = fastLoadComponent(JSON.parse(text)); if (c !== DECLINE) use(c);
 */
export function fastLoadComponent(payload: unknown): unknown {
  try {
    return fastComponent(payload, null);
  } catch {
    return DECLINE;
  }
}
