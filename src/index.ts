/**
 * agentchat-messages: typed, validated, wire-exact AutoGen 0.7 chat messages and agent
 * events for TypeScript.
 *
 * @packageDocumentation
 */

// Messages and events
export {
  TextMessage,
  MultiModalMessage,
  StopMessage,
  HandoffMessage,
  ToolCallSummaryMessage,
  StructuredMessage,
  structuredMessageSchema,
  type StructuredMessageType,
} from "./schemas/chat-messages.js";
export {
  ToolCallRequestEvent,
  ToolCallExecutionEvent,
  MemoryQueryEvent,
  UserInputRequestedEvent,
  ModelClientStreamingChunkEvent,
  ThoughtEvent,
  SelectSpeakerEvent,
  CodeGenerationEvent,
  CodeExecutionEvent,
  SelectorEvent,
} from "./schemas/agent-events.js";
export { baseMessageFields, messageType, type MessageKindSchema } from "./schemas/base.js";
export { newMessageId, setIdGenerator, resetIdGenerator, type IdGenerator } from "./ids.js";
export {
  ChatMessage,
  AgentEvent,
  AgentMessage,
  CHAT_MESSAGE_SCHEMAS,
  AGENT_EVENT_SCHEMAS,
  EXTRA_EVENT_SCHEMAS,
  LLM_MESSAGE_SCHEMAS,
  type AnyChatMessage,
  type AnyAgentEvent,
  type KindGroup,
} from "./kinds.js";

// Model-client and core types
export {
  SystemMessage,
  UserMessage,
  AssistantMessage,
  FunctionExecutionResultMessage,
  LLMMessage,
} from "./schemas/llm-messages.js";
export {
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
} from "./schemas/core.js";
export type { LiteralEnum } from "./zod-def.js";
export {
  ModelFamily,
  ModelInfo,
  ModelCapabilities,
  ModelInfoError,
  validateModelInfo,
  MODEL_FAMILIES,
  type KnownFamily,
} from "./schemas/model-info.js";
export {
  ToolCallMessage,
  ToolCallResultMessage,
  upgradeLegacyMessage,
} from "./schemas/legacy.js";

// Loading, dumping, creating, narrowing
export { load, safeLoad } from "./load.js";
export { parseWith, safeParseWith, type SafeLoadResult, type MessageSchema, type MessageParsing, type MessageObject } from "./parse.js";
export {
  MessageRegistry,
  MessageRegistryError,
  defaultRegistry,
  type MessageKind,
  type CustomKind,
  type StructuredMessageOptions,
} from "./registry.js";

// Renderers
export { toText, toModelText, toModelMessage, type ModelMessageOf, type RegistryOption } from "./render/renderers.js";
export type { ToTextOptions, ToModelTextOptions, KindRenderers } from "./kind-renderers/builtin.js";
export { PyFloat, pyReprFloat } from "./python/float.js";
export { pyRepr, pyStr, pyReprString, pyReprInt } from "./python/repr.js";
export type { LiveObjects } from "./kind-renderers/model-reprs.js";
export {
  pyFormat,
  FormatStringError,
  DEFAULT_MAX_FORMAT_WIDTH,
  DEFAULT_MAX_OUTPUT_LENGTH,
  type PyFormatOptions,
  type PythonFormatErrorType,
} from "./python/format.js";
export { toPythonValues, pydanticJson } from "./python/pydantic.js";
export { dump, dumpAs } from "./dump.js";
export { createMessage, createStructuredMessage, type MessageInit, type BuiltinSchemas, type BuiltinSchema } from "./create.js";
export {
  isChatMessage,
  isAgentEvent,
  isStructuredMessage,
  isMessageType,
  type BuiltinMessageType,
} from "./guards.js";
export {
  MessageValidationError,
  formatPath,
  type MessageIssue,
  type IssuePath,
} from "./errors.js";

// Wire-level building blocks (the checkers behind them stay internal: import those from their modules)
export { LaxInt, LaxBool, LaxFloat, Datetime, StringMap, JsonObjectSchema } from "./wire/fields.js";
export { createdAtToDate } from "./wire/datetime.js";
export { imageMimeType, imageDataUri, decodeBase64 } from "./wire/image-data.js";
export type { JsonValue, JsonObject } from "./wire/json-data.js";

// Subpaths: `agentchat-messages/json-schema` (toJSONSchema), `/structured` (content models from a
// JSON Schema), `/contracts` (Response, TaskResult, …), `/stream` (JSON Lines, StreamAssembler),
// `/console` (ConsoleRenderer, MessageStats): kept out of this entry for its bundle size.
