/**
 * `agentchat-messages/openai`: AutoGen model-client messages → OpenAI Chat Completions
 * requests, and responses / streams → AutoGen's `CreateResult`, as AutoGen 0.7.5's
 * `OpenAIChatCompletionClient` does it.
 *
 * @example
 * import { toOpenAIMessages } from "agentchat-messages/openai";
 * toOpenAIMessages([{ type: "UserMessage", source: "alice", content: "Hi" }], { model: "gpt-4o" });
 * // [{ role: "user", name: "alice", content: "Hi" }]
 *
 * @packageDocumentation
 */
export { toOpenAIMessages, type ToOpenAIMessagesOptions } from "./to-openai-messages.js";
export { toOpenAIRequest, type ToOpenAIRequestOptions, type OpenAIChatCompletionRequest } from "./to-openai-request.js";
export {
  toOpenAITools,
  toOpenAIToolChoice,
  type ToolSchema,
  type ToolLike,
  type ToolChoice,
  type OpenAITool,
  type OpenAIToolChoice,
} from "./tools.js";
export { removeImages } from "./remove-images.js";
export { defaultModelInfo, resolveOpenAIModel } from "./model-info.js";
export { findModelFamily, transformerMapFor, type TransformerMapName } from "./transformer-map.js";
export { assertValidName } from "./names.js";
export { OpenAIConversionError, type PythonErrorType } from "./errors.js";
export { ProviderConversionError } from "../conversion-error.js";
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
  OpenAIStreamAccumulator,
  type OpenAIStreamOptions,
  type OpenAIChatCompletionChunk,
} from "./stream-accumulator.js";
export { openAIStreamToResult, streamOpenAI } from "./stream-to-result.js";
