/**
 * One item of a run as the recorder takes it: what `run/` reads of a message, `TaskResult` or
 * `Response` (`itemMessages`), or a stream reader's item (`{ ok, kind, … }`), whose message,
 * result or control frame is checked again here (a forged one is an error naming its path, never
 * a crash inside).
 */
import { MessageValidationError, type IssuePath } from "../errors.js";
import type { AgentMessage } from "../kinds.js";
import { safeParseWith } from "../parse.js";
import type { MessageRegistry } from "../registry.js";
import { controlOutcome, itemMessages, StudioControlFrame, underPath, type RunFailure } from "../run/index.js";
import { describeValue } from "../wire/check.js";

/** What one item says. */
export interface ParsedItem {
  readonly messages: readonly AgentMessage[];
  /** Per message: whether the item gave its `created_at` (a dump without one is loaded with the time of loading, not the run's). */
  readonly stamped?: readonly boolean[];
  /** A `TaskResult` or `Response`: the run (or the agent's call) ended. */
  readonly end: boolean;
  readonly outcome?: { readonly kind: "failed"; readonly failure: RunFailure } | { readonly kind: "cancelled" };
  /** A control frame to keep as a root span event (an input request). */
  readonly event?: { readonly name: string; readonly attributes: Record<string, string> };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const NONE: readonly AgentMessage[] = [];

function invalid(path: IssuePath, message: string): MessageValidationError {
  return new MessageValidationError(undefined, [{ path, code: "model_type", message }], "item");
}

const hasTime = (m: unknown): boolean => isObject(m) && m.created_at !== undefined && m.created_at !== null;

/** The raw messages of a valid dump item, in the order `itemMessages` reads them. */
function rawMessages(item: Record<string, unknown>, end: boolean): unknown[] {
  if (!end) return [item];
  if ("messages" in item) return item.messages as unknown[];
  return [...((item.inner_messages as unknown[] | null | undefined) ?? []), item.chat_message];
}

/** Reads the item at `path`; throws `MessageValidationError` naming the path for anything that is not an AutoGen item. */
export function parseItem(item: unknown, path: IssuePath, registry: MessageRegistry): ParsedItem {
  if (!isObject(item) || item.type !== undefined || (typeof item.ok !== "boolean" && typeof item.kind !== "string")) {
    const messages = [...itemMessages(item, registry, path)];
    const end = isObject(item) && item.type === undefined;
    return { messages, end, stamped: rawMessages(item as Record<string, unknown>, end).map(hasTime) };
  }
  // A stream reader's item.
  if (item.ok === false) {
    const e = item.error;
    const failure: RunFailure = e instanceof Error ? { message: e.message, code: e.name || "AUTOGEN_STREAM_ERROR" } : { message: typeof e === "string" ? e : "the stream reader reported an error", code: "AUTOGEN_STREAM_ERROR" };
    return { messages: NONE, end: false, outcome: { kind: "failed", failure } };
  }
  switch (item.kind) {
    case "message":
      return { messages: [...itemMessages(item.message, registry, [...path, "message"])], end: false };
    case "TaskResult":
    case "Response": {
      const key = item.kind === "TaskResult" ? "taskResult" : "response";
      const value = item[key];
      if (!isObject(value)) throw invalid([...path, key], `expected a ${item.kind}, got ${describeValue(value)}`);
      const probe = item.kind === "TaskResult" ? { messages: value.messages, stop_reason: value.stop_reason } : { chat_message: value.chat_message, inner_messages: value.inner_messages };
      return { messages: [...itemMessages(probe, registry, [...path, key])], end: true };
    }
    case "control": {
      const r = safeParseWith(StudioControlFrame, item.control, "control");
      if (!r.success) throw underPath([...path, "control"], r.error);
      const control = r.data;
      const outcome = controlOutcome(control);
      const event = control.type === "input_request" ? { name: "autogen.input_request", attributes: { "autogen.control.type": control.type } } : undefined;
      return { messages: NONE, end: false, ...(outcome && { outcome }), ...(event && { event }) };
    }
  }
  throw invalid([...path, "kind"], "expected a stream reader item of kind message, TaskResult, Response or control");
}
