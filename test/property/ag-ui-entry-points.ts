/**
 * The `./ag-ui` rows of the entry-point table (entry-points.ts): `toAgUiEvents` (items and
 * options), the live translator (push / end / interrupt / cancel / fail), `fromAgUiMessages`,
 * `fromAgUiInput`. Besides the common contract each row checks what AG-UI asks: every event
 * valid under `@ag-ui/core`'s own `EventSchemas`, the live translator equal to the batch form on
 * the same items, and events whose size stays linear in the input's.
 */
import { isDeepStrictEqual } from "node:util";
import { EventSchemas } from "@ag-ui/core/schemas";
import { MessageValidationError } from "../../src/errors.js";
import { createAgUiTranslator, fromAgUiInput, fromAgUiMessages, toAgUiEvents } from "../../src/ag-ui/index.js";
import { loadRunItem } from "../../src/stream/index.js";
import { readJsonl } from "../helpers/fixtures.js";
import { ContractBreach } from "./contract.js";
import type { Outcome, ValueLoader } from "./entry-points.js";

const once = <T>(f: () => T): (() => T) => {
  let v: T | undefined;
  return () => (v ??= f());
};

/** The library's error as an outcome; a contract breach or any other exception escapes. */
function safely(f: (v: unknown) => unknown): (v: unknown) => Outcome {
  return (v) => {
    try {
      return { ok: true, value: f(v) };
    } catch (e) {
      if (MessageValidationError.isInstance(e)) return { ok: false, error: e };
      throw e;
    }
  };
}

/**
 * The input's size as JSON would spell it, roughly: characters of strings and keys plus a few
 * per value, each object counted once (a DAG or a cycle is not unrolled). Getters are not run.
 */
export function sizeOf(value: unknown): number {
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  let n = 0;
  while (stack.length) {
    const v = stack.pop();
    n += 4;
    // As JSON spells it: a lone surrogate is six characters there.
    if (typeof v === "string") n += JSON.stringify(v).length;
    if (v === null || typeof v !== "object" || seen.has(v)) continue;
    seen.add(v);
    try {
      // A hole of a sparse array is spelt `null,` in JSON: 20,000 holes are 100,000 characters of input.
      if (Array.isArray(v)) n += 5 * v.length;
      for (const key of Reflect.ownKeys(v)) {
        if (typeof key === "string") n += key.length;
        const d = Object.getOwnPropertyDescriptor(v, key);
        if (d && "value" in d) stack.push(d.value);
      }
    } catch {
      // a proxy whose traps throw
    }
  }
  return n;
}

/** Output bytes allowed per input unit, plus a constant: a run's framing (RUN_STARTED, steps, ids) is a few hundred bytes. */
const LINEAR_FACTOR = 64;
const LINEAR_CONSTANT = 16_384;

/** Every event valid under @ag-ui/core's schemas, and their size linear in the input's. */
function checkEvents(events: unknown, input: unknown, what: string): void {
  if (!Array.isArray(events)) throw new ContractBreach(`${what} returned ${typeof events}, not an array of events`);
  for (const [i, e] of events.entries()) {
    const r = EventSchemas.safeParse(e);
    if (!r.success) throw new ContractBreach(`${what}: event #${i} is rejected by @ag-ui/core's EventSchemas: ${JSON.stringify(r.error.issues[0])} in ${JSON.stringify(e).slice(0, 300)}`);
  }
  const bytes = JSON.stringify(events).length;
  const size = sizeOf(input);
  const allowed = LINEAR_FACTOR * size + LINEAR_CONSTANT;
  if (bytes > allowed) throw new ContractBreach(`${what}: ${bytes} bytes of events for an input of size ${size} (over ${allowed}: not linear)`);
}

const OPTIONS = { threadId: "thread-1", runId: "run-1" };

/** The items of each recorded run, as a back end sends them. */
const runs = once(() =>
  readJsonl("autogen-teams/streams.jsonl").flatMap((r) =>
    (r.steps as Array<{ stream?: Array<Record<string, unknown>> }>).map((step) =>
      (step.stream ?? []).map((it) => (it.item === "TaskResult" ? { messages: it.messages, stop_reason: it.stop_reason } : it.item === "Response" ? { chat_message: it.chat_message, inner_messages: it.inner_messages } : it.dump)),
    ),
  ).filter((run) => run.length > 0),
);

/** The same runs as the `./stream` readers yield them (`{ ok, kind, … }` items: loaded messages, not dumps). */
const readerRuns = once(() => runs().map((run) => run.map((item) => loadRunItem(item))));

/** Studio control frames and reader error items, mixed into a run. */
const studioRuns = once(() =>
  runs()
    .slice(0, 8)
    .map((run) => [
      loadRunItem({ type: "system", status: "connected", timestamp: "2025-03-15T03:27:56Z" }),
      ...run.slice(0, -1).map((item) => loadRunItem({ type: "message", data: item })),
      { ok: false, error: new Error("bad frame"), frame: 3 },
      loadRunItem({ type: "input_request", prompt: "Your answer?", data: { request_id: "req-1" } }),
      loadRunItem({ type: "completion", status: "cancelled", data: null }),
    ]),
);

const itemSeeds = once(() => [...runs(), ...readerRuns(), ...studioRuns()]);

/** Options of the translation: thread / run ids, input ids, user sources, registries. */
const optionSeeds = once(() => {
  const ids = runs().flatMap((run) => run.flatMap((m) => (m !== null && typeof m === "object" && typeof (m as { id?: unknown }).id === "string" ? [(m as { id: string }).id] : []))).slice(0, 40);
  return [
    { threadId: "t", runId: "r" },
    { threadId: "t", runId: "r", inputMessageIds: ids.slice(0, 3) },
    { threadId: "t", runId: "r", inputMessageIds: ids, userSources: ["user_proxy", "human"] },
    { threadId: "thread-2", runId: "run-2", userSources: [] },
    { threadId: "a", runId: "b", inputMessageIds: [] },
    ...ids.slice(0, 8).map((id, i) => ({ threadId: `t${i}`, runId: `r${i}`, inputMessageIds: [id], userSources: ["assistant"] })),
  ];
});

/** AG-UI messages, as a front end sends them (every role, tool calls and results, image parts). */
const agUiSeeds = once((): unknown[][] => {
  const base: unknown[][] = [
    [{ id: "m1", role: "user", content: "What is the weather in Paris?" }],
    [
      { id: "m1", role: "system", content: "You are helpful." },
      { id: "m2", role: "developer", content: "Be brief.", name: "dev" },
      { id: "m3", role: "user", content: "Hi", name: "alice" },
      { id: "m4", role: "assistant", content: "Hello!", name: "writer" },
    ],
    [
      { id: "m1", role: "user", content: "Weather?" },
      { id: "m2", role: "assistant", content: "", toolCalls: [{ id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] },
      { id: "m3", role: "tool", content: "Sunny", toolCallId: "call_1" },
      { id: "m4", role: "assistant", content: "It is sunny." },
    ],
    [
      { id: "m1", role: "assistant", content: "Let me check.", toolCalls: [{ id: "c1", type: "function", function: { name: "a", arguments: "{}" } }, { id: "c2", type: "function", function: { name: "b", arguments: "{}" } }] },
      { id: "m2", role: "tool", content: "one", toolCallId: "c1" },
      { id: "m3", role: "tool", content: "two", toolCallId: "c2", error: "failed" },
    ],
    [
      { id: "m1", role: "user", content: [{ type: "text", text: "Look:" }, { type: "image", source: { type: "data", value: "iVBORw0KGgo=", mimeType: "image/png" } }] },
      { id: "m2", role: "user", content: [{ type: "text", text: "only text" }] },
      { id: "m3", role: "user", content: [{ type: "image", source: { type: "url", value: "data:image/png;base64,iVBORw0KGgo=" } }] },
    ],
    [
      { id: "m1", role: "reasoning", content: "Thinking about it" },
      { id: "m2", role: "activity", activityType: "progress", content: { step: 1 } },
      { id: "m3", role: "assistant", content: "Done" },
    ],
  ];
  // The recorded runs' text messages as AG-UI messages.
  for (const run of runs().slice(0, 20)) {
    const messages: unknown[] = [];
    for (const m of run as Array<Record<string, unknown>>) {
      if (m === null || typeof m !== "object" || typeof m.content !== "string" || typeof m.id !== "string") continue;
      if (m.type === "TextMessage") messages.push({ id: m.id, role: m.source === "user" ? "user" : "assistant", content: m.content, name: m.source });
      else if (m.type === "ThoughtEvent") messages.push({ id: m.id, role: "reasoning", content: m.content });
    }
    if (messages.length) base.push(messages);
  }
  return base;
});

/** RunAgentInputs: the messages above, with and without answers to interrupts. */
const inputSeeds = once(() =>
  agUiSeeds().flatMap((messages, i) => [
    { threadId: `t${i}`, runId: `r${i}`, messages, tools: [], context: [], state: {}, forwardedProps: {} },
    {
      threadId: `t${i}`,
      runId: `r${i}b`,
      messages,
      tools: [],
      context: [],
      resume: [
        { interruptId: "autogen:handoff:alice:user:m1", status: "resolved", payload: "Paris" },
        { interruptId: "autogen:input:req%201", status: "resolved", payload: { approve: true } },
        { interruptId: "autogen:input:req-2", status: "cancelled" },
      ],
    },
  ]),
);

/** Interrupt lists, as a server ends a paused run with. */
const interruptSeeds = once(() => [
  [{ id: "autogen:handoff:alice:user:m1", reason: "input_required", message: "Which city?" }],
  [{ id: "autogen:input:req-1", reason: "input_required" }],
  [
    { id: "autogen:input:req-1", reason: "input_required", message: "Approve?", expiresAt: "2026-01-01T00:00:00Z" },
    { id: "i2", reason: "confirmation", toolCallId: "call_1", responseSchema: { type: "object" }, metadata: { a: 1 } },
  ],
  ...["alice", "bob", "writer", "a b", "é", "x:y"].map((source, i) => [{ id: `autogen:handoff:${encodeURIComponent(source)}:user:m${i}`, reason: "input_required", message: `Question ${i}?` }]),
  ...[1, 2, 3].map((n) => Array.from({ length: n }, (_, i) => ({ id: `autogen:input:k${i}`, reason: "input_required", message: "?" }))),
]);

/** The items of an input: the array, or the value itself as the one item of a run. */
const asItems = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);

/** The live translator over the items (push each, then end), or the library's error of the first bad item. */
function live(items: readonly unknown[], options: unknown): { events: unknown[]; error?: unknown } {
  const t = createAgUiTranslator(options as never);
  const events: unknown[] = [];
  for (const item of items) {
    try {
      events.push(...t.push(item as never));
    } catch (e) {
      if (MessageValidationError.isInstance(e)) return { events, error: e };
      throw e;
    }
  }
  events.push(...t.end());
  return { events };
}

/**
 * `load` gives a message dump without an id or a `created_at` a fresh one (as AutoGen's default
 * factories do: a new id, the time now), so two translations of such dumps differ there only:
 * those are compared as one.
 */
const GENERATED_ID = /\b[0-9A-HJKMNP-TV-Z]{26}\b/g;
const sameIds = (events: unknown): unknown =>
  JSON.parse(JSON.stringify(events, (k, v: unknown) => (typeof v !== "string" ? v : k === "created_at" ? "<generated>" : v.replace(GENERATED_ID, "<generated id>"))));

/** Batch and live forms of one run: the same events, or the same error. */
function translateBoth(items: unknown, options: unknown): unknown {
  let batch: unknown[] | undefined;
  let batchError: unknown;
  try {
    batch = toAgUiEvents(items as never, options as never);
  } catch (e) {
    if (!MessageValidationError.isInstance(e)) throw e;
    batchError = e;
  }
  let isArray = false;
  try {
    isArray = Array.isArray(items);
  } catch {
    // a revoked proxy: the batch form reported it
  }
  if (isArray) {
    // Hostile elements (proxies, getters) are read by both forms; they must agree.
    const l = live(items as unknown[], options);
    if (batchError !== undefined) {
      if (l.error === undefined) throw new ContractBreach(`toAgUiEvents threw ${(batchError as Error).message} but the live translator did not`);
      if ((l.error as Error).message !== (batchError as Error).message) throw new ContractBreach(`live and batch errors differ: ${(l.error as Error).message} vs ${(batchError as Error).message}`);
    } else {
      if (l.error !== undefined) throw new ContractBreach(`the live translator threw ${(l.error as Error).message} but toAgUiEvents did not`);
      if (!isDeepStrictEqual(l.events, batch) && !isDeepStrictEqual(sameIds(l.events), sameIds(batch))) {
        const nl = sameIds(l.events) as unknown[];
        const nb = sameIds(batch) as unknown[];
        const at = nl.findIndex((e, k) => !isDeepStrictEqual(e, nb[k]));
        throw new ContractBreach(`live != batch at event #${at} of ${nl.length} / ${nb.length} (loader-made ids and times compared as one):\nlive:  ${JSON.stringify(nl.slice(at, at + 3)).slice(0, 1500)}\nbatch: ${JSON.stringify(nb.slice(at, at + 3)).slice(0, 1500)}`);
      }
    }
  }
  if (batchError !== undefined) throw batchError;
  return batch;
}

/** One recorded run, fixed, for the options row. */
const fixedRun = once(() => runs().find((r) => r.length > 4)!);

/** Error texts and codes as runs fail: a back end's message, a thrown error's `String()`, a code. */
const FAIL_TEXTS = ["Model client timed out", "Error: connect ECONNREFUSED 127.0.0.1:8001", "TypeError: fetch failed", "AUTOGEN_ERROR", "CLOSED", "IDLE_TIMEOUT", "", "é 😀 \u0000", "line 1\nline 2", "x".repeat(2000), "RuntimeError: maximum recursion depth exceeded", "{\"detail\": \"Internal Server Error\"}", "PAUSE_EVICTED", "the back end closed the connection (code 1006)", "NO_PAUSED_RUN", "a\ud800b"];

/** The `./ag-ui` rows. */
export const AG_UI_LOADERS = (): ValueLoader[] => [
  { name: "toAgUiEvents", subpath: "./ag-ui", seeds: itemSeeds, load: safely((v) => translateBoth(v, OPTIONS)), check: (events, v) => checkEvents(events, v, "toAgUiEvents") },
  {
    name: "toAgUiEvents options",
    subpath: "./ag-ui",
    seeds: optionSeeds,
    load: safely((v) => translateBoth(structuredClone(fixedRun()), v)),
    check: (events, v) => checkEvents(events, [fixedRun(), v], "toAgUiEvents"),
  },
  {
    name: "AgUiTranslator.interrupt",
    subpath: "./ag-ui",
    seeds: interruptSeeds,
    load: safely((v) => {
      const t = createAgUiTranslator(OPTIONS);
      return [...t.push({ type: "TextMessage", source: "alice", content: "Which city?" } as never), ...t.interrupt(v as never), ...t.cancel(), ...t.fail("x"), ...t.end()];
    }),
    check: (events, v) => checkEvents(events, v, "AgUiTranslator.interrupt"),
  },
  {
    name: "AgUiTranslator.fail",
    subpath: "./ag-ui",
    // What a caller passes: an error's text and code (most of the seeds), and values that are not strings.
    seeds: () => [...FAIL_TEXTS, ...FAIL_TEXTS.map((t) => t.toUpperCase()), ...interruptSeeds(), ...runs().slice(0, 10)],
    load: safely((v) => {
      const t = createAgUiTranslator(OPTIONS);
      // A message and a code of any value (as a caller's `String(error)` may not be).
      return t.fail(v as never, v as never);
    }),
    check: (events, v) => checkEvents(events, v, "AgUiTranslator.fail"),
  },
  { name: "fromAgUiMessages", subpath: "./ag-ui", seeds: agUiSeeds, load: safely((v) => fromAgUiMessages(v as never)) },
  { name: "fromAgUiInput", subpath: "./ag-ui", seeds: inputSeeds, load: safely((v) => fromAgUiInput(v as never)) },
  { name: "fromAgUiMessages options", subpath: "./ag-ui", seeds: () => [{}, { userSource: "u", assistantSource: "a" }, { userSource: "human" }, { assistantSource: "bot" }, { registry: undefined }, { userSource: "x", assistantSource: "y" }, {}, {}, {}, {}, {}], load: safely((v) => fromAgUiMessages(structuredClone(agUiSeeds()[2]) as never, v as never)) },
];
