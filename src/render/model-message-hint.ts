/**
 * The hint the provider converters give when they are handed what `load` returns (a chat message
 * or an agent event) where a model message (`LLMMessage`) belongs. Which model message a chat
 * message becomes depends on whose context it is in (another agent's turn is a user turn, the
 * agent's own reply an assistant turn), so the converters do not guess: they name the two
 * functions that decide it.
 */
import { defaultRegistry } from "../registry.js";

/** The `type`s of model messages: what the converters take. */
const MODEL_MESSAGE_TYPES: ReadonlySet<string> = /* @__PURE__ */ new Set(["SystemMessage", "UserMessage", "AssistantMessage", "FunctionExecutionResultMessage"]);

/**
 * When `value` is a chat message or an agent event (a kind the default registry knows) rather
 * than a model message, what to call instead; else undefined.
 *
 * @example modelMessageHint({ type: "TextMessage", source: "a", content: "hi" }) // "TextMessage is a chat message, not a model message (LLMMessage): …"
 */
export function modelMessageHint(value: unknown): string | undefined {
  const type = value !== null && typeof value === "object" ? (value as { type?: unknown }).type : undefined;
  if (typeof type !== "string" || MODEL_MESSAGE_TYPES.has(type)) return undefined;
  const group = defaultRegistry.kind(type)?.group ?? (type.startsWith("StructuredMessage[") ? "chat" : undefined);
  if (group === "chat") {
    return (
      `${type} is a chat message, not a model message (LLMMessage): convert it with toModelMessage(message) ` +
      "(a user turn, as AutoGen's to_model_message()), or a run's messages with toModelContext(items, { agent }) " +
      "(the model context that agent holds: its own replies as assistant turns)"
    );
  }
  if (group === "event") {
    return (
      `${type} is an agent event, not a model message (LLMMessage): toModelContext(items, { agent }) ` +
      "turns a run's messages and events into the model context that agent holds (tool calls and their results included)"
    );
  }
  return undefined;
}
