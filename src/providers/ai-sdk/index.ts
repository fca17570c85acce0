/**
 * `agentchat-messages/ai-sdk`: AutoGen model-client messages ⇄ Vercel AI SDK `ModelMessage`s
 * (`ai` v6), with a lossless round trip (see the README section "Vercel AI SDK").
 *
 * @example
 * import { fromModelMessages, toModelMessages } from "agentchat-messages/ai-sdk";
 * const messages = toModelMessages([{ type: "UserMessage", source: "alice", content: "Hi" }]);
 * // [{ role: "user", content: "Hi", providerOptions: { agentchat: { source: "alice" } } }]
 * fromModelMessages(messages); // [{ content: "Hi", source: "alice", type: "UserMessage" }]
 *
 * @packageDocumentation
 */
export { toModelMessages, type ToModelMessagesOptions } from "./to-model-messages.js";
export { fromModelMessages, type FromModelMessagesOptions, type ModelMessageLike } from "./from-model-messages.js";
export { AISDKConversionError } from "./errors.js";
export { ProviderConversionError } from "../conversion-error.js";
export {
  AGENTCHAT_KEY,
  type AgentchatProviderOptions,
  type AIModelMessage,
  type AISystemMessage,
  type AIUserMessage,
  type AIAssistantMessage,
  type AIToolMessage,
  type AITextPart,
  type AIImagePart,
  type AIReasoningPart,
  type AIToolCallPart,
  type AIToolResultPart,
} from "./types.js";
