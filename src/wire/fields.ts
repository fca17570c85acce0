/**
 * Zod schemas for the wire-level field types whose rules zod cannot express directly:
 * pydantic's lax int/bool/float, datetimes, images, `Dict[str, str]` and free-form JSON.
 * Each wraps a checker from this folder, so the rule lives in one place and the fast
 * loading path can call the same checker without going through zod.
 */
import * as z from "zod/mini";
import type { Check } from "./check.js";
import { describeValue, fail, pass } from "./check.js";
import { laxBool, laxFloat, laxInt } from "./coerce.js";
import { normalizeDatetime } from "./datetime.js";
import { checkImage, checkImageData } from "./image-data.js";
import { processWide } from "../process-wide.js";
import { copyJsonObject, copyJsonValue, isPlainObject, notAnObject, setOwn, type JsonObject, type JsonValue } from "./json-data.js";

/** The wire field kinds that {@link wireFields} records for each checked schema. */
export type WireFieldKind = "int" | "bool" | "float" | "datetime" | "image" | "string-map" | "json-object";

/** Metadata attached to every checked field schema: which wire kind and checker it uses. */
export interface WireFieldMeta {
  readonly kind: WireFieldKind;
  /** What the field expects, for error messages that combine alternatives ("string or image object"). */
  readonly expected: string;
  /** The checker the schema wraps: the one place the field's rule lives. */
  readonly check: (value: unknown) => Check<unknown> & { path?: (string | number)[] };
}

/**
 * Registry of the checked field schemas: lets tooling (JSON Schema export, the fast
 * loading path) recognise them without parsing transforms. Process-wide (see `processWide`), so
 * the renderers of one copy of the library know the `LaxFloat` of another.
 *
 * @example wireFields.get(LaxInt)?.kind // "int"
 */
export const wireFields = /* @__PURE__ */ processWide("wireFields", () => z.registry<WireFieldMeta>());

/**
 * A schema that runs `check` on the raw input and reports its failure as a custom issue carrying
 * pydantic's error code (also the leaves of `contentSchemaFromJsonSchema`).
 */
export function checkedSchema<T>(expected: string, check: (value: unknown) => Check<T> & { path?: (string | number)[] }) {
  return z.pipe(z.unknown(), z.transform((value: unknown, ctx): T => {
    const r: Check<T> & { path?: (string | number)[] } =
      value === undefined ? fail("missing", "Field required") : check(value);
    if (r.ok) return r.value;
    ctx.issues.push({ code: "custom", message: r.message, input: value, path: r.path ?? [], params: { code: r.code, expected, hint: r.hint } });
    return z.NEVER;
  }));
}

/**
 * A checked wire field, registered in {@link wireFields}. Its input type is what the checker
 * accepts (`z.input<typeof LaxInt>` is `number | string | boolean`), so typed input such as
 * `createMessage`'s is checked at compile time; `parse` still takes any value.
 */
function checked<T, In>(
  kind: WireFieldKind,
  expected: string,
  check: (value: unknown) => Check<T> & { path?: (string | number)[] },
): z.ZodMiniType<T, In> {
  return checkedSchema(expected, check).register(wireFields, { kind, expected, check }) as unknown as z.ZodMiniType<T, In>;
}

/**
 * A Python `int` field in pydantic's lax mode: integers, integral floats, `true`/`false`,
 * and numeric strings such as `" 3 "`, `"3_000"`, `"+3"`, `"3.0"`.
 *
 * @example LaxInt.parse("3_000") // 3000
 */
export const LaxInt = /* @__PURE__ */ checked<number, number | string | boolean>("int", "integer", (v) => laxInt(v));

/**
 * A Python `bool` field in pydantic's lax mode (`"yes"`, `"off"`, `1`, `0.0`, …).
 *
 * @example LaxBool.parse("yes") // true
 */
export const LaxBool = /* @__PURE__ */ checked<boolean, boolean | number | string>("bool", "boolean", (v) => laxBool(v));

/**
 * A Python `float` field in pydantic's lax mode (numbers and numeric strings).
 *
 * @example LaxFloat.parse("-1.5") // -1.5
 */
export const LaxFloat = /* @__PURE__ */ checked<number, number | string | boolean>("float", "number", (v) => laxFloat(v));

/**
 * A `datetime` field: any input pydantic accepts (ISO 8601 strings, dates, unix seconds or
 * milliseconds) or a JavaScript `Date`, normalised to the ISO string pydantic writes
 * (`2025-04-06T21:56:09.134291Z`; naive values stay naive, a `Date` is written in UTC).
 *
 * @example Datetime.parse("2025-04-06 21:56:09+00:00") // "2025-04-06T21:56:09Z"
 * @example Datetime.parse(new Date(Date.UTC(2025, 3, 6, 21, 56, 9, 134))) // "2025-04-06T21:56:09.134000Z"
 */
export const Datetime = /* @__PURE__ */ checked<string, string | number | Date>("datetime", "datetime", normalizeDatetime);

/**
 * An AutoGen `Image`: `{ "data": "<base64>" }` whose bytes are an image format AutoGen
 * reads. The base64 text is kept exactly; other keys are dropped.
 *
 * @example Image.parse({ data: "iVBORw0KGgo…" }) // { data: "iVBORw0KGgo…" }
 */
export const Image = /* @__PURE__ */ checked<{ data: string }, { data: string }>("image", "image object", checkImage);
/** An AutoGen image as the library holds it: the base64 text of the original bytes. */
export type Image = z.infer<typeof Image>;

function checkStringMap(value: unknown): Check<Record<string, string>> & { path?: (string | number)[] } {
  if (!isPlainObject(value)) return notAnObject(value);
  const out: Record<string, string> = {};
  for (const key of Object.keys(value)) {
    const v = value[key];
    if (typeof v !== "string") {
      return { ...fail("string_type", `expected string, got ${describeValue(v)}`), path: [key] };
    }
    setOwn(out, key, v);
  }
  return pass(out);
}

/**
 * `Dict[str, str]` (the messages' `metadata`): every value must be a string. Keys such as
 * `__proto__` are kept as own data properties of a fresh object.
 *
 * @example StringMap.parse({ trace_id: "abc" }) // { trace_id: "abc" }
 */
export const StringMap = /* @__PURE__ */ checked<Record<string, string>, Record<string, string>>("string-map", "object", checkStringMap);

/**
 * `Dict[str, Any]`: any JSON object, deep-copied, with `__proto__`/`constructor` keys kept
 * as plain data and nesting limited (see `MAX_JSON_DEPTH`).
 *
 * @example JsonObjectSchema.parse({ a: [1, { b: null }] })
 */
export const JsonObjectSchema = /* @__PURE__ */ checked<JsonObject, JsonObject>("json-object", "object", copyJsonObject);

/**
 * `MemoryContent.content` given an object. Its type is `str | bytes | Dict[str, Any] | Image`:
 * `Dict[str, Any]` takes any object, but only as a "strict" match (because of `Any`), so
 * pydantic's smart union goes on to try `Image`, whose validator decodes a non-null `data` key
 * with `base64.b64decode` and opens the bytes with Pillow. A `ValueError` there (undecodable
 * base64, a PNG chunk too short for its handler) leaves the dict in place; anything else escapes pydantic and AutoGen crashes:
 * `TypeError` for data that is not a string, `UnidentifiedImageError` / `OSError` for bytes
 * Pillow cannot read. Those objects are rejected here (README difference 5), at `data`; an
 * object holding a readable image stays a plain object, as in AutoGen.
 */
function checkMemoryContentObject(value: unknown): Check<JsonObject> & { path?: (string | number)[] } {
  const r = copyJsonObject(value);
  if (!r.ok || !Object.hasOwn(r.value, "data") || r.value.data === null) return r;
  const image = checkImageData(r.value.data);
  if (image.ok || image.code === "image_base64" || image.code === "image_value_error") return r;
  return { ...fail(image.code, `AutoGen reads an object with a "data" key as an image: ${image.message}`), path: ["data"] };
}

/**
 * `MemoryContent.content` as an object: `Dict[str, Any]`, except that an object with a
 * non-null `data` key that AutoGen would fail to open as an image is rejected (AutoGen
 * crashes on it instead of loading it).
 *
 * @example MemoryContentObject.parse({ text: "fact" }) // { text: "fact" }
 */
export const MemoryContentObject = /* @__PURE__ */ checked<JsonObject, JsonObject>("json-object", "object", checkMemoryContentObject);

/**
 * The extra keys of a model that keeps them (pydantic's `extra="allow"`, a TypedDict such as
 * `ModelInfo`): each value must be JSON data (nesting bounded, no BigInt, `Map`, `Date`, class
 * instance or cycle) and is deep-copied, so a loaded model never shares an object with its input
 * and always dumps.
 */
const ExtraJson = /* @__PURE__ */ checkedSchema<JsonValue>("JSON value", (v) => copyJsonValue(v));

/**
 * `z.looseObject(shape)` whose extra keys are validated and copied as JSON data (see
 * `ExtraJson`): the loose models (`ModelInfo`, MCP `Tool`, …) keep their extras as data, never
 * by reference. Typed as zod's loose object.
 *
 * @example looseJsonObject({ uri: z.string() }).parse({ uri: "x", extra: [1] }) // { uri: "x", extra: [1] } (a copy)
 */
export function looseJsonObject<const S extends z.core.$ZodLooseShape>(shape: S): z.ZodMiniObject<S, z.core.$loose> {
  return z.catchall(z.object(shape), ExtraJson) as unknown as z.ZodMiniObject<S, z.core.$loose>;
}
