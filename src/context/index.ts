/**
 * `agentchat-messages/context`: the model context an AutoGen 0.7.5 `AssistantAgent` holds
 * after a run, rebuilt from what the run streamed, ready for a provider converter
 * (`toOpenAIRequest`, `toAnthropicRequest`, `toGeminiContents`, `toModelMessages`).
 *
 * @example
 * import { toModelContext } from "agentchat-messages/context";
 * import { toOpenAIRequest } from "agentchat-messages/openai";
 * const messages = toModelContext(run, { agent: "writer", systemMessage: "You are a writer." });
 * const request = toOpenAIRequest(messages, { model: "gpt-4o" });
 *
 * @packageDocumentation
 */
export { toModelContext } from "./to-model-context.js";
export type { ToModelContextOptions } from "./options.js";
export { viewModelContext, type ModelContextView } from "./views.js";
export { listMemoryMessages } from "./memory.js";
