/**
 * Type guards over loaded messages. They look at `type` only (cheap); values from
 * `load` are already validated.
 */
import { BUILTIN_KINDS, type AgentMessage, type AnyAgentEvent, type AnyChatMessage } from "./kinds.js";
import { isStructuredMessageType, type StructuredMessage } from "./schemas/chat-messages.js";

const typeOf = (value: unknown): unknown =>
  value !== null && typeof value === "object" ? (value as { type?: unknown }).type : undefined;

/** The `type` names of the built-in kinds (structured messages excluded). */
export type BuiltinMessageType = Exclude<AgentMessage["type"], StructuredMessage["type"]>;

/**
 * True for chat messages (agent-to-agent): the built-in chat kinds and structured messages.
 *
 * @example isChatMessage(load(payload)) && toModelMessage(msg)
 */
export function isChatMessage(value: unknown): value is AnyChatMessage {
  const type = typeOf(value);
  return BUILTIN_KINDS.get(type as string)?.group === "chat" || isStructuredMessageType(type);
}

/**
 * True for agent events (observability), `SelectorEvent` included.
 *
 * @example if (isAgentEvent(msg)) console.debug(msg.type)
 */
export function isAgentEvent(value: unknown): value is AnyAgentEvent {
  return BUILTIN_KINDS.get(typeOf(value) as string)?.group === "event";
}

/**
 * True for `StructuredMessage[<Name>]` messages.
 *
 * @example isStructuredMessage(msg) && msg.content
 */
export function isStructuredMessage(value: unknown): value is StructuredMessage {
  return isStructuredMessageType(typeOf(value));
}

/**
 * True when `value` is a message of the given built-in kind; narrows to that kind.
 *
 * @example if (isMessageType(msg, "HandoffMessage")) console.log(msg.target)
 */
export function isMessageType<T extends BuiltinMessageType>(
  value: unknown,
  type: T,
): value is Extract<AgentMessage, { type: T }> {
  return typeOf(value) === type;
}
