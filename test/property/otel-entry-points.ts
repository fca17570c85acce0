/**
 * The `./otel` rows of the entry-point table (entry-points.ts): `toOtelMessages` over the AutoGen
 * LLM contexts and the MAF messages, and the run recorder (`createRunTracer`, what `traceRun`
 * runs) over every recorded run, through a tracer that keeps nothing. Each row throws only the
 * library's error; anything else escapes and breaks the contract.
 */
import { MessageValidationError } from "../../src/errors.js";
import { createRunTracer, toOtelMessages } from "../../src/otel/index.js";
import { guardRead } from "../../src/otel/guard.js";
import { readJsonl } from "../helpers/fixtures.js";
import type { Outcome, ValueLoader } from "./entry-points.js";

const once = <T>(f: () => T): (() => T) => {
  let v: T | undefined;
  return () => (v ??= f());
};
const safely =
  (f: (v: unknown) => unknown) =>
  (v: unknown): Outcome => {
    try {
      return { ok: true, value: f(v) };
    } catch (e) {
      if (MessageValidationError.isInstance(e)) return { ok: false, error: e };
      throw e;
    }
  };

/** LLM contexts of the saved states, and MAF messages (each a one-message list). */
const messageLists = once(() => {
  const out: unknown[] = [];
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v !== null && typeof v === "object") {
      const ctx = (v as { llm_context?: { messages?: unknown } }).llm_context;
      if (ctx && Array.isArray(ctx.messages)) out.push(ctx.messages);
      Object.values(v).forEach(visit);
    }
  };
  visit(readJsonl("autogen-teams/state.jsonl").map((r) => r.states));
  for (const r of readJsonl("maf/otel-messages.jsonl")) out.push([r.message]);
  return out;
});

/** The recorded runs, each a list of the items it yielded. */
const runs = once(() =>
  readJsonl("autogen-teams/streams.jsonl").flatMap((r) =>
    (r.steps as Array<{ stream?: Array<Record<string, unknown>> }>).map((step) =>
      (step.stream ?? []).map((it) => (it.item === "TaskResult" ? { messages: it.messages, stop_reason: it.stop_reason } : it.item === "Response" ? { chat_message: it.chat_message, inner_messages: it.inner_messages } : it.dump)),
    ),
  ).filter((run) => run.length > 0),
);

/** A tracer that keeps nothing: the contract is the recorder's own. */
const span = { setAttribute: () => span, setAttributes: () => span, addEvent: () => span, setStatus: () => span, updateName: () => span, end() {}, spanContext: () => ({ traceId: "0", spanId: "0", traceFlags: 0 }) };
let spans = 0;
const tracer = { startSpan: () => (spans++, span), startActiveSpan: () => undefined } as never;

/** The recorder over a run: every item pushed (a bad one is the library's error), then ended. */
function record(items: unknown): number {
  // The list is the harness's to walk (as traceRun walks it): read as traceRun reads it, a revoked proxy is read_error.
  if (!guardRead([], () => Array.isArray(items), "items")) throw new MessageValidationError(undefined, [{ path: [], code: "list_type", message: "not a list" }]);
  const r = createRunTracer({ tracer, captureContent: true, conversationId: "c" });
  spans = 0;
  for (const item of items as unknown[]) r.push(item);
  r.end();
  return spans;
}

/** The `./otel` rows. */
export const OTEL_LOADERS = (): ValueLoader[] => [
  { name: "toOtelMessages", subpath: "./otel", seeds: messageLists, load: safely((v) => toOtelMessages(v as never)) },
  { name: "createRunTracer", subpath: "./otel", seeds: runs, load: safely(record) },
];
