/**
 * `toMafMessages`: AutoGen chat messages, events and model-client messages → MAF `Message`s.
 */
import type { AgentMessage } from "../../kinds.js";
import { defaultRegistry, type MessageRegistry } from "../../registry.js";
import type { LLMMessage, UserMessage } from "../../schemas/llm-messages.js";
import type { FunctionCall, FunctionExecutionResult, RequestUsage } from "../../schemas/core.js";
import { imageDataUri } from "../../wire/image-data.js";
import { autogenItems, listOf } from "./autogen-items.js";
import { callback, checkOptions, guarded } from "./options.js";
import type { MafConversionLoss, MafLossOption } from "./losses.js";
import {
  dataContent,
  functionCallContent,
  functionResultContent,
  messageOf,
  reasoningContent,
  textContent,
  usageContent,
  usageDetails,
} from "./wire-shape.js";
import type { Content } from "../content.js";
import type { Message } from "../message.js";
import { KIND } from "../../kind-groups.js";

/**
 * Options of {@link toMafMessages}.
 *
 * @example toMafMessages(run, { users: ["user", "customer"] })
 */
export interface ToMafMessagesOptions extends MafLossOption {
  /**
   * The sources whose chat messages get the role `user` (all other chat messages are the
   * `assistant`'s). Default: `"user"` (AutoGen's source for a task) and every source that asked
   * for input (a `UserInputRequestedEvent`, i.e. a `UserProxyAgent`).
   */
  readonly users?: readonly string[];
  /** The registry the AutoGen messages are validated with (custom kinds). Default: `load`'s. */
  readonly registry?: MessageRegistry;
}

/** What each option of {@link toMafMessages} (and `toMafAgentResponse`) may be. */
export const MESSAGES_OPTIONS = { onLoss: "function", users: "strings", registry: "registry" } as const;

/** The MAF contents of AutoGen content: a string → one `text`; a list → `text` and `data` (images). */
export function userContents(content: UserMessage["content"]): Content[] {
  if (typeof content === "string") return [textContent(content)];
  return content.map((part) => {
    if (typeof part === "string") return textContent(part);
    const uri = imageDataUri(part.data);
    return dataContent(uri, uri.slice(5, uri.indexOf(";")));
  });
}

/** Each AutoGen function call as a MAF `function_call` (id → call_id, arguments kept as text). */
export const callContents = (calls: readonly FunctionCall[]): Content[] => calls.map((c) => functionCallContent(c.id, c.name, c.arguments));

/** Each AutoGen function result as a MAF `function_result` (an error's text also as `exception`). */
export const resultContents = (results: readonly FunctionExecutionResult[]): Content[] =>
  results.map((r) => functionResultContent(r.call_id, r.content, r.is_error === true ? r.content : null));

/** A model-client message as a MAF message. */
export function llmToMaf(m: LLMMessage): Message {
  switch (m.type) {
    case "SystemMessage":
      return messageOf("system", [textContent(m.content)], null, null);
    case "UserMessage":
      return messageOf("user", userContents(m.content), m.source, null);
    case "AssistantMessage": {
      const contents = m.thought === null ? [] : [reasoningContent(m.thought)];
      contents.push(...(typeof m.content === "string" ? [textContent(m.content)] : callContents(m.content)));
      return messageOf("assistant", contents, m.source, null);
    }
    case "FunctionExecutionResultMessage":
      return messageOf("tool", resultContents(m.content), null, null);
  }
}

const withUsage = (contents: Content[], usage: RequestUsage | null): Content[] =>
  usage === null ? contents : [...contents, usageContent(usageDetails(usage.prompt_tokens, usage.completion_tokens))];

/** An AutoGen message or event as a MAF message, or null for an event with no MAF form. */
function agentToMaf(m: AgentMessage, registry: MessageRegistry, users: ReadonlySet<string>, lose: (code: MafConversionLoss["code"], text: string) => void): Message | null {
  const usage = m.models_usage ?? null;
  if (m.type === KIND.ToolCallRequestEvent) return messageOf("assistant", withUsage(callContents(m.content), usage), m.source, m.id);
  if (m.type === KIND.ToolCallExecutionEvent) return messageOf("tool", withUsage(resultContents(m.content), usage), m.source, m.id);
  const kind = registry.renderersOf(m);
  if (kind.group !== "chat" || kind.toModelMessage === undefined) {
    lose("dropped", `${m.type} has no MAF form; dropped`);
    return null;
  }
  if (m.type === KIND.HandoffMessage && m.context.length > 0) lose("handoff-context", `the ${m.context.length} context messages of a HandoffMessage are dropped`);
  if (Object.keys(m.metadata).length > 0) lose("metadata", `the metadata of ${m.type} is dropped`);
  // What AutoGen hands a model for the message: the text (or text and images) of every chat kind.
  const content = kind.toModelMessage(m as never).content;
  return messageOf(users.has(m.source) ? "user" : "assistant", withUsage(userContents(content), usage), m.source, m.id);
}

/**
 * Converts AutoGen messages to MAF (Agent Framework 1.13) `Message`s, each as MAF's
 * `Message.to_dict()` writes it (and `loadMaf` holds it). `items` may mix, in order: AutoGen chat messages and events (a
 * run's stream), `TaskResult`s and `Response`s (their messages; a message met twice counts once,
 * by `id`) and model-client messages (`LLMMessage`s, e.g. `toModelContext`'s output or a saved
 * `llm_context`). The mapping (docs/maf-migration.md has the full table):
 *
 * - `source` → `author_name`, `id` → `message_id`; role `user` for the sources in
 *   `options.users`, `assistant` for other chat messages, `tool` for results;
 * - every chat kind → its model text (as AutoGen gives it to a model: `to_model_message()`) as a
 *   `text` content, images as `data` contents (`data:` URI and media type sniffed from the bytes);
 * - `ToolCallRequestEvent` / `AssistantMessage` calls → `function_call` (`id` → `call_id`,
 *   `arguments` kept as the same text); `ToolCallExecutionEvent` / `FunctionExecutionResultMessage`
 *   → `function_result` with `result` and `items` as MAF's `from_function_result(result=<str>)`
 *   fills them (an error's text also as `exception`);
 * - a `thought` / `ThoughtEvent` → `text_reasoning`, first in the assistant message it belongs
 *   to (a `ThoughtEvent` joins the next message when that is the same source's assistant message);
 * - `models_usage` → a `usage` content (`input_token_count`, `output_token_count`, their sum as
 *   `total_token_count`);
 * - lost: `created_at`, `metadata`, a handoff's `target` and `context`, the kind of chat message,
 *   and the events that are not conversation (streaming chunks, memory queries, speaker
 *   selection, code generation/execution, input requests): each loss goes to `options.onLoss`.
 *
 * The input is not changed. Throws `MessageValidationError` naming the path of an invalid item
 * (`[3].content[0].name: expected string, got number 5`).
 *
 * @example
 * toMafMessages([
 *   { type: "TextMessage", id: "m1", source: "user", content: "Weather in Paris?" },
 *   { type: "ToolCallRequestEvent", id: "m2", source: "bot", content: [{ id: "c1", name: "weather", arguments: '{"city":"Paris"}' }] },
 * ]);
 * // [
 * //   { type: "message", role: "user", contents: [{ type: "text", text: "Weather in Paris?", additional_properties: {} }],
 * //     author_name: "user", message_id: "m1", additional_properties: {} },
 * //   { type: "message", role: "assistant", contents: [{ type: "function_call", call_id: "c1", name: "weather",
 * //     arguments: '{"city":"Paris"}', additional_properties: {} }], author_name: "bot", message_id: "m2", additional_properties: {} },
 * // ]
 */
export function toMafMessages(items: Iterable<unknown>, given?: ToMafMessagesOptions): Message[] {
  return guarded("toMafMessages", () => convert(items, given));
}

function convert(items: Iterable<unknown>, given?: ToMafMessagesOptions): Message[] {
  const options = checkOptions<ToMafMessagesOptions>(given, "toMafMessages", MESSAGES_OPTIONS);
  const registry = options.registry ?? defaultRegistry;
  const list = listOf(items, "a list of AutoGen messages, events, TaskResults, Responses or LLM messages");
  const converted = [...autogenItems(list, registry)];
  const users = new Set(options.users ?? ["user", ...converted.flatMap((x) => (!x.llm && x.message.type === KIND.UserInputRequestedEvent ? [x.message.source] : []))]);
  const out: Message[] = [];
  let thought: { source: string; text: string; id: string; usage: RequestUsage | null } | null = null;
  const flush = () => {
    if (thought) out.push(messageOf("assistant", withUsage([reasoningContent(thought.text)], thought.usage), thought.source, thought.id));
    thought = null;
  };
  for (const item of converted) {
    if (item.llm) {
      flush();
      out.push(llmToMaf(item.message));
      continue;
    }
    const m = item.message;
    if (m.type === KIND.ThoughtEvent) {
      flush();
      thought = { source: m.source, text: m.content, id: m.id, usage: m.models_usage };
      continue;
    }
    const lose = (code: MafConversionLoss["code"], message: string) => callback(options.onLoss, { code, message, path: [item.at] });
    const made = agentToMaf(m, registry, users, lose);
    if (made === null) continue;
    const pending = thought as { source: string; text: string; usage: RequestUsage | null } | null;
    if (pending && made.role === "assistant" && made.author_name === pending.source) {
      out.push({ ...made, contents: [reasoningContent(pending.text), ...withUsage([], pending.usage), ...made.contents] });
      thought = null;
      continue;
    }
    flush();
    out.push(made);
  }
  flush();
  return out;
}
