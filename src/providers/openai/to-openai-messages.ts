/**
 * `toOpenAIMessages`: the `messages` array AutoGen's `OpenAIChatCompletionClient.create()`
 * sends for a list of `LLMMessage`s.
 */
import type { LLMMessage } from "../../schemas/llm-messages.js";
import type { ModelInfo } from "../../schemas/model-info.js";
import { convertMessage } from "./convert-message.js";
import { OpenAIConversionError, atPath } from "./errors.js";
import { assertMessageShapes } from "./message-shape.js";
import { effectiveModelInfo } from "./model-info.js";
import { assertVisionSupported, mergeIndexedSystemMessages, rstripLastAssistant, type IndexedMessage } from "./preprocess.js";
import { transformerMapFor } from "./transformer-map.js";
import type { OpenAIMessageParam } from "./types.js";

/**
 * The client settings that shape the messages (the names follow the TypeScript side;
 * AutoGen's are `model`, `model_info`, `add_name_prefixes`, `include_name_in_message`).
 *
 * @example const o: ToOpenAIMessagesOptions = { model: "gpt-4o", addNamePrefixes: true };
 */
export interface ToOpenAIMessagesOptions {
  /** The model name sent as `model`; it picks the default model info and, for `claude-…`, trailing-space stripping. */
  model: string;
  /** The client's `model_info`; when omitted, AutoGen's built-in entry for `model` (see `defaultModelInfo`). */
  modelInfo?: ModelInfo;
  /** Prefix user text with `"<source> said:\n"`. Default false. */
  addNamePrefixes?: boolean;
  /** Send `name` on user messages. Default true. */
  includeNameInMessage?: boolean;
  /** Receives the text of each warning AutoGen would emit before sending (a `modelInfo` without `structured_output`). */
  onWarning?: (message: string) => void;
}

/**
 * Converts AutoGen model-client messages into the Chat Completions `messages` array exactly as
 * AutoGen 0.7.5's `OpenAIChatCompletionClient` builds it: vision check, system-message merge
 * (unless `multiple_system_messages`), `claude-` trailing-space strip, then the per-family
 * table (base, Gemini, Claude, Mistral) for each message, flattened. The input is not
 * changed (AutoGen strips the `claude-` case in place; this returns a stripped copy).
 *
 * Images are sent as data URIs of the original bytes (AutoGen re-encodes them to PNG first).
 *
 * Throws {@link OpenAIConversionError} with AutoGen's message where AutoGen raises: unknown
 * model without `modelInfo`, missing `ModelInfo` field, image for a non-vision model,
 * non-contiguous system messages, invalid `source` name, unknown message type, empty list
 * for a `claude-` model; and (`TypeError`) for a field of the wrong type. The error's `path`
 * names the message by its index in `messages` (`messages[3].source`).
 *
 * @example
 * toOpenAIMessages(
 *   [
 *     { type: "SystemMessage", content: "Be brief." },
 *     { type: "UserMessage", source: "alice", content: "Weather?" },
 *     { type: "AssistantMessage", source: "bot", content: [{ id: "c1", name: "weather", arguments: "{}" }], thought: null },
 *     { type: "FunctionExecutionResultMessage", content: [{ content: "sunny", name: "weather", call_id: "c1", is_error: false }] },
 *   ],
 *   { model: "gpt-4o" },
 * );
 * // [
 * //   { content: "Be brief.", role: "system" },
 * //   { role: "user", name: "alice", content: "Weather?" },
 * //   { role: "assistant", tool_calls: [{ id: "c1", function: { arguments: "{}", name: "weather" }, type: "function" }], content: null },
 * //   { content: "sunny", role: "tool", tool_call_id: "c1" },
 * // ]
 */
export function toOpenAIMessages(messages: readonly LLMMessage[], options: ToOpenAIMessagesOptions): OpenAIMessageParam[] {
  return convertMessages(messages, options).messages;
}

/**
 * The message half of `_process_create_args`, shared with `toOpenAIRequest`: returns the
 * converted messages and the model info used.
 *
 * @example convertMessages([{ type: "SystemMessage", content: "Hi" }], { model: "gpt-4o" }).messages // [{ content: "Hi", role: "system" }]
 */
export function convertMessages(
  messages: readonly LLMMessage[],
  options: ToOpenAIMessagesOptions,
): { messages: OpenAIMessageParam[]; modelInfo: ModelInfo } {
  const { model } = options;
  if (typeof model !== "string") throw new OpenAIConversionError("expected a model name (string)", "TypeError", "model");
  // Constructing the client comes first upstream, so model-info errors win over message errors.
  const modelInfo = effectiveModelInfo(model, options.modelInfo, options.onWarning);
  // AutoGen's pydantic types reject these before create() runs.
  assertMessageShapes(messages);
  assertVisionSupported(messages, modelInfo);
  let list: IndexedMessage[] = messages.map((message, index) => ({ message, index }));
  if (!modelInfo.multiple_system_messages) list = mergeIndexedSystemMessages(list);
  if (model.startsWith("claude-")) list = rstripLastAssistant(list);
  const ctx = {
    map: transformerMapFor(model, String(modelInfo.family)),
    prependName: options.addNamePrefixes ?? false,
    includeNameInMessage: options.includeNameInMessage ?? true,
  };
  return { messages: list.flatMap((e) => atPath(`messages[${e.index}]`, () => convertMessage(e.message, ctx))), modelInfo };
}
