/**
 * `agentchat-messages/anthropic`: AutoGen model-client messages → Anthropic Messages API
 * requests, and responses / streams → `CreateResult`, as AutoGen 0.7.5's
 * `AnthropicChatCompletionClient` does.
 *
 * @example
 * import { toAnthropicMessages } from "agentchat-messages/anthropic";
 * toAnthropicMessages([{ type: "UserMessage", source: "alice", content: "Hi" }], { model: "claude-3-5-sonnet-20241022" });
 * // { messages: [{ role: "user", content: "Hi" }] }
 *
 * @packageDocumentation
 */
export { toAnthropicMessages, type ToAnthropicMessagesOptions } from "./to-anthropic-messages.js";
export { toAnthropicRequest, type ToAnthropicRequestOptions } from "./to-anthropic-request.js";
export { fromAnthropicResponse, toolInputArguments, type FromAnthropicOptions } from "./from-anthropic-response.js";
export { anthropicStreamToResult, anthropicStream, AnthropicStreamAccumulator } from "./stream.js";
export {
  assertValidName,
  normalizeName,
  normalizeStopReason,
  getMimeTypeFromImage,
  toAnthropicTools,
  convertToolChoice,
} from "./helpers.js";
export { toolUseInput } from "./tool-arguments.js";
export { defaultAnthropicModelInfo, anthropicModelInfo, ANTHROPIC_MODEL_INFO } from "./model-info.js";
export { AnthropicConversionError, type AnthropicPythonErrorType } from "./errors.js";
export { ProviderConversionError } from "../conversion-error.js";
export type {
  AnthropicMessages,
  AnthropicMessageParam,
  AnthropicUserMessage,
  AnthropicAssistantMessage,
  AnthropicTextBlock,
  AnthropicImageBlock,
  AnthropicToolUseBlock,
  AnthropicToolResultBlock,
  AnthropicRequest,
  AnthropicTool,
  AnthropicToolSchema,
  AnthropicToolChoice,
  AnthropicThinkingConfig,
  AnthropicResponse,
  AnthropicResponseBlock,
  AnthropicStreamEvent,
} from "./types.js";
