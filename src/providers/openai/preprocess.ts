/**
 * The steps `BaseOpenAIChatCompletionClient._process_create_args` takes on the message list
 * before converting each message. None of them changes the caller's objects.
 */
import type { LLMMessage } from "../../schemas/llm-messages.js";
import type { ModelInfo } from "../../schemas/model-info.js";
import { OpenAIConversionError } from "./errors.js";
import { pythonRstrip } from "./python-strings.js";

/**
 * Throws AutoGen's "Model does not support vision and image was provided" when the model has
 * `vision: false` and a user message's list content holds an image (a non-string part).
 * Images are not stripped, as upstream.
 *
 * @example assertVisionSupported([{ type: "UserMessage", source: "u", content: ["hi"] }], { vision: false, function_calling: false, json_output: false, family: "gpt-35" }) // no error
 */
export function assertVisionSupported(messages: readonly LLMMessage[], modelInfo: ModelInfo): void {
  // Upstream tests `is False`, so only an explicit false switches the check on.
  if (modelInfo.vision !== false) return;
  for (const m of messages) {
    if (m.type === "UserMessage" && Array.isArray(m.content) && m.content.some((p) => typeof p !== "string")) {
      throw new OpenAIConversionError("Model does not support vision and image was provided");
    }
  }
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
  let text = "";
  let first = -1;
  let last = -1;
  const rest: LLMMessage[] = [];
  messages.forEach((m, idx) => {
    if (m.type !== "SystemMessage") {
      rest.push(m);
      return;
    }
    if (first === -1) first = idx;
    else if (last + 1 !== idx) {
      throw new OpenAIConversionError(
        "Multiple and Not continuous system messages are not supported if model_info['multiple_system_messages'] is False",
      );
    }
    text += m.content + "\n";
    last = idx;
  });
  text = pythonRstrip(text);
  // The system run is contiguous, so its first index is also its position among the rest.
  if (text !== "") rest.splice(first, 0, { type: "SystemMessage", content: text });
  return rest;
}

/**
 * For model names starting with `claude-`: AutoGen right-strips the last message's text when
 * it is an assistant text message (Claude rejects trailing whitespace there). AutoGen does
 * this in place; here a stripped copy replaces it. An empty list throws AutoGen's
 * `IndexError` text "list index out of range".
 *
 * @example rstripLastAssistant([{ type: "AssistantMessage", source: "a", content: "ok \n", thought: null }])[0].content // "ok"
 */
export function rstripLastAssistant(messages: readonly LLMMessage[]): LLMMessage[] {
  const last = messages[messages.length - 1];
  if (last === undefined) throw new OpenAIConversionError("list index out of range", "IndexError");
  if (last.type !== "AssistantMessage" || typeof last.content !== "string") return [...messages];
  return [...messages.slice(0, -1), { ...last, content: pythonRstrip(last.content) }];
}
