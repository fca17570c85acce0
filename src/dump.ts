/**
 * `dump`: the JSON form of any value of the library's types, with keys in Python's order.
 * The order comes from the zod schemas themselves: a dumper is compiled once per schema
 * by walking its definition, so there is no second list of fields to keep in sync.
 */
import type * as z from "zod/mini";
import { zodDef as defOf } from "./zod-def.js";
import { formatPath } from "./errors.js";
import { BUILTIN_KINDS, LLM_KINDS } from "./kinds.js";
import { StructuredMessage, isStructuredMessageType } from "./schemas/chat-messages.js";
import { copyJsonValue, isPlainObject, setOwn } from "./wire/json-data.js";
import { ownView } from "./wire/own-view.js";
import { wireFields } from "./wire/fields.js";
import { Source, jitAllowed } from "./fast/compile.js";
import { jsonTypeName as classOf } from "./wire/check.js";

type Dumper = (value: unknown) => unknown;

const cache = new WeakMap<z.core.$ZodType, Dumper>();

function dumperFor(schema: z.core.$ZodType): Dumper {
  let d = cache.get(schema);
  if (d) return d;
  // Recursive schemas (z.lazy) would loop: register a forwarder before compiling.
  let compiled: Dumper | undefined;
  cache.set(schema, (v) => compiled!(v));
  compiled = compile(schema);
  cache.set(schema, compiled);
  return compiled;
}

/** `v` read by its own properties: itself when plain, else its view (see own-view.ts). */
function own(v: object): object {
  return isPlainObject(v) ? v : (ownView(v) as object);
}

/** Deep copy of JSON data, `__proto__` keys kept as data. */
function copyJson(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  const r = copyJsonValue(value);
  if (r.ok) return r.value;
  throw new TypeError(`dump: the value at ${formatPath(r.path)} is not JSON data: ${r.message}`);
}

/** The JSON type class a schema accepts at its root, used to pick a union branch. */
function jsonClass(schema: z.core.$ZodType): string {
  const meta = wireFields.get(schema);
  if (meta) {
    if (meta.kind === "int" || meta.kind === "float") return "number";
    if (meta.kind === "bool") return "boolean";
    if (meta.kind === "datetime") return "string";
    return "object";
  }
  const def = defOf(schema);
  switch (def.type) {
    case "object":
    case "record":
      return "object";
    case "array":
      return "array";
    case "literal":
    case "enum":
      return typeof def.values?.[0] === "string" ? "string" : typeof def.values?.[0];
    case "default":
    case "nullable":
    case "optional":
      return jsonClass(def.innerType!);
    default:
      return def.type; // string, number, boolean, …
  }
}

function literalOf(schema: z.core.$ZodType, key: string): unknown {
  let s = defOf(schema).shape?.[key];
  while (s && defOf(s).type !== "literal") s = defOf(s).innerType;
  return s ? defOf(s).values?.[0] : undefined;
}

/** JSON copy of a free-form map; the common empty map without the validating walk. */
function copyJsonMap(v: unknown): unknown {
  if (v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype) {
    // for…in stops at the first own enumerable key: only a truly empty plain object skips the copy.
    for (const _ in v) return copyJson(v);
    return {};
  }
  return copyJson(v);
}

/** Whether a schema's values are JSON scalars written as they are (its dumper is the identity). */
function isScalar(schema: z.core.$ZodType): boolean {
  const meta = wireFields.get(schema);
  if (meta) return meta.kind === "int" || meta.kind === "float" || meta.kind === "bool" || meta.kind === "datetime";
  const def = defOf(schema);
  switch (def.type) {
    case "string":
    case "number":
    case "boolean":
    case "null":
    case "literal":
    case "enum":
      return true;
    case "default":
    case "prefault":
    case "nullable":
    case "optional":
    case "readonly":
      return isScalar(def.innerType!);
    default:
      return false;
  }
}

/**
 * The object dumper as generated code: one object literal in the schema's key order (one
 * hidden class, no per-key stores), for values that have every key; others go to `slow`.
 */
function generatedObject(keys: readonly string[], fields: readonly (Dumper | null)[], slow: Dumper): Dumper {
  const src = new Source();
  const c = src.ref(copyJson);
  const plain = src.ref(isPlainObject);
  const reads = keys.map((k, i) => `a${i}=v[${JSON.stringify(k)}]`).join(",");
  const missing = keys.map((_, i) => `a${i}===undefined`).join("||");
  const props = keys.map((k, i) => `${JSON.stringify(k)}:${fields[i] ? `${src.ref(fields[i])}(a${i})` : `typeof a${i}==="object"&&a${i}!==null?${c}(a${i}):a${i}`}`);
  return src.build(`if(v===null||typeof v!=="object"||Array.isArray(v))return ${c}(v);if(!${plain}(v))return ${src.ref(slow)}(v);const ${reads};if(${missing})return ${src.ref(slow)}(v);return{${props.join(",")}}`);
}

function compile(schema: z.core.$ZodType): Dumper {
  const meta = wireFields.get(schema);
  if (meta) {
    if (meta.kind === "image") return (v) => (v !== null && typeof v === "object" ? { data: (own(v) as { data: unknown }).data } : v);
    if (meta.kind === "json-object" || meta.kind === "string-map") return copyJsonMap;
    return (v) => v;
  }
  const def = defOf(schema);
  switch (def.type) {
    case "object": {
      const shape = def.shape!;
      const keys = Object.keys(shape);
      // null marks a scalar field, copied without a call.
      const fields = keys.map((k) => (isScalar(shape[k]!) ? null : dumperFor(shape[k]!)));
      // Keys come from the schema; only a "__proto__" key needs setOwn's defineProperty.
      const direct = !keys.includes("__proto__");
      const slow: Dumper = (v) => {
        if (v === null || typeof v !== "object" || Array.isArray(v)) return copyJson(v);
        // A class instance or prototype chain: only its own properties are written.
        const src = own(v) as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) {
          const key = keys[i]!;
          let x = src[key];
          if (x === undefined) continue;
          const f = fields[i]!;
          // A scalar field holding an object (a hand-built value) is still copied, never shared.
          if (f !== null) x = f(x);
          else if (typeof x === "object" && x !== null) x = copyJson(x);
          if (direct) out[key] = x;
          else setOwn(out, key, x);
        }
        return out;
      };
      return direct && keys.length > 0 && jitAllowed() ? generatedObject(keys, fields, slow) : slow;
    }
    case "array": {
      const element = dumperFor(def.element!);
      return (v) => (Array.isArray(v) ? v.map((x) => element(x)) : copyJson(v));
    }
    case "default":
    case "prefault":
    case "nullable":
    case "optional":
    case "readonly": {
      const inner = dumperFor(def.innerType!);
      return (v) => (v === null || v === undefined ? v : inner(v));
    }
    case "union": {
      const options = def.options!;
      if (def.discriminator) {
        const byTag = new Map<unknown, Dumper>();
        for (const o of options) byTag.set(literalOf(o, def.discriminator), dumperFor(o));
        const key = def.discriminator;
        return (v) => {
          const d = v !== null && typeof v === "object" ? byTag.get((own(v) as Record<string, unknown>)[key]) : undefined;
          return d ? d(v) : copyJson(v);
        };
      }
      const byClass = new Map<string, Dumper>();
      for (const o of options) {
        const c = jsonClass(o);
        if (!byClass.has(c)) byClass.set(c, dumperFor(o));
      }
      return (v) => (byClass.get(classOf(v)) ?? copyJson)(v);
    }
    default:
      return copyJson;
  }
}

/**
 * The JSON form of `value` as `schema` describes it: keys in the schema's order, unknown
 * keys dropped, images reduced to `{ data }`, free-form maps deep-copied.
 *
 * @example dumpAs(FunctionCall, { name: "f", id: "1", arguments: "{}" }) // { id: "1", arguments: "{}", name: "f" }
 */
export function dumpAs(schema: z.core.$ZodType, value: unknown): unknown {
  return dumperFor(schema)(value);
}

function schemaForType(type: unknown): z.core.$ZodType | undefined {
  if (typeof type !== "string") return undefined;
  const kind = BUILTIN_KINDS.get(type);
  if (kind) return kind.schema;
  const llm = LLM_KINDS.get(type);
  if (llm) return llm;
  return isStructuredMessageType(type) ? StructuredMessage : undefined;
}

/**
 * The JSON form of any value of the library's types (message, event, model-client message,
 * core value, or an array of them), exactly as Python AutoGen's `dump()` /
 * `model_dump(mode="json")` writes it: same keys, same order. Returns new objects; never
 * changes `value`. It does not re-validate: pass values from `load`, a schema's `parse` or
 * the creation helpers (validate hand-built objects with the schema first).
 *
 * @example JSON.stringify(dump(load(payload))) // byte-identical to Python's json.dumps(msg.dump(), separators=(",", ":"), ensure_ascii=False) for float-free messages
 */
export function dump<T>(value: T): unknown {
  if (Array.isArray(value)) return value.map((v) => dump(v));
  if (value !== null && typeof value === "object") {
    // The type of a class instance or prototype chain is its own `type`, as every other field.
    const o = own(value);
    const schema = schemaForType((o as Record<string, unknown>).type);
    if (schema) return dumperFor(schema)(o);
  }
  return copyJson(value);
}
