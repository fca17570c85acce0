/**
 * The fast loading path: a plain-JS validator + normaliser compiled once per zod schema by
 * walking its definition, so the schemas stay the single source of truth.
 *
 * A compiled function only ever *accepts*: it returns exactly what the schema's `parse` would
 * return (new objects in schema key order, defaults from the schema's own default thunks,
 * unknown keys stripped, wire fields normalised by the same checkers zod calls), or
 * {@link DECLINE} on any doubt (a check failure, a non-plain object, an input shape whose zod
 * outcome it does not model). The caller then runs zod, which decides and explains.
 *
 * Objects and arrays are compiled to generated code where the runtime allows it (as zod
 * itself does; not under zod's `jitless` or a CSP that forbids `new Function`): one function
 * per schema node gives every call and property access its own, monomorphic, inline cache and
 * builds each result as an object literal with a fixed shape. Elsewhere, and for nodes the
 * generator leaves out, closures over the same rules do the work.
 */
import * as z from "zod/mini";
import { guards, zodDef as defOf, type ZodDef } from "../zod-def.js";
import { FAILED, jsonTypeName as classOf } from "../wire/check.js";
import { laxIntFast } from "../wire/coerce.js";
import { normalizeDatetimeFast } from "../wire/datetime.js";
import { wireFields, type WireFieldKind, type WireFieldMeta } from "../wire/fields.js";
import { isPlainObject } from "../wire/json-data.js";

/** Returned by a compiled validator when zod must decide. */
export const DECLINE: unique symbol = Symbol("decline");

/**
 * A compiled validator: the parsed value, or {@link DECLINE}. `plain`: the caller has found the
 * value a plain object (an object parser need not test it again); only `true` counts, so a parser
 * handed to `map` (which passes an index) still tests.
 */
export type FastParser = (value: unknown, plain?: boolean) => unknown;

/**
 * Fast forms of schemas the compiler cannot read (pipes, refinements: the component configs'
 * fields), each built from the compiler, which compiles their parts in the same mode.
 */
export const fastForms = /* @__PURE__ */ new WeakMap<z.core.$ZodType, (c: Compiler) => FastParser>();

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
  const p = cache.get(schema);
  return p !== undefined ? p : compileParser(schema, cache, jitAllowed());
}

let canEval: boolean | undefined;

/**
 * Whether this runtime lets the library generate code (memoised {@link evalAllowed}); `dump`
 * asks too.
 *
 * @example if (jitAllowed()) { … } // generated code, else closures
 */
export function jitAllowed(): boolean {
  return (canEval ??= evalAllowed());
}

/**
 * Whether generated code may be used: not under zod's `jitless` (which also spares a strict
 * CSP the probe and its violation report), nor where `new Function` throws (CSP, Cloudflare
 * Workers).
 */
function evalAllowed(): boolean {
  if (z.config().jitless) return false;
  try {
    return new Function("return 1")() === 1;
  } catch {
    return false;
  }
}

/**
 * {@link fastParser} with code generation on or off, into its own cache (tests compare both).
 *
 * @example compileParser(TextMessage, new WeakMap(), false)
 */
export function compileParser(schema: z.core.$ZodType, done: WeakMap<z.core.$ZodType, FastParser | null>, jit: boolean): FastParser | null {
  let p = done.get(schema);
  if (p !== undefined) return p;
  try {
    p = new Compiler(done, jit).node(schema);
  } catch {
    // Unsupported nodes, or a schema whose definition cannot be read: zod handles it.
    p = null;
  }
  done.set(schema, p);
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
    case "enum":
      return new Set(literalValues(def).map(classOf));
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

function literalValues(def: ZodDef): unknown[] {
  const values = def.type === "enum" ? Object.values(def.entries ?? {}) : (def.values ?? []);
  if (values.some((x) => x === undefined)) throw new Unsupported();
  return values;
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

/**
 * The fast forms of the checkers `src/wire/fields.ts` registers under each kind (same rule, no
 * result object). `string-map`: an empty object is the common case (`metadata: {}`); any
 * other value goes through the checker.
 */
const FAST_FORMS: Partial<Record<WireFieldKind, (value: unknown, meta: WireFieldMeta) => unknown>> = {
  int: laxIntFast,
  datetime: normalizeDatetimeFast,
  "string-map": (v, meta) => {
    if (isPlainObject(v)) {
      for (const _ in v) return viaCheck(v, meta);
      return {};
    }
    return FAILED;
  },
};

function viaCheck(value: unknown, meta: WireFieldMeta): unknown {
  const r = meta.check(value);
  return r.ok ? r.value : FAILED;
}

/** A wire field's checker as a function returning the value or FAILED. */
function fastForm(meta: WireFieldMeta): (value: unknown) => unknown {
  const form = FAST_FORMS[meta.kind] ?? viaCheck;
  return (v) => form(v, meta);
}

/** The wire-field checker of a schema as a parser: its value, or DECLINE (missing is zod's "Field required"). */
function wireParser(meta: WireFieldMeta): FastParser {
  const check = fastForm(meta);
  return (v) => {
    if (v === undefined) return DECLINE;
    const r = check(v);
    return r === FAILED ? DECLINE : r;
  };
}

/**
 * The values generated code closes over; `dump` generates its object dumpers with it too.
 *
 * @example const src = new Source(); src.build(`return ${src.ref(f)}(v)`)
 */
export class Source {
  readonly values: unknown[] = [];

  /** A name for `value` in the generated code. */
  ref(value: unknown): string {
    let i = this.values.indexOf(value);
    if (i < 0) i = this.values.push(value) - 1;
    return `c${i}`;
  }

  /** `function (v, p) { body }` (or with the parameters `params`) with the referenced values bound. */
  build(body: string, params = "v,p"): FastParser {
    return new Function(...this.values.map((_, i) => `c${i}`), `"use strict";return function(${params}){${body}}`)(...this.values) as FastParser;
  }
}

export type { Compiler };

class Compiler {
  readonly #pending = new Map<z.core.$ZodType, FastParser>();

  constructor(
    readonly done: WeakMap<z.core.$ZodType, FastParser | null>,
    readonly jit: boolean,
  ) {}

  node(schema: z.core.$ZodType): FastParser {
    const done = this.done.get(schema);
    if (done) return done;
    if (done === null) throw new Unsupported();
    const pending = this.#pending.get(schema);
    if (pending) return pending;
    // Recursive schemas: a forwarder stands in until the node is compiled.
    let compiled: FastParser | undefined;
    this.#pending.set(schema, (v) => compiled!(v));
    compiled = this.build(schema);
    this.#pending.set(schema, compiled);
    return compiled;
  }

  build(schema: z.core.$ZodType): FastParser {
    const form = fastForms.get(schema);
    if (form) return form(this);
    const meta = wireFields.get(schema);
    if (meta) return wireParser(meta);
    const guard = guards.get(schema);
    if (guard) {
      // `guarded(test)`: the value passes through when the test says so.
      const test = guard.test;
      return (v) => (v !== undefined && test(v) ? v : DECLINE);
    }
    const def = defOf(schema);
    if (def.checks && def.checks.length > 0) throw new Unsupported();
    switch (def.type) {
      case "string":
      case "boolean":
        if (def.coerce) throw new Unsupported();
        return def.type === "string" ? (v) => (typeof v === "string" ? v : DECLINE) : (v) => (typeof v === "boolean" ? v : DECLINE);
      case "number":
        if (def.coerce) throw new Unsupported();
        return (v) => (typeof v === "number" && Number.isFinite(v) ? v : DECLINE);
      case "null":
        return (v) => (v === null ? null : DECLINE);
      case "literal":
      case "enum": {
        const values = literalValues(def);
        if (values.length === 1) {
          const only = values[0];
          return (v) => (v === only ? v : DECLINE);
        }
        const set = new Set(values);
        return (v) => (set.has(v) ? v : DECLINE);
      }
      case "default": {
        const inner = this.node(def.innerType!);
        return (v) => {
          // Read through the getter: zod's thunk or a fresh shallow clone, exactly as `.default()` does.
          if (v === undefined) return def.defaultValue;
          const r = inner(v);
          return r === undefined ? def.defaultValue : r;
        };
      }
      case "nullable": {
        const inner = this.node(def.innerType!);
        return (v) => (v === null ? null : inner(v));
      }
      case "optional": {
        // `undefined` means "absent"; the object compiler decides whether zod would keep the key.
        const inner = this.node(def.innerType!);
        return (v) => (v === undefined ? undefined : inner(v));
      }
      case "lazy": {
        const getter = def.getter;
        if (typeof getter !== "function") throw new Unsupported();
        let inner: FastParser | undefined;
        return (v) => (inner ??= this.node(getter()))(v);
      }
      case "array":
        return this.jit ? this.generatedArray(def) : this.arrayParser(def);
      case "object":
        return this.objectParser(def);
      case "union":
        return def.discriminator !== undefined ? this.discriminatedParser(def) : this.unionParser(def);
      default:
        throw new Unsupported();
    }
  }

  /**
   * Statements checking the value in variable `x` against `schema` that leave the result in
   * variable `out` or `return D`. Wrappers and scalars are written out; anything else calls its
   * compiled parser. Returns whether `out` may end up `undefined` (which the caller declines).
   */
  emit(schema: z.core.$ZodType, x: string, out: string, src: Source): [code: string, mayBeUndefined: boolean] {
    const D = src.ref(DECLINE);
    const meta = wireFields.get(schema);
    const def = meta ? undefined : defOf(schema);
    if (meta) {
      // The same checker the zod transform calls; `undefined` is zod's "Field required".
      const form = FAST_FORMS[meta.kind];
      const call = form ? `${src.ref(form)}(${x},${src.ref(meta)})` : `${src.ref(fastForm(meta))}(${x})`;
      return [`if(${x}===undefined)return ${D};${out}=${call};if(${out}===${src.ref(FAILED)})return ${D};`, true];
    } else if ((def!.checks?.length ?? 0) > 0) {
      // Refined nodes are refused by their parser.
    } else if (def!.type === "string" && !def!.coerce) {
      return [`if(typeof ${x}!=="string")return ${D};${out}=${x};`, false];
    } else if (def!.type === "literal" || def!.type === "enum") {
      const values = literalValues(def!);
      const test = values.length === 1 ? `${x}!==${src.ref(values[0])}` : `!${src.ref(new Set(values))}.has(${x})`;
      return [`if(${test})return ${D};${out}=${x};`, false];
    } else if (def!.type === "optional") {
      const [inner] = this.emit(def!.innerType!, x, out, src);
      return [`if(${x}===undefined)${out}=undefined;else{${inner}}`, true];
    } else if (def!.type === "nullable") {
      const [inner, undef] = this.emit(def!.innerType!, x, out, src);
      return [`if(${x}===null)${out}=null;else{${inner}}`, undef];
    } else if (def!.type === "default") {
      const [inner, undef] = this.emit(def!.innerType!, x, out, src);
      const dflt = `${out}=${src.ref(def)}.defaultValue;`;
      return [`if(${x}===undefined){${dflt}}else{${inner}${undef ? `if(${out}===undefined)${dflt}` : ""}}`, true];
    }
    const parser = this.node(schema);
    return [`${out}=${src.ref(parser)}(${x});if(${out}===${D})return ${D};`, true];
  }

  generatedArray(def: ZodDef): FastParser {
    const src = new Source();
    const D = src.ref(DECLINE);
    const [element] = this.emit(def.element!, "x", "r", src);
    return src.build(
      `if(!Array.isArray(v))return ${D};const n=v.length,o=new Array(n);` +
        `for(let i=0;i<n;i++){const x=v[i];let r;${element}if(r===undefined)return ${D};o[i]=r}return o`,
    );
  }

  arrayParser(def: ZodDef): FastParser {
    const element = this.node(def.element!);
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

  objectParser(def: ZodDef): FastParser {
    if (def.catchall !== undefined) throw new Unsupported(); // loose/strict objects
    const shape = def.shape!;
    const keys = Object.keys(shape);
    if (keys.includes("__proto__") || Object.getOwnPropertySymbols(shape).length > 0) throw new Unsupported();
    const optional = keys.map((k) => defOf(shape[k]!).type === "optional");
    // Generated: one assignment per key, in shape order; an absent optional key is left out.
    // Without optional keys the result starts as a literal of its final shape: one allocation
    // (`{}` has room for four properties; more need a separate store and map transitions).
    if (this.jit) {
      const src = new Source();
      const D = src.ref(DECLINE);
      let body = `if(p!==true&&!${src.ref(isPlainObject)}(v))return ${D};const o={${optional.includes(true) ? "" : keys.map((k) => `${JSON.stringify(k)}:0`)}};let x,r;`;
      keys.forEach((key, i) => {
        const k = JSON.stringify(key);
        const [code, undef] = this.emit(shape[key]!, "x", "r", src);
        body += `x=v[${k}];${code}${undef ? `if(r===undefined)${optional[i] ? `{if(${k} in v)return ${D}}else ` : `return ${D};`}` : ""}o[${k}]=r;`;
      });
      return src.build(`${body}return o`);
    }
    const fields = keys.map((k) => this.node(shape[k]!));
    const n = keys.length;
    return (value, plain) => {
      if (plain !== true && !isPlainObject(value)) return DECLINE;
      const v = value as Record<string, unknown>;
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

  discriminatedParser(def: ZodDef): FastParser {
    const key = def.discriminator!;
    const byTag = new Map<unknown, FastParser>();
    for (const option of def.options!) {
      const parser = this.node(option);
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

  unionParser(def: ZodDef): FastParser {
    // zod returns the first member that accepts. A member whose JSON classes exclude the value
    // surely rejects it; the first member that may accept it is tried, and if it declines, so do we.
    const options = def.options!.map((o) => ({ parse: this.node(o), classes: classesOf(o) }));
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
}
