/**
 * The `./maf` rows of the entry-point table (entry-points.ts): `loadMaf` over every class MAF
 * wrote (the recorded contents, messages, responses and sessions), and the conversions over
 * the AutoGen runs and states and the MAF histories they read. Each row throws only the
 * library's error; anything else escapes and breaks the contract.
 */
import { MessageValidationError } from "../../src/errors.js";
import { dumpMaf, fromMafMessages, loadMaf, toMafAgentResponse, toMafMessages, toMafSession, toMafSessions } from "../../src/maf/index.js";
import { readJsonl } from "../helpers/fixtures.js";
import type { Outcome, ValueLoader } from "./entry-points.js";

const once = <T>(f: () => T): (() => T) => {
  let v: T | undefined;
  return () => (v ??= f());
};

/** A throwing API as an outcome: its result, or the library's error (any other exception escapes). */
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

/** What MAF 1.13.0 wrote: every recorded class's `to_dict()`, and the sessions. */
const mafSeeds = once(() => [
  ...readJsonl("maf/contents.jsonl").map((r) => r.to_dict),
  ...readJsonl("maf/messages.jsonl").map((r) => r.to_dict),
  ...readJsonl("maf/responses.jsonl").map((r) => r.to_dict),
  ...readJsonl("maf/sessions.jsonl").map((r) => r.session),
  ...readJsonl("maf/load-cases.jsonl").map((r) => r.input),
]);

/** MAF message lists, for `fromMafMessages`: each session's history, each turn's input and response messages. */
const historySeeds = once(() =>
  readJsonl("maf/sessions.jsonl").flatMap((r) => {
    const session = r as unknown as { session: { state: { in_memory?: { messages?: unknown[] } } }; turns: Array<{ input?: unknown; response?: { messages?: unknown[] } }> };
    const lists: unknown[] = [session.session.state.in_memory?.messages ?? []];
    for (const t of session.turns) lists.push(t.input, t.response?.messages);
    return lists.filter((l) => Array.isArray(l) && l.length > 0);
  }),
);

/** AutoGen runs (items a run yields) and saved states. */
const runs = once(() =>
  readJsonl("autogen-teams/streams.jsonl").flatMap((r) =>
    (r.steps as Array<{ stream?: Array<Record<string, unknown>> }>).map((step) =>
      (step.stream ?? []).map((it) => (it.item === "TaskResult" ? { messages: it.messages, stop_reason: it.stop_reason } : it.item === "Response" ? { chat_message: it.chat_message, inner_messages: it.inner_messages } : it.dump)),
    ),
  ).filter((run) => run.length > 0),
);
const taskResults = once(() => runs().flatMap((run) => run.filter((x) => x !== null && typeof x === "object" && ("stop_reason" in x || "chat_message" in x))));
const states = once(() => readJsonl("autogen-teams/state.jsonl").flatMap((r) => (r.states as Array<{ state: unknown }>).map((s) => s.state)));
/** An agent's own states and their model contexts. */
const agentStates = once(() => {
  const out: unknown[] = [];
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v !== null && typeof v === "object") {
      if ((v as { type?: unknown }).type === "AssistantAgentState") out.push(v, (v as { llm_context: { messages: unknown } }).llm_context.messages);
      Object.values(v).forEach(visit);
    }
  };
  visit(states());
  return out;
});

/** `dumpMaf`, or no round trip where MAF's own `to_dict()` raises on what `from_dict` held (annotations `dict()` refuses). */
function dumpable(v: unknown): unknown {
  try {
    return dumpMaf(v as never);
  } catch (e) {
    if (MessageValidationError.isInstance(e) && e.issues[0]?.code === "dump_error") return undefined;
    throw e;
  }
}

/** The `./maf` rows. */
export const MAF_LOADERS = (): ValueLoader[] => [
  { name: "loadMaf", subpath: "./maf", seeds: mafSeeds, load: safely((v) => loadMaf(v)), dump: dumpable },
  { name: "toMafMessages", subpath: "./maf", seeds: runs, load: safely((v) => toMafMessages(v as never)) },
  { name: "toMafAgentResponse", subpath: "./maf", seeds: taskResults, load: safely((v) => toMafAgentResponse(v)) },
  { name: "toMafSession", subpath: "./maf", seeds: agentStates, load: safely((v) => toMafSession(v, { sessionId: "s" })) },
  { name: "toMafSessions", subpath: "./maf", seeds: states, load: safely((v) => toMafSessions(v, { sessionId: ({ agent }) => `s-${agent}` })) },
  { name: "fromMafMessages", subpath: "./maf", seeds: historySeeds, load: safely((v) => fromMafMessages(v as never)) },
];
