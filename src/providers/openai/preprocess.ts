/**
 * The steps `BaseOpenAIChatCompletionClient._process_create_args` takes on the message list
 * before converting each message. None of them changes the caller's objects; each message
 * keeps the index it had in the caller's list, so errors can name it.
 */
import type { LLMMessage } from "../../schemas/llm-messages.js";
import type { ModelInfo } from "../../schemas/model-info.js";
import { OpenAIConversionError } from "./errors.js";
import { pyRstrip } from "../../python/str.js";

/**
 * A message with its index in the caller's list (a merged system message has the index of
 * the first system message it merges).
 *
 * @example const e: IndexedMessage = { message: { type: "SystemMessage", content: "hi" }, index: 0 };
 */
export interface IndexedMessage {
  message: LLMMessage;
  index: number;
}

/**
 * Throws AutoGen's "Model does not support vision and image was provided" (path
 * `messages[i].content[j]`) when the model has `vision: false` and a user message's list
 * content holds an image (a non-string part). Images are not stripped, as upstream (see
 * `removeImages` for what AutoGen's agents do first).
 *
 * @example assertVisionSupported([{ type: "UserMessage", source: "u", content: ["hi"] }], { vision: false, function_calling: false, json_output: false, family: "gpt-35" }) // no error
 */
export function assertVisionSupported(messages: readonly LLMMessage[], modelInfo: ModelInfo): void {
  // Upstream tests `is False`, so only an explicit false switches the check on.
  if (modelInfo.vision !== false) return;
  messages.forEach((m, i) => {
    if (m.type !== "UserMessage" || !Array.isArray(m.content)) return;
    const j = m.content.findIndex((p) => typeof p !== "string");
    if (j !== -1) {
      throw new OpenAIConversionError("Model does not support vision and image was provided", "ValueError", `messages[${i}].content[${j}]`);
    }
  });
}

/**
 * AutoGen's system-message merge on indexed messages (see {@link mergeSystemMessages}); a
 * non-contiguous system message throws at its own index.
 *
 * @example mergeIndexedSystemMessages([{ message: { type: "SystemMessage", content: "a" }, index: 0 }]) // [{ message: { type: "SystemMessage", content: "a" }, index: 0 }]
 */
export function mergeIndexedSystemMessages(messages: readonly IndexedMessage[]): IndexedMessage[] {
  let text = "";
  let first = -1;
  let last = -1;
  const rest: IndexedMessage[] = [];
  messages.forEach((entry, idx) => {
    const m = entry.message;
    if (m.type !== "SystemMessage") {
      rest.push(entry);
      return;
    }
    if (first === -1) first = idx;
    else if (last + 1 !== idx) {
      throw new OpenAIConversionError(
        "Multiple and Not continuous system messages are not supported if model_info['multiple_system_messages'] is False",
        "ValueError",
        `messages[${entry.index}]`,
      );
    }
    text += m.content + "\n";
    last = idx;
  });
  text = pyRstrip(text);
  // The system run is contiguous, so its first index is also its position among the rest.
  if (text !== "") rest.splice(first, 0, { message: { type: "SystemMessage", content: text }, index: messages[first]!.index });
  return rest;
}

/**
 * AutoGen's system-message merge, applied when `multiple_system_messages` is falsy or absent:
 * contiguous system messages are joined with "\n", right-stripped (even a single one), put
 * where the first one was, and left out when empty. Non-contiguous ones throw.
 *
 * @example
 * mergeSystemMessages([{ type: "SystemMessage", content: "a" }, { type: "SystemMessage", content: "b\n" }])
 * // [{ type: "SystemMessage", content: "a\nb" }]
 */
export function mergeSystemMessages(messages: readonly LLMMessage[]): LLMMessage[] {
  return mergeIndexedSystemMessages(messages.map((message, index) => ({ message, index }))).map((e) => e.message);
}

/**
 * For model names starting with `claude-`: AutoGen right-strips the last message's text when
 * it is an assistant text message (Claude rejects trailing whitespace there). AutoGen does
 * this in place; here a stripped copy replaces it. An empty list throws AutoGen's
 * `IndexError` text "list index out of range".
 *
 * @example rstripLastAssistant([{ message: { type: "AssistantMessage", source: "a", content: "ok \n", thought: null }, index: 0 }])[0].message.content // "ok"
 */
export function rstripLastAssistant(messages: readonly IndexedMessage[]): IndexedMessage[] {
  const last = messages[messages.length - 1];
  if (last === undefined) throw new OpenAIConversionError("list index out of range", "IndexError", "messages");
  const m = last.message;
  if (m.type !== "AssistantMessage" || typeof m.content !== "string") return [...messages];
  return [...messages.slice(0, -1), { message: { ...m, content: pyRstrip(m.content) }, index: last.index }];
}
