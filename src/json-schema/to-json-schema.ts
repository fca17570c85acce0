/**
 * JSON Schema (draft 2020-12) of the wire form of every kind, generated from the zod schemas'
 * definitions by a small walker (generate.ts; zod's `z.toJSONSchema` is as large as the rest of zod). The
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
import type { BuiltinMessageType } from "../guards.js";
import { quoteName } from "../wire/check.js";
import { AnyState, ChatCompletionContextState, STATE_SCHEMAS, type StateClassName } from "../state/schemas.js";
import { componentJSONSchema, componentJSONSchemaNames } from "./components.js";
import { generate, withDefs, type JSONSchema } from "./generate.js";

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
 * The names {@link toJSONSchema} accepts: every message, event, union and core type, every saved
 * state class, then the component model (`ComponentModel`, `Component`) and every component config class.
 *
 * @example jsonSchemaNames().includes("TextMessage") // true
 */
export function jsonSchemaNames(): JsonSchemaName[] {
  named ??= namedSchemas();
  return [...named.keys(), ...(componentJSONSchemaNames() as ComponentSchemaName[])];
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
  return withDefs(() => ({ $schema: "https://json-schema.org/draft/2020-12/schema", ...generate(schema), title: name }));
}
