/**
 * The list of message kinds: the single source of truth from which the unions, the
 * loader's dispatch table, the type guards and `dump` are derived.
 */
import * as z from "zod/mini";
import {
  CodeExecutionEvent,
  CodeGenerationEvent,
  MemoryQueryEvent,
  ModelClientStreamingChunkEvent,
  SelectSpeakerEvent,
  SelectorEvent,
  ThoughtEvent,
  ToolCallExecutionEvent,
  ToolCallRequestEvent,
  UserInputRequestedEvent,
} from "./schemas/agent-events.js";
import {
  HandoffMessage,
  MultiModalMessage,
  StopMessage,
  StructuredMessage,
  TextMessage,
  ToolCallSummaryMessage,
  isStructuredMessageType,
} from "./schemas/chat-messages.js";
import {
  AssistantMessage,
  FunctionExecutionResultMessage,
  SystemMessage,
  UserMessage,
} from "./schemas/llm-messages.js";
import { define } from "./define.js";
import { taggedUnion, type MessageSchema } from "./parse.js";

// The lists' types name each schema (`typeof TextMessage`) rather than letting the compiler spell
// them out: the declarations users get then keep the fields' TSDoc (hover text) through the unions.

/** The built-in chat message schemas, in the order of AutoGen's `ChatMessage` union. */
export const CHAT_MESSAGE_SCHEMAS: readonly [
  typeof TextMessage,
  typeof MultiModalMessage,
  typeof StopMessage,
  typeof ToolCallSummaryMessage,
  typeof HandoffMessage,
] = [TextMessage, MultiModalMessage, StopMessage, ToolCallSummaryMessage, HandoffMessage];

/** The agent event schemas of AutoGen's `AgentEvent` union (and `MessageFactory`), in order. */
export const AGENT_EVENT_SCHEMAS: readonly [
  typeof ToolCallRequestEvent,
  typeof ToolCallExecutionEvent,
  typeof MemoryQueryEvent,
  typeof UserInputRequestedEvent,
  typeof ModelClientStreamingChunkEvent,
  typeof ThoughtEvent,
  typeof SelectSpeakerEvent,
  typeof CodeGenerationEvent,
  typeof CodeExecutionEvent,
] = [
  ToolCallRequestEvent,
  ToolCallExecutionEvent,
  MemoryQueryEvent,
  UserInputRequestedEvent,
  ModelClientStreamingChunkEvent,
  ThoughtEvent,
  SelectSpeakerEvent,
  CodeGenerationEvent,
  CodeExecutionEvent,
];

/** Events AutoGen defines outside its `AgentEvent` union, which this library still loads. */
export const EXTRA_EVENT_SCHEMAS: readonly [typeof SelectorEvent] = [SelectorEvent];

/** The model-client message schemas (`LLMMessage` members). */
export const LLM_MESSAGE_SCHEMAS: readonly [typeof SystemMessage, typeof UserMessage, typeof AssistantMessage, typeof FunctionExecutionResultMessage] = [
  SystemMessage,
  UserMessage,
  AssistantMessage,
  FunctionExecutionResultMessage,
];

/** Whether a kind is a chat message (agent-to-agent) or an agent event (observability). */
export type KindGroup = "chat" | "event";

/** A message schema whose `type` is a defaulted literal (all built-in kinds). */
export type KindSchema = z.ZodMiniObject<{ type: z.ZodMiniDefault<z.ZodMiniLiteral<string>> } & z.core.$ZodShape>;

/** The `type` name of a kind schema, read from the schema itself (its default `type`). */
export function kindName(schema: KindSchema): string {
  return schema.shape.type.parse(undefined) as string;
}

/** One entry of the kind table. */
export interface KindEntry {
  readonly type: string;
  readonly group: KindGroup;
  readonly schema: z.ZodMiniType;
}

const entries = (group: KindGroup, schemas: readonly KindSchema[]): KindEntry[] =>
  schemas.map((schema) => ({ type: kindName(schema), group, schema }));

/** Every built-in kind `load` dispatches to, by `type`. */
export const BUILTIN_KINDS: ReadonlyMap<string, KindEntry> = /* @__PURE__ */ define(() => new Map(
  [
    ...entries("chat", CHAT_MESSAGE_SCHEMAS),
    ...entries("event", AGENT_EVENT_SCHEMAS),
    ...entries("event", EXTRA_EVENT_SCHEMAS),
  ].map((e) => [e.type, e]),
));

/** The model-client message kinds by `type` (used by `dump`). */
export const LLM_KINDS: ReadonlyMap<string, z.ZodMiniType> = /* @__PURE__ */ define(() => new Map(
  LLM_MESSAGE_SCHEMAS.map((schema) => [kindName(schema), schema]),
));

/**
 * `ChatMessage`: the built-in chat messages, tagged by `type` (AutoGen's union; no
 * structured messages).
 *
 * @example ChatMessage.parse({ type: "TextMessage", source: "a", content: "hi" })
 */
export const ChatMessage: MessageSchema<z.ZodMiniDiscriminatedUnion<typeof CHAT_MESSAGE_SCHEMAS, "type">> = /* @__PURE__ */ define(() => taggedUnion("ChatMessage", z.discriminatedUnion("type", CHAT_MESSAGE_SCHEMAS)));
/** `autogen_agentchat.messages.ChatMessage`. */
export type ChatMessage = z.infer<typeof ChatMessage>;

/**
 * `AgentEvent`: the nine events of AutoGen's union (not `SelectorEvent`), tagged by `type`.
 *
 * @example AgentEvent.parse({ type: "ThoughtEvent", source: "a", content: "hmm" })
 */
export const AgentEvent: MessageSchema<z.ZodMiniDiscriminatedUnion<typeof AGENT_EVENT_SCHEMAS, "type">> = /* @__PURE__ */ define(() => taggedUnion("AgentEvent", z.discriminatedUnion("type", AGENT_EVENT_SCHEMAS)));
/** `autogen_agentchat.messages.AgentEvent`. */
export type AgentEvent = z.infer<typeof AgentEvent>;

/**
 * `AgentMessage`: everything the library loads: chat messages, structured messages, agent
 * events and `SelectorEvent`. Prefer `load()`, which gives clearer errors and also knows
 * registered custom kinds.
 *
 * @example AgentMessage.parse({ type: "SelectorEvent", source: "a", content: "x" })
 */
export const AgentMessage: MessageSchema<
  z.ZodMiniUnion<
    readonly [
      z.ZodMiniDiscriminatedUnion<[...typeof CHAT_MESSAGE_SCHEMAS, ...typeof AGENT_EVENT_SCHEMAS, ...typeof EXTRA_EVENT_SCHEMAS], "type">,
      typeof StructuredMessage,
    ]
  >
> = /* @__PURE__ */ define(() => taggedUnion("AgentMessage", z.union([
  z.discriminatedUnion("type", [...CHAT_MESSAGE_SCHEMAS, ...AGENT_EVENT_SCHEMAS, ...EXTRA_EVENT_SCHEMAS]),
  StructuredMessage,
]), (type) => BUILTIN_KINDS.has(type) || isStructuredMessageType(type)));
/** Any message or event the library loads. */
export type AgentMessage = z.infer<typeof AgentMessage>;
/** A chat message of any kind, structured messages included. */
export type AnyChatMessage = ChatMessage | StructuredMessage;
/** An agent event of any built-in kind, `SelectorEvent` included. */
export type AnyAgentEvent = AgentEvent | SelectorEvent;
