/**
 * `toAnthropicRequest`: the whole Messages API request body AutoGen's
 * `AnthropicChatCompletionClient.create()` / `create_stream()` sends.
 */
import type { LLMMessage } from "../../schemas/llm-messages.js";
import { AnthropicConversionError } from "./errors.js";
import { convertToolChoice, toAnthropicTools } from "./helpers.js";
import { convertConversation, type ToAnthropicMessagesOptions } from "./to-anthropic-messages.js";
import type { AnthropicRequest, AnthropicThinkingConfig, AnthropicToolSchema } from "./types.js";

/**
 * The call's settings: AutoGen's `create()` arguments and the client's create args, with
 * TypeScript names (`maxTokens` for `max_tokens`, …).
 *
 * @example const o: ToAnthropicRequestOptions = { model: "claude-3-5-sonnet-20241022", tools: [{ name: "search" }], toolChoice: "required" };
 */
export interface ToAnthropicRequestOptions extends ToAnthropicMessagesOptions {
  /** Tool schemas (`{ name, description?, parameters? }`). */
  tools?: readonly AnthropicToolSchema[];
  /** `"auto"` (default), `"required"`, `"none"`, or one of the tools (`{ name }`) to force it. */
  toolChoice?: "auto" | "required" | "none" | { readonly name: string };
  /** `max_tokens`; default 4096. */
  maxTokens?: number;
  /** `temperature`; default 1.0. */
  temperature?: number;
  /** `create_stream()` instead of `create()`: adds `stream: true`. */
  stream?: boolean;
  /** Copied as `top_p`, when given. */
  topP?: number;
  /** Copied as `top_k`, when given. */
  topK?: number;
  /** Copied as `stop_sequences`, when given. */
  stopSequences?: string[];
  /** Copied as `metadata`, when given. */
  metadata?: { user_id?: string | null };
  /** Copied as `thinking` (e.g. `{ type: "enabled", budget_tokens: 2048 }`), when given. */
  thinking?: AnthropicThinkingConfig;
}

/**
 * Builds the request body exactly as AutoGen 0.7.5's Anthropic client does: `model`, the
 * converted `messages` ({@link toAnthropicMessages}), `max_tokens` (4096), `temperature` (1.0),
 * `stream` for streaming, `system` when there is one, `tools` ({@link toAnthropicTools}) and
 * `tool_choice` ({@link convertToolChoice}) when tools are given **or the history holds tool
 * results** (then AutoGen resends the tools of its previous call; a fresh client has none, so
 * `tools: []` and `tool_choice: {type: "auto"}` are sent), then the optional parameters.
 *
 * Throws {@link AnthropicConversionError} where AutoGen raises: everything
 * {@link toAnthropicMessages} throws, tools for a model without function calling, an invalid tool
 * name (`tools[i]: …`), a forced tool that is not among the tools.
 *
 * @example
 * toAnthropicRequest([{ type: "UserMessage", source: "user", content: "Hi" }], { model: "claude-3-5-sonnet-20241022", stream: true });
 * // { model: "claude-3-5-sonnet-20241022", messages: [{ role: "user", content: "Hi" }], max_tokens: 4096, temperature: 1, stream: true }
 */
export function toAnthropicRequest(
  messages: readonly LLMMessage[],
  options: ToAnthropicRequestOptions & { stream: true },
): AnthropicRequest & { stream: true };
export function toAnthropicRequest(
  messages: readonly LLMMessage[],
  options: ToAnthropicRequestOptions & { stream?: false },
): Omit<AnthropicRequest, "stream">;
export function toAnthropicRequest(messages: readonly LLMMessage[], options: ToAnthropicRequestOptions): AnthropicRequest;
export function toAnthropicRequest(messages: readonly LLMMessage[], options: ToAnthropicRequestOptions): AnthropicRequest {
  const { system, messages: converted, modelInfo, hasToolResults } = convertConversation(messages, options);
  const tools = options.tools ?? [];
  const toolChoice = options.toolChoice ?? "auto";
  if (modelInfo.function_calling === false && tools.length > 0) {
    throw new AnthropicConversionError("Model does not support function calling");
  }
  const request: AnthropicRequest = {
    model: options.model,
    messages: converted,
    max_tokens: options.maxTokens ?? 4096,
    temperature: options.temperature ?? 1.0,
  };
  if (options.stream) request.stream = true;
  if (system !== undefined) request.system = system;
  if (tools.length > 0) request.tools = toAnthropicTools(tools);
  else if (hasToolResults) request.tools = []; // AutoGen's `_last_used_tools` of a fresh client
  if (typeof toolChoice === "object" && toolChoice !== null) {
    if (tools.length === 0 && !hasToolResults) throw new AnthropicConversionError("tool_choice specified but no tools provided");
    const available = tools.map((t) => t.name);
    if (!available.includes(toolChoice.name)) {
      throw new AnthropicConversionError(`tool_choice references '${toolChoice.name}' but it's not in the available tools`);
    }
  }
  if (tools.length > 0 || hasToolResults) request.tool_choice = convertToolChoice(toolChoice);
  if (options.topP !== undefined) request.top_p = options.topP;
  if (options.topK !== undefined) request.top_k = options.topK;
  if (options.stopSequences !== undefined) request.stop_sequences = options.stopSequences;
  if (options.metadata !== undefined) request.metadata = options.metadata;
  if (options.thinking !== undefined) request.thinking = options.thinking;
  return request;
}
