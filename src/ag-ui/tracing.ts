/**
 * Tracing a bridged run as it streams: `AutoGenAgent` and `createAgUiHandler` hand each item to
 * a run recorder (`createRunTracer` of `agentchat-messages/otel`, or anything of that shape) given
 * by the app, so ./ag-ui never loads OpenTelemetry itself. A recorder that throws is dropped:
 * tracing never breaks the run.
 */
import type { AutoGenRunItem } from "./items.js";

/** What ./ag-ui needs of a run recorder: `createRunTracer(…)` of `agentchat-messages/otel` is one. @example const r: RunRecorder = createRunTracer({ tracer }) */
export interface RunRecorder {
  /** Records one item of the run, as it arrives. */
  push(item: unknown): void;
  /** The run ended: ends its spans. */
  end(): void;
  /** The run failed with `error` (the root span's status ERROR), then ends its spans. */
  error(error: unknown): void;
}

/**
 * Makes the recorder of one AG-UI run.
 *
 * @example
 * import { createRunTracer } from "agentchat-messages/otel";
 * const tracer: AgUiRunTracer = ({ threadId }) => createRunTracer({ tracer: trace.getTracer("app"), conversationId: threadId });
 */
export type AgUiRunTracer = (run: { readonly threadId: string; readonly runId: string }) => RunRecorder;

/** One run's recorder, every call guarded (a recorder that throws is not called again). */
export interface Recording {
  push(item: unknown): void;
  /** Ends the recording once: failed (`error` set), cancelled, or as the items say. */
  finish(outcome: { error?: string | undefined; cancelled?: boolean }): void;
}

/** The recording of one run; null without a tracer. */
export function startRecording(tracer: AgUiRunTracer | undefined, run: { threadId: string; runId: string }): Recording | null {
  if (typeof tracer !== "function") return null;
  let r: RunRecorder | null = null;
  const call = (f: () => void) => {
    try {
      f();
    } catch {
      r = null;
    }
  };
  call(() => (r = tracer({ threadId: run.threadId, runId: run.runId })));
  return {
    push: (item) => call(() => r?.push(item)),
    finish: ({ error, cancelled }) =>
      call(() => {
        const x = r;
        r = null;
        if (error !== undefined) return x?.error(new Error(error));
        if (cancelled) x?.push({ kind: "control", control: { type: "completion", status: "cancelled" } });
        x?.end();
      }),
  };
}

/** `items`, each handed to `recording` as it passes; the recording ends with them (thrown, stopped or done). */
export async function* tracedItems(items: Iterable<AutoGenRunItem> | AsyncIterable<AutoGenRunItem>, recording: Recording): AsyncGenerator<AutoGenRunItem> {
  let error: string | undefined;
  try {
    for await (const item of items as AsyncIterable<AutoGenRunItem>) {
      recording.push(item);
      yield item;
    }
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
    throw e;
  } finally {
    recording.finish({ error });
  }
}
