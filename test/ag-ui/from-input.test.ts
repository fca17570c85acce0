/**
 * Interrupt ids (./interrupts.ts) and fromAgUiInput (issue 31.2): without resume, exactly
 * fromAgUiMessages; a resolved handoff interrupt gives the HandoffMessage the recorded Swarm run
 * was resumed with (test/fixtures/autogen-teams, swarm/handoff-termination-resume); bad resume
 * entries get the typed error naming their path; the input is never written.
 */
import { describe, expect, it } from "vitest";
import { fromAgUiInput, fromAgUiMessages, handoffInterrupt, handoffStopped, inputInterrupt, parseInterruptId, toAgUiEvents } from "../../src/ag-ui/index.js";
import { MessageValidationError } from "../../src/errors.js";
import { load } from "../../src/index.js";
import { agUiRuns, applied, deepFreeze } from "../helpers/ag-ui.js";
import { runs } from "../helpers/team-runs.js";

const input = (extra: Record<string, unknown> = {}) => ({ threadId: "t", runId: "r2", messages: [{ id: "u1", role: "user" as const, content: "Hi" }], tools: [], context: [], ...extra });
const strip = (xs: unknown[]) => JSON.parse(JSON.stringify(xs)).map(({ id: _i, created_at: _c, ...rest }: Record<string, unknown>) => rest);

describe("interrupt ids", () => {
  it("a handoff: autogen:handoff:<source>:<target>:<message id>, URI-encoded, read back", () => {
    const i = handoffInterrupt({ source: "tr:ip agent", target: "user", content: "Which city?", id: "m:1" });
    expect(i).toEqual({ id: "autogen:handoff:tr%3Aip%20agent:user:m%3A1", reason: "input_required", message: "Which city?" });
    expect(parseInterruptId(i.id)).toEqual({ kind: "handoff", source: "tr:ip agent", target: "user", messageId: "m:1" });
    expect(parseInterruptId(handoffInterrupt({ source: "a", target: "user", content: "" }).id)).toEqual({ kind: "handoff", source: "a", target: "user", messageId: "" });
  });

  it("an input request: autogen:input:<key>, prompt and expiry when given", () => {
    expect(inputInterrupt({ requestKey: "k 1" })).toEqual({ id: "autogen:input:k%201", reason: "input_required" });
    expect(inputInterrupt({ requestKey: "k", prompt: "Approve?", expiresAt: "2026-01-01T00:00:00Z" })).toEqual({ id: "autogen:input:k", reason: "input_required", message: "Approve?", expiresAt: "2026-01-01T00:00:00Z" });
    expect(parseInterruptId("autogen:input:k%201")).toEqual({ kind: "input", requestKey: "k 1" });
  });

  it("anything else is undefined", () => {
    for (const id of ["", "x", "autogen:", "autogen:handoff:a:b", "autogen:handoff:a:b:c:d", "autogen:handoff::user:m", "autogen:handoff:%E0%A4%A:user:m", "autogen:input:%zz", 5, null]) {
      expect(parseInterruptId(id as string), String(id)).toBeUndefined();
    }
  });

  it("handoffStopped: HandoffTermination's reason alone or among others joined by ', '", () => {
    expect(handoffStopped("Handoff to user from alice detected.", "alice", "user")).toBe(true);
    expect(handoffStopped("a, Handoff to user from alice detected., b", "alice", "user")).toBe(true);
    expect(handoffStopped("Handoff to user from alice detected.x", "alice", "user")).toBe(false);
    expect(handoffStopped("Handoff to user from alice detected.", "bob", "user")).toBe(false);
    expect(handoffStopped(null, "alice", "user")).toBe(false);
  });
});

describe("fromAgUiInput", () => {
  it("without resume: exactly fromAgUiMessages(input.messages), on every recorded run's applied messages", async () => {
    for (const run of agUiRuns.filter((r) => !r.errored)) {
      const messages = await applied(toAgUiEvents(run.items, run), run.threadId, run.runId);
      expect(strip(fromAgUiInput(input({ messages })))).toEqual(strip(fromAgUiMessages(messages)));
      expect(strip(fromAgUiInput(input({ messages, resume: [] })))).toEqual(strip(fromAgUiMessages(messages)));
    }
  });

  it("resuming the recorded Swarm handoff: the HandoffMessage the next recorded step was given, loadable", async () => {
    const scenario = runs.find((r) => r.name === "swarm/handoff-termination-resume")!;
    const next = (scenario.steps[1] as unknown as { task: { message: { source: string; target: string; content: string } } }).task.message;
    const run = agUiRuns.find((r) => r.name === "swarm/handoff-termination-resume/run-1")!;
    const events = toAgUiEvents(run.items, run);
    const interrupt = (events.at(-1) as { outcome: { interrupts: { id: string }[] } }).outcome.interrupts[0]!;
    const messages = await applied(events, run.threadId, run.runId);
    const task = fromAgUiInput(deepFreeze(input({ messages, resume: [{ interruptId: interrupt.id, status: "resolved", payload: next.content }] })));
    expect(strip(task.slice(0, -1))).toEqual(strip(fromAgUiMessages(messages)));
    const m = task.at(-1)!;
    expect(m).toMatchObject({ type: "HandoffMessage", source: next.source, target: next.target, content: next.content, context: [] });
    expect(load(JSON.parse(JSON.stringify(m)))).toMatchObject({ type: "HandoffMessage", target: "python" });
  });

  it("a payload that is not a string: its JSON; none: an empty reply", () => {
    const resume = (payload: unknown) => fromAgUiInput(input({ resume: [{ interruptId: "autogen:handoff:alice:user:m", status: "resolved", ...(payload !== undefined && { payload }) }] })).at(-1);
    expect(resume({ city: "Paris" })).toMatchObject({ content: '{"city":"Paris"}', source: "user", target: "alice" });
    expect(resume(undefined)).toMatchObject({ content: "" });
  });

  it("a resolved input interrupt: the reply as the user's TextMessage (userSource)", () => {
    const task = fromAgUiInput(input({ resume: [{ interruptId: "autogen:input:req-1", status: "resolved", payload: "yes" }] }), { userSource: "human" });
    expect(task.map((m) => [m.type, m.source, (m as { content: unknown }).content])).toEqual([["TextMessage", "human", "Hi"], ["TextMessage", "human", "yes"]]);
  });

  it("a cancelled entry adds nothing: the run goes on from the messages", () => {
    const task = fromAgUiInput(input({ resume: [{ interruptId: "autogen:handoff:alice:user:m", status: "cancelled" }] }));
    expect(strip(task)).toEqual(strip(fromAgUiMessages(input().messages)));
  });

  it("several entries: one message each, in order", () => {
    const task = fromAgUiInput(input({ resume: [{ interruptId: "autogen:input:a", status: "resolved", payload: "1" }, { interruptId: "autogen:input:b", status: "resolved", payload: "2" }] }));
    expect(task.map((m) => (m as { content: unknown }).content)).toEqual(["Hi", "1", "2"]);
  });

  it.each([
    ["resume not an array", { resume: { interruptId: "autogen:input:a" } }, /^.*resume: expected an array/],
    ["an entry not an object", { resume: ["autogen:input:a"] }, /resume\[0\]: expected a resume entry object/],
    ["an id not a string", { resume: [{ interruptId: 5, status: "resolved" }] }, /resume\[0\]\.interruptId: expected a string/],
    ["an unknown id", { resume: [{ interruptId: "autogen:input:a", status: "resolved" }, { interruptId: "lc:123", status: "resolved" }] }, /resume\[1\]\.interruptId: not an interrupt of this AutoGen back end/],
    ["a wrong status", { resume: [{ interruptId: "autogen:input:a", status: "done" }] }, /resume\[0\]\.status: expected "resolved" or "cancelled"/],
    ["two answers to one interrupt", { resume: [{ interruptId: "autogen:input:a", status: "resolved" }, { interruptId: "autogen:input:a", status: "cancelled" }] }, /resume\[1\]\.interruptId: a second answer to the interrupt resume\[0\] answers/],
    ["a null payload", { resume: [{ interruptId: "autogen:input:a", status: "resolved", payload: null }] }, /resume\[0\]\.payload/],
    ["a payload JSON cannot hold", { resume: [{ interruptId: "autogen:input:a", status: "resolved", payload: 10n }] }, /resume\[0\]\.payload: expected a JSON value/],
    ["messages not an array", { messages: "hi" }, /messages: expected an array/],
    ["a bad message", { messages: [{ id: "x", role: "robot", content: "" }] }, /messages\[0\]\.role: unknown AG-UI role "robot"/],
  ])("%s: MessageValidationError naming the path", (_name, extra, message) => {
    const bad = deepFreeze(input(extra));
    expect(() => fromAgUiInput(bad as never)).toThrow(MessageValidationError);
    expect(() => fromAgUiInput(bad as never)).toThrow(message);
  });

  it("not an object, or options not an object: the typed error", () => {
    for (const v of [null, 5, "x", []]) expect(() => fromAgUiInput(v as never)).toThrow(MessageValidationError);
    expect(() => fromAgUiInput(input(), null as never)).toThrow(MessageValidationError);
  });
});
