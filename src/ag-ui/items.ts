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
  const at = [index];
  if (!isObject(item)) throw invalid(at, `expected an AutoGen message, event, TaskResult or Response, got ${kindOf(item)}`);
  if (item.type !== undefined) return { kind: "message", message: loadAt(item, registry, at) };
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
  throw invalid(at, `expected an AutoGen message, event, TaskResult or Response, got ${kindOf(item)}`);
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
