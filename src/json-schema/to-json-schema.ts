/**
 * JSON Schema (draft 2020-12) of the wire form of every kind, generated from the zod schemas'
 * definitions by a small walker (zod's `z.toJSONSchema` is as large as the rest of zod). The
 * wire field schemas (lax ints, datetimes, images, maps), which zod sees as transforms, are
 * described by what `dump` writes and `load` accepts in canonical form, tighter than
 * pydantic's own schema where pydantic says "any".
 */
import type * as z from "zod/mini";
import {
  AgentEvent,
  AgentMessage,
  AGENT_EVENT_SCHEMAS,
  CHAT_MESSAGE_SCHEMAS,
  ChatMessage,
  EXTRA_EVENT_SCHEMAS,
  LLM_MESSAGE_SCHEMAS,
  kindName,
} from "../kinds.js";
import { generatedDefaults } from "../schemas/base.js";
import { StructuredMessage } from "../schemas/chat-messages.js";
import {
  ChatCompletionTokenLogprob,
  CodeBlock,
  CodeResult,
  CreateResult,
  FinishReasons,
  FunctionCall,
  FunctionExecutionResult,
  Image,
  MemoryContent,
  MemoryMimeType,
  RequestUsage,
  TopLogprob,
} from "../schemas/core.js";
import { LLMMessage } from "../schemas/llm-messages.js";
import { ModelCapabilities, ModelFamily, ModelInfo } from "../schemas/model-info.js";
import { wireFields, type WireFieldKind } from "../wire/fields.js";
import { zodDef } from "../zod-def.js";
import type { BuiltinMessageType } from "../guards.js";
import { quoteName } from "../wire/check.js";
import { stateFields } from "../state/fields.js";
import { AnyState, ChatCompletionContextState, STATE_SCHEMAS, type StateClassName } from "../state/schemas.js";
import { stateFieldSchema } from "./state-schemas.js";
import { componentJSONSchema, componentJSONSchemaNames } from "./components.js";

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

/** The `type` of every message, event and model-client message kind. */
type KindName = z.output<
  (typeof CHAT_MESSAGE_SCHEMAS)[number] | (typeof AGENT_EVENT_SCHEMAS)[number] | (typeof EXTRA_EVENT_SCHEMAS)[number] | (typeof LLM_MESSAGE_SCHEMAS)[number]
>["type"];

/**
 * The names {@link toJSONSchema} takes: every message, event and model-client message `type`,
 * the unions and the core types, the saved state classes and the component schemas. (Written out
 * for the API reference; `otherSchemas` must match it.)
 */
export type JsonSchemaName =
  | BuiltinMessageType
  | LLMMessage["type"]
  | "StructuredMessage"
  | "ChatMessage"
  | "AgentEvent"
  | "AgentMessage"
  | "LLMMessage"
  | "FunctionCall"
  | "FunctionExecutionResult"
  | "Image"
  | "RequestUsage"
  | "FinishReasons"
  | "TopLogprob"
  | "ChatCompletionTokenLogprob"
  | "CreateResult"
  | "MemoryMimeType"
  | "MemoryContent"
  | "CodeBlock"
  | "CodeResult"
  | "ModelFamily"
  | "ModelInfo"
  | "ModelCapabilities"
  | StateClassName
  | "AnyState"
  | "ChatCompletionContextState"
  | ComponentSchemaName;

/**
 * The component JSON Schemas' names: the component model, any component, and each config class
 * (`AssistantAgentConfig`, `OpenAIClientConfigurationConfigModel`, …; `componentJSONSchemaNames()`
 * lists them). Config class names come from the component specs at run time, so only their form is typed.
 */
export type ComponentSchemaName = "ComponentModel" | "Component" | `${string}Config` | `${string}ConfigModel`;

/** Every schema the library describes, by the Python class (or union) name. */
function namedSchemas(): Map<JsonSchemaName, z.core.$ZodType> {
  const named = new Map<JsonSchemaName, z.core.$ZodType>();
  for (const s of [...CHAT_MESSAGE_SCHEMAS, ...AGENT_EVENT_SCHEMAS, ...EXTRA_EVENT_SCHEMAS, ...LLM_MESSAGE_SCHEMAS]) {
    named.set(kindName(s) as KindName, s);
  }
  for (const [name, s] of Object.entries(otherSchemas())) named.set(name as JsonSchemaName, s);
  // Saved states (agentchat-messages/state).
  for (const [name, s] of STATE_SCHEMAS) named.set(name, s);
  named.set("AnyState", AnyState);
  named.set("ChatCompletionContextState", ChatCompletionContextState);
  return named;
}

/** The schemas named after a Python class or union that are not a message kind: exactly the other names of {@link JsonSchemaName}. */
function otherSchemas(): Record<Exclude<JsonSchemaName, KindName | StateClassName | "AnyState" | "ChatCompletionContextState" | ComponentSchemaName>, z.core.$ZodType> {
  return {
    StructuredMessage,
    ChatMessage,
    AgentEvent,
    AgentMessage,
    LLMMessage,
    FunctionCall,
    FunctionExecutionResult,
    Image,
    RequestUsage,
    FinishReasons,
    TopLogprob,
    ChatCompletionTokenLogprob,
    CreateResult,
    MemoryMimeType,
    MemoryContent,
    CodeBlock,
    CodeResult,
    ModelFamily,
    ModelInfo,
    ModelCapabilities,
  };
}

let named: Map<JsonSchemaName, z.core.$ZodType> | undefined;

/**
/**
 * The names {@link toJSONSchema} accepts: every message, event, union and core type, every saved
 * state class, then the component model (`ComponentModel`, `Component`) and every component config class.
 *
 * @example jsonSchemaNames().includes("TextMessage") // true
 */
export function jsonSchemaNames(): JsonSchemaName[] {
  named ??= namedSchemas();
  return [...named.keys(), ...(componentJSONSchemaNames() as ComponentSchemaName[])];
}

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
 * The JSON Schema of a kind's wire form, by its Python name (`"TextMessage"`,
 * `"ChatMessage"`, `"LLMMessage"`, `"FunctionCall"`, …): every property, `required` where
 * AutoGen requires it (fields with defaults are optional on input), `type` as a `const`,
 * unions as `oneOf` with a `discriminator` on `type`, `created_at` as a date-time (or
 * pydantic's naive form), images as `{ data: <base64 string> }`. Saved states too
 * (`"TeamState"`, `"AssistantAgentState"`, …, `"AnyState"`): messages inside refer to the
 * message unions and nested states to `AnyState`, through `$defs`. Component configs too, by their
 * config class (`"AssistantAgentConfig"`), with `"ComponentModel"` (the envelope) and `"Component"`
 * (a whole component file, nested components validated). Throws a `RangeError` for
 * an unknown name. The same documents ship as `agentchat-messages/json-schema/<Name>.json`.
 *
 * @example
 * const schema = toJSONSchema("TextMessage");
 * new Ajv2020().compile(schema)(payload); // validate in any JSON Schema tool
 */
export function toJSONSchema(name: JsonSchemaName): JSONSchema {
  named ??= namedSchemas();
  const schema = named.get(name);
  const component = schema ? undefined : componentJSONSchema(name);
  if (component) return component;
  if (!schema) throw new RangeError(`No JSON Schema for ${quoteName(name)}; known: ${jsonSchemaNames().join(", ")}`);
  defs = undefined;
  try {
    const doc: JSONSchema = { $schema: "https://json-schema.org/draft/2020-12/schema", ...generate(schema), title: name };
    if (defs) doc.$defs = Object.fromEntries(defs);
    return doc;
  } finally {
    defs = undefined;
  }
}
