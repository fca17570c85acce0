/**
 * Which item of a run a value is, by its shape alone (no registry, nothing loaded): a message or
 * event, the end of a run or call (a `TaskResult` or `Response`, bare or in a reader's item), a
 * control frame, or a reader's error. Live consumers (the AG-UI translator, the OpenTelemetry
 * recorder) take it from here and validate the messages as they need them: a message the
 * translator already sent is skipped unread, the recorder loads every one.
 */
import { MessageValidationError, type IssuePath } from "../errors.js";
import { isObject } from "../wire/json-data.js";
import { guarded } from "./guard.js";
import type { RunFailure } from "./outcome.js";
import { StudioControlFrame } from "./studio.js";

/**
 * The end of a run (`TaskResult`) or of an agent's call (`Response`): its messages, read one at
 * a time (each read guarded, none validated here), inner messages first for a `Response`.
 *
 * @example const end = runEnd({ messages: [m], stop_reason: null }, []); end?.rawAt(0) === m // true
 */
export interface RunEnd {
  /** How many messages it holds (a `Response`'s inner messages, then its chat message). */
  readonly count: number;
  /** Message `i` as sent (not validated). */
  readonly rawAt: (i: number) => unknown;
  /** Where message `i` is (`[…, "messages", 2]`, `[…, "chat_message"]`). */
  readonly pathAt: (i: number) => (string | number)[];
  /** The id of message `i` as sent (a string), else undefined. */
  readonly idAt: (i: number) => string | undefined;
  /** The raw `type` of message `i` (to find a final `HandoffMessage` without loading every message). */
  readonly typeAt: (i: number) => unknown;
  /** The TaskResult's `stop_reason`; `undefined` for a Response. */
  readonly stopReason: string | null | undefined;
  /** True for a `Response` (its last message is the chat message). */
  readonly response: boolean;
}

/**
 * One item of a live run, told apart by shape: `message` (a dump or loaded message, or what a
 * reader's message item holds: `value` at `path`, not validated), `end`, `control` (validated),
 * `error` (a reader's `{ ok: false, error }`: `failure` as it said it, `message` with where the
 * reader was), or `other` (an object that is none of these: load it as a message for the
 * loader's explanation, or refuse it).
 *
 * @example if (runValueShape(item, [i]).kind === "end") finish()
 */
export type RunValueShape =
  | { readonly kind: "message"; readonly value: unknown; readonly path: IssuePath }
  | ({ readonly kind: "end" } & RunEnd)
  | { readonly kind: "control"; readonly control: StudioControlFrame }
  | { readonly kind: "error"; readonly failure: RunFailure; readonly message: string }
  | { readonly kind: "other"; readonly value: Record<string, unknown> };

/** The JSON type of a value, never the value itself (it may hold a secret). */
function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value !== "object") return `a ${typeof value}`;
  return "an object that is no AutoGen message, event, TaskResult, Response or stream reader item";
}

function invalid(path: IssuePath, message: string, code = "model_type"): MessageValidationError {
  return new MessageValidationError(undefined, [{ path, code, message }], "item");
}

const NOT_AN_ITEM = "expected an AutoGen message, event, TaskResult or Response, got ";

/**
 * The error for a value that is no item of a run (for a consumer that refuses an `other` shape
 * rather than loading it as a message); the value's JSON type is named, never the value.
 *
 * @example notRunItem([2], { foo: 1 }).issues[0].path // [2]
 */
export function notRunItem(path: IssuePath, value: unknown): MessageValidationError {
  return invalid(path, NOT_AN_ITEM + kindOf(value));
}

/**
 * Classifies one item of a run at `path` (its place, for errors): a dump or loaded message, a
 * bare `TaskResult` / `Response`, or a stream reader's item (`{ ok, kind, … }`), whose result or
 * control frame is checked here since anything may be shaped like one. Throws
 * `MessageValidationError` naming the path for a non-object, a broken end of run or reader
 * item, or when reading the item throws.
 *
 * @example runValueShape({ kind: "control", control: { type: "pong" } }, [3]) // { kind: "control", control: { type: "pong" } }
 */
export function runValueShape(item: unknown, path: IssuePath): RunValueShape {
  return guarded(path, () => shapeOf(item, path));
}

function shapeOf(item: unknown, path: IssuePath): RunValueShape {
  if (!isObject(item)) throw notRunItem(path, item);
  if (item.type !== undefined) return { kind: "message", value: item, path };
  // A stream reader's result ({ ok, … }) or a bare RunItem ({ kind, … }).
  const ok = item.ok;
  const kind = item.kind;
  if (typeof ok === "boolean" || typeof kind === "string") {
    if (ok === false) return readerError(item);
    switch (kind) {
      case "message":
        return { kind: "message", value: item.message, path: [...path, "message"] };
      case "TaskResult":
      case "Response": {
        const key = kind === "TaskResult" ? "taskResult" : "response";
        const r = item[key];
        if (!isObject(r)) throw invalid([...path, key], `expected a ${kind} object, got ${kindOf(r)}`);
        return { kind: "end", ...(kind === "TaskResult" ? taskResult(r, [...path, key]) : response(r, [...path, key])) };
      }
      case "control": {
        const r = StudioControlFrame.safeParse(item.control);
        if (!r.success) throw invalid([...path, "control", ...(r.error.issues[0]?.path ?? []).filter((k): k is string | number => typeof k !== "symbol")], `not an AutoGen Studio control frame: ${r.error.issues[0]?.message ?? "invalid"}`, r.error.issues[0]?.code ?? "invalid");
        return { kind: "control", control: r.data };
      }
    }
    throw invalid([...path, "kind"], `expected a stream reader item of kind message, TaskResult, Response or control`, "literal_error");
  }
  const end = runEnd(item, path);
  return end === null ? { kind: "other", value: item } : { kind: "end", ...end };
}

/**
 * A bare `TaskResult` (an object without `type` that has `messages` or `stop_reason`) or
 * `Response` (`chat_message`), its lists and stop reason checked; null for any other object.
 * Throws `MessageValidationError` naming the path when they are not right.
 *
 * @example runEnd({ messages: [], stop_reason: "done" }, [])?.stopReason // "done"
 */
export function runEnd(item: Record<string, unknown>, path: IssuePath): RunEnd | null {
  if (item.type !== undefined) return null;
  if ("messages" in item || "stop_reason" in item) return taskResult(item, path);
  if ("chat_message" in item) return response(item, path);
  return null;
}

/** A reader's `{ ok: false, error }` item: its message and name read once, as strings, and where the reader was. */
function readerError(item: Record<string, unknown>): RunValueShape {
  const e = item.error;
  const message = typeof e === "string" ? e : e instanceof Error && typeof e.message === "string" ? e.message : "the stream reader reported an error";
  const rawName = e instanceof Error ? e.name : undefined;
  const code = typeof rawName === "string" && rawName !== "" ? rawName : "AUTOGEN_STREAM_ERROR";
  const line = item.line;
  const frame = item.frame;
  // Where the reader was (`line 4`, `frame 3`), unless the message says it already.
  const where = typeof line === "number" ? `line ${line}` : typeof frame === "number" ? `frame ${frame}` : null;
  return { kind: "error", failure: { message, code }, message: where === null || message.startsWith(where) ? message : `${where}: ${message}` };
}

/** A TaskResult's messages (an array) and stop reason (a string or null), checked. */
function taskResult(r: Record<string, unknown>, at: IssuePath): RunEnd {
  const messages = r.messages;
  if (!Array.isArray(messages)) throw invalid([...at, "messages"], `expected an array, got ${kindOf(messages)}`, "list_type");
  const stop = r.stop_reason;
  if (stop !== undefined && stop !== null && typeof stop !== "string") throw invalid([...at, "stop_reason"], `expected string or null, got ${kindOf(stop)}`, "string_type");
  return end(messages.length, (i) => messages[i], (i) => [...at, "messages", i], stop ?? null, false);
}

/** A Response's inner messages (an array or null) and chat message, checked; no copy of the list is made. */
function response(r: Record<string, unknown>, at: IssuePath): RunEnd {
  const inner = r.inner_messages;
  if (inner !== undefined && inner !== null && !Array.isArray(inner)) throw invalid([...at, "inner_messages"], `expected an array or null, got ${kindOf(inner)}`, "list_type");
  const chat = r.chat_message;
  const list: readonly unknown[] = inner ?? [];
  const n = list.length;
  return end(n + 1, (i) => (i < n ? list[i] : chat), (i) => (i < n ? [...at, "inner_messages", i] : [...at, "chat_message"]), undefined, true);
}

function end(count: number, raw: (i: number) => unknown, pathAt: (i: number) => (string | number)[], stopReason: string | null | undefined, response: boolean): RunEnd {
  const rawAt = (i: number) => guarded(() => pathAt(i), () => raw(i));
  /** Field `key` of message `i` when it is an object, read guarded (a skipped message is not validated). */
  const field = (i: number, key: "id" | "type") =>
    guarded(
      () => pathAt(i),
      () => {
        const m = raw(i);
        return isObject(m) ? m[key] : undefined;
      },
    );
  return {
    count,
    rawAt,
    pathAt,
    idAt: (i) => {
      const id = field(i, "id");
      return typeof id === "string" ? id : undefined;
    },
    typeAt: (i) => field(i, "type"),
    stopReason,
    response,
  };
}
