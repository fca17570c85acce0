/**
 * JSON Schema (draft 2020-12) of the wire form of every kind, generated from the zod schemas
 * with zod's own `z.toJSONSchema`. The wire field schemas (lax ints, datetimes, images, maps),
 * which zod sees as transforms, are described by what `dump` writes and `load` accepts in
 * canonical form, tighter than pydantic's own schema where pydantic says "any".
 */
import * as z from "zod/mini";
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

/** Every schema the library describes, by the Python class (or union) name. */
function namedSchemas(): Map<string, z.core.$ZodType> {
  const named = new Map<string, z.core.$ZodType>();
  for (const s of [...CHAT_MESSAGE_SCHEMAS, ...AGENT_EVENT_SCHEMAS, ...EXTRA_EVENT_SCHEMAS, ...LLM_MESSAGE_SCHEMAS]) {
    named.set(kindName(s), s);
  }
  const others: Record<string, z.core.$ZodType> = {
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
  for (const [name, s] of Object.entries(others)) named.set(name, s);
  return named;
}

let named: Map<string, z.core.$ZodType> | undefined;

/** The names {@link toJSONSchema} accepts: every message, event, union and core type. */
export function jsonSchemaNames(): string[] {
  named ??= namedSchemas();
  return [...named.keys()];
}

function override(ctx: { zodSchema: unknown; jsonSchema: JSONSchema }): void {
  const schema = ctx.zodSchema as z.core.$ZodType;
  const js = ctx.jsonSchema;
  const meta = wireFields.get(schema);
  if (meta) {
    for (const key of Object.keys(js)) delete js[key];
    Object.assign(js, structuredClone(WIRE_SCHEMAS[meta.kind]));
    return;
  }
  if (generatedDefaults.has(schema)) delete js.default;
  if (schema === StructuredMessage.shape.type) {
    for (const key of Object.keys(js)) delete js[key];
    Object.assign(js, { type: "string", pattern: "^StructuredMessage\\[[^\\]]+\\]$" });
  }
  const def = zodDef(schema);
  if (def.type === "union" && def.discriminator && Array.isArray(js.oneOf ?? js.anyOf)) {
    const branches = (js.oneOf ?? js.anyOf) as JSONSchema[];
    delete js.anyOf;
    // Inside a tagged union the tag is required (a missing `type` is rejected), whatever its default.
    for (const branch of branches) {
      const required = (branch.required as string[] | undefined) ?? [];
      if (!required.includes(def.discriminator)) branch.required = [...required, def.discriminator];
    }
    Object.assign(js, { type: "object", oneOf: branches, discriminator: { propertyName: def.discriminator } });
  }
}

/**
 * The JSON Schema of a kind's wire form, by its Python name (`"TextMessage"`,
 * `"ChatMessage"`, `"LLMMessage"`, `"FunctionCall"`, …): every property, `required` where
 * AutoGen requires it (fields with defaults are optional on input), `type` as a `const`,
 * unions as `oneOf` with a `discriminator` on `type`, `created_at` as a date-time (or
 * pydantic's naive form), images as `{ data: <base64 string> }`. Throws a `RangeError` for
 * an unknown name. The same documents ship as `agentchat-messages/json-schema/<Name>.json`.
 *
 * @example
 * const schema = toJSONSchema("TextMessage");
 * new Ajv2020().compile(schema)(payload); // validate in any JSON Schema tool
 */
export function toJSONSchema(name: string): JSONSchema {
  named ??= namedSchemas();
  const schema = named.get(name);
  if (!schema) throw new RangeError(`No JSON Schema for ${JSON.stringify(name)}; known: ${[...named.keys()].join(", ")}`);
  const js = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", override }) as JSONSchema;
  return { ...js, title: name };
}
