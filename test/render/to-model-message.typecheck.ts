/**
 * Type test (run by `npm run typecheck`, not by vitest) of `toModelMessage` (issue 34.6): it takes
 * any item `load` returns, with no narrowing first (an event throws at run time, see
 * test/render/to-model-message.test.ts), and a chat message of a known kind keeps the precise
 * `UserMessage` of that kind: text content for every kind but `MultiModalMessage`.
 */
import { expectTypeOf } from "vitest";
import {
  createMessage,
  load,
  toModelMessage,
  toModelText,
  type AgentMessage,
  type AnyChatMessage,
  type ChatMessage,
  type HandoffMessage,
  type ModelMessageOf,
  type MultiModalMessage,
  type StructuredMessage,
  type TextMessage,
  type ToolCallRequestEvent,
  type UserMessage,
} from "agentchat-messages";

declare const payload: unknown;

// What `load` returns: accepted as it is, a UserMessage back (this failed to compile before:
// "Property 'format_string' is missing in type 'ToolCallRequestEvent'…").
expectTypeOf(toModelMessage(load(payload))).toEqualTypeOf<UserMessage>();
expectTypeOf(toModelText(load(payload))).toEqualTypeOf<string>();
expectTypeOf(toModelMessage).toBeCallableWith(load(payload));
declare const event: ToolCallRequestEvent;
expectTypeOf(toModelMessage(event)).toEqualTypeOf<UserMessage>(); // compiles; throws MessageValidationError at run time
declare const anything: AgentMessage;
expectTypeOf(toModelMessage(anything, {})).toEqualTypeOf<UserMessage>();

// A chat message of a known kind: the precise UserMessage.
const text = createMessage("TextMessage", { source: "user", content: "hi" });
expectTypeOf(text).toEqualTypeOf<TextMessage>();
expectTypeOf(toModelMessage(text).content).toEqualTypeOf<string>();
expectTypeOf(toModelMessage(text)).toMatchTypeOf<UserMessage>();
declare const handoff: HandoffMessage;
expectTypeOf(toModelMessage(handoff).content).toEqualTypeOf<string>();
declare const structured: StructuredMessage;
expectTypeOf(toModelMessage(structured).content).toEqualTypeOf<string>();
declare const multimodal: MultiModalMessage;
expectTypeOf(toModelMessage(multimodal).content).toEqualTypeOf<Exclude<UserMessage["content"], string>>();
expectTypeOf(toModelMessage(multimodal).content).not.toEqualTypeOf<string>();
// A union of chat kinds: the union of their model messages, each a UserMessage.
declare const chat: ChatMessage;
expectTypeOf(toModelMessage(chat)).toEqualTypeOf<ModelMessageOf<ChatMessage>>();
expectTypeOf(toModelMessage(chat)).toMatchTypeOf<UserMessage>();
declare const anyChat: AnyChatMessage;
expectTypeOf(toModelMessage(anyChat).source).toEqualTypeOf<string>();
// Narrowed from a loaded item, as before.
const loaded = load(payload);
if (loaded.type === "TextMessage") expectTypeOf(toModelMessage(loaded).content).toEqualTypeOf<string>();

// Not a message at all: still a compile error.
// @ts-expect-error a string is not a loaded item
toModelMessage("hi");
// @ts-expect-error a model message is not a chat message (toModelMessage converts the other way)
toModelMessage({ type: "UserMessage", source: "u", content: "hi" } satisfies UserMessage);
