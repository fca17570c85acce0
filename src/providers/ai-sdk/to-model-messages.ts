/**
 * `toModelMessages`: AutoGen model-client messages → Vercel AI SDK `ModelMessage`s.
 */
import { modelMessageHint } from "../../render/model-message-hint.js";
import type { IssuePath } from "../../errors.js";
import type { FunctionCall, FunctionExecutionResult } from "../../schemas/core.js";
import type { LLMMessage } from "../../schemas/llm-messages.js";
import { canonicalImage } from "../gemini/inline-image.js";
import { jsonTypeName as describe, quoteName } from "../../wire/check.js";
import { AISDKConversionError } from "./errors.js";
import type { AIAssistantMessage, AIImagePart, AIModelMessage, AITextPart, AIToolCallPart, AIToolResultPart } from "./types.js";

/**
 * Options for {@link toModelMessages}.
 *
 * @example const o: ToModelMessagesOptions = { keepAutoGenDetails: false };
 */
export interface ToModelMessagesOptions {
  /**
   * Keep what AI SDK messages have no field for under `providerOptions.agentchat`: the
   * messages' `source`, and a tool call's exact `arguments` text when it is not
   * `JSON.stringify(input)`. Needed for {@link fromModelMessages} to give the input back.
   * Default true; with false, `source` and the arguments' formatting are lost.
   */
  keepAutoGenDetails?: boolean;
}

const check = (ok: boolean, path: IssuePath, problem: string) => {
  if (!ok) throw new AISDKConversionError(path, problem);
};

function imagePart(image: unknown, path: IssuePath): AIImagePart {
  const data = typeof image === "object" && image !== null ? (image as { data?: unknown }).data : undefined;
  check(typeof data === "string", path, "expected a string or an image object { data: <base64> }");
  const blob = canonicalImage(data as string);
  if (blob === null) throw new AISDKConversionError([...path, "data"], "not base64 image data in a format AutoGen accepts");
  return { type: "image", image: blob.data, mediaType: blob.mimeType };
}

function toolCallPart(call: FunctionCall, path: IssuePath, keep: boolean): AIToolCallPart {
  check(typeof call === "object" && call !== null, path, `expected a FunctionCall object, got ${describe(call)}`);
  for (const key of ["id", "name", "arguments"] as const) {
    check(typeof call[key] === "string", [...path, key], `expected a string, got ${describe(call[key])}`);
  }
  let input: unknown = {};
  // Empty arguments mean "no arguments" (AgentScope reads `input or "{}"` the same way).
  if (call.arguments.trim() !== "") try {
    input = JSON.parse(call.arguments);
  } catch (e) {
    throw new AISDKConversionError([...path, "arguments"], `invalid JSON (${(e as Error).message}); a tool-call part's input is a JSON value`);
  }
  const part: AIToolCallPart = { type: "tool-call", toolCallId: call.id, toolName: call.name, input };
  if (keep && JSON.stringify(input) !== call.arguments) part.providerOptions = { agentchat: { arguments: call.arguments } };
  return part;
}

function toolResultPart(result: FunctionExecutionResult, path: IssuePath): AIToolResultPart {
  check(typeof result === "object" && result !== null, path, `expected a FunctionExecutionResult object, got ${describe(result)}`);
  for (const key of ["content", "name", "call_id"] as const) {
    check(typeof result[key] === "string", [...path, key], `expected a string, got ${describe(result[key])}`);
  }
  return {
    type: "tool-result",
    toolCallId: result.call_id,
    toolName: result.name,
    output: { type: result.is_error === true ? "error-text" : "text", value: result.content },
  };
}

function assistantMessage(message: LLMMessage & { type: "AssistantMessage" }, path: IssuePath, keep: boolean): AIAssistantMessage {
  const thought: unknown = message.thought;
  check(thought === null || thought === undefined || typeof thought === "string", [...path, "thought"], `expected a string or null, got ${describe(thought)}`);
  const content: unknown = message.content;
  let out: AIAssistantMessage["content"];
  if (typeof content === "string") {
    out = typeof thought === "string" ? [{ type: "reasoning", text: thought }, { type: "text", text: content }] : content;
  } else if (Array.isArray(content)) {
    const calls = content.map((c: FunctionCall, j) => toolCallPart(c, [...path, "content", j], keep));
    out = typeof thought === "string" ? [{ type: "reasoning", text: thought }, ...calls] : calls;
  } else throw new AISDKConversionError([...path, "content"], `expected a string or a list of FunctionCall, got ${describe(content)}`);
  return { role: "assistant", content: out };
}

/**
 * Converts AutoGen model-client messages (`LLMMessage[]`) into Vercel AI SDK `ModelMessage[]`
 * (the `messages` of `generateText` / `streamText`):
 *
 * | AutoGen | AI SDK |
 * |---|---|
 * | `SystemMessage` | `{ role: "system", content }` |
 * | `UserMessage` text | `{ role: "user", content: "<text>" }` |
 * | `UserMessage` list | `content: [{ type: "text", text }, { type: "image", image: <base64>, mediaType }]` (type from the bytes) |
 * | `AssistantMessage` text, no thought | `{ role: "assistant", content: "<text>" }` |
 * | `thought` | a leading `{ type: "reasoning", text }` part (then the text as a text part) |
 * | `FunctionCall` | `{ type: "tool-call", toolCallId: id, toolName: name, input: JSON.parse(arguments) }` (`""` → `{}`) |
 * | `FunctionExecutionResultMessage` | `{ role: "tool", content: [{ type: "tool-result", toolCallId, toolName, output: { type: "text" \| "error-text", value } }] }` |
 *
 * `source` and the exact arguments text go to `providerOptions.agentchat` (see
 * {@link ToModelMessagesOptions.keepAutoGenDetails}), so {@link fromModelMessages} gives the
 * same messages back. Arguments that are not JSON, unknown message types and malformed values
 * throw {@link AISDKConversionError} naming the path. The input is not changed.
 *
 * @example
 * toModelMessages([
 *   { type: "SystemMessage", content: "Be brief." },
 *   { type: "UserMessage", source: "alice", content: "Add 1 and 2." },
 *   { type: "AssistantMessage", source: "bot", content: [{ id: "c1", name: "add", arguments: '{"a":1,"b":2}' }], thought: null },
 *   { type: "FunctionExecutionResultMessage", content: [{ content: "3", name: "add", call_id: "c1", is_error: false }] },
 * ]);
 * // [
 * //   { role: "system", content: "Be brief." },
 * //   { role: "user", content: "Add 1 and 2.", providerOptions: { agentchat: { source: "alice" } } },
 * //   { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "add", input: { a: 1, b: 2 } }], providerOptions: { agentchat: { source: "bot" } } },
 * //   { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "add", output: { type: "text", value: "3" } }] },
 * // ]
 */
export function toModelMessages(messages: readonly LLMMessage[], options: ToModelMessagesOptions = {}): AIModelMessage[] {
  check(Array.isArray(messages), ["messages"], `expected a list, got ${describe(messages)}`);
  const keep = options.keepAutoGenDetails ?? true;
  return messages.map((message, i): AIModelMessage => {
    const path: IssuePath = ["messages", i];
    check(typeof message === "object" && message !== null, path, `expected a message object, got ${describe(message)}`);
    const withSource = <M extends AIModelMessage & { role: "user" | "assistant" }>(m: M, source: unknown): M => {
      check(typeof source === "string", [...path, "source"], `expected a string, got ${describe(source)}`);
      return keep ? { ...m, providerOptions: { agentchat: { source: source as string } } } : m;
    };
    switch (message.type) {
      case "SystemMessage":
        check(typeof message.content === "string", [...path, "content"], `expected a string, got ${describe(message.content)}`);
        return { role: "system", content: message.content };
      case "UserMessage": {
        const content: unknown = message.content;
        if (typeof content === "string") return withSource({ role: "user", content }, message.source);
        check(Array.isArray(content), [...path, "content"], `expected a string or a list, got ${describe(content)}`);
        const parts = (content as unknown[]).map((item, j): AITextPart | AIImagePart =>
          typeof item === "string" ? { type: "text", text: item } : imagePart(item, [...path, "content", j]),
        );
        return withSource({ role: "user", content: parts }, message.source);
      }
      case "AssistantMessage":
        return withSource(assistantMessage(message, path, keep), message.source);
      case "FunctionExecutionResultMessage": {
        const results: unknown = message.content;
        check(Array.isArray(results), [...path, "content"], `expected a list of FunctionExecutionResult, got ${describe(results)}`);
        return { role: "tool", content: (results as FunctionExecutionResult[]).map((r, j) => toolResultPart(r, [...path, "content", j])) };
      }
      default:
        throw new AISDKConversionError([...path, "type"], `unknown message type ${quoteName((message as { type?: unknown }).type)}`, modelMessageHint(message));
    }
  });
}
