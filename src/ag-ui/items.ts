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
import { StudioControlFrame } from "../run/studio.js";

/**
 * One item of an AutoGen run as {@link toAgUiEvents} and the translator take it: a message or
 * event (its dump or the loaded message), a `TaskResult` (`{messages, stop_reason}`), a
 * `Response` (`{chat_message, inner_messages}`), or what the `./stream` readers yield (a
 * `RunItem`, or a reader's `{ ok, … }` result, an `{ ok: false, error }` one included).
 *
 * @example const items: AutoGenRunItem[] = [{ type: "TextMessage", source: "user", content: "Hi" }, { messages: [], stop_reason: null }]
 */
export type AutoGenRunItem = AgentMessage | TaskResult | Response | RunItem | RunItemResult | Record<string, unknown>;

/**
 * An item, classified: every value in it validated and the caller's own objects never kept, so
 * a getter cannot answer one thing to the check and another to the translation.
 */
export type Classified =
  | { readonly kind: "message"; readonly message: AgentMessage }
  | {
      readonly kind: "end";
      /** How many messages the TaskResult / Response holds (inner messages first). */
      readonly count: number;
      /** The id of message `i` as sent (a string), else undefined; read once, guarded. */
      readonly idAt: (i: number) => string | undefined;
      /** Message `i`, validated (a copy); throws `MessageValidationError` naming its path. */
      readonly messageAt: (i: number) => AgentMessage;
      /** The raw `type` of message `i` (to find a final `HandoffMessage` without loading every message). */
      readonly typeAt: (i: number) => unknown;
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

/** What a getter or proxy trap of the caller's value that threw is reported as (its message is not repeated: it may hold anything). */
const READ_ERROR = "reading it threw (a getter or proxy): not an AutoGen value";

/**
 * Runs `read` (which reads the caller's value) and turns what a getter or proxy trap throws, or
 * the engine's stack overflowing on a deep value, into a `MessageValidationError` at `path`.
 * The library's own errors pass through.
 *
 * @example guarded(["items"], () => [...items])
 */
export function guarded<T>(path: Where, read: () => T, what = "item"): T {
  try {
    return read();
  } catch (e) {
    if (MessageValidationError.isInstance(e)) throw e;
    const deep = e instanceof RangeError;
    throw new MessageValidationError(undefined, [{ path: pathOf(path), code: deep ? "recursion_error" : "read_error", message: deep ? "nested too deeply" : READ_ERROR }], what);
  }
}

/** A path, or how to make it: built only for an error (a long run's messages are not each given an array). */
export type Where = readonly (string | number)[] | (() => readonly (string | number)[]);
const pathOf = (w: Where): readonly (string | number)[] => (typeof w === "function" ? w() : w);

/** The error with every issue's path under `prefix`. */
export function under(prefix: readonly (string | number)[], error: MessageValidationError): MessageValidationError {
  const issues: MessageIssue[] = error.issues.map((i) => ({ ...i, path: [...prefix, ...i.path] }));
  return new MessageValidationError(error.type, issues, "item");
}

/** Validates one message (a dump or a loaded message); throws naming `path`. The result is the loader's copy. */
export function loadAt(value: unknown, registry: MessageRegistry, path: Where): AgentMessage {
  const r = guarded(path, () => registry.safeLoad(value));
  if (!r.success) throw under(pathOf(path), r.error);
  return r.data;
}

/** A message validated: a copy of a plain dump the translation reads as it is, else the loader's. */
export function messageAt(value: unknown, registry: MessageRegistry, path: Where): AgentMessage {
  return guarded(path, () => quickMessage(value)) ?? loadAt(value, registry, path);
}


/**
 * Classifies item number `index` (its path in an error): a dump is validated, and so is what a
 * reader-shaped item (`{ ok, kind, … }`) holds, since anything may be shaped like one. Throws
 * `MessageValidationError` for anything else, or when reading the item throws.
 */
export function classify(item: unknown, index: number, registry: MessageRegistry): Classified {
  return guarded([index], () => classifyRaw(item, index, registry));
}

function classifyRaw(item: unknown, index: number, registry: MessageRegistry): Classified {
  if (!isObject(item)) throw invalid([index], `expected an AutoGen message, event, TaskResult or Response, got ${kindOf(item)}`);
  if (item.type !== undefined) return { kind: "message", message: messageAt(item, registry, [index]) };
  // A stream reader's result ({ ok, … }) or a bare RunItem ({ kind, … }).
  const ok = item.ok;
  const kind = item.kind;
  if (typeof ok === "boolean" || typeof kind === "string") {
    if (ok === false) return { kind: "error", error: readerError(item) };
    switch (kind) {
      case "message":
        return { kind: "message", message: messageAt(item.message, registry, [index, "message"]) };
      case "TaskResult": {
        const r = item.taskResult;
        if (!isObject(r)) throw invalid([index, "taskResult"], `expected a TaskResult object, got ${kindOf(r)}`);
        return taskResult(r, [index, "taskResult"], registry);
      }
      case "Response": {
        const r = item.response;
        if (!isObject(r)) throw invalid([index, "response"], `expected a Response object, got ${kindOf(r)}`);
        return response(r, [index, "response"], registry);
      }
      case "control": {
        const r = StudioControlFrame.safeParse(item.control);
        if (!r.success) throw invalid([index, "control", ...(r.error.issues[0]?.path ?? []).filter((k): k is string | number => typeof k !== "symbol")], `not an AutoGen Studio control frame: ${r.error.issues[0]?.message ?? "invalid"}`, r.error.issues[0]?.code ?? "invalid");
        return { kind: "control", control: r.data };
      }
    }
    throw invalid([index, "kind"], `expected a stream reader item of kind message, TaskResult, Response or control`, "literal_error");
  }
  if ("messages" in item || "stop_reason" in item) return taskResult(item, [index], registry);
  if ("chat_message" in item) return response(item, [index], registry);
  throw invalid([index], `expected an AutoGen message, event, TaskResult or Response, got ${kindOf(item)}`);
}

/** A reader's `{ ok: false, error }` item as a fresh Error: its message and name read once, as strings. */
function readerError(item: Record<string, unknown>): Error {
  const e = item.error;
  const message = typeof e === "string" ? e : e instanceof Error && typeof e.message === "string" ? e.message : "the stream reader reported an error";
  const rawName = e instanceof Error ? e.name : undefined;
  const name = typeof rawName === "string" && rawName !== "" ? rawName : "AUTOGEN_STREAM_ERROR";
  const line = item.line;
  const frame = item.frame;
  // Where the reader was (`line 4`, `frame 3`), unless the message says it already.
  const where = typeof line === "number" ? `line ${line}` : typeof frame === "number" ? `frame ${frame}` : null;
  const error = new Error(where === null || message.startsWith(where) ? message : `${where}: ${message}`, { cause: e });
  error.name = name;
  return error;
}

/** A TaskResult's messages (an array) and stop reason (a string or null), checked. */
function taskResult(r: Record<string, unknown>, at: readonly (string | number)[], registry: MessageRegistry): Classified {
  const messages = r.messages;
  if (!Array.isArray(messages)) throw invalid([...at, "messages"], `expected an array, got ${kindOf(messages)}`, "list_type");
  const stop = r.stop_reason;
  if (stop !== undefined && stop !== null && typeof stop !== "string") throw invalid([...at, "stop_reason"], `expected string or null, got ${kindOf(stop)}`, "string_type");
  return end(messages.length, (i) => messages[i], (i) => [...at, "messages", i], stop ?? null, registry);
}

/** A Response's inner messages (an array or null) and chat message, checked; no copy of the list is made. */
function response(r: Record<string, unknown>, at: readonly (string | number)[], registry: MessageRegistry): Classified {
  const inner = r.inner_messages;
  if (inner !== undefined && inner !== null && !Array.isArray(inner)) throw invalid([...at, "inner_messages"], `expected an array or null, got ${kindOf(inner)}`, "list_type");
  const chat = r.chat_message;
  const list: readonly unknown[] = inner ?? [];
  const n = list.length;
  return end(n + 1, (i) => (i < n ? list[i] : chat), (i) => (i < n ? [...at, "inner_messages", i] : [...at, "chat_message"]), undefined, registry);
}

/** The end of a run: message `i` is `raw(i)` at `path(i)`, each read guarded and validated when asked for. */
function end(count: number, raw: (i: number) => unknown, path: (i: number) => (string | number)[], stopReason: string | null | undefined, registry: MessageRegistry): Classified {
  /** Field `key` of message `i` when it is an object, read guarded (a skipped message is not validated). */
  const field = (i: number, key: "id" | "type") =>
    guarded(
      () => path(i),
      () => {
        const m = raw(i);
        return isObject(m) ? m[key] : undefined;
      },
    );
  let cached: { i: number; m: AgentMessage } | undefined;
  return {
    kind: "end",
    count,
    idAt: (i) => {
      const id = field(i, "id");
      return typeof id === "string" ? id : undefined;
    },
    messageAt: (i) => {
      // Loaded once: the final HandoffMessage is read for the interrupt, then sent; a dump without an id must get one id.
      if (cached?.i === i) return cached.m;
      const where = () => path(i);
      const m = messageAt(guarded(where, () => raw(i)), registry, where);
      cached = { i, m };
      return m;
    },
    typeAt: (i) => field(i, "type"),
    stopReason,
  };
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
