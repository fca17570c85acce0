/**
 * What one agent turn (consecutive messages of one source) says in OpenTelemetry terms: its
 * output messages, its tool calls and results, its token usage, and the span events for the
 * kinds the GenAI conventions have no attribute for. The mapping table is in docs/otel.md.
 */
import type { PerKind } from "../kind-groups.js";
import type { AgentMessage } from "../kinds.js";
import type { MessageRegistry } from "../registry.js";
import { toModelMessage } from "../render/renderers.js";
import { otelJson, userParts, type OtelPart } from "./messages.js";

/** What a kind is in a trace. */
export type TraceRole = "chat" | "toolCalls" | "toolResults" | "thought" | "chunk" | "orchestration" | "event";

// Unquoted keys: the compiler checks every built-in kind is here. Custom kinds go by their group.
const ROLE = {
  TextMessage: "chat",
  MultiModalMessage: "chat",
  StopMessage: "chat",
  HandoffMessage: "chat",
  ToolCallSummaryMessage: "chat",
  ToolCallRequestEvent: "toolCalls",
  ToolCallExecutionEvent: "toolResults",
  ThoughtEvent: "thought",
  ModelClientStreamingChunkEvent: "chunk",
  SelectSpeakerEvent: "orchestration",
  SelectorEvent: "orchestration",
  MemoryQueryEvent: "event",
  UserInputRequestedEvent: "event",
  CodeGenerationEvent: "event",
  CodeExecutionEvent: "event",
} satisfies PerKind<TraceRole> as Record<string, TraceRole>;

/** The role of `message` in a trace. */
export function roleOf(message: AgentMessage, registry: MessageRegistry): TraceRole {
  return ROLE[message.type] ?? (registry.renderersOf(message).group === "chat" ? "chat" : "event");
}

/** A message with the time it happened (ms since the epoch). */
export interface Timed {
  readonly message: AgentMessage;
  readonly time: number;
  /** A chat message's parts text (`partsText` of `chatParts`), written once when content is captured. */
  readonly text?: string;
}

/** A tool call of the turn, with its result when one came. */
export interface ToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
  readonly start: number;
  result?: { readonly content: string; readonly isError: boolean; readonly time: number };
}

/** A span event: a message of a kind with no GenAI attribute. */
export interface TraceEvent {
  readonly name: string;
  readonly time: number;
  readonly attributes: Record<string, string>;
}

type Obj = Record<string, unknown>;

/** The parts of a chat message as the model reads it (`to_model_message`): text, images as blob parts. */
export function chatParts(message: AgentMessage, registry: MessageRegistry): OtelPart[] {
  const content = (message as { content?: unknown }).content;
  if (typeof content === "string" && ROLE[message.type] === "chat") return [{ type: "text", content }];
  return userParts(toModelMessage(message, { registry }).content);
}

/** JSON of a value for an attribute (a string stays itself). */
const text = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v) ?? "null");

/** A span event for `m`: its kind, id and source; with content, its content (and a handoff's target). */
export function eventOf(t: Timed, withContent: boolean): TraceEvent {
  const m = t.message as unknown as Obj;
  const attributes: Record<string, string> = { "autogen.message.type": m.type as string, "autogen.message.source": m.source as string };
  if (typeof m.id === "string") attributes["autogen.message.id"] = m.id;
  if (typeof m.target === "string") attributes["autogen.handoff.target"] = m.target;
  if (withContent && m.content !== undefined) attributes["autogen.message.content"] = text(m.content);
  return { name: `autogen.${m.type as string}`, time: t.time, attributes };
}

/** Everything a turn holds, read once. */
export interface TurnRecord {
  /** The texts of the output messages (MAF's `json.dumps` form, each one message), with content only. */
  readonly output: string[];
  readonly calls: ToolCall[];
  readonly events: TraceEvent[];
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly hasUsage: boolean;
  /** True when every message is the team's orchestration (speaker selection) and nothing else. */
  readonly orchestrationOnly: boolean;
}

/** The texts of parts, as they sit between a message's `[` `]`. */
export const partsText = (parts: readonly OtelPart[]): string => parts.map(partText).join(", ");

// A part as json.dumps writes it: its keys are this module's own names (nothing to escape), each value by otelJson.
const partText = (p: OtelPart): string => "{" + Object.keys(p).map((k) => `"${k}": ${otelJson(p[k])}`).join(", ") + "}";

// An output message's text, keys in the order MAF writes them: role, parts, finish_reason.
const messageText = (role: string, parts: string, finish: string): string => `{"role": "${role}", "parts": [${parts}], "finish_reason": "${finish}"}`;
// Two runs of parts texts as one (either may be empty).
const joinParts = (a: string, b: string): string => (a && b ? a + ", " + b : a || b);

/**
 * Reads a turn. With content (each chat message's parts text in its `text`), it also writes the
 * output messages and event content.
 */
export function readTurn(messages: readonly Timed[], registry: MessageRegistry, withContent: boolean): TurnRecord {
  const output: string[] = [];
  const calls: ToolCall[] = [];
  const byId = new Map<string, ToolCall>();
  const events: TraceEvent[] = [];
  let inputTokens = 0, outputTokens = 0, hasUsage = false, orchestrationOnly = true;
  let reasoning = ""; // a thought waits for the assistant message it belongs to
  for (const t of messages) {
    const m = t.message as unknown as Obj;
    const usage = m.models_usage as { prompt_tokens?: number; completion_tokens?: number } | null | undefined;
    if (usage) {
      hasUsage = true;
      inputTokens += Number(usage.prompt_tokens) || 0;
      outputTokens += Number(usage.completion_tokens) || 0;
    }
    const role = roleOf(t.message, registry);
    if (role !== "orchestration" && role !== "chunk") orchestrationOnly = false;
    switch (role) {
      case "chat":
        if (withContent) output.push(messageText("assistant", joinParts(reasoning, t.text ?? ""), "stop")), (reasoning = "");
        if (typeof m.target === "string") events.push(eventOf(t, withContent)); // a handoff: where it went
        break;
      case "toolCalls": {
        const parts: OtelPart[] = [];
        for (const c of m.content as Obj[]) {
          const call: ToolCall = { id: c.id as string, name: c.name as string, arguments: c.arguments as string, start: t.time };
          calls.push(call);
          byId.set(call.id, call);
          if (withContent) parts.push({ type: "tool_call", id: c.id, name: c.name, arguments: c.arguments });
        }
        if (withContent) output.push(messageText("assistant", joinParts(reasoning, partsText(parts)), "tool_call")), (reasoning = "");
        break;
      }
      case "toolResults": {
        const parts: OtelPart[] = [];
        for (const r of m.content as Obj[]) {
          const call = byId.get(r.call_id as string);
          if (call && !call.result) call.result = { content: r.content as string, isError: r.is_error === true, time: t.time };
          else events.push({ name: "autogen.tool_result", time: t.time, attributes: { "gen_ai.tool.call.id": String(r.call_id), "gen_ai.tool.name": String(r.name), ...(withContent && { "gen_ai.tool.call.result": String(r.content) }) } });
          if (withContent) parts.push({ type: "tool_call_response", id: r.call_id, response: r.content });
        }
        if (withContent) output.push(messageText("tool", partsText(parts), "tool_call"));
        break;
      }
      case "thought":
        if (withContent) reasoning = joinParts(reasoning, partText({ type: "reasoning", content: m.content }));
        break;
      case "chunk":
        break; // the text of the message it assembles into (MAF too records the response, not its updates)
      default:
        events.push(eventOf(t, withContent));
    }
  }
  if (reasoning) output.push(messageText("assistant", reasoning, "stop"));
  return { output, calls, events, inputTokens, outputTokens, hasUsage, orchestrationOnly };
}
