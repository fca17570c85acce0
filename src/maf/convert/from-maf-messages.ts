/**
 * `fromMafMessages`: MAF `Message`s → AutoGen messages and events, so the Console view, the HTML
 * view and the CLI show a MAF conversation.
 */
import { callback, checkOptions, guarded } from "./options.js";
import { createMessage } from "../../create.js";
import { MessageValidationError } from "../../errors.js";
import type { AgentMessage } from "../../kinds.js";
import type { MultiModalMessage, TextMessage } from "../../schemas/chat-messages.js";
import type { ThoughtEvent, ToolCallExecutionEvent, ToolCallRequestEvent } from "../../schemas/agent-events.js";
import { dumps } from "../../python/json.js";
import { checkImageData } from "../../wire/image-data.js";
import { formatUtcNow } from "../../wire/datetime.js";
import { listOf } from "./autogen-items.js";
import type { MafConversionLoss, MafLossOption } from "./losses.js";
import { loadMaf } from "../load-maf.js";
import type { Message } from "../message.js";
import { KIND } from "../../kind-groups.js";

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * What {@link fromMafMessages} produces.
 *
 * @example const first: FromMafMessage = fromMafMessages(session.state.in_memory.messages)[0];
 */
export type FromMafMessage = TextMessage | MultiModalMessage | ThoughtEvent | ToolCallRequestEvent | ToolCallExecutionEvent;

/** Options of {@link fromMafMessages}. @example fromMafMessages(history, { onLoss: (l) => lost.push(l) }) */
export interface FromMafMessagesOptions extends MafLossOption {}

/** A field AutoGen needs as text: a string as is, nothing as `""`, any other value (which MAF keeps) as JSON. */
const str = (v: unknown): string => (typeof v === "string" ? v : v === undefined || v === null ? "" : JSON.stringify(v));

/** Each message as MAF's `Message.from_dict` reads it (`loadMaf`), errors under the message's index. */
function loadMessages(list: readonly unknown[]): Message[] {
  return list.map((m, i) => {
    try {
      return loadMaf(m, "Message");
    } catch (e) {
      if (!MessageValidationError.isInstance(e)) throw e;
      throw new MessageValidationError(e.type, e.issues.map((issue) => ({ ...issue, path: [i, ...issue.path] })), "MAF message");
    }
  });
}

type Part = { kind: "chat" | "thought" | "calls" | "results" | "other"; contents: Dict[] };

function partKind(type: unknown): Part["kind"] {
  switch (type) {
    case "text":
    case "data":
    case "uri":
      return "chat";
    case "text_reasoning":
      return "thought";
    case "function_call":
      return "calls";
    case "function_result":
      return "results";
    default:
      return "other";
  }
}

const count = (v: unknown): number => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : 0);

/** The arguments of a MAF function call as AutoGen's `FunctionCall.arguments` text. */
function argumentsText(args: unknown): string {
  if (typeof args === "string") return args;
  if (args === undefined || args === null) return "";
  return dumps(args, { ensureAscii: false });
}

/** A MAF function result's text: `result` when it is a string, else its text items, else the value as JSON. */
function resultText(k: Dict): string {
  if (typeof k.result === "string" && (k.result !== "" || typeof k.exception !== "string")) return k.result;
  if (typeof k.exception === "string" && (k.result === "" || k.result === undefined || k.result === null)) return k.exception;
  if (k.result === undefined || k.result === null) {
    const items = Array.isArray(k.items) ? k.items : [];
    return items.filter((i): i is Dict => isDict(i) && i.type === "text" && typeof i.text === "string" && i.text !== "").map((i) => i.text as string).join("\n");
  }
  return dumps(k.result, { ensureAscii: false });
}

/** The base64 image in a `data` content, or null when it is not an image AutoGen can hold. */
function imageOf(k: Dict): { data: string } | null {
  const m = typeof k.uri === "string" ? /^data:(image\/[^;,]*)?(?:;[^;,]*)*;base64,(.*)$/s.exec(k.uri) : null;
  if (!m || m[1] === undefined) return null;
  const check = checkImageData(m[2]);
  return check.ok ? { data: m[2]! } : null;
}

/**
 * Converts MAF `Message`s (as `Message.to_dict()` writes them, or a session's history, whose
 * messages have `type` last) into AutoGen messages and events for viewing. Each message becomes
 * one AutoGen item per run of contents of one kind, in order:
 *
 * - `text` / `data` / `uri` contents → a `TextMessage` (texts joined with `" "`, as MAF's
 *   `Message.text`), or a `MultiModalMessage` when it has images (a `data` content holding an
 *   image AutoGen can load; other data and URIs become their URI as text, reported);
 * - `text_reasoning` → a `ThoughtEvent` (its `protected_data` is dropped);
 * - `function_call`s → a `ToolCallRequestEvent` (`call_id` → `id`; dict arguments as JSON text);
 * - `function_result`s → a `ToolCallExecutionEvent` (`result`, else its text items, else the
 *   `exception`, as `content`; the function `name` looked up from the call with the same
 *   `call_id`, `""` when none came before; `is_error` true when there is an `exception`);
 * - `usage` → the `models_usage` of the last item the message gave;
 * - any other kind (errors, hosted files and tools, approvals, …) → a `TextMessage` holding the
 *   content as JSON, with `metadata.maf_content_type` naming its kind.
 *
 * `source` is `author_name`, else the role (`user`, `assistant`, …); the first item that is not a
 * `ThoughtEvent` (else the first) keeps `message_id` as its `id` (others, and repeats, get new
 * ids); `created_at` is the time of the conversion, the same for all. The role itself is not
 * kept. Each message is read as MAF's `Message.from_dict` reads it (`loadMaf`): what MAF refuses
 * throws `MessageValidationError` naming the path (`[2].contents[0].callId: Content has no field
 * "callId" …`); a field MAF keeps but AutoGen holds as text (a `text` that is not a string, a
 * missing `call_id`) becomes its JSON (or `""`). The input is not changed.
 *
 * @example
 * fromMafMessages([
 *   { type: "message", role: "user", contents: [{ type: "text", text: "Weather in Paris?" }] },
 *   { type: "message", role: "assistant", author_name: "bot", contents: [
 *     { type: "function_call", call_id: "c1", name: "weather", arguments: { city: "Paris" } }] },
 * ]).map((m) => `${m.type} ${m.source}`) // ["TextMessage user", "ToolCallRequestEvent bot"]
 */
export function fromMafMessages(messages: Iterable<unknown>, given?: FromMafMessagesOptions): FromMafMessage[] {
  return guarded("fromMafMessages", () => convert(messages, given));
}

function convert(messages: Iterable<unknown>, given?: FromMafMessagesOptions): FromMafMessage[] {
  const options = checkOptions<FromMafMessagesOptions>(given, "fromMafMessages", { onLoss: "function" });
  const list = loadMessages(listOf(messages, "a list of MAF messages"));
  const names = new Map<string, string>();
  const usedIds = new Set<string>();
  // One time for the whole conversation: MAF messages have none, and views order by it.
  const created_at = formatUtcNow();
  const out: FromMafMessage[] = [];
  list.forEach((message, i) => {
    const m = message as unknown as Dict;
    const lose = (code: MafConversionLoss["code"], message: string) => callback(options.onLoss, { code, message, path: [i] });
    const source = typeof m.author_name === "string" ? m.author_name : str(m.role);
    const parts: Part[] = [];
    let prompt = 0;
    let completion = 0;
    let usage = false;
    for (const k of m.contents as Dict[]) {
      if (k.type === "usage") {
        const d = isDict(k.usage_details) ? k.usage_details : {};
        usage = true;
        prompt += count(d.input_token_count);
        completion += count(d.output_token_count);
        continue;
      }
      const kind = partKind(k.type);
      const last = parts.at(-1);
      if (last && last.kind === kind && kind !== "other" && kind !== "thought") last.contents.push(k);
      else parts.push({ kind, contents: [k] });
    }
    const made: FromMafMessage[] = parts.map((part) => itemOf(part, { source, created_at }, names, lose));
    if (usage) {
      if (made.length > 0) made[made.length - 1]!.models_usage = { prompt_tokens: prompt, completion_tokens: completion };
      else lose("usage", "a message holding only usage has no AutoGen item to carry it; dropped");
    }
    // The message's own item keeps its id: the first that is not its reasoning (toMafMessages puts a thought first).
    const own = Math.max(0, made.findIndex((item) => item.type !== KIND.ThoughtEvent));
    if (made.length > 0 && typeof m.message_id === "string" && m.message_id !== "" && !usedIds.has(m.message_id)) made[own]!.id = m.message_id;
    for (const item of made) {
      usedIds.add(item.id);
      out.push(item);
    }
  });
  return out;
}

function itemOf(part: Part, base: { source: string; created_at: string }, names: Map<string, string>, lose: (code: MafConversionLoss["code"], message: string) => void): FromMafMessage {
  switch (part.kind) {
    case "thought": {
      const k = part.contents[0]!;
      if (typeof k.protected_data === "string") lose("content-kind", "the protected_data of a text_reasoning content is dropped");
      return createMessage(KIND.ThoughtEvent, { ...base, content: str(k.text) });
    }
    case "calls":
      return createMessage(KIND.ToolCallRequestEvent, {
        ...base,
        content: part.contents.map((k) => {
          names.set(str(k.call_id), str(k.name));
          return { id: str(k.call_id), name: str(k.name), arguments: argumentsText(k.arguments) };
        }),
      });
    case "results":
      return createMessage(KIND.ToolCallExecutionEvent, {
        ...base,
        content: part.contents.map((k) => ({
          content: resultText(k),
          name: names.get(str(k.call_id)) ?? "",
          call_id: str(k.call_id),
          is_error: k.exception !== undefined && k.exception !== null,
        })),
      });
    case "other": {
      const k = part.contents[0]!;
      return createMessage(KIND.TextMessage, { ...base, content: JSON.stringify(k), metadata: { maf_content_type: String(k.type) } });
    }
    case "chat": {
      const items: Array<string | { data: string }> = part.contents.map((k) => {
        if (k.type === "text") return str(k.text);
        const image = k.type === "data" ? imageOf(k) : null;
        if (image) return image;
        lose("content-kind", `a ${String(k.type)} content that is not an image AutoGen can hold is shown as its URI`);
        return typeof k.uri === "string" ? k.uri : "";
      });
      if (items.every((x) => typeof x === "string")) return createMessage(KIND.TextMessage, { ...base, content: (items as string[]).join(" ") });
      return createMessage(KIND.MultiModalMessage, { ...base, content: items });
    }
  }
}
