/**
 * `toAnthropicMessages`: the `system` and `messages` AutoGen's `AnthropicChatCompletionClient`
 * sends for a list of `LLMMessage`s.
 */
import { modelMessageHint } from "../../render/model-message-hint.js";
import { issueText } from "../../errors.js";
import { LLMMessage } from "../../schemas/llm-messages.js";
import type { ModelInfo } from "../../schemas/model-info.js";
import { canonicalBase64, imageFormat } from "../../wire/image-data.js";
import { pyIsSpace, pyRstrip } from "../../python/str.js";
import { AnthropicConversionError } from "./errors.js";
import { assertValidName, getMimeTypeFromImage } from "./helpers.js";
import { anthropicModelInfo } from "./model-info.js";
import { toolUseInput } from "./tool-arguments.js";
import type {
  AnthropicImageBlock,
  AnthropicMessageParam,
  AnthropicMessages,
  AnthropicTextBlock,
  AnthropicToolUseBlock,
} from "./types.js";

/**
 * The client settings that shape the messages (AutoGen's `model` and `model_info`).
 *
 * @example const o: ToAnthropicMessagesOptions = { model: "claude-3-5-sonnet-20241022" };
 */
export interface ToAnthropicMessagesOptions {
  /** The model name; without `modelInfo` it picks AutoGen's built-in entry (see `defaultAnthropicModelInfo`). */
  model: string;
  /** The client's `model_info` (checked as AutoGen's `validate_model_info` does). */
  modelInfo?: ModelInfo;
  /** Receives the text of each warning AutoGen would emit with `warnings.warn` (an incomplete `modelInfo`). */
  onWarning?: (message: string) => void;
}

/** A message with its index in the caller's list, for error locations. */
interface Indexed {
  readonly m: LLMMessage;
  readonly i: number;
}

/** `__empty_content_to_whitespace` for text: empty or whitespace-only becomes `" "`. */
function nonBlank(s: string): string {
  return s === "" || pyIsSpace(s) ? " " : s;
}

function validate(raw: unknown, i: number): LLMMessage {
  const r = LLMMessage.safeParse(raw);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const where = `messages[${i}]` + issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("");
  throw new AnthropicConversionError(`not an LLMMessage: ${issueText(issue)}`, { where, index: i, pythonType: "TypeError", hint: modelMessageHint(raw) });
}

/** `_merge_system_messages`: contiguous system messages joined with "\n", right-stripped, kept where the first was. */
function mergeSystemMessages(list: readonly Indexed[]): Indexed[] {
  let text = "";
  let first = -1;
  let firstIndex = -1;
  let last = -1;
  const rest: Indexed[] = [];
  list.forEach((x, idx) => {
    if (x.m.type !== "SystemMessage") {
      rest.push(x);
      return;
    }
    if (first === -1) {
      first = idx;
      firstIndex = x.i;
    } else if (last + 1 !== idx) {
      throw new AnthropicConversionError("Multiple and Not continuous system messages are not supported", { index: x.i });
    }
    text += x.m.content + "\n";
    last = idx;
  });
  text = pyRstrip(text);
  if (text !== "") rest.splice(first, 0, { m: { type: "SystemMessage", content: text }, i: firstIndex });
  return rest;
}

function imageBlock(image: { readonly data: string }, where: string, index: number): AnthropicImageBlock {
  const format = imageFormat(image.data);
  // AutoGen re-encodes every image as PNG; the bytes are passed through here, so a format the
  // Messages API cannot take would be sent under a wrong media type: refuse it instead.
  if (format !== "PNG" && format !== "JPEG" && format !== "GIF" && format !== "WEBP") {
    throw new AnthropicConversionError(
      `${format ?? "unrecognised"} image: the Anthropic API takes JPEG, PNG, GIF or WEBP and this library does not re-encode images`,
      { where, index },
    );
  }
  // Canonical base64 of the same bytes: the API validates it strictly.
  return { type: "image", source: { type: "base64", media_type: getMimeTypeFromImage(image), data: canonicalBase64(image.data) } };
}

function convertAssistant(m: Extract<LLMMessage, { type: "AssistantMessage" }>, i: number): AnthropicMessageParam {
  assertValidName(m.source, undefined, i);
  if (typeof m.content === "string") return { role: "assistant", content: m.content };
  const blocks: Array<AnthropicTextBlock | AnthropicToolUseBlock> = [];
  const calls = m.content.map((fc, j): AnthropicToolUseBlock => {
    let input: unknown;
    try {
      input = toolUseInput(fc.arguments);
    } catch (e) {
      if (!(e instanceof AnthropicConversionError)) throw e;
      throw new AnthropicConversionError(e.pythonMessage, { pythonType: e.pythonType, where: `messages[${i}].content[${j}].arguments`, index: i });
    }
    return { id: fc.id, input, name: fc.name, type: "tool_use" };
  });
  // The thought goes first as a plain text block, in the SDK model's key order.
  if (m.thought !== null && m.thought !== undefined) blocks.push({ text: m.thought, type: "text" });
  blocks.push(...calls);
  return { role: "assistant", content: blocks };
}

function convertMessage({ m, i }: Indexed): AnthropicMessageParam {
  switch (m.type) {
    case "UserMessage":
      assertValidName(m.source, undefined, i);
      if (typeof m.content === "string") return { role: "user", content: nonBlank(m.content) };
      return {
        role: "user",
        content: m.content.map((part, j) =>
          typeof part === "string" ? { type: "text", text: nonBlank(part) } : imageBlock(part, `messages[${i}].content[${j}]`, i),
        ),
      };
    case "AssistantMessage":
      return convertAssistant(m, i);
    case "FunctionExecutionResultMessage":
      // All results in one user turn; `is_error` and `name` are not sent.
      return {
        role: "user",
        content: m.content.map((r) => ({ type: "tool_result", tool_use_id: r.call_id, content: r.content })),
      };
    default:
      throw new AnthropicConversionError(`Unknown message type: ${m.type}`, { index: i, hint: modelMessageHint(m) });
  }
}

/** The conversion shared by {@link toAnthropicMessages} and `toAnthropicRequest`. */
export function convertConversation(
  messages: readonly LLMMessage[],
  options: ToAnthropicMessagesOptions,
): AnthropicMessages & { modelInfo: ModelInfo; hasToolResults: boolean } {
  if (!Array.isArray(messages)) throw new AnthropicConversionError("messages must be a list of LLMMessage", { pythonType: "TypeError" });
  // Building the client comes first upstream, so model-info errors win over message errors.
  const modelInfo = anthropicModelInfo(options.model, options.modelInfo, options.onWarning);
  const list = messages.map((raw, i): Indexed => ({ m: validate(raw, i), i }));
  // `is False`: only an explicit false switches the check on.
  if (modelInfo.vision === false) {
    for (const { m, i } of list) {
      if (m.type === "UserMessage" && Array.isArray(m.content) && m.content.some((p) => typeof p !== "string")) {
        throw new AnthropicConversionError("Model does not support vision and image was provided", { index: i });
      }
    }
  }
  const merged = mergeSystemMessages(list);
  const last = merged[merged.length - 1];
  if (last === undefined) throw new AnthropicConversionError("list index out of range", { pythonType: "IndexError" });
  // AutoGen right-strips the last assistant text in the caller's object; this strips a copy.
  if (last.m.type === "AssistantMessage" && typeof last.m.content === "string") {
    merged[merged.length - 1] = { m: { ...last.m, content: pyRstrip(last.m.content) }, i: last.i };
  }
  let system: string | undefined;
  const out: AnthropicMessageParam[] = [];
  for (const x of merged) {
    if (x.m.type === "SystemMessage") {
      if (system !== undefined) throw new AnthropicConversionError("Multiple system messages are not supported", { index: x.i });
      system = nonBlank(x.m.content);
    } else out.push(convertMessage(x));
  }
  const hasToolResults = merged.some((x) => x.m.type === "FunctionExecutionResultMessage");
  return { ...(system === undefined ? {} : { system }), messages: out, modelInfo, hasToolResults };
}

/**
 * Converts AutoGen model-client messages into the Anthropic Messages API `system` and
 * `messages` exactly as AutoGen 0.7.5's `AnthropicChatCompletionClient` builds them: vision
 * check, system messages merged into one `system` string (absent when empty), the last
 * assistant text right-stripped, empty or whitespace user text (and text parts) sent as `" "`,
 * images as base64 sources, tool calls as `tool_use` blocks whose `input` is parsed from the
 * arguments text (the thought, if any, first as a text block), and all results of a
 * `FunctionExecutionResultMessage` in one user turn. Consecutive same-role turns are not merged.
 *
 * The input is never changed (AutoGen right-strips the caller's last assistant message in place).
 * Images are sent with their own bytes and media type (AutoGen re-encodes them to PNG).
 *
 * Throws {@link AnthropicConversionError} (AutoGen's message, prefixed with the location) where
 * AutoGen raises: unknown model without `modelInfo`, image for a non-vision model, non-contiguous
 * system messages, an empty conversation (`IndexError`), an invalid `source`, a fenced argument
 * block in another language or several fenced blocks; and for input that is not an `LLMMessage`.
 *
 * @example
 * toAnthropicMessages(
 *   [
 *     { type: "SystemMessage", content: "Be brief." },
 *     { type: "UserMessage", source: "alice", content: "Weather?" },
 *     { type: "AssistantMessage", source: "bot", content: [{ id: "t1", name: "weather", arguments: '{"city": "Paris"}' }], thought: null },
 *     { type: "FunctionExecutionResultMessage", content: [{ content: "sunny", name: "weather", call_id: "t1", is_error: false }] },
 *   ],
 *   { model: "claude-3-5-sonnet-20241022" },
 * );
 * // {
 * //   system: "Be brief.",
 * //   messages: [
 * //     { role: "user", content: "Weather?" },
 * //     { role: "assistant", content: [{ id: "t1", input: { city: "Paris" }, name: "weather", type: "tool_use" }] },
 * //     { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "sunny" }] },
 * //   ],
 * // }
 */
export function toAnthropicMessages(messages: readonly LLMMessage[], options: ToAnthropicMessagesOptions): AnthropicMessages {
  const { system, messages: out } = convertConversation(messages, options);
  return system === undefined ? { messages: out } : { system, messages: out };
}
