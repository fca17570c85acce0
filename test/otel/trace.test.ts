import { describe, expect, it, vi } from "vitest";
import { MessageValidationError } from "../../src/errors.js";
import { loadRunItem } from "../../src/run/index.js";
import { createRunTracer, traceRun } from "../../src/otel/index.js";
import { deepFreeze, plain, recordedRuns, sdk } from "./helpers.js";

const runs = recordedRuns();
const CONTENT = ["gen_ai.input.messages", "gen_ai.output.messages", "gen_ai.system_instructions", "gen_ai.tool.call.arguments", "gen_ai.tool.call.result", "autogen.message.content"];

async function batch(items: unknown[], opts: Record<string, unknown> = {}) {
  const { exporter, tracer } = sdk();
  await traceRun(items, { tracer, conversationId: "c1", captureContent: true, ...opts });
  return plain(exporter.getFinishedSpans());
}
function live(items: unknown[], opts: Record<string, unknown> = {}) {
  const { exporter, tracer } = sdk();
  const r = createRunTracer({ tracer, conversationId: "c1", captureContent: true, ...opts });
  for (const item of items) r.push(item);
  r.end();
  return plain(exporter.getFinishedSpans());
}
// The run's distinct messages (by id), read from the fixture independently of the library.
function distinct(items: any[]): any[] {
  const seen = new Set<string>(), out: any[] = [];
  const add = (d: any) => (seen.has(d.id) ? null : (seen.add(d.id), out.push(d)));
  for (const it of items) {
    if (Array.isArray(it.messages)) it.messages.forEach(add);
    else if ("chat_message" in it) [...(it.inner_messages ?? []), it.chat_message].forEach(add);
    else add(it);
  }
  return out;
}

describe("traceRun on every recorded run", () => {
  it("has runs", () => expect(runs.length).toBeGreaterThan(50));
  it.each(runs.map((r) => [r.name, r]))("%s: live recorder == batch, rules hold", async (_n, r) => {
    const items = deepFreeze(structuredClone(r.items));
    const spans = await batch(items);
    expect(live(items, { now: () => 0 })).toEqual(spans);
    const msgs = distinct(r.items as any[]);
    const roots = spans.filter((s) => s.parent === null);
    expect(roots).toHaveLength(1);
    const root = roots[0]!;
    expect(["invoke_workflow", "invoke_agent"]).toContain(root.attributes["gen_ai.operation.name"]);
    expect(root.attributes["gen_ai.conversation.id"]).toBe("c1");
    expect(root.status.code === 2).toBe(r.failed);
    expect(root.start).toBe(new Date(msgs[0].created_at).toISOString());
    expect(root.end).toBe(new Date(Math.max(...msgs.map((m) => Date.parse(m.created_at)))).toISOString());
    // one execute_tool span per FunctionCall, under its caller's span, ERROR iff is_error
    const calls = msgs.filter((m) => m.type === "ToolCallRequestEvent").flatMap((m) => m.content.map((c: any) => ({ ...c, source: m.source })));
    const results = new Map(msgs.filter((m) => m.type === "ToolCallExecutionEvent").flatMap((m) => m.content.map((x: any) => [x.call_id, x])));
    const tools = spans.filter((s) => s.attributes["gen_ai.operation.name"] === "execute_tool");
    expect(tools).toHaveLength(calls.length);
    for (const c of calls) {
      const [t] = tools.filter((s) => s.attributes["gen_ai.tool.call.id"] === c.id);
      expect(t!.name).toBe(`execute_tool ${c.name}`);
      expect(t!.attributes["gen_ai.tool.call.arguments"]).toBe(c.arguments);
      expect(spans[t!.parent!]!.attributes["gen_ai.agent.name"]).toBe(c.source);
      const res = results.get(c.id) as any;
      if (res) {
        expect(t!.attributes["gen_ai.tool.call.result"]).toBe(res.content);
        expect(t!.status.code === 2).toBe(res.is_error === true);
      }
    }
    // usage: the agent spans sum to the run's models_usage
    const agents = spans.filter((s) => s !== root && s.attributes["gen_ai.operation.name"] === "invoke_agent");
    const sum = (k: string) => agents.reduce((a, s) => a + Number(s.attributes[k] ?? 0), 0);
    expect(sum("gen_ai.usage.input_tokens")).toBe(msgs.reduce((a, m) => a + (m.models_usage?.prompt_tokens ?? 0), 0));
    expect(sum("gen_ai.usage.output_tokens")).toBe(msgs.reduce((a, m) => a + (m.models_usage?.completion_tokens ?? 0), 0));
    // every span inside its parent in time
    for (const s of spans) if (s.parent !== null) {
      expect(s.start >= spans[s.parent]!.start && s.end <= spans[s.parent]!.end).toBe(true);
    }
  });
  it.each(runs.map((r) => [r.name, r]))("%s: without captureContent no text in any attribute", async (_n, r) => {
    const spans = await batch(r.items, { captureContent: false });
    for (const s of spans) {
      for (const k of CONTENT) expect(s.attributes).not.toHaveProperty(k);
      for (const e of s.events) for (const k of CONTENT) expect(e.attributes ?? {}).not.toHaveProperty(k);
      if (s.status.message) expect(s.status.message).not.toMatch(/cannot process|Expecting value/);
    }
  });
  it.each(runs.map((r) => [r.name, r]))("%s: reader items (loadRunItem) give the spans of the dumps", async (_n, r) => {
    const reader = r.items.map((it) => loadRunItem(it));
    expect(await batch(reader)).toEqual(await batch(r.items));
  });
});

describe("hand-computed spans", () => {
  const run = (name: string) => runs.find((r) => r.name === name)!;
  it("assistant/tool-errors: one agent, five failing tools", async () => {
    const spans = await batch(run("assistant/tool-errors/run").items);
    const byName = spans.map((s) => s.name);
    expect(byName).toEqual([
      "execute_tool fail_tool_stream", "execute_tool add_numbers_critic", "execute_tool budget_missing", "execute_tool add_numbers_critic", "execute_tool ratio_answer",
      "invoke_agent agent_search", "invoke_agent agent_search",
    ]);
    const [t0, , , , , agent, root] = spans;
    expect(root!.parent).toBeNull();
    expect(agent!.parent).toBe(6);
    expect(t0!.parent).toBe(5);
    expect(root!.attributes).toEqual({
      "gen_ai.provider.name": "autogen", "gen_ai.conversation.id": "c1", "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "agent_search",
      "gen_ai.input.messages": '[{"role": "user", "parts": [{"type": "text", "content": "Draft token query json error critic function!"}]}]',
    });
    expect([root!.start, root!.end]).toEqual(["2025-03-15T07:39:37.000Z", "2025-03-15T07:39:40.750Z"]);
    // the agent had the floor from the task on; its tools ran from the request to the results
    expect([agent!.start, agent!.end]).toEqual(["2025-03-15T07:39:37.000Z", "2025-03-15T07:39:40.750Z"]);
    expect([t0!.start, t0!.end]).toEqual(["2025-03-15T07:39:38.250Z", "2025-03-15T07:39:39.500Z"]);
    expect(t0!.status).toEqual({ code: 2, message: 'cannot process "it\'s a test": backend said "no"' });
    expect(t0!.attributes).toEqual({
      "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "fail_tool_stream", "gen_ai.tool.call.id": "call_XZGjAapKJYceiwzBbsyF48Py", "gen_ai.tool.type": "function",
      "gen_ai.tool.call.arguments": "{\"reason\": \"it's a test\"}", "gen_ai.tool.call.result": 'cannot process "it\'s a test": backend said "no"', "error.type": "tool_error",
    });
    expect(agent!.attributes["gen_ai.usage.input_tokens"]).toBe(168);
    expect(agent!.attributes["gen_ai.usage.output_tokens"]).toBe(14);
    const out = JSON.parse(agent!.attributes["gen_ai.output.messages"] as string);
    expect(out.map((m: any) => [m.role, m.finish_reason, m.parts.length])).toEqual([["assistant", "tool_call", 5], ["tool", "tool_call", 5], ["assistant", "stop", 1]]);
    expect(out[2].parts[0].content.startsWith("fail_tool_stream: cannot process")).toBe(true);
  });
  it("round-robin/token-usage: a team of two, each turn its own span", async () => {
    const spans = await batch(run("round-robin/token-usage/run").items);
    expect(spans.map((s) => [s.name, s.parent, s.start, s.end, s.attributes["gen_ai.usage.input_tokens"], s.attributes["gen_ai.usage.output_tokens"]])).toEqual([
      ["invoke_agent team_model", 2, "2025-03-14T13:57:42.000Z", "2025-03-14T13:57:44.500Z", 235, 31],
      ["invoke_agent call_memory_python", 2, "2025-03-14T13:57:44.500Z", "2025-03-14T13:57:47.000Z", 205, 82],
      ["invoke_workflow", null, "2025-03-14T13:57:42.000Z", "2025-03-14T13:57:47.000Z", undefined, undefined],
    ]);
    // the second agent's input: what the others said since its last turn
    expect(JSON.parse(spans[1]!.attributes["gen_ai.input.messages"] as string)).toEqual([
      { role: "user", parts: [{ type: "text", content: "Function context output system context." }] },
      { role: "user", parts: [{ type: "text", content: "Stream image team vector?" }] },
    ]);
    expect(JSON.parse(spans[1]!.attributes["gen_ai.output.messages"] as string)).toEqual([
      { role: "assistant", parts: [{ type: "text", content: "Tool result team team result python weather retry." }], finish_reason: "stop" },
    ]);
  });
  it("round-robin/team-error: no TaskResult -> root ERROR INCOMPLETE_RUN", async () => {
    const spans = await batch(run("round-robin/team-error/run").items, { operation: "invoke_workflow", name: "team" });
    const root = spans.at(-1)!;
    expect(root.name).toBe("invoke_workflow team");
    expect(root.attributes["gen_ai.workflow.name"]).toBe("team");
    expect(root.attributes["error.type"]).toBe("INCOMPLETE_RUN");
    expect(root.status).toEqual({ code: 2, message: "the AutoGen run ended without a TaskResult or Response" });
  });
  it("selector/streaming-team-events: speaker selection as root events, not agent spans", async () => {
    const spans = await batch(run("selector/streaming-team-events/run").items);
    expect(spans.map((s) => s.name)).toEqual(["invoke_agent json_team_tool", "invoke_agent search_result", "invoke_workflow"]);
    const root = spans[2]!;
    expect(root.events.map((e) => [e.name, e.time])).toEqual([
      ["autogen.SelectorEvent", "2025-03-14T21:57:50.250Z"], ["autogen.SelectSpeakerEvent", "2025-03-14T21:57:51.500Z"],
      ["autogen.SelectorEvent", "2025-03-14T21:57:55.250Z"], ["autogen.SelectSpeakerEvent", "2025-03-14T21:57:56.500Z"],
    ]);
    expect(root.events[1]!.attributes!["autogen.message.content"]).toBe('["json_team_tool"]');
  });
});

describe("times, failures and bad input", () => {
  it("items without created_at take their arrival time", () => {
    let t = Date.parse("2026-01-01T00:00:00Z");
    const spans = live([{ type: "TextMessage", source: "user", content: "hi" }, { type: "TextMessage", source: "a", content: "yo" }, { messages: [], stop_reason: null }], { now: () => (t += 1000) });
    expect(spans.map((s) => [s.name, s.start, s.end])).toEqual([
      ["invoke_agent a", "2026-01-01T00:00:01.000Z", "2026-01-01T00:00:02.000Z"],
      ["invoke_agent a", "2026-01-01T00:00:01.000Z", "2026-01-01T00:00:02.000Z"],
    ]);
  });
  it("a back end's error frame fails the run; a Studio cancellation does not", () => {
    const err = live([{ kind: "message", message: { type: "TextMessage", source: "a", content: "x" } }, { kind: "control", control: { type: "error", error: "boom" } }]);
    expect(err.at(-1)!.status).toEqual({ code: 2, message: "boom" });
    expect(err.at(-1)!.attributes["error.type"]).toBe("AUTOGEN_ERROR");
    const cancelled = live([{ kind: "control", control: { type: "completion", status: "cancelled" } }]);
    expect(cancelled.at(-1)!.status.code).not.toBe(2);
  });
  it("error(e) ends the run as failed with e", () => {
    const { exporter, tracer } = sdk();
    const r = createRunTracer({ tracer });
    r.push({ type: "TextMessage", source: "a", content: "x" });
    r.error(new RangeError("socket closed"));
    expect(r.ended).toBe(true);
    const root = exporter.getFinishedSpans().at(-1)!;
    expect(root.status).toEqual({ code: 2, message: "socket closed" });
    expect(root.attributes["error.type"]).toBe("RangeError");
  });
  it("a non-AutoGen item is a MessageValidationError naming its path; the recorder goes on", async () => {
    const { tracer } = sdk();
    const r = createRunTracer({ tracer });
    r.push({ type: "TextMessage", source: "a", content: "x" });
    expect(() => r.push({ messages: [{ type: "TextMessage", source: 5, content: "x" }], stop_reason: null })).toThrow(MessageValidationError);
    const pathOf = (item: unknown) => {
      try { r.push(item); } catch (e) { return e instanceof MessageValidationError ? e.issues[0]!.path : `foreign ${String(e)}`; }
      return "no error";
    };
    expect(pathOf(5)).toEqual([2]);
    expect(pathOf({ kind: "message", message: null })).toEqual([3, "message"]);
    expect(pathOf({ kind: "control", control: { type: "completion", status: 5 } })).toEqual([4, "control", "status"]);
    expect(pathOf({ kind: "TaskResult", taskResult: { messages: 5 } })).toEqual([5, "taskResult", "messages"]);
    expect(pathOf({ ok: true, kind: "nope" })).toEqual([6, "kind"]);
    await expect(traceRun([{ type: "TextMessage", source: "a", content: "x" }, { foo: 1 }], { tracer })).rejects.toMatchObject({ name: "MessageValidationError", issues: [{ path: [1, "type"] }] });
    await expect(traceRun(5 as never, { tracer })).rejects.toBeInstanceOf(MessageValidationError);
  });
  it("bad options are named", () => {
    expect(() => createRunTracer(null as never)).toThrow(MessageValidationError);
    try {
      createRunTracer({ tracer: {} as never, captureContent: "yes" as never, userSources: [1] as never });
      expect.unreachable();
    } catch (e) {
      expect((e as MessageValidationError).issues.map((i) => i.path[0])).toEqual(["tracer", "captureContent", "userSources"]);
    }
  });
  it("a tracer that throws never breaks the run", async () => {
    const onTracerError = vi.fn();
    const tracer = { startSpan: () => { throw new Error("exporter down"); }, startActiveSpan: () => { throw new Error("no"); } };
    const r = runs.find((x) => x.name === "assistant/tool-errors/run")!;
    const result = await traceRun(r.items, { tracer: tracer as never, onTracerError, captureContent: true });
    expect(result.items).toBe(r.items.length);
    expect((result.tracerError as Error).message).toBe("exporter down");
    expect(onTracerError).toHaveBeenCalledTimes(1);
    // a span that throws later (at end) too
    const { tracer: real } = sdk();
    const flaky = { startSpan: (...a: any[]) => { const s = (real.startSpan as any)(...a); s.end = () => { throw new Error("end failed"); }; return s; } };
    await expect(traceRun(r.items, { tracer: flaky as never })).resolves.toMatchObject({ items: r.items.length });
  });
  it("async iterables are read too", async () => {
    const r = runs.find((x) => x.name === "round-robin/token-usage/run")!;
    async function* gen() { yield* r.items; }
    const { exporter, tracer } = sdk();
    await traceRun(gen(), { tracer, conversationId: "c1", captureContent: true });
    expect(plain(exporter.getFinishedSpans())).toEqual(await batch(r.items));
  });
});

describe("parent context", () => {
  it("the root nests under the span of the given context; children under the root", async () => {
    const { trace, ROOT_CONTEXT } = await import("@opentelemetry/api");
    const { exporter, tracer } = sdk();
    const server = tracer.startSpan("POST /agent");
    const r = createRunTracer({ tracer, context: trace.setSpan(ROOT_CONTEXT, server) });
    r.push({ type: "TextMessage", source: "a", content: "x", created_at: "2025-01-01T00:00:00Z" });
    r.push({ messages: [], stop_reason: null });
    r.end();
    server.end();
    const spans = exporter.getFinishedSpans();
    const [agent, root, srv] = spans;
    expect(spans.map((s) => s.name)).toEqual(["invoke_agent a", "invoke_agent a", "POST /agent"]);
    expect(root!.parentSpanContext?.spanId).toBe(srv!.spanContext().spanId);
    expect(agent!.parentSpanContext?.spanId).toBe(root!.spanContext().spanId);
    expect(new Set(spans.map((s) => s.spanContext().traceId)).size).toBe(1);
  });
});
