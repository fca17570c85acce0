/**
 * What the AG-UI translator accepts as one item of an AutoGen run, and its validation: a
 * message or event (a dump or a loaded message), a `TaskResult`, a `Response`, or an item of the
 * stream readers (`readMessages`, `readSSE`, `readFrames`: `{ ok, kind, … }`, including their
 * `{ ok: false, error }` items). Anything else is a `MessageValidationError` naming its path.
 */
import { MessageValidationError, type MessageIssue } from "../errors.js";
import type { AgentMessage } from "../kinds.js";
import type { MessageRegistry } from "../registry.js";
import type { Response, TaskResult } from "../contracts/schemas.js";
import type { RunItem, RunItemResult } from "../stream/run-items.js";
import type { StudioControlFrame } from "../stream/studio.js";

/**
 * One item of an AutoGen run as {@link toAgUiEvents} and the translator take it: a message or
 * event (its dump or the loaded message), a `TaskResult` (`{messages, stop_reason}`), a
 * `Response` (`{chat_message, inner_messages}`), or what the `./stream` readers yield (a
 * `RunItem`, or a reader's `{ ok, … }` result, an `{ ok: false, error }` one included).
 *
 * @example const items: AutoGenRunItem[] = [{ type: "TextMessage", source: "user", content: "Hi" }, { messages: [], stop_reason: null }]
 */
export type AutoGenRunItem = AgentMessage | TaskResult | Response | RunItem | RunItemResult | Record<string, unknown>;

/** An item, classified; messages validated. */
export type Classified =
  | { readonly kind: "message"; readonly message: AgentMessage }
  | {
      readonly kind: "end";
      /** The messages the TaskResult / Response holds, in stream order (inner messages first). */
      readonly messages: readonly unknown[];
      /** True when they were loaded already (a reader's item). */
      readonly loaded: boolean;
      /** The path of message `i`, for an error. */
      readonly pathOf: (i: number) => (string | number)[];
      /** The TaskResult's `stop_reason`; `undefined` for a Response. */
      readonly stopReason: string | null | undefined;
    }
  | { readonly kind: "control"; readonly control: StudioControlFrame }
  | { readonly kind: "error"; readonly error: Error };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The JSON type of a value, never the value itself (it may hold a secret). */
function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value !== "object") return `a ${typeof value}`;
  return "an object that is no AutoGen message, event, TaskResult, Response or stream reader item";
}

function invalid(path: readonly (string | number)[], message: string, code = "model_type"): MessageValidationError {
  return new MessageValidationError(undefined, [{ path, code, message }], "item");
}

/** The error with every issue's path under `prefix`. */
export function under(prefix: readonly (string | number)[], error: MessageValidationError): MessageValidationError {
  const issues: MessageIssue[] = error.issues.map((i) => ({ ...i, path: [...prefix, ...i.path] }));
  return new MessageValidationError(error.type, issues, "item");
}

/** Validates one message (a dump or a loaded message); throws naming `path`. */
export function loadAt(value: unknown, registry: MessageRegistry, path: readonly (string | number)[]): AgentMessage {
  const r = registry.safeLoad(value);
  if (!r.success) throw under(path, r.error);
  return r.data;
}

/**
 * Classifies item number `index` (its path in an error). Reader items were loaded by the reader
 * and are trusted; a dump is validated here. Throws `MessageValidationError` for anything else.
 */
export function classify(item: unknown, index: number, registry: MessageRegistry): Classified {
  if (!isObject(item)) throw invalid([index], `expected an AutoGen message, event, TaskResult or Response, got ${kindOf(item)}`);
  if (item.type !== undefined) return { kind: "message", message: loadAt(item, registry, [index]) };
  // A stream reader's result ({ ok, … }) or a bare RunItem ({ kind, … }).
  if (typeof item.ok === "boolean" || typeof item.kind === "string") {
    if (item.ok === false) {
      const e = item.error;
      const error = e instanceof Error ? e : new Error(typeof e === "string" ? e : "the stream reader reported an error");
      // Where the reader was (`line 4`, `frame 3`), unless the message says it already.
      const where = typeof item.line === "number" ? `line ${item.line}` : typeof item.frame === "number" ? `frame ${item.frame}` : null;
      if (where === null || error.message.startsWith(where)) return { kind: "error", error };
      const located = new Error(`${where}: ${error.message}`, { cause: error });
      located.name = error.name;
      return { kind: "error", error: located };
    }
    const run = item as unknown as RunItem;
    switch (run.kind) {
      case "message":
        return { kind: "message", message: run.message };
      case "TaskResult":
        return taskResult(run.taskResult, index, true);
      case "Response":
        return response(run.response, index, true);
      case "control":
        return { kind: "control", control: run.control };
    }
    throw invalid([index, "kind"], `expected a stream reader item of kind message, TaskResult, Response or control`, "literal_error");
  }
  if ("messages" in item || "stop_reason" in item) {
    if (!Array.isArray(item.messages)) throw invalid([index, "messages"], `expected an array, got ${kindOf(item.messages)}`, "list_type");
    const stop = item.stop_reason;
    if (stop !== undefined && stop !== null && typeof stop !== "string") throw invalid([index, "stop_reason"], `expected string or null, got ${kindOf(stop)}`, "string_type");
    return taskResult({ messages: item.messages, stop_reason: stop ?? null }, index, false);
  }
  if ("chat_message" in item) {
    const inner = item.inner_messages;
    if (inner !== undefined && inner !== null && !Array.isArray(inner)) throw invalid([index, "inner_messages"], `expected an array or null, got ${kindOf(inner)}`, "list_type");
    return response({ chat_message: item.chat_message, inner_messages: inner ?? null }, index, false);
  }
  throw invalid([index], `expected an AutoGen message, event, TaskResult or Response, got ${kindOf(item)}`);
}

function taskResult(r: { messages: readonly unknown[]; stop_reason?: string | null }, index: number, loaded: boolean): Classified {
  return { kind: "end", messages: r.messages, loaded, pathOf: (i) => [index, "messages", i], stopReason: r.stop_reason ?? null };
}

function response(r: { chat_message: unknown; inner_messages?: readonly unknown[] | null }, index: number, loaded: boolean): Classified {
  const inner = r.inner_messages ?? [];
  return {
    kind: "end",
    messages: [...inner, r.chat_message],
    loaded,
    pathOf: (i) => (i < inner.length ? [index, "inner_messages", i] : [index, "chat_message"]),
    stopReason: undefined,
  };
}

const isString = (v: unknown): v is string => typeof v === "string";
const optionalId = (m: Record<string, unknown>) => m.id === undefined || isString(m.id);
const isCount = (v: unknown) => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
/** `models_usage` as the translation sums it (else the loader coerces or rejects it). */
function usageOk(u: unknown): boolean {
  if (u === null || u === undefined) return true;
  return isObject(u) && Object.getPrototypeOf(u) === Object.prototype && isCount(u.prompt_tokens) && isCount(u.completion_tokens);
}

// Loops, not `every` with a closure: these run for most items of a run.
function callsOk(content: unknown): boolean {
  if (!Array.isArray(content)) return false;
  for (const c of content as Record<string, unknown>[]) if (!isObject(c) || !isString(c.id) || !isString(c.name) || !isString(c.arguments)) return false;
  return true;
}

function resultsOk(content: unknown): boolean {
  if (!Array.isArray(content)) return false;
  for (const r of content as Record<string, unknown>[]) {
    if (!isObject(r) || !isString(r.call_id) || !isString(r.content) || (r.is_error != null && typeof r.is_error !== "boolean")) return false;
  }
  return true;
}

function partsOk(content: unknown): boolean {
  if (!Array.isArray(content)) return false;
  for (const p of content as unknown[]) if (!isString(p) && !(isObject(p) && isString(p.data))) return false;
  return true;
}

/**
 * Whether the fields the translation reads of a kind it reads field by field are right; undefined
 * for the other kinds. A switch: a lookup keyed by the parsed `type` string would hash it first.
 */
function readsOk(m: Record<string, unknown>): boolean | undefined {
  switch (m.type) {
    case "TextMessage":
    case "StopMessage":
    case "ToolCallSummaryMessage":
    case "ThoughtEvent":
      return isString(m.content);
    case "ModelClientStreamingChunkEvent":
      return isString(m.content) && (m.full_message_id == null || isString(m.full_message_id));
    case "ToolCallRequestEvent":
      return callsOk(m.content);
    case "ToolCallExecutionEvent":
      return resultsOk(m.content);
    case "MultiModalMessage":
      // Only its text is sent (images as AutoGen's `<image>` placeholder): the images are not read.
      return partsOk(m.content);
  }
  return undefined;
}

/**
 * The message an item is when it is a plain message dump the translation can read as it is (the
 * common case, checked without a copy), else null (classify it).
 *
 * @example quickMessage({ type: "TextMessage", source: "a", content: "hi" }) // the same object
 */
export function quickMessage(item: unknown): AgentMessage | null {
  return item !== null && typeof item === "object" && typeof (item as { type?: unknown }).type === "string" ? readable(item as Record<string, unknown>) : null;
}

/**
 * A plain dump of a kind whose events copy a few fields (text, tool calls, chunks, thoughts),
 * accepted as it is when those fields are right; null sends it to the full loader, which also
 * explains a rejection. Kinds sent whole (CUSTOM), rendered (structured, multimodal) or
 * registered by the app always go through the loader.
 */
export function readable(m: Record<string, unknown>): AgentMessage | null {
  // Built-in names cannot be registered again, so these rules hold for every registry.
  if (Object.getPrototypeOf(m) !== Object.prototype || !isString(m.source) || !optionalId(m) || !usageOk(m.models_usage) || readsOk(m) !== true) return null;
  return m as unknown as AgentMessage;
}
