/**
 * `agentchat-messages/openai`: AutoGen model-client messages → OpenAI Chat Completions
 * request messages, as AutoGen 0.7.5's `OpenAIChatCompletionClient` sends them.
 *
 * @example
 * import { toOpenAIMessages } from "agentchat-messages/openai";
 * toOpenAIMessages([{ type: "UserMessage", source: "alice", content: "Hi" }], { model: "gpt-4o" });
 * // [{ role: "user", name: "alice", content: "Hi" }]
 *
 * @packageDocumentation
 */
export { toOpenAIMessages, type ToOpenAIMessagesOptions } from "./to-openai-messages.js";
export { defaultModelInfo, resolveOpenAIModel } from "./model-info.js";
export { transformerMapFor, type TransformerMapName } from "./transformer-map.js";
export { assertValidName } from "./names.js";
export { OpenAIConversionError, type PythonErrorType } from "./errors.js";
export { OPENAI_MODEL_INFO, OPENAI_MODEL_POINTERS } from "./model-info-table.js";
export type {
  OpenAIMessageParam,
  OpenAISystemMessage,
  OpenAIUserMessage,
  OpenAIAssistantMessage,
  OpenAIToolMessage,
  OpenAIToolCall,
  OpenAITextPart,
  OpenAIImagePart,
} from "./types.js";
export {
  fromOpenAIResponse,
  type FromOpenAIResponseOptions,
  type OpenAIChatCompletion,
} from "./from-openai-response.js";
export { normalizeStopReason, normalizeToolName, parseR1Content } from "./response-helpers.js";
export {
  openAIStreamToResult,
  type OpenAIStreamOptions,
  type OpenAIChatCompletionChunk,
} from "./stream-to-result.js";
