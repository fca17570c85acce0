/**
 * The `./otel` rows of the entry-point table (entry-points.ts): `toOtelMessages` over the AutoGen
 * LLM contexts and the MAF messages, and the run recorder (`createRunTracer`, what `traceRun`
 * runs) over every recorded run, through a tracer that keeps nothing. Each row throws only the
 * library's error; anything else escapes and breaks the contract.
 */
import { MessageValidationError } from "../../src/errors.js";
import { createRunTracer, otelMessagesText, toOtelMessages, toOtelSystemInstructions, traceRun } from "../../src/otel/index.js";
import { guardRead } from "../../src/otel/guard.js";
import { isDeepStrictEqual } from "node:util";
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

/** System prompts as users give them apart: one string, or a list of strings. */
const instructionSeeds = once(() => {
  const out: unknown[] = ["Be brief.", "", [], ["You are a helpful assistant.", "Answer in French."], ["é 😀 \u0000"], "x".repeat(10_000), ["a", "b", "c"], ["Reply with TERMINATE when done."], "\n", ["line 1\nline 2"], [""]];
  for (const list of messageLists()) {
    const texts = (list as Array<{ type?: string; content?: unknown }>).filter((m) => m?.type === "SystemMessage").map((m) => m.content);
    if (texts.length) out.push(texts.length === 1 ? texts[0] : texts);
  }
  return out;
});

/** The OTel messages of every seed list: what `otelMessagesText` writes. */
const otelSeeds = once(() =>
  messageLists().flatMap((l) => {
    try {
      return [toOtelMessages(l as never)];
    } catch {
      return []; // a MAF record MAF itself rejects (a data URI that is not base64)
    }
  }),
);

/**
 * A tracer that writes down every call, each span named by its index and its parent's: two
 * runs of the recorder that make the same spans give the same log.
 */
function loggingTracer(): { tracer: never; log: unknown[] } {
  const log: unknown[] = [];
  const ids = new Map<object, number>();
  const SPAN_KEY = Symbol.for("OpenTelemetry Context Key SPAN");
  const tracer = {
    startSpan(name: string, options: unknown, ctx?: { getValue(k: symbol): unknown }) {
      const id = ids.size;
      const parent = ctx?.getValue(SPAN_KEY);
      const s: Record<string, (...a: unknown[]) => unknown> = {};
      // Times are left out: an item without created_at is timed when it arrives, in each run anew.
      const note = (op: string, keep = Infinity) => (...a: unknown[]) => (log.push([id, op, a.slice(0, keep)]), s);
      Object.assign(s, { setAttribute: note("setAttribute"), setAttributes: note("setAttributes"), addEvent: note("addEvent", 2), setStatus: note("setStatus"), updateName: note("updateName"), recordException: note("recordException"), end: note("end", 0), isRecording: () => true, spanContext: () => ({ traceId: "0", spanId: String(id), traceFlags: 0 }) });
      ids.set(s, id);
      log.push([id, "start", name, { ...(options as object), startTime: undefined }, parent === undefined ? null : ids.get(parent as object)]);
      return s;
    },
    startActiveSpan: () => undefined,
  };
  return { tracer: tracer as never, log };
}

/** What `traceRun` settled with, foreign rejections kept for the row's settle check. */
const foreign: unknown[] = [];

/**
 * What traceRun settles with, checked when the property has run (its loop never yields to the
 * microtasks). Its own function: a closure made in batchEqualsLive would keep that call's span logs
 * alive until then, and 500,000 of them do not fit in memory.
 */
function watch(settled: Promise<unknown>, liveError: string | undefined): void {
  settled.then(
    () => liveError === undefined || foreign.push(new Error(`traceRun resolved where the live recorder threw ${liveError}`)),
    (e: unknown) => MessageValidationError.isInstance(e) || foreign.push(e),
  );
}

/**
 * `traceRun` over a list (its synchronous path: every span is made before it returns) against the
 * live recorder fed the same items: the same calls on the tracer, batch = live. The list is walked
 * by the recorder here exactly as traceRun walks it.
 */
function batchEqualsLive(items: unknown): number {
  const live = loggingTracer();
  const batch = loggingTracer();
  let liveError: unknown;
  try {
    // Walked as traceRun walks a list: anything with Symbol.iterator (a Map, a boxed string, a typed array too).
    const iterable = guardRead([], () => items !== null && typeof items === "object" && typeof (items as Record<symbol, unknown>)[Symbol.iterator] === "function", "items");
    if (!iterable) throw new MessageValidationError(undefined, [{ path: [], code: "list_type", message: "not a list" }]);
    const r = createRunTracer({ tracer: live.tracer, captureContent: true, conversationId: "c" });
    try {
      const it = guardRead([], () => (items as Iterable<unknown>)[Symbol.iterator](), "items");
      for (let n = 0, next = guardRead([n], () => it.next(), "items"); !next.done; next = guardRead([++n], () => it.next(), "items")) r.push(next.value);
    } catch (e) {
      r.error(e);
      throw e;
    }
    r.end();
  } catch (e) {
    liveError = e;
  }
  // A rejected promise keeps its error until the property ends, and an error's captured stack keeps
  // the frames' objects (the recorder, its span log) alive: 500,000 of them do not fit in memory.
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    watch(traceRun(items as never, { tracer: batch.tracer, captureContent: true, conversationId: "c" }), liveError === undefined ? undefined : String(liveError));
  } finally {
    Error.stackTraceLimit = limit;
  }
  // Hostile elements (proxies, getters) are read by both forms; they must agree, as toAgUiEvents' two forms must.
  if (!isDeepStrictEqual(live.log, batch.log)) {
    const a = JSON.stringify(live.log, replacer);
    const b = JSON.stringify(batch.log, replacer);
    if (a !== b) {
      let at = 0;
      while (at < a.length && a[at] === b[at]) at++;
      throw new Error(`traceRun ≠ createRunTracer at character ${at}:\n${a.slice(Math.max(0, at - 300), at + 700)}\n${b.slice(Math.max(0, at - 300), at + 700)}`);
    }
  }
  if (liveError !== undefined) throw liveError;
  return live.log.length;
}
// An item without an id gets a new ULID in each run: the ids made up are compared as made up.
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const replacer = (_k: string, v: unknown) => (typeof v === "bigint" ? `${v}n` : v instanceof Error ? `Error: ${v.message}` : typeof v === "string" && ULID.test(v) ? "(a new ULID)" : v);
/** The `./otel` rows. */
export const OTEL_LOADERS = (): ValueLoader[] => [
  {
    name: "toOtelMessages",
    subpath: "./otel",
    seeds: messageLists,
    load: safely((v) => toOtelMessages(v as never)),
    // What MAF writes for the result is its JSON (json.dumps, ensure_ascii=False).
    check: (messages) => {
      const text = otelMessagesText(messages as never);
      if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(messages)) throw new Error(`otelMessagesText ≠ the messages: ${text.slice(0, 500)}`);
    },
  },
  { name: "otelMessagesText", subpath: "./otel", seeds: otelSeeds, load: safely((v) => otelMessagesText(v as never)) },
  { name: "toOtelSystemInstructions", subpath: "./otel", seeds: instructionSeeds, load: safely((v) => toOtelSystemInstructions(v as never)) },
  { name: "createRunTracer", subpath: "./otel", seeds: runs, load: safely(record) },
  {
    name: "traceRun",
    subpath: "./otel",
    seeds: runs,
    load: safely(batchEqualsLive),
    settle: async () => {
      await new Promise((r) => setImmediate(r));
      if (foreign.length) throw new Error(`traceRun rejected with something other than the library's error: ${String(foreign[0])}`);
    },
  },
];
