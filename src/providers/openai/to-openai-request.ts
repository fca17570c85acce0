/**
 * `toOpenAIRequest`: the whole Chat Completions request body AutoGen's
 * `OpenAIChatCompletionClient.create()` / `create_stream()` sends.
 */
import type { LLMMessage } from "../../schemas/llm-messages.js";
import { OpenAIConversionError } from "./errors.js";
import { convertMessages, type ToOpenAIMessagesOptions } from "./to-openai-messages.js";
import {
  toOpenAIToolChoice,
  toOpenAITools,
  toolNames,
  type OpenAITool,
  type OpenAIToolChoice,
  type ToolChoice,
  type ToolLike,
  type ToolSchema,
} from "./tools.js";
import type { OpenAIMessageParam } from "./types.js";

/**
 * The client settings and `create()` / `create_stream()` arguments that shape the body.
 *
 * @example const o: ToOpenAIRequestOptions = { model: "gpt-4o", tools: [{ name: "search" }], toolChoice: "required", stream: true, includeUsage: true };
 */
export interface ToOpenAIRequestOptions extends ToOpenAIMessagesOptions {
  /** `tools=`: tool schemas or tool objects (`{ schema }`). Default none. */
  tools?: ReadonlyArray<ToolSchema | ToolLike>;
  /** `tool_choice=`; sent only with tools. Default `"auto"`. */
  toolChoice?: ToolChoice;
  /** `create_stream()` (true) or `create()` (false, the default). */
  stream?: boolean;
  /**
   * `create_stream(include_usage=…)`. AutoGen sends `stream_options: { include_usage: true }`
   * whenever it is given, even as `false`; ignored when `stream` is not true (`create()` has no
   * such argument).
   */
  includeUsage?: boolean;
}

/**
 * The Chat Completions request body (keys in the order the OpenAI SDK serialises them).
 *
 * @example const b: OpenAIChatCompletionRequest = { messages: [{ role: "user", name: "u", content: "Hi" }], model: "gpt-4o", stream: false };
 */
export interface OpenAIChatCompletionRequest<Stream extends boolean = boolean> {
  messages: OpenAIMessageParam[];
  model: string;
  stream: Stream;
  stream_options?: { include_usage: boolean };
  tool_choice?: OpenAIToolChoice;
  tools?: OpenAITool[];
}

/**
 * Builds the request body AutoGen sends for `create(messages, tools=…, tool_choice=…)`
 * (or `create_stream(…, include_usage=…)` with `stream: true`): the `messages` of
 * `toOpenAIMessages`, `model`, `stream`, and `tools` / `tool_choice` when tools are given
 * (`tool_choice` is left out without tools, as upstream), `stream_options` when
 * `includeUsage` is given for a stream. Pass it to the OpenAI SDK's
 * `client.chat.completions.create(body)`.
 *
 * Throws {@link OpenAIConversionError} where AutoGen raises, in AutoGen's order: the
 * `toOpenAIMessages` errors, then "Model does not support function calling" (tools given and
 * `modelInfo.function_calling` false), an invalid tool name, a forced tool that is not among
 * the tools ("tool_choice references '…' but it's not in the provided tools", "tool_choice
 * specified but no tools provided"), an invalid `toolChoice`. The input is not changed.
 *
 * @example
 * toOpenAIRequest([{ type: "UserMessage", source: "alice", content: "Weather in Paris?" }], {
 *   model: "gpt-4o",
 *   tools: [{ name: "weather", parameters: { type: "object", properties: { city: { type: "string" } } } }],
 * });
 * // {
 * //   messages: [{ role: "user", name: "alice", content: "Weather in Paris?" }],
 * //   model: "gpt-4o",
 * //   stream: false,
 * //   tool_choice: "auto",
 * //   tools: [{ type: "function", function: { name: "weather", description: "", parameters: { type: "object", properties: { city: { type: "string" } } }, strict: false } }],
 * // }
 */
export function toOpenAIRequest(
  messages: readonly LLMMessage[],
  options: ToOpenAIRequestOptions & { stream: true },
): OpenAIChatCompletionRequest<true>;
export function toOpenAIRequest(
  messages: readonly LLMMessage[],
  options: ToOpenAIRequestOptions & { stream?: false },
): OpenAIChatCompletionRequest<false>;
export function toOpenAIRequest(messages: readonly LLMMessage[], options: ToOpenAIRequestOptions): OpenAIChatCompletionRequest;
export function toOpenAIRequest(messages: readonly LLMMessage[], options: ToOpenAIRequestOptions): OpenAIChatCompletionRequest {
  const converted = convertMessages(messages, options);
  const tools = options.tools ?? [];
  if (!Array.isArray(tools)) throw new OpenAIConversionError("expected a list of tools", "TypeError", "tools");
  if (converted.modelInfo.function_calling === false && tools.length > 0) {
    throw new OpenAIConversionError("Model does not support function calling", "ValueError", "tools");
  }
  const openAITools = toOpenAITools(tools);
  const toolChoice = options.toolChoice ?? "auto";
  if (toolChoice !== null && typeof toolChoice === "object" && "schema" in toolChoice) {
    if (tools.length === 0) throw new OpenAIConversionError("tool_choice specified but no tools provided", "ValueError", "toolChoice");
    const name = toolChoice.schema?.name;
    if (!toolNames(tools).includes(name)) {
      throw new OpenAIConversionError(`tool_choice references '${name}' but it's not in the provided tools`, "ValueError", "toolChoice");
    }
  }
  const stream = options.stream === true;
  const body: OpenAIChatCompletionRequest = { messages: converted.messages, model: options.model, stream };
  // Upstream adds {"include_usage": True} for any non-None include_usage, False included.
  if (stream && options.includeUsage !== undefined && options.includeUsage !== null) body.stream_options = { include_usage: true };
  if (openAITools.length > 0) {
    body.tool_choice = toOpenAIToolChoice(toolChoice);
    body.tools = openAITools;
  }
  return body;
}
