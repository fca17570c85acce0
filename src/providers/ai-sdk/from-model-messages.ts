/**
 * `fromModelMessages`: Vercel AI SDK `ModelMessage`s → AutoGen model-client messages.
 */
import type { IssuePath } from "../../errors.js";
import type { FunctionCall, FunctionExecutionResult } from "../../schemas/core.js";
import type { AssistantMessage, LLMMessage, UserMessage } from "../../schemas/llm-messages.js";
import { checkImageData } from "../../wire/image-data.js";
import { jsonTypeName as describe } from "../../wire/check.js";
import { AISDKConversionError } from "./errors.js";
import { AGENTCHAT_KEY } from "./types.js";
import { isObject } from "../../wire/json-data.js";

/**
 * Any AI SDK `ModelMessage` (from `ai`), typed loosely so that every SDK version's messages are
 * accepted and checked at run time.
 *
 * @example const m: ModelMessageLike = { role: "user", content: [{ type: "text", text: "Hi" }] };
 */
export interface ModelMessageLike {
  /** `system`, `user`, `assistant` or `tool`. */
  role: string;
  /** A string or a list of parts. */
  content: unknown;
  /** Per-provider options; only `agentchat` maps back. */
  providerOptions?: unknown;
}

/**
 * Options for {@link fromModelMessages}.
 *
 * @example const o: FromModelMessagesOptions = { lossy: "allow", sources: { user: "human" } };
 */
export interface FromModelMessagesOptions {
  /**
   * `"error"` (default) throws {@link AISDKConversionError} wherever the AutoGen messages
   * could not carry everything: other providers' `providerOptions`, JSON tool outputs, several
   * text or reasoning parts in one assistant message, text beside tool calls, tool-approval
   * parts. `"allow"` converts anyway: unknown provider options and approval parts are dropped,
   * JSON outputs become their `JSON.stringify` text, assistant texts are concatenated,
   * reasoning parts are joined with `"\n"`, and text beside tool calls goes to `thought` after
   * the reasoning (as AutoGen's OpenAI client does). File parts, URL images, provider-executed
   * tool calls and results, and denied executions always throw.
   */
  lossy?: "error" | "allow";
  /** `source` for user and assistant messages without `providerOptions.agentchat.source`. Default `"user"` / `"assistant"`. */
  sources?: { user?: string; assistant?: string };
}

interface Context {
  allow: boolean;
}


function lossy(ctx: Context, path: IssuePath, problem: string): void {
  if (!ctx.allow) throw new AISDKConversionError(path, `${problem} (pass lossy: "allow" to convert anyway)`);
}

/** The `providerOptions.agentchat` entries in `allowed`; anything else is lossy. */
function agentchatOptions(value: unknown, allowed: readonly string[], path: IssuePath, ctx: Context): Record<string, string> {
  if (value === undefined) return {};
  const p = [...path, "providerOptions"];
  if (!isObject(value)) throw new AISDKConversionError(p, `expected an object, got ${describe(value)}`);
  const out: Record<string, string> = {};
  for (const [provider, opts] of Object.entries(value)) {
    if (provider !== AGENTCHAT_KEY) {
      lossy(ctx, [...p, provider], "provider options have no AutoGen field");
      continue;
    }
    if (!isObject(opts)) throw new AISDKConversionError([...p, provider], `expected an object, got ${describe(opts)}`);
    for (const [key, v] of Object.entries(opts)) {
      if (!allowed.includes(key)) lossy(ctx, [...p, provider, key], "has no AutoGen field here");
      else if (typeof v !== "string") throw new AISDKConversionError([...p, provider, key], `expected a string, got ${describe(v)}`);
      else out[key] = v;
    }
  }
  return out;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The base64 of an image part's `image`, checked as AutoGen image data. */
function imageData(image: unknown, path: IssuePath): string {
  let data: string;
  if (image instanceof Uint8Array) data = bytesToBase64(image);
  else if (image instanceof ArrayBuffer) data = bytesToBase64(new Uint8Array(image));
  else if (typeof image === "string") {
    const dataUrl = /^data:[^,]*?(;base64)?,(.*)$/is.exec(image);
    if (dataUrl) {
      if (!dataUrl[1]) throw new AISDKConversionError(path, "a data URL image must be base64-encoded");
      data = dataUrl[2]!;
    } else if (/^[a-z][a-z0-9+.-]*:/i.test(image)) {
      throw new AISDKConversionError(path, "a URL image has no AutoGen form (AutoGen images carry their bytes)");
    } else data = image;
  } else if (image instanceof URL) {
    throw new AISDKConversionError(path, "a URL image has no AutoGen form (AutoGen images carry their bytes)");
  } else throw new AISDKConversionError(path, `expected base64, a data URL or bytes, got ${describe(image)}`);
  const checked = checkImageData(data);
  if (!checked.ok) throw new AISDKConversionError(path, `not an image AutoGen accepts: ${checked.message}`);
  return data;
}

function partsOf(content: unknown, path: IssuePath): Record<string, unknown>[] {
  if (!Array.isArray(content)) throw new AISDKConversionError([...path, "content"], `expected a string or a list of parts, got ${describe(content)}`);
  return content.map((part, j) => {
    if (!isObject(part) || typeof part.type !== "string") throw new AISDKConversionError([...path, "content", j], "expected a part object with a string type");
    return part;
  });
}

function textOf(part: Record<string, unknown>, path: IssuePath): string {
  if (typeof part.text !== "string") throw new AISDKConversionError([...path, "text"], `expected a string, got ${describe(part.text)}`);
  return part.text;
}

function stringField(part: Record<string, unknown>, key: string, path: IssuePath): string {
  if (typeof part[key] !== "string") throw new AISDKConversionError([...path, key], `expected a string, got ${describe(part[key])}`);
  return part[key];
}

function userMessage(m: { content?: unknown }, path: IssuePath, ctx: Context, source: string): UserMessage {
  if (typeof m.content === "string") return { content: m.content, source, type: "UserMessage" };
  const content = partsOf(m.content, path).map((part, j): string | { data: string } => {
    const p = [...path, "content", j];
    agentchatOptions(part.providerOptions, [], p, ctx);
    if (part.type === "text") return textOf(part, p);
    if (part.type === "image") return { data: imageData(part.image, [...p, "image"]) };
    throw new AISDKConversionError(p, `a ${JSON.stringify(part.type)} part has no AutoGen form in a user message`);
  });
  return { content, source, type: "UserMessage" };
}

function toolCall(part: Record<string, unknown>, p: IssuePath, ctx: Context): FunctionCall {
  if (part.providerExecuted === true) throw new AISDKConversionError(p, "a provider-executed tool call has no AutoGen form");
  const id = stringField(part, "toolCallId", p);
  const name = stringField(part, "toolName", p);
  const kept = agentchatOptions(part.providerOptions, ["arguments"], p, ctx).arguments;
  const canonical = part.input === undefined ? "{}" : JSON.stringify(part.input);
  let args = canonical;
  // The kept text wins only while it still says what `input` says.
  if (kept !== undefined && kept.trim() === "") {
    if (canonical === "{}") args = kept;
  } else if (kept !== undefined) {
    try {
      if (JSON.stringify(JSON.parse(kept)) === canonical) args = kept;
    } catch {
      // not JSON: `input` is the truth
    }
  }
  return { id, arguments: args, name };
}

function assistantMessage(m: { content?: unknown }, path: IssuePath, ctx: Context, source: string): AssistantMessage {
  if (typeof m.content === "string") return { content: m.content, thought: null, source, type: "AssistantMessage" };
  const texts: string[] = [];
  const reasoning: string[] = [];
  const calls: FunctionCall[] = [];
  partsOf(m.content, path).forEach((part, j) => {
    const p = [...path, "content", j];
    if (part.type === "tool-call") return void calls.push(toolCall(part, p, ctx));
    agentchatOptions(part.providerOptions, [], p, ctx);
    if (part.type === "text") texts.push(textOf(part, p));
    else if (part.type === "reasoning") reasoning.push(textOf(part, p));
    else if (part.type === "tool-approval-request") lossy(ctx, p, "a tool-approval request has no AutoGen form");
    else throw new AISDKConversionError(p, `a ${JSON.stringify(part.type)} part has no AutoGen form in an assistant message`);
  });
  if (reasoning.length > 1) lossy(ctx, [...path, "content"], "several reasoning parts would be joined into one thought");
  if (texts.length > 1) lossy(ctx, [...path, "content"], "several text parts would be joined into one text");
  if (texts.length > 0 && calls.length > 0) lossy(ctx, [...path, "content"], "text beside tool calls would become part of the thought");
  if (calls.length > 0 || texts.length === 0) {
    const thought = [...reasoning, ...texts];
    return { content: calls, thought: thought.length > 0 ? thought.join("\n") : null, source, type: "AssistantMessage" };
  }
  return { content: texts.join(""), thought: reasoning.length > 0 ? reasoning.join("\n") : null, source, type: "AssistantMessage" };
}

function toolResult(part: Record<string, unknown>, p: IssuePath, ctx: Context): FunctionExecutionResult | null {
  if (part.type === "tool-approval-response") {
    lossy(ctx, p, "a tool-approval response has no AutoGen form");
    return null;
  }
  if (part.type !== "tool-result") throw new AISDKConversionError(p, `a ${JSON.stringify(part.type)} part has no AutoGen form in a tool message`);
  agentchatOptions(part.providerOptions, [], p, ctx);
  const call_id = stringField(part, "toolCallId", p);
  const name = stringField(part, "toolName", p);
  const output = part.output;
  const op = [...p, "output"];
  if (!isObject(output)) throw new AISDKConversionError(op, `expected an output object, got ${describe(output)}`);
  agentchatOptions(output.providerOptions, [], op, ctx);
  switch (output.type) {
    case "text":
    case "error-text":
      return { content: stringField(output, "value", op), name, call_id, is_error: output.type === "error-text" };
    case "json":
    case "error-json":
      lossy(ctx, op, `a ${output.type} output would become its JSON text`);
      return { content: JSON.stringify(output.value ?? null), name, call_id, is_error: output.type === "error-json" };
    default:
      throw new AISDKConversionError(op, `a ${JSON.stringify(output.type)} output has no AutoGen form (only text, error-text and, with lossy: "allow", json)`);
  }
}

/**
 * Converts Vercel AI SDK `ModelMessage[]` back into AutoGen model-client messages, the
 * inverse of {@link toModelMessages}:
 *
 * - `system` → `SystemMessage`; `user` → `UserMessage` (text parts → strings, image parts →
 *   `{ data }` from base64, a base64 data URL or bytes; the media type is re-read from the bytes);
 * - `assistant` → `AssistantMessage`: a text (string or one text part) or the tool-call parts
 *   as `FunctionCall`s (`arguments` = the kept `providerOptions.agentchat.arguments` text when
 *   it still matches `input`, else `JSON.stringify(input)`); a reasoning part → `thought`;
 * - `tool` → `FunctionExecutionResultMessage`: `text` → `is_error: false`, `error-text` → `true`;
 * - `source` from `providerOptions.agentchat.source`, else {@link FromModelMessagesOptions.sources}.
 *
 * **Lossless round trip:** `fromModelMessages(toModelMessages(x))` equals `x` for every valid
 * `x` whose images are canonical base64 and whose `is_error` values are booleans (`null`, which
 * AutoGen treats as success, comes back as `false`). Anything else that would lose
 * information throws {@link AISDKConversionError} naming the message index and part
 * (`modelMessages[2].content[1]: …`), unless `lossy: "allow"`.
 *
 * @example
 * fromModelMessages([
 *   { role: "user", content: "Add 1 and 2.", providerOptions: { agentchat: { source: "alice" } } },
 *   { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "add", input: { a: 1, b: 2 } }] },
 *   { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "add", output: { type: "text", value: "3" } }] },
 * ]);
 * // [
 * //   { content: "Add 1 and 2.", source: "alice", type: "UserMessage" },
 * //   { content: [{ id: "c1", arguments: '{"a":1,"b":2}', name: "add" }], thought: null, source: "assistant", type: "AssistantMessage" },
 * //   { content: [{ content: "3", name: "add", call_id: "c1", is_error: false }], type: "FunctionExecutionResultMessage" },
 * // ]
 */
export function fromModelMessages(modelMessages: readonly ModelMessageLike[], options: FromModelMessagesOptions = {}): LLMMessage[] {
  if (!Array.isArray(modelMessages)) throw new AISDKConversionError(["modelMessages"], `expected a list, got ${describe(modelMessages)}`);
  const ctx: Context = { allow: options.lossy === "allow" };
  return modelMessages.map((m, i): LLMMessage => {
    const path: IssuePath = ["modelMessages", i];
    if (!isObject(m)) throw new AISDKConversionError(path, `expected a message object, got ${describe(m)}`);
    switch (m.role) {
      case "system":
        agentchatOptions(m.providerOptions, [], path, ctx);
        if (typeof m.content !== "string") throw new AISDKConversionError([...path, "content"], `expected a string, got ${describe(m.content)}`);
        return { content: m.content, type: "SystemMessage" };
      case "user":
        return userMessage(m, path, ctx, agentchatOptions(m.providerOptions, ["source"], path, ctx).source ?? options.sources?.user ?? "user");
      case "assistant":
        return assistantMessage(m, path, ctx, agentchatOptions(m.providerOptions, ["source"], path, ctx).source ?? options.sources?.assistant ?? "assistant");
      case "tool": {
        agentchatOptions(m.providerOptions, [], path, ctx);
        const results = partsOf(m.content, path).flatMap((part, j) => toolResult(part, [...path, "content", j], ctx) ?? []);
        return { content: results, type: "FunctionExecutionResultMessage" };
      }
      default:
        throw new AISDKConversionError([...path, "role"], `unknown role ${JSON.stringify(m.role)}`);
    }
  });
}
