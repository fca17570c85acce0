/**
 * What the AG-UI translator accepts as one item of an AutoGen run (the type), and how it
 * validates a message: a copy of a plain dump it reads as it is, else the registry's load. Which
 * item a value is comes from `run/` (`runValueShape`).
 */
import type { AgentMessage } from "../kinds.js";
import type { MessageRegistry } from "../registry.js";
import type { Response, TaskResult } from "../contracts/schemas.js";
import { guarded, pathOf, type Where } from "../run/guard.js";
import type { RunItem, RunItemResult } from "../run/items.js";
import { underPath } from "../run/paths.js";
import { isObject } from "../wire/json-data.js";

/**
 * One item of an AutoGen run as {@link toAgUiEvents} and the translator take it: a message or
 * event (its dump or the loaded message), a `TaskResult` (`{messages, stop_reason}`), a
 * `Response` (`{chat_message, inner_messages}`), or what the `./stream` readers yield (a
 * `RunItem`, or a reader's `{ ok, … }` result, an `{ ok: false, error }` one included).
 *
 * @example const items: AutoGenRunItem[] = [{ type: "TextMessage", source: "user", content: "Hi" }, { messages: [], stop_reason: null }]
 */
export type AutoGenRunItem = AgentMessage | TaskResult | Response | RunItem | RunItemResult | Record<string, unknown>;

/** Validates one message (a dump or a loaded message); throws naming `path`. The result is the loader's copy. */
export function loadAt(value: unknown, registry: MessageRegistry, path: Where): AgentMessage {
  const r = guarded(path, () => registry.safeLoad(value));
  if (!r.success) throw underPath(pathOf(path), r.error, "item");
  return r.data;
}

/** A message validated: a copy of a plain dump the translation reads as it is, else the loader's. */
export function messageAt(value: unknown, registry: MessageRegistry, path: Where): AgentMessage {
  return guarded(path, () => quickMessage(value)) ?? loadAt(value, registry, path);
}

const isString = (v: unknown): v is string => typeof v === "string";
const isCount = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
/** Marks a field that is not right: the loader decides (and explains). */
const NO: unique symbol = Symbol("no");

/** `models_usage` as the translation sums it, copied; NO when the loader must coerce or reject it. */
function usageOf(u: unknown): { prompt_tokens: number; completion_tokens: number } | null | undefined | typeof NO {
  if (u === null || u === undefined) return u;
  if (!isObject(u) || Object.getPrototypeOf(u) !== Object.prototype) return NO;
  const p = u.prompt_tokens;
  const c = u.completion_tokens;
  return isCount(p) && isCount(c) ? { prompt_tokens: p, completion_tokens: c } : NO;
}

// Loops, not `map` with a closure: these run for most items of a run. Each field is read once into the copy.
function callsOf(content: unknown): { id: string; name: string; arguments: string }[] | typeof NO {
  if (!Array.isArray(content)) return NO;
  const n = content.length;
  const out = new Array<{ id: string; name: string; arguments: string }>(n);
  for (let i = 0; i < n; i++) {
    const c: unknown = content[i];
    if (!isObject(c)) return NO;
    const id = c.id;
    const name = c.name;
    const args = c.arguments;
    if (!isString(id) || !isString(name) || !isString(args)) return NO;
    out[i] = { id, name, arguments: args };
  }
  return out;
}

function resultsOf(content: unknown): { call_id: string; content: string; is_error?: boolean }[] | typeof NO {
  if (!Array.isArray(content)) return NO;
  const n = content.length;
  const out = new Array<{ call_id: string; content: string; is_error?: boolean }>(n);
  for (let i = 0; i < n; i++) {
    const r: unknown = content[i];
    if (!isObject(r)) return NO;
    const callId = r.call_id;
    const text = r.content;
    const isError = r.is_error;
    if (!isString(callId) || !isString(text) || (isError != null && typeof isError !== "boolean")) return NO;
    out[i] = isError === true ? { call_id: callId, content: text, is_error: true } : { call_id: callId, content: text };
  }
  return out;
}

/** A MultiModalMessage's parts: texts, and images as their data only (the events show `<image>`: the bytes are not read). */
function partsOf(content: unknown): (string | { data: string })[] | typeof NO {
  if (!Array.isArray(content)) return NO;
  const n = content.length;
  const out = new Array<string | { data: string }>(n);
  for (let i = 0; i < n; i++) {
    const p: unknown = content[i];
    if (isString(p)) out[i] = p;
    else {
      const data = isObject(p) ? p.data : undefined;
      if (!isString(data)) return NO;
      out[i] = { data };
    }
  }
  return out;
}

/**
 * The content of a kind the translation reads field by field, copied when right; NO when it is
 * not (the loader explains), undefined for the other kinds. A switch: a lookup keyed by the
 * parsed `type` string would hash it first.
 */
function contentOf(type: unknown, m: Record<string, unknown>): unknown {
  switch (type) {
    case "TextMessage":
    case "StopMessage":
    case "ToolCallSummaryMessage":
    case "ThoughtEvent":
    case "ModelClientStreamingChunkEvent": {
      const c = m.content;
      return isString(c) ? c : NO;
    }
    case "ToolCallRequestEvent":
      return callsOf(m.content);
    case "ToolCallExecutionEvent":
      return resultsOf(m.content);
    case "MultiModalMessage":
      return partsOf(m.content);
  }
  return undefined;
}

/**
 * A copy of an item when it is a plain message dump the translation can read as it is (the
 * common case: only the fields it reads are copied), else null (classify it: the loader
 * validates, copies and explains).
 *
 * @example quickMessage({ type: "TextMessage", source: "a", content: "hi" }) // { type: "TextMessage", source: "a", content: "hi" }
 */
export function quickMessage(item: unknown): AgentMessage | null {
  if (item === null || typeof item !== "object" || Object.getPrototypeOf(item) !== Object.prototype) return null;
  const m = item as Record<string, unknown>;
  // Built-in names cannot be registered again, so these rules hold for every registry.
  const type = m.type;
  if (!isString(type)) return null;
  const content = contentOf(type, m);
  if (content === undefined || content === NO) return null;
  const source = m.source;
  const id = m.id;
  if (!isString(source) || (id !== undefined && !isString(id))) return null;
  const usage = usageOf(m.models_usage);
  if (usage === NO) return null;
  const out: Record<string, unknown> = { type, source, content };
  if (id !== undefined) out.id = id;
  if (usage !== undefined) out.models_usage = usage;
  if (type === "ModelClientStreamingChunkEvent") {
    const fmid = m.full_message_id;
    if (fmid != null && !isString(fmid)) return null;
    if (fmid != null) out.full_message_id = fmid;
  }
  return out as unknown as AgentMessage;
}
