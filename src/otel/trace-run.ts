/** The batch form: a whole run (a list, or an async stream) traced through the live recorder. */
import { MessageValidationError } from "../errors.js";
import { describeValue } from "../wire/check.js";
import { guardRead } from "./guard.js";
import type { TraceRunOptions } from "./options.js";
import { createRunTracer } from "./recorder.js";

/** What {@link traceRun} did. @example const { items } = await traceRun(items, { tracer }) */
export interface TraceRunResult {
  /** How many items were read. */
  readonly items: number;
  /** What the tracer threw, if it did (spans after it were not made; the items were all read). */
  readonly tracerError: unknown;
}

/**
 * Traces a run: its items (messages and events as `save`d or loaded, a `TaskResult`, a `Response`,
 * stream reader items; a list or an async iterable) become OpenTelemetry GenAI spans through
 * `options.tracer`: a root `invoke_workflow` (a team) or `invoke_agent` (one agent) span with
 * `gen_ai.conversation.id`, status ERROR for a failed run; an `invoke_agent <source>` span per
 * agent turn with its token usage; an `execute_tool <name>` span per tool call under it. Times
 * come from `created_at`. Message text only with `captureContent: true`. The mapping is in docs/otel.md.
 * A non-AutoGen item rejects with `MessageValidationError` naming its path (the run's root span is
 * ended as failed); a tracer that throws does not stop the reading (`tracerError` says what it threw).
 *
 * @example
 * import { trace } from "@opentelemetry/api";
 * import { traceRun } from "agentchat-messages/otel";
 * await traceRun([
 *   { type: "TextMessage", source: "user", content: "Hi", created_at: "2025-03-15T07:39:37Z" },
 *   { type: "TextMessage", source: "assistant", content: "Hello!", created_at: "2025-03-15T07:39:38Z" },
 *   { messages: [], stop_reason: null },
 * ], { tracer: trace.getTracer("my-app"), conversationId: "thread-1", captureContent: true });
 * // spans: "invoke_agent assistant" (the run) > "invoke_agent assistant" (its turn)
 */
export async function traceRun(items: Iterable<unknown> | AsyncIterable<unknown>, options: TraceRunOptions): Promise<TraceRunResult> {
  const recorder = createRunTracer(options);
  const isIterable = (k: symbol) => items !== null && typeof items === "object" && typeof (items as unknown as Record<symbol, unknown>)[k] === "function";
  if (!guardRead([], () => isIterable(Symbol.iterator) || isIterable(Symbol.asyncIterator), "items")) {
    throw new MessageValidationError(undefined, [{ path: [], code: "list_type", message: `expected a list (or async iterable) of AutoGen items, got ${describeValue(items)}` }], "items");
  }
  let n = 0;
  try {
    if (isIterable(Symbol.asyncIterator)) for await (const item of items as AsyncIterable<unknown>) (n++, recorder.push(item));
    else {
      // A list that cannot be walked (a proxy whose trap throws) is read_error at the index reached.
      const it = guardRead([], () => (items as Iterable<unknown>)[Symbol.iterator](), "items");
      for (let next = guardRead([n], () => it.next(), "items"); !next.done; next = guardRead([n], () => it.next(), "items")) (n++, recorder.push(next.value));
    }
  } catch (e) {
    recorder.error(e);
    throw e;
  }
  recorder.end();
  return { items: n, tracerError: recorder.tracerError };
}
