/**
 * `toGeminiContents`: AutoGen model-client messages → the `systemInstruction` and `contents`
 * of a Gemini `generateContent` request.
 */
import { modelMessageHint } from "../../render/model-message-hint.js";
import type { IssuePath } from "../../errors.js";
import type { FunctionCall, FunctionExecutionResult } from "../../schemas/core.js";
import type { LLMMessage } from "../../schemas/llm-messages.js";
import { jsonTypeName as describe, quoteName } from "../../wire/check.js";
import { GeminiConversionError } from "./errors.js";
import { inlineImagePart } from "./inline-image.js";
import type { GeminiContent, GeminiPart, GeminiSystemInstruction } from "./types.js";

/**
 * Choices for the parts AutoGen messages have no single Gemini form for.
 *
 * @example const o: ToGeminiContentsOptions = { thoughts: "drop", thoughtSignature: "skip_thought_signature_validator" };
 */
export interface ToGeminiContentsOptions {
  /**
   * What to do with a `SystemMessage` that comes after a non-system message (AutoGen's memory
   * appends one): `"instruction"` (default) adds it to `systemInstruction` like the leading
   * ones, so its position is lost; `"user"` sends it in place as a `user` content with one text
   * part; `"error"` throws {@link GeminiConversionError}.
   */
  laterSystemMessages?: "instruction" | "user" | "error";
  /**
   * `AssistantMessage.thought`: `"part"` (default) sends it as a leading `{ text, thought: true }`
   * part of the model turn (an empty thought is left out: Gemini rejects empty thought parts);
   * `"drop"` leaves it out.
   */
  thoughts?: "part" | "drop";
  /**
   * Added as `thoughtSignature` to every `functionCall` part. AutoGen messages do not keep
   * Gemini's signatures, and Gemini 3 models reject replayed function calls without one; Google
   * documents `"skip_thought_signature_validator"` for history that has none. Default: not sent.
   */
  thoughtSignature?: string;
}

/**
 * The request fields {@link toGeminiContents} returns: spread them into the `generateContent`
 * parameters (`config.systemInstruction` with `@google/genai`).
 *
 * @example const r: GeminiRequestContents = { contents: [{ role: "user", parts: [{ text: "Hi" }] }] };
 */
export interface GeminiRequestContents {
  /** Present when there is at least one system message routed to it. */
  systemInstruction?: GeminiSystemInstruction;
  /** The conversation, one content per non-system message, in order. */
  contents: GeminiContent[];
}

/** Gemini rejects empty text parts ("empty text parameter"); AutoGen's Gemini map sends a space. */
const textPart = (text: string): GeminiPart => ({ text: text === "" ? " " : text });

function parseArgs(call: FunctionCall, path: IssuePath): Record<string, unknown> {
  if (typeof call.arguments !== "string") throw new GeminiConversionError([...path, "arguments"], `expected a JSON string, got ${describe(call.arguments)}`);
  // An empty string means "no arguments" (AgentScope reads `input or "{}"` the same way).
  if (call.arguments.trim() === "") return {};
  let args: unknown;
  try {
    args = JSON.parse(call.arguments);
  } catch (e) {
    throw new GeminiConversionError([...path, "arguments"], `invalid JSON (${(e as Error).message}); Gemini needs the arguments as an object`);
  }
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    throw new GeminiConversionError([...path, "arguments"], `expected a JSON object, got ${describe(args)}; Gemini's functionCall.args is an object`);
  }
  return args as Record<string, unknown>;
}

function functionCallPart(call: FunctionCall, path: IssuePath, signature: string | undefined): GeminiPart {
  if (typeof call !== "object" || call === null) throw new GeminiConversionError(path, `expected a FunctionCall object, got ${describe(call)}`);
  if (typeof call.name !== "string") throw new GeminiConversionError([...path, "name"], `expected a string, got ${describe(call.name)}`);
  if (typeof call.id !== "string") throw new GeminiConversionError([...path, "id"], `expected a string, got ${describe(call.id)}`);
  const part: GeminiPart = { functionCall: { id: call.id, name: call.name, args: parseArgs(call, path) } };
  if (signature !== undefined) part.thoughtSignature = signature;
  return part;
}

function functionResponsePart(result: FunctionExecutionResult, path: IssuePath): GeminiPart {
  if (typeof result !== "object" || result === null) throw new GeminiConversionError(path, `expected a FunctionExecutionResult object, got ${describe(result)}`);
  for (const key of ["content", "name", "call_id"] as const) {
    if (typeof result[key] !== "string") throw new GeminiConversionError([...path, key], `expected a string, got ${describe(result[key])}`);
  }
  // Gemini reads `output` as the result and `error` as error details (FunctionResponse.response).
  const response = result.is_error === true ? { error: result.content } : { output: result.content };
  return { functionResponse: { id: result.call_id, name: result.name, response } };
}

function userParts(content: unknown, path: IssuePath): GeminiPart[] {
  if (typeof content === "string") return [textPart(content)];
  if (!Array.isArray(content)) throw new GeminiConversionError(path, `expected a string or a list, got ${describe(content)}`);
  const parts = content.map((item, j) => (typeof item === "string" ? textPart(item) : inlineImagePart(item, [...path, j])));
  return parts.length > 0 ? parts : [textPart("")];
}

function assistantParts(message: LLMMessage & { type: "AssistantMessage" }, path: IssuePath, options: ToGeminiContentsOptions): GeminiPart[] {
  const parts: GeminiPart[] = [];
  const thought = message.thought;
  if (thought !== null && thought !== undefined) {
    if (typeof thought !== "string") throw new GeminiConversionError([...path, "thought"], `expected a string or null, got ${describe(thought)}`);
    if ((options.thoughts ?? "part") === "part" && thought !== "") parts.push({ text: thought, thought: true });
  }
  const content: unknown = message.content;
  if (typeof content === "string") parts.push(textPart(content));
  else if (Array.isArray(content)) {
    if (content.length === 0) parts.push(textPart(""));
    content.forEach((call: FunctionCall, j) => parts.push(functionCallPart(call, [...path, "content", j], options.thoughtSignature)));
  } else throw new GeminiConversionError([...path, "content"], `expected a string or a list of FunctionCall, got ${describe(content)}`);
  return parts;
}

/**
 * Converts AutoGen model-client messages (`LLMMessage[]`) into the `systemInstruction` and
 * `contents` of a Gemini `generateContent` request (AutoGen 0.7 has no native Gemini client;
 * the rules follow the Gemini API's documented request shape and AgentScope's Gemini formatter):
 *
 * - `SystemMessage` → one `{ text }` part of `systemInstruction` each, in order (no joining);
 *   see {@link ToGeminiContentsOptions.laterSystemMessages} for system messages mid-conversation.
 * - `UserMessage` → a `user` content: `{ text }` for text, `{ inlineData: { mimeType, data } }`
 *   for images (MIME type from the bytes). `source` has no Gemini field and is not sent.
 * - `AssistantMessage` → a `model` content: the thought (see `thoughts`), then `{ text }` or one
 *   `{ functionCall: { id, name, args } }` per call, `args` parsed from the JSON `arguments`
 *   (`""` → `{}`; invalid JSON or a non-object throws).
 * - `FunctionExecutionResultMessage` → one `user` content with a `{ functionResponse: { id,
 *   name, response } }` part per result; `response` is `{ output: content }`, or
 *   `{ error: content }` when `is_error` is true.
 * - Empty text becomes `" "` (Gemini rejects empty text; AutoGen's Gemini map does the same).
 * - One content per message: consecutive same-role contents are not merged (Gemini accepts them).
 *
 * The input is not changed. Throws {@link GeminiConversionError}, naming the path
 * (`messages[2].content[0].arguments: …`), for input it cannot convert.
 *
 * @example
 * toGeminiContents([
 *   { type: "SystemMessage", content: "Be brief." },
 *   { type: "UserMessage", source: "user", content: "Weather in Paris?" },
 *   { type: "AssistantMessage", source: "bot", content: [{ id: "c1", name: "weather", arguments: '{"city":"Paris"}' }], thought: null },
 *   { type: "FunctionExecutionResultMessage", content: [{ content: "sunny", name: "weather", call_id: "c1", is_error: false }] },
 * ]);
 * // {
 * //   systemInstruction: { parts: [{ text: "Be brief." }] },
 * //   contents: [
 * //     { role: "user", parts: [{ text: "Weather in Paris?" }] },
 * //     { role: "model", parts: [{ functionCall: { id: "c1", name: "weather", args: { city: "Paris" } } }] },
 * //     { role: "user", parts: [{ functionResponse: { id: "c1", name: "weather", response: { output: "sunny" } } }] },
 * //   ],
 * // }
 */
export function toGeminiContents(messages: readonly LLMMessage[], options: ToGeminiContentsOptions = {}): GeminiRequestContents {
  if (!Array.isArray(messages)) throw new GeminiConversionError(["messages"], `expected a list, got ${describe(messages)}`);
  const later = options.laterSystemMessages ?? "instruction";
  const system: Array<{ text: string }> = [];
  const contents: GeminiContent[] = [];
  let seenOther = false;
  messages.forEach((message, i) => {
    const path: IssuePath = ["messages", i];
    if (typeof message !== "object" || message === null) throw new GeminiConversionError(path, `expected a message object, got ${describe(message)}`);
    switch (message.type) {
      case "SystemMessage": {
        if (typeof message.content !== "string") throw new GeminiConversionError([...path, "content"], `expected a string, got ${describe(message.content)}`);
        if (seenOther && later === "error") throw new GeminiConversionError(path, "a system message after the conversation started (laterSystemMessages: \"error\")");
        if (seenOther && later === "user") contents.push({ role: "user", parts: [textPart(message.content)] });
        else system.push({ text: message.content === "" ? " " : message.content });
        return;
      }
      case "UserMessage":
        contents.push({ role: "user", parts: userParts(message.content, [...path, "content"]) });
        break;
      case "AssistantMessage":
        contents.push({ role: "model", parts: assistantParts(message, path, options) });
        break;
      case "FunctionExecutionResultMessage": {
        const results: unknown = message.content;
        if (!Array.isArray(results) || results.length === 0) throw new GeminiConversionError([...path, "content"], "expected a non-empty list of FunctionExecutionResult");
        contents.push({ role: "user", parts: results.map((r: FunctionExecutionResult, j) => functionResponsePart(r, [...path, "content", j])) });
        break;
      }
      default:
        throw new GeminiConversionError([...path, "type"], `unknown message type ${quoteName((message as { type?: unknown }).type)}`, modelMessageHint(message));
    }
    seenOther = true;
  });
  return system.length > 0 ? { systemInstruction: { parts: system }, contents } : { contents };
}
