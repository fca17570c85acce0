/**
 * The renderers of the built-in kinds: `to_text`, `to_model_text` and `to_model_message`
 * exactly as AutoGen 0.7.5 implements them (see SPEC §3). Functions of a message alone: the
 * registry (registry.ts) holds them with each kind's schema, and `toText` & co. (render/renderers.ts)
 * find a message's renderers in a registry, so this folder sits below both and imports neither.
 */
import type * as z from "zod/mini";
import type { BuiltinMessageType } from "../guards.js";
import type { AgentMessage } from "../kinds.js";
import type { MultiModalMessage, StructuredMessage } from "../schemas/chat-messages.js";
import type { UserMessage } from "../schemas/llm-messages.js";
import { pyFormat } from "../python/format.js";
import { pydanticJson, toPythonValues } from "../python/pydantic.js";
import { pyRepr } from "../python/repr.js";
import { reprFunctionCall, reprFunctionExecutionResult, reprMemoryContent, type LiveObjects } from "./model-reprs.js";

/** Options of `toText`. */
export interface ToTextOptions {
  /** `MultiModalMessage` only: inline images with the iTerm2 escape sequence instead of `<image>`. */
  readonly iterm?: boolean;
  /**
   * Render as AutoGen does for the live objects of a running team (what its `Console` prints)
   * instead of for a message loaded from JSON. Only `MemoryQueryEvent` differs: a `mime_type`
   * that is a `MemoryMimeType` value shows as the enum member, `<MemoryMimeType.TEXT: 'text/plain'>`
   * (JSON cannot tell a member from a plain string: {@link LiveObjects} names the members when
   * the app built some contents with strings). Default `false`.
   */
  readonly live?: boolean | LiveObjects;
}

/** Options of `toModelText`. */
export interface ToModelTextOptions {
  /** `MultiModalMessage` only: text put (after a space) in place of each image; `null` inlines the base64. Default `[image]`. */
  readonly imagePlaceholder?: string | null;
}

/** How one kind renders. Chat kinds have all three; events only `toText`. */
export interface KindRenderers<M = never> {
  /** AutoGen's `to_text()`: the console text. */
  toText(msg: M, options: ToTextOptions): string;
  /** AutoGen's `to_model_text()` (chat kinds only). */
  toModelText?(msg: M, options: ToModelTextOptions): string;
  /** AutoGen's `to_model_message()` (chat kinds only). */
  toModelMessage?(msg: M): UserMessage;
}

type Msg<T extends BuiltinMessageType> = Extract<AgentMessage, { type: T }>;

const userMessage = (content: UserMessage["content"], source: string): UserMessage => ({ content, source, type: "UserMessage" });

/** Renderers of a chat kind whose content is a string (`BaseTextChatMessage`). */
const textChat = {
  toText: (m: { content: string }) => m.content,
  toModelText: (m: { content: string }) => m.content,
  toModelMessage: (m: { content: string; source: string }) => userMessage(m.content, m.source),
};

const contentText = { toText: (m: { content: string }) => m.content };

const multiModal: Required<KindRenderers<MultiModalMessage>> = {
  toText(m, { iterm = false }) {
    let out = "";
    for (let i = 0; i < m.content.length; i++) {
      const c = m.content[i]!;
      if (i > 0) out += "\n";
      out += typeof c === "string" ? c : iterm ? `\x1b]1337;File=inline=1:${c.data}\x07\n` : "<image>";
    }
    return out;
  },
  toModelText(m, { imagePlaceholder = "[image]" }) {
    let text = "";
    for (const c of m.content) {
      if (typeof c === "string") text += c;
      else text += ` ${imagePlaceholder !== null ? imagePlaceholder : c.data}`;
    }
    return text;
  },
  toModelMessage: (m) => userMessage(m.content.map((c) => (typeof c === "string" ? c : { data: c.data })), m.source),
};

/** Python's `str(list)` of items rendered by `repr`: a plain loop (no intermediate array), as this runs per event. */
function reprList<T>(items: readonly T[], repr: (item: T) => string): string {
  let out = "[";
  for (let i = 0; i < items.length; i++) out += (i > 0 ? ", " : "") + repr(items[i]!);
  return out + "]";
}

/** The renderers of every built-in kind; the `Record` type makes a missing kind a compile error. */
export const BUILTIN_RENDERERS: { [T in BuiltinMessageType]: KindRenderers<Msg<T>> } = {
  TextMessage: textChat,
  StopMessage: textChat,
  HandoffMessage: textChat,
  ToolCallSummaryMessage: textChat,
  MultiModalMessage: multiModal,
  ToolCallRequestEvent: { toText: (m) => reprList(m.content, reprFunctionCall) },
  ToolCallExecutionEvent: { toText: (m) => reprList(m.content, reprFunctionExecutionResult) },
  MemoryQueryEvent: { toText: (m, options) => reprList(m.content, (c) => reprMemoryContent(c, options)) },
  SelectSpeakerEvent: { toText: (m) => pyRepr(m.content) },
  UserInputRequestedEvent: { toText: (m) => m.content },
  ModelClientStreamingChunkEvent: contentText,
  ThoughtEvent: contentText,
  CodeGenerationEvent: contentText,
  CodeExecutionEvent: { toText: (m) => m.result.output },
  SelectorEvent: contentText,
};

/**
 * The renderers of a `StructuredMessage[<Name>]`: `format_string` applied with Python's
 * `str.format` to the content, else the content as pydantic's compact JSON. `content` is the
 * registered content schema (floats render as Python floats), or undefined for generic content.
 */
export function structuredRenderers(content: z.core.$ZodType | undefined): Required<KindRenderers<StructuredMessage>> {
  const text = (m: StructuredMessage): string => {
    const values = toPythonValues(content, m.content) as Record<string, unknown>;
    return m.format_string !== null ? pyFormat(m.format_string, values) : pydanticJson(values);
  };
  return {
    toText: text,
    toModelText: text,
    toModelMessage: (m) => userMessage(pydanticJson(toPythonValues(content, m.content)), m.source),
  };
}
