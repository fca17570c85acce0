/**
 * One `LLMMessage` → its Chat Completions messages, per AutoGen's transformer tables
 * (`autogen_ext/models/openai/_message_transform.py`). Like upstream's `to_oai_type` it
 * returns a list: empty for a dropped message, one item per tool result.
 */
import type {
  AssistantMessage,
  FunctionExecutionResultMessage,
  LLMMessage,
  SystemMessage,
  UserMessage,
} from "../../schemas/llm-messages.js";
import { OpenAIConversionError, atPath } from "./errors.js";
import { imagePart } from "./images.js";
import { assertValidName } from "./names.js";
import { pyIsSpace } from "../../python/str.js";
import type { TransformerMapName } from "./transformer-map.js";
import type {
  OpenAIAssistantMessage,
  OpenAIImagePart,
  OpenAIMessageParam,
  OpenAISystemMessage,
  OpenAITextPart,
  OpenAIToolMessage,
  OpenAIUserMessage,
} from "./types.js";

/**
 * The per-request switches upstream passes as the transformer `context`.
 *
 * @example const c: ConvertContext = { map: "base", prependName: false, includeNameInMessage: true };
 */
export interface ConvertContext {
  /** The conversion table (see `transformerMapFor`). */
  map: TransformerMapName;
  /** Prefix user text with `"<source> said:\n"` (`add_name_prefixes`). */
  prependName: boolean;
  /** Send `name` on user messages (`include_name_in_message`). */
  includeNameInMessage: boolean;
}

// Upstream's `_set_pass_message_when_whitespace`: the Claude table drops these messages.
const isBlank = (content: unknown): boolean =>
  typeof content === "string" && (content === "" || pyIsSpace(content));

const checkedSource = (m: { source: string }): string => atPath("source", () => assertValidName(m.source));

function system(m: SystemMessage, ctx: ConvertContext): OpenAISystemMessage[] {
  // Only the base table sends an empty system text as is; the others send " ".
  const content = ctx.map === "base" ? m.content : m.content || " ";
  return [{ content, role: "system" }];
}

function userParts(m: UserMessage & { content: unknown[] }, ctx: ConvertContext): Array<OpenAITextPart | OpenAIImagePart> {
  return m.content.map((part, idx) => {
    if (typeof part === "string") {
      // Only a string at index 0 gets the prefix; an image first means no prefix at all.
      const text = ctx.prependName && idx === 0 ? `${m.source} said:\n${part}` : part;
      return { type: "text", text };
    }
    if (part !== null && typeof part === "object" && typeof (part as { data?: unknown }).data === "string") {
      return imagePart(part as { data: string });
    }
    throw new OpenAIConversionError(`Unknown content part: ${JSON.stringify(part)}`, "ValueError", `content[${idx}]`);
  });
}

function user(m: UserMessage, ctx: ConvertContext): OpenAIUserMessage[] {
  checkedSource(m);
  if (ctx.map === "claude" && isBlank(m.content)) return [];
  let content: OpenAIUserMessage["content"];
  if (typeof m.content === "string") {
    const prefixed = ctx.prependName ? `${m.source} said:\n${m.content}` : m.content;
    // Gemini's `_set_empty_to_whitespace` runs last and overwrites the prefixed text.
    content = ctx.map === "gemini" ? m.content || " " : prefixed;
  } else {
    content = userParts(m as UserMessage & { content: unknown[] }, ctx);
  }
  // Key order as upstream builds it: role, name, content. Mistral's table has no name step.
  return ctx.includeNameInMessage && ctx.map !== "mistral"
    ? [{ role: "user", name: m.source, content }]
    : [{ role: "user", content }];
}

function assistant(m: AssistantMessage, ctx: ConvertContext): OpenAIAssistantMessage[] {
  checkedSource(m);
  if (typeof m.content === "string") {
    // `thought` is not sent with a text answer.
    if (ctx.map === "claude" && isBlank(m.content)) return [];
    return [{ role: "assistant", content: ctx.map === "gemini" ? m.content || " " : m.content }];
  }
  const toolCalls = m.content.map((fc) => ({
    id: fc.id,
    function: { arguments: fc.arguments, name: fc.name },
    type: "function" as const,
  }));
  const thought = m.thought ?? null;
  // Without a thought the OpenAI API needs an explicit null content next to tool_calls.
  if (thought === null) return [{ role: "assistant", tool_calls: toolCalls, content: null }];
  const whitespaceIfEmpty = ctx.map === "gemini" || ctx.map === "claude";
  return [{ role: "assistant", tool_calls: toolCalls, content: whitespaceIfEmpty ? thought || " " : thought }];
}

function toolResults(m: FunctionExecutionResultMessage): OpenAIToolMessage[] {
  // `name` and `is_error` have no place in the Chat Completions tool message.
  return m.content.map((r) => ({ content: r.content, role: "tool", tool_call_id: r.call_id }));
}

/**
 * Converts one message as AutoGen's `to_oai_type` does. Throws {@link OpenAIConversionError}
 * for an invalid `source` (user and assistant messages, even where no name is sent) and for a
 * message of unknown type; its `path` is relative to the message (`source`, `type`). Field
 * types are checked before (see `assertMessageShapes`).
 *
 * @example
 * convertMessage({ type: "UserMessage", source: "alice", content: "Hi" }, { map: "base", prependName: true, includeNameInMessage: true })
 * // [{ role: "user", name: "alice", content: "alice said:\nHi" }]
 */
export function convertMessage(message: LLMMessage, ctx: ConvertContext): OpenAIMessageParam[] {
  switch (message?.type) {
    case "SystemMessage":
      return system(message, ctx);
    case "UserMessage":
      return user(message, ctx);
    case "AssistantMessage":
      return assistant(message, ctx);
    case "FunctionExecutionResultMessage":
      return toolResults(message);
    default:
      throw new OpenAIConversionError(
        `Unknown message type: ${String((message as { type?: unknown } | null)?.type)}`,
        "ValueError",
        message !== null && typeof message === "object" ? "type" : undefined,
      );
  }
}
