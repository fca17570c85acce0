/**
 * `toText`, `toModelText`, `toModelMessage`: AutoGen's renderings of a message, dispatched on
 * `type` through the same registry `load` uses. Like `load`, they read a message's own
 * properties only (a class instance through its view, see wire/own-view.ts).
 */
import { MessageValidationError } from "../errors.js";
import type { AgentMessage, AnyChatMessage } from "../kinds.js";
import type { MultiModalMessage } from "../schemas/chat-messages.js";
import { defaultRegistry, type MessageRegistry } from "../registry.js";
import type { UserMessage } from "../schemas/llm-messages.js";
import type { ToModelTextOptions, ToTextOptions } from "../kind-renderers/builtin.js";
import { viewUnlessPlain } from "../own-properties.js";

/** Which registry to render with (default: `defaultRegistry`). */
export interface RegistryOption {
  readonly registry?: MessageRegistry;
}

/** The renderers of `msg`'s kind, from the registry the options name. */
function kindOf(msg: unknown, options: RegistryOption) {
  return (options.registry ?? defaultRegistry).renderersOf(msg);
}

function chatKind(msg: unknown, options: RegistryOption, what: string) {
  const kind = kindOf(msg, options);
  if (kind.group !== "chat" || !kind.toModelText || !kind.toModelMessage) {
    throw new MessageValidationError(kind.type, [
      { path: ["type"], code: "unsupported", message: `${what} needs a chat message, got the event ${kind.type}` },
    ]);
  }
  return kind as typeof kind & Required<Pick<typeof kind, "toModelText" | "toModelMessage">>;
}

/**
 * AutoGen's `to_text()`: the text a console shows for a message or event.
 * A structured message whose `format_string` fails throws a `FormatStringError`, as Python raises.
 *
 * @example toText(load({ type: "SelectSpeakerEvent", source: "m", content: ["writer"] })) // "['writer']"
 */
export function toText(message: unknown, options: ToTextOptions & RegistryOption = {}): string {
  const m = viewUnlessPlain(message);
  return kindOf(m, options).toText(m as never, options);
}

/**
 * AutoGen's `to_model_text()` of a chat message: its text for a model (images as
 * `" [image]"` or, with `imagePlaceholder: null`, as `" <base64>"`). Takes any item `load`
 * returns: an event throws `MessageValidationError`, as in {@link toModelMessage}.
 *
 * @example toModelText(msg, { imagePlaceholder: "<img>" })
 */
export function toModelText(message: AgentMessage, options: ToModelTextOptions & RegistryOption = {}): string {
  const m = viewUnlessPlain(message);
  return chatKind(m, options, "toModelText").toModelText(m as never, options);
}

/**
 * The `UserMessage` {@link toModelMessage} makes of a chat message of type `M`: its text as one
 * string for every kind but `MultiModalMessage`, whose content stays a list of texts and images.
 *
 * @example const m: ModelMessageOf<TextMessage> = toModelMessage(text); m.content.toUpperCase();
 */
export type ModelMessageOf<M extends AnyChatMessage> = Omit<UserMessage, "content"> & {
  content: M extends MultiModalMessage ? Exclude<UserMessage["content"], string> : string;
};

/**
 * AutoGen's `to_model_message()` of a chat message: the `UserMessage` a model context gets, its
 * content typed for the kind ({@link ModelMessageOf}: text, or a multimodal list).
 *
 * @example toModelMessage(createMessage("TextMessage", { source: "a", content: "hi" })).content // "hi": a string
 */
export function toModelMessage<M extends AnyChatMessage>(message: M, options?: RegistryOption): ModelMessageOf<M>;
/**
 * Any item `load` returns: a chat message gives its `UserMessage`; an event (which AutoGen never
 * gives a model) throws `MessageValidationError` at `type`, code `unsupported`, so
 * `toModelMessage(load(payload))` needs no narrowing first.
 *
 * @example toModelMessage(load({ type: "TextMessage", source: "a", content: "hi" })) // { content: "hi", source: "a", type: "UserMessage" }
 */
export function toModelMessage(message: AgentMessage, options?: RegistryOption): UserMessage;
export function toModelMessage(message: AgentMessage, options: RegistryOption = {}): UserMessage {
  const m = viewUnlessPlain(message);
  return chatKind(m, options, "toModelMessage").toModelMessage(m as never);
}
