// Type-check budget: typical consumer code over the built declarations (see scripts/check-types.mjs).
// It narrows every kind of the AgentMessage union, so a kind added without a case fails to compile.
import {
  AgentMessage,
  dump,
  isMessageType,
  isStructuredMessage,
  load,
  safeLoad,
  TextMessage,
  toModelMessage,
  toText,
  type AgentEvent,
  type AnyChatMessage,
  type ChatMessage,
} from "agentchat-messages";

/** One line per message, using fields of every kind. */
export function describe(m: AgentMessage): string {
  if (isStructuredMessage(m)) return `${m.type}: ${Object.keys(m.content).join(",")}`;
  switch (m.type) {
    case "TextMessage":
    case "StopMessage":
    case "ThoughtEvent":
    case "SelectorEvent":
      return `${m.source}: ${m.content.toUpperCase()}`;
    case "MultiModalMessage":
      return m.content.map((part) => (typeof part === "string" ? part : `<image ${part.data.length}>`)).join(" ");
    case "HandoffMessage":
      return `${m.target} (${m.context.length} context messages)`;
    case "ToolCallSummaryMessage":
      return m.tool_calls.map((c, i) => `${c.name}(${c.arguments}) -> ${m.results[i]?.content}`).join("; ");
    case "ToolCallRequestEvent":
      return m.content.map((c) => `${c.id}:${c.name}`).join(",");
    case "ToolCallExecutionEvent":
      return m.content.filter((r) => r.is_error === true).map((r) => r.call_id).join(",");
    case "MemoryQueryEvent":
      return m.content.map((c) => c.mime_type).join(",");
    case "UserInputRequestedEvent":
      return m.request_id;
    case "ModelClientStreamingChunkEvent":
      return m.full_message_id ?? m.content;
    case "SelectSpeakerEvent":
      return m.content.join(" ");
    case "CodeGenerationEvent":
      return `${m.retry_attempt}: ${m.code_blocks.map((b) => b.language).join(",")}`;
    case "CodeExecutionEvent":
      return `${m.retry_attempt}: exit ${m.result.exit_code}`;
    default: {
      const _exhaustive: never = m;
      return _exhaustive;
    }
  }
}

/** The two sub-unions narrow the same way. */
export function chatOrEvent(m: ChatMessage | AgentEvent): string {
  if (m.type === "HandoffMessage") return m.target;
  if (m.type === "CodeExecutionEvent") return m.result.output;
  return m.id + m.created_at + (m.models_usage?.prompt_tokens ?? 0);
}

export function roundTrip(payload: unknown): string {
  const m = load(payload);
  const again = safeLoad(dump(m));
  if (!again.success) throw again.error;
  const text: string = toText(again.data);
  const chat: AnyChatMessage = TextMessage.parse({ source: "user", content: text });
  const user = toModelMessage(chat);
  const parsed: AgentMessage = AgentMessage.parse(payload);
  if (isMessageType(parsed, "ToolCallRequestEvent")) return parsed.content.map((c) => c.name).join(",");
  return `${user.source}: ${describe(parsed)} ${chatOrEvent(chat)}`;
}
