/**
 * The walker that turns a zod schema of the library into the JSON Schema (draft 2020-12) of its
 * input (wire) form, and the `$defs` a document collects on the way. `to-json-schema.ts` (the
 * messages, states and unions, by name) and `components.ts` (the component documents) both use
 * it; it imports neither, so the two documents' modules depend on it and not on each other.
 */
import type * as z from "zod/mini";
import { generatedDefaults } from "../schemas/base.js";
import { StructuredMessage } from "../schemas/chat-messages.js";
import { stateFields } from "../state/fields.js";
import { wireFields, type WireFieldKind } from "../wire/fields.js";
import { zodDef } from "../zod-def.js";
import { stateFieldSchema } from "./state-schemas.js";

/** A JSON Schema document. */
export type JSONSchema = Record<string, unknown>;

/** Canonical `created_at`: RFC 3339 with an offset, or pydantic's naive form (no offset). */
const NAIVE_DATETIME = "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{6})?$";

const WIRE_SCHEMAS: Record<WireFieldKind, JSONSchema> = {
  int: { type: "integer" },
  float: { type: "number" },
  bool: { type: "boolean" },
  datetime: { type: "string", anyOf: [{ format: "date-time" }, { pattern: NAIVE_DATETIME }] },
  image: {
    type: "object",
    properties: { data: { type: "string", contentEncoding: "base64", description: "Base64 of PNG, JPEG, GIF, WEBP, BMP, TIFF, ICO or PNM bytes." } },
    required: ["data"],
  },
  "string-map": { type: "object", additionalProperties: { type: "string" } },
  "json-object": { type: "object" },
};

/** Whether an object may omit the field on input: it has a default or is optional (zod's `optin`). */
function optionalOnInput(schema: z.core.$ZodType): boolean {
  const def = zodDef(schema);
  if (def.type === "catch") return optionalOnInput(def.innerType!);
  // A `preprocess` pipe (a transform first) is as optional as the schema it feeds.
  if (def.type === "pipe" && zodDef(def.in!).type === "transform") return optionalOnInput(def.out!);
  return (schema._zod as { optin?: string }).optin !== undefined;
}

/** `anyOf` of plain `{ type }` members is written as one `type` list (`["string", "null"]`). */
function anyOf(members: JSONSchema[]): JSONSchema {
  if (members.every((m) => Object.keys(m).length === 1 && m.type !== undefined)) {
    const types = [...new Set(members.flatMap((m) => m.type as string | string[]))];
    return { type: types.length === 1 ? types[0] : types };
  }
  return { anyOf: members };
}

/** Describes a schema the walker does not know by itself (the component schemas), or `undefined`. */
export type SchemaHook = (schema: z.core.$ZodType) => JSONSchema | undefined;

/**
 * The input (wire) form of a schema, for the schema kinds the library's models use. Anything
 * else (a transform, `z.custom`) accepts any value, as `z.toJSONSchema`'s `unrepresentable: "any"`.
 * `hook` is asked first at every node (the component schemas use it for their own kinds).
 */
export function generate(schema: z.core.$ZodType, hook?: SchemaHook): JSONSchema {
  const own = hook?.(schema);
  if (own) return own;
  const stateField = stateFields.get(schema);
  if (stateField) return stateFieldSchema(stateField, { generate, ref });
  const meta = wireFields.get(schema);
  if (meta) return structuredClone(WIRE_SCHEMAS[meta.kind]);
  if (schema === StructuredMessage.shape.type) return { type: "string", pattern: "^StructuredMessage\\[[^\\]]+\\]$" };
  const def = zodDef(schema);
  switch (def.type) {
    case "number":
      return { type: def.format === "safeint" ? "integer" : "number" };
    case "string":
    case "boolean":
    case "null":
      return { type: def.type };
    case "literal": {
      const values = def.values ?? [];
      const types = [...new Set(values.map((v) => (v === null ? "null" : typeof v)))];
      const type = types.length === 1 ? types[0] : types;
      return values.length === 1 ? { type, const: values[0] } : { type, enum: values };
    }
    case "enum":
      return { type: "string", enum: Object.values(def.entries ?? {}) };
    case "array":
      return { type: "array", items: generate(def.element!, hook) };
    case "object": {
      const properties: Record<string, JSONSchema> = {};
      const required: string[] = [];
      for (const [key, field] of Object.entries(def.shape!)) {
        properties[key] = generate(field, hook);
        // Fields with a default (or optional ones) may be absent on input.
        if (!optionalOnInput(field)) required.push(key);
      }
      const js: JSONSchema = { type: "object", properties };
      if (required.length) js.required = required;
      if (def.catchall !== undefined) js.additionalProperties = generate(def.catchall as z.core.$ZodType, hook);
      return js;
    }
    case "union": {
      const branches = def.options!.map((o) => generate(o, hook));
      if (def.discriminator === undefined) return anyOf(branches);
      // Inside a tagged union the tag is required (a missing `type` is rejected), whatever its default.
      for (const branch of branches) {
        const required = (branch.required as string[] | undefined) ?? [];
        if (!required.includes(def.discriminator)) branch.required = [...required, def.discriminator];
      }
      return { type: "object", oneOf: branches, discriminator: { propertyName: def.discriminator } };
    }
    case "nullable":
      return anyOf([generate(def.innerType!, hook), { type: "null" }]);
    case "optional":
    case "catch":
      return generate(def.innerType!, hook);
    case "default": {
      const js = generate(def.innerType!, hook);
      if (!generatedDefaults.has(schema)) js.default = structuredClone(def.defaultValue);
      return js;
    }
    case "pipe":
      return generate(def.in!, hook);
    default:
      return {};
  }
}

/** The definitions the document being generated refers to (`$ref: "#/$defs/<name>"`; states nest recursively). */
let defs: Map<string, JSONSchema> | undefined;

function ref(name: string, build: () => JSONSchema): JSONSchema {
  defs ??= new Map();
  if (!defs.has(name)) {
    defs.set(name, {}); // taken before building: a recursive reference finds it
    defs.set(name, build());
  }
  return { $ref: `#/$defs/${name}` };
}

/**
 * The document `build` returns, with the definitions its schemas referred to as `$defs` (no
 * `$defs` key when there are none). The definitions are collected for one document at a time.
 */
export function withDefs(build: () => JSONSchema): JSONSchema {
  defs = undefined;
  try {
    const doc = build();
    if (defs) doc.$defs = Object.fromEntries(defs);
    return doc;
  } finally {
    defs = undefined;
  }
}
