/**
 * AG-UI 1.0 run control in the translator (issue 31.1): RUN_STARTED.protocolVersion, the
 * interrupt outcome of a run HandoffTermination stopped, RUN_FINISHED.usage, the cancelled
 * outcome, and the agent's interrupt() / cancel(). Expectations are written out by hand from
 * AutoGen's rules (HandoffTermination's stop message, And/Or joining reasons with ", ") or taken
 * from the recorded Swarm run (test/fixtures/autogen-teams).
 */
import { describe, expect, it } from "vitest";
import { createAgUiTranslator, handoffInterrupt, inputInterrupt, toAgUiEvents } from "../../src/ag-ui/index.js";
import { MessageValidationError } from "../../src/errors.js";
import { agUiRuns, schemaProblem, usageOf, verify } from "../helpers/ag-ui.js";

const base = { metadata: {}, created_at: "2025-03-14T09:26:53Z" };
const text = (id: string, source: string, content: string, usage: { prompt_tokens: number; completion_tokens: number } | null = null) => ({ id, source, ...base, models_usage: usage, content, type: "TextMessage" });
const handoff = (id: string, source: string, target: string, content: string) => ({ id, source, ...base, models_usage: null, content, target, context: [], type: "HandoffMessage" });
const opts = { threadId: "t", runId: "r" };
const live = (items: unknown[]) => {
  const t = createAgUiTranslator(opts);
  return [...items.flatMap((i) => t.push(i as never)), ...t.end()];
};

describe("RUN_STARTED.protocolVersion", () => {
  it("is AG-UI 1.0's", () => {
    expect(toAgUiEvents([], opts)[0]).toEqual({ type: "RUN_STARTED", threadId: "t", runId: "r", protocolVersion: "1.0" });
  });
});

describe("the interrupt outcome of a handoff to the user", () => {
  const h = handoff("h1", "alice", "user", "Which city?");
  const interrupt = { id: "autogen:handoff:alice:user:h1", reason: "input_required", message: "Which city?" };

  it("HandoffTermination's stop reason and a last HandoffMessage: RUN_FINISHED with one interrupt", async () => {
    const items = [text("u1", "user", "Plan a trip"), h, { messages: [text("u1", "user", "Plan a trip"), h], stop_reason: "Handoff to user from alice detected." }];
    const events = toAgUiEvents(items, opts);
    expect(events.at(-1)).toEqual({ type: "RUN_FINISHED", threadId: "t", runId: "r", result: { stop_reason: "Handoff to user from alice detected." }, outcome: { type: "interrupt", interrupts: [interrupt] } });
    expect(live(items)).toEqual(events);
    expect(schemaProblem(events)).toBeNull();
    expect((await verify(events)).warnings).toEqual([]);
  });

  it("the reason among others (an Or / And condition joins them with ', ')", () => {
    for (const stop of ["Maximum number of messages 5 reached, current message count: 5, Handoff to user from alice detected.", "Handoff to user from alice detected., Text 'TERMINATE' mentioned"]) {
      expect(toAgUiEvents([h, { messages: [h], stop_reason: stop }], opts).at(-1)).toMatchObject({ outcome: { type: "interrupt", interrupts: [interrupt] } });
    }
  });

  it("a handoff inside a Response or a TaskResult not streamed before: the same", () => {
    expect(toAgUiEvents([{ messages: [h], stop_reason: "Handoff to user from alice detected." }], opts).at(-1)).toMatchObject({ outcome: { type: "interrupt", interrupts: [interrupt] } });
  });

  it("no interrupt: another stop reason, a reason naming another handoff, a reason that only contains the text, or a handoff not last", () => {
    const cases = [
      [h, { messages: [h], stop_reason: "Maximum number of messages 1 reached" }],
      [h, { messages: [h], stop_reason: "Handoff to user from bob detected." }],
      [h, { messages: [h], stop_reason: "Handoff to carol from alice detected." }],
      [h, { messages: [h], stop_reason: "xHandoff to user from alice detected." }],
      [h, { messages: [h], stop_reason: null }],
      [h, text("a2", "bob", "hi"), { messages: [h, text("a2", "bob", "hi")], stop_reason: "Handoff to user from alice detected." }],
      [{ chat_message: h, inner_messages: [] }],
    ];
    for (const items of cases) {
      const last = toAgUiEvents(items, opts).at(-1)!;
      expect(last.type).toBe("RUN_FINISHED");
      expect(last).not.toHaveProperty("outcome");
    }
  });

  it("the recorded Swarm run stopped by HandoffTermination ends in its interrupt", () => {
    const run = agUiRuns.find((r) => r.name === "swarm/handoff-termination-resume/run-1")!;
    const tr = run.items.at(-1) as { messages: { id: string; source: string; target: string; content: string }[] };
    const last = tr.messages.at(-1)!;
    expect(toAgUiEvents(run.items, run).at(-1)).toMatchObject({
      type: "RUN_FINISHED",
      outcome: { type: "interrupt", interrupts: [{ id: `autogen:handoff:python:user:${last.id}`, reason: "input_required", message: "Budget token vector team!" }] },
    });
  });

  it("a handoff that fails validation in the TaskResult: the typed error naming its path, nothing emitted", () => {
    const t = createAgUiTranslator(opts);
    const bad = { messages: [{ ...h, target: 5 }], stop_reason: "Handoff to user from alice detected." };
    expect(() => t.push(bad)).toThrow(MessageValidationError);
    expect(() => createAgUiTranslator(opts).push(bad)).toThrow(/\[0\]\.messages\[0\]\.target/);
    expect(t.ended).toBe(false);
  });
});

describe("RUN_FINISHED.usage", () => {
  it("sums models_usage over distinct messages (the TaskResult repeats them); prompt → input, completion → output", () => {
    const a = text("a1", "writer", "x", { prompt_tokens: 10, completion_tokens: 3 });
    const b = text("a2", "writer", "y", { prompt_tokens: 7, completion_tokens: 2 });
    const events = toAgUiEvents([a, b, { messages: [a, b], stop_reason: "done" }], opts);
    expect(events.at(-1)).toEqual({ type: "RUN_FINISHED", threadId: "t", runId: "r", result: { stop_reason: "done" }, usage: [{ inputTokens: 17, outputTokens: 5, totalTokens: 22 }] });
  });

  it("a message only in the TaskResult counts too; a front-end message (inputMessageIds) does not", () => {
    const a = text("a1", "writer", "x", { prompt_tokens: 10, completion_tokens: 3 });
    const u = text("u1", "user", "old", { prompt_tokens: 100, completion_tokens: 100 });
    const events = toAgUiEvents([u, { messages: [u, a], stop_reason: null }], { ...opts, inputMessageIds: ["u1"] });
    expect(events.at(-1)).toMatchObject({ usage: [{ inputTokens: 10, outputTokens: 3, totalTokens: 13 }] });
  });

  it("absent when nothing reports usage", () => {
    expect(toAgUiEvents([text("a1", "w", "x"), { messages: [], stop_reason: null }], opts).at(-1)).not.toHaveProperty("usage");
  });

  it("a reported 0 / 0 is reported; counts AG-UI cannot carry are clamped", () => {
    expect(toAgUiEvents([text("a1", "w", "x", { prompt_tokens: 0, completion_tokens: 0 }), { messages: [], stop_reason: null }], opts).at(-1)).toMatchObject({ usage: [{ inputTokens: 0, outputTokens: 0, totalTokens: 0 }] });
    const big = toAgUiEvents([text("a1", "w", "x", { prompt_tokens: 2 ** 53, completion_tokens: 2 ** 53 }), text("a2", "w", "x", { prompt_tokens: 2 ** 53, completion_tokens: 0 }), { messages: [], stop_reason: null }], opts);
    expect(big.at(-1)).toMatchObject({ usage: [{ inputTokens: Number.MAX_SAFE_INTEGER, outputTokens: Number.MAX_SAFE_INTEGER, totalTokens: Number.MAX_SAFE_INTEGER }] });
    expect(schemaProblem(big)).toBeNull();
  });

  it("a count written as a string (pydantic's lax int) is read as the loader reads it", () => {
    const a = { ...text("a1", "w", "x"), models_usage: { prompt_tokens: "12", completion_tokens: 3 } };
    expect(toAgUiEvents([a, { messages: [], stop_reason: null }], opts).at(-1)).toMatchObject({ usage: [{ inputTokens: 12, outputTokens: 3, totalTokens: 15 }] });
  });

  it("every recorded run: the usage an independent sum over its distinct items gives", () => {
    for (const run of agUiRuns.filter((r) => !r.errored)) expect(toAgUiEvents(run.items, run).at(-1), run.name).toMatchObject({ type: "RUN_FINISHED", ...usageOf(run.items) });
  });
});

describe("cancelled runs", () => {
  it("AutoGen Studio's cancelled completion: RUN_FINISHED with outcome cancelled (what is open closed first)", () => {
    const items = [text("a1", "w", "x"), { ok: true, kind: "control", control: { type: "completion", status: "cancelled" } }];
    const events = toAgUiEvents(items, opts);
    expect(events.slice(-2)).toEqual([{ type: "STEP_FINISHED", stepName: "w" }, { type: "RUN_FINISHED", threadId: "t", runId: "r", outcome: { type: "cancelled" } }]);
    expect(live(items)).toEqual(events);
  });

  it("a failed completion stays RUN_ERROR", () => {
    const events = toAgUiEvents([{ ok: true, kind: "control", control: { type: "completion", status: "error" } }], opts);
    expect(events.at(-1)).toEqual({ type: "RUN_ERROR", message: "the AutoGen run ended: error", code: "AUTOGEN_ERROR" });
  });

  it("cancel(): RUN_FINISHED cancelled with the usage so far; [] afterwards and after an end", () => {
    const t = createAgUiTranslator(opts);
    t.push(text("a1", "w", "x", { prompt_tokens: 4, completion_tokens: 1 }));
    expect(t.cancel()).toEqual([
      { type: "STEP_FINISHED", stepName: "w" },
      { type: "RUN_FINISHED", threadId: "t", runId: "r", outcome: { type: "cancelled" }, usage: [{ inputTokens: 4, outputTokens: 1, totalTokens: 5 }] },
    ]);
    expect(t.ended).toBe(true);
    expect(t.cancel()).toEqual([]);
    expect(t.end()).toEqual([]);
  });

  it("cancel() before anything: RUN_STARTED then RUN_FINISHED cancelled", () => {
    expect(createAgUiTranslator(opts).cancel()).toEqual([{ type: "RUN_STARTED", threadId: "t", runId: "r", protocolVersion: "1.0" }, { type: "RUN_FINISHED", threadId: "t", runId: "r", outcome: { type: "cancelled" } }]);
  });
});

describe("interrupt()", () => {
  it("closes what is open, ends with the interrupts and the usage so far; [] when ended", async () => {
    const t = createAgUiTranslator(opts);
    const events = [...t.push(text("a1", "w", "x", { prompt_tokens: 2, completion_tokens: 2 }))];
    const i = inputInterrupt({ requestKey: "proxy", prompt: "Approve?", expiresAt: "2026-01-01T00:00:00.000Z" });
    events.push(...t.interrupt([i]));
    expect(events.slice(-2)).toEqual([
      { type: "STEP_FINISHED", stepName: "w" },
      { type: "RUN_FINISHED", threadId: "t", runId: "r", outcome: { type: "interrupt", interrupts: [{ id: "autogen:input:proxy", reason: "input_required", message: "Approve?", expiresAt: "2026-01-01T00:00:00.000Z" }] }, usage: [{ inputTokens: 2, outputTokens: 2, totalTokens: 4 }] },
    ]);
    expect(schemaProblem(events)).toBeNull();
    expect((await verify(events)).warnings).toEqual([]);
    expect(t.interrupt([i])).toEqual([]);
    expect(t.push(text("a2", "w", "late"))).toEqual([]);
  });

  it("an empty list: the typed error, the run not ended", () => {
    const t = createAgUiTranslator(opts);
    expect(() => t.interrupt([])).toThrow(MessageValidationError);
    expect(t.ended).toBe(false);
  });

  it("the interrupts given are copied, not kept", () => {
    const t = createAgUiTranslator(opts);
    const list = [handoffInterrupt({ source: "a", target: "user", content: "?", id: "m" })];
    const events = t.interrupt(list);
    list.push(inputInterrupt({ requestKey: "k" }));
    expect((events.at(-1) as { outcome: { interrupts: unknown[] } }).outcome.interrupts).toHaveLength(1);
  });
});
