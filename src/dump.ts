/**
 * `dump`: the JSON form of any value of the library's types, with keys in Python's order.
 * The order comes from the zod schemas themselves: a dumper is compiled once per schema
 * by walking its definition, so there is no second list of fields to keep in sync.
 */
import type * as z from "zod/mini";
import { zodDef as defOf } from "./zod-def.js";
import { MessageValidationError, type IssuePath } from "./errors.js";
import { BUILTIN_KINDS, LLM_KINDS } from "./kinds.js";
import { StructuredMessage, isStructuredMessageType } from "./schemas/chat-messages.js";
import { isPlainObject, setOwn, toJsonValue } from "./wire/json-data.js";
import { viewUnlessPlain } from "./own-properties.js";
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
  return viewUnlessPlain(v) as object;
}

/** Where a copy failed: the object handed to {@link copyJson} and the path inside it. */
class NotJsonData {
  constructor(
    readonly at: object,
    readonly path: IssuePath,
    readonly code: string,
    readonly message: string,
  ) {}
}

/** Deep copy of JSON data, `__proto__` keys kept as data, NaN and ±Infinity written `null`. */
function copyJson(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  const r = toJsonValue(value);
  if (r.ok) return r.value;
  throw new NotJsonData(value, r.path, r.code, r.message);
}

/** A non-finite float (a Python `float` holding inf or nan) is written `null`, as pydantic's JSON writer does. */
const floatJson = (v: unknown): unknown => (typeof v === "number" && !Number.isFinite(v) ? null : v);

/** The path from `root` to the object `target` (depth-first, by identity), or undefined. */
function pathTo(root: unknown, target: object, depth = 0): (string | number)[] | undefined {
  if (root === target) return [];
  if (root === null || typeof root !== "object" || depth > 1000) return undefined;
  const keys: (string | number)[] = Array.isArray(root) ? root.map((_, i) => i) : isPlainObject(root) ? Object.keys(root) : [];
  for (const k of keys) {
    const p = pathTo((root as Record<string | number, unknown>)[k], target, depth + 1);
    if (p) return [k, ...p];
  }
  return undefined;
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
  if (meta) return meta.kind === "int" || meta.kind === "bool" || meta.kind === "datetime";
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
    return meta.kind === "float" ? floatJson : (v) => v;
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
 * keys dropped, images reduced to `{ data }`, free-form maps deep-copied, non-finite floats
 * written `null` (see {@link dump}).
 *
 * @example dumpAs(FunctionCall, { name: "f", id: "1", arguments: "{}" }) // { id: "1", arguments: "{}", name: "f" }
 */
export function dumpAs(schema: z.core.$ZodType, value: unknown): unknown {
  return reporting(value, dumperFor(schema));
}

/** Runs a dumper, turning a copy failure into a `MessageValidationError` with the path from `value`'s root. */
function reporting(value: unknown, dumper: Dumper): unknown {
  try {
    return dumper(value);
  } catch (e) {
    if (!(e instanceof NotJsonData)) throw e;
    const type = value !== null && typeof value === "object" ? (value as Record<string, unknown>).type : undefined;
    const path = [...(pathTo(value, e.at) ?? []), ...e.path];
    throw new MessageValidationError(typeof type === "string" ? type : undefined, [{ path, code: e.code, message: `cannot dump: ${e.message}` }]);
  }
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
 * A non-finite float (`"inf"`, `"nan"` or `1e400` in a float field, `Infinity` in free-form
 * data) is written `null`, as pydantic's JSON writer (`model_dump_json`) writes it, so the
 * result is always valid JSON; Python's `json.dumps(msg.dump())` would write the non-JSON
 * `Infinity` / `NaN` there.
 *
 * @throws MessageValidationError when `value` holds something that is not JSON data (a
 *   function, a class instance, `undefined` in free-form data), naming its path.
 * @example JSON.stringify(dump(load(payload))) // byte-identical to Python's json.dumps(msg.dump(), separators=(",", ":"), ensure_ascii=False) for float-free messages
 */
export function dump<T>(value: T): unknown {
  return reporting(value, dumpValue);
}

function dumpValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dumpValue);
  if (value !== null && typeof value === "object") {
    // The type of a class instance or prototype chain is its own `type`, as every other field.
    const o = own(value);
    const schema = schemaForType((o as Record<string, unknown>).type);
    if (schema) return dumperFor(schema)(o);
  }
  return copyJson(value);
}
