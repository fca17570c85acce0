/**
 * toAgUiEvents / createAgUiTranslator: the AutoGen → AG-UI mapping of docs/ag-ui.md.
 * - every recorded team run (test/fixtures/autogen-teams): the batch and the incremental forms
 *   give identical events, also from the `./stream` readers' items; every event parses with
 *   @ag-ui/core's schemas and the sequence passes @ag-ui/client's own enforce → chunks → verify
 *   pipeline without a warning; the run ends as the recording says;
 * - small runs whose events are written out by hand from the mapping rules;
 * - bad input: the library's typed error naming the path; frozen input is never written.
 */
import { describe, expect, it } from "vitest";
import { createAgUiTranslator, toAgUiEvents } from "../../src/ag-ui/index.js";
import { MessageValidationError } from "../../src/errors.js";
import { readMessages } from "../../src/stream/index.js";
import { toJsonLines } from "../../examples/live-run/encode.js";
import { agUiRuns, applied, deepFreeze, schemaProblem, verify } from "../helpers/ag-ui.js";

const base = { models_usage: null, metadata: {}, created_at: "2025-03-14T09:26:53Z" };
const text = (id: string, source: string, content: string, type = "TextMessage") => ({ id, source, ...base, content, type });
const chunk = (id: string, source: string, content: string, full_message_id: string | null) => ({ id, source, ...base, content, full_message_id, type: "ModelClientStreamingChunkEvent" });
const opts = { threadId: "t", runId: "r" };

describe("every recorded team run", () => {
  it("has runs to check", () => expect(agUiRuns.length).toBeGreaterThan(40));

  it.each(agUiRuns.map((r) => [r.name, r] as const))("%s", async (_name, run) => {
    const batch = toAgUiEvents(run.items, run);
    const t = createAgUiTranslator(run);
    const live = [...run.items.flatMap((i) => t.push(i)), ...t.end()];
    expect(live).toEqual(batch);
    // The readers' items ({ ok, line, kind, … }) give the same events.
    const read = [];
    for await (const item of readMessages([toJsonLines(run.items)])) read.push(item);
    expect(toAgUiEvents(read, run)).toEqual(batch);

    expect(schemaProblem(batch)).toBeNull();
    const v = await verify(batch);
    expect(v.warnings).toEqual([]);
    expect(batch[0]).toEqual({ type: "RUN_STARTED", threadId: run.threadId, runId: run.runId, protocolVersion: "1.0" });
    expect(batch.at(-1)!.type).toBe(run.errored ? "RUN_ERROR" : "RUN_FINISHED");
    expect(batch.slice(1, -1).filter((e) => /^RUN_/.test(e.type))).toEqual([]);
  });
});

describe("the mapping, by hand", () => {
  it("a plain run: each source's turn is a step; role user for the user; stop_reason in result", () => {
    const events = toAgUiEvents([text("u1", "user", "Hi"), text("a1", "writer", "Hello!"), { messages: [text("u1", "user", "Hi"), text("a1", "writer", "Hello!")], stop_reason: "done" }], opts);
    expect(events).toEqual([
      { type: "RUN_STARTED", threadId: "t", runId: "r", protocolVersion: "1.0" },
      { type: "STEP_STARTED", stepName: "user" },
      { type: "TEXT_MESSAGE_START", messageId: "u1", role: "user", name: "user" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "u1", delta: "Hi" },
      { type: "TEXT_MESSAGE_END", messageId: "u1" },
      { type: "STEP_FINISHED", stepName: "user" },
      { type: "STEP_STARTED", stepName: "writer" },
      { type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant", name: "writer" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "Hello!" },
      { type: "TEXT_MESSAGE_END", messageId: "a1" },
      { type: "STEP_FINISHED", stepName: "writer" },
      { type: "RUN_FINISHED", threadId: "t", runId: "r", result: { stop_reason: "done" } },
    ]);
  });

  it("no result key when stop_reason is null, nor for a Response", () => {
    expect(toAgUiEvents([{ messages: [], stop_reason: null }], opts).at(-1)).toEqual({ type: "RUN_FINISHED", threadId: "t", runId: "r" });
    const r = toAgUiEvents([{ chat_message: text("a1", "bot", "ok"), inner_messages: [] }], opts);
    expect(r.map((e) => e.type)).toEqual(["RUN_STARTED", "STEP_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "STEP_FINISHED", "RUN_FINISHED"]);
    expect(r.at(-1)).toEqual({ type: "RUN_FINISHED", threadId: "t", runId: "r" });
  });

  it("streamed chunks are the content of the message they build, which is not sent again", async () => {
    const items = [chunk("c1", "bot", "Hel", "F"), chunk("c2", "bot", "lo", "F"), text("F", "bot", "Hello"), { messages: [text("F", "bot", "Hello")], stop_reason: null }];
    const events = toAgUiEvents(items, opts);
    expect(events.slice(1, -1)).toEqual([
      { type: "STEP_STARTED", stepName: "bot" },
      { type: "TEXT_MESSAGE_START", messageId: "F", role: "assistant", name: "bot" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "F", delta: "Hel" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "F", delta: "lo" },
      { type: "TEXT_MESSAGE_END", messageId: "F" },
      { type: "STEP_FINISHED", stepName: "bot" },
    ]);
    expect((await applied(events)).map((m) => [m.role, m.content])).toEqual([["assistant", "Hello"]]);
  });

  it("null full_message_id: the same source's message with exactly the chunks' text is that message; another is its own", async () => {
    const same = [chunk("c1", "bot", "a ", null), chunk("c2", "bot", "b", null), text("m1", "bot", "a b"), { messages: [], stop_reason: null }];
    expect((await applied(toAgUiEvents(same, opts))).map((m) => m.content)).toEqual(["a b"]);
    const other = [chunk("c1", "bot", "a ", null), text("m1", "bot", "different"), { messages: [], stop_reason: null }];
    expect((await applied(toAgUiEvents(other, opts))).map((m) => [m.id, m.content])).toEqual([["c1", "a "], ["m1", "different"]]);
  });

  it("tool calls and results, inside the caller's step; a result's error in metadata", async () => {
    const req = { id: "q1", source: "bot", ...base, content: [{ id: "call_1", arguments: '{"x":1}', name: "add" }, { id: "call_2", arguments: "", name: "now" }], type: "ToolCallRequestEvent" };
    const res = { id: "x1", source: "bot", ...base, content: [{ content: "2", name: "add", call_id: "call_1", is_error: false }, { content: "boom", name: "now", call_id: "call_2", is_error: true }], type: "ToolCallExecutionEvent" };
    const events = toAgUiEvents([req, res, { messages: [], stop_reason: null }], opts);
    expect(events.slice(1, -1)).toEqual([
      { type: "STEP_STARTED", stepName: "bot" },
      // The calls' message opens empty first: it carries its author as a text message does (issue 34.8).
      { type: "TEXT_MESSAGE_START", messageId: "q1", role: "assistant", name: "bot" },
      { type: "TEXT_MESSAGE_END", messageId: "q1" },
      { type: "TOOL_CALL_START", toolCallId: "call_1", toolCallName: "add", parentMessageId: "q1" },
      { type: "TOOL_CALL_ARGS", toolCallId: "call_1", delta: '{"x":1}' },
      { type: "TOOL_CALL_END", toolCallId: "call_1" },
      { type: "TOOL_CALL_START", toolCallId: "call_2", toolCallName: "now", parentMessageId: "q1" },
      { type: "TOOL_CALL_END", toolCallId: "call_2" },
      { type: "TOOL_CALL_RESULT", messageId: "x1:0", toolCallId: "call_1", content: "2" },
      { type: "TOOL_CALL_RESULT", messageId: "x1:1", toolCallId: "call_2", content: "boom", metadata: { is_error: true } },
      { type: "STEP_FINISHED", stepName: "bot" },
    ]);
    const msgs = await applied(events);
    expect(msgs.map((m) => m.role)).toEqual(["assistant", "tool", "tool"]);
    expect(msgs[0]).toMatchObject({ id: "q1", role: "assistant", name: "bot", toolCalls: [{ id: "call_1" }, { id: "call_2" }] });
  });

  it("a tool-call message without an id: one message for its calls, named after its author", async () => {
    const req = { source: "bot", ...base, content: [{ id: "c1", arguments: "{}", name: "a" }, { id: "c2", arguments: "{}", name: "b" }], type: "ToolCallRequestEvent" };
    const msgs = await applied(toAgUiEvents([req, { messages: [], stop_reason: null }], opts));
    expect(msgs).toEqual([{ id: "r:1", role: "assistant", content: "", name: "bot", toolCalls: [{ id: "c1", type: "function", function: { name: "a", arguments: "{}" } }, { id: "c2", type: "function", function: { name: "b", arguments: "{}" } }] }]);
  });

  it("a ThoughtEvent is a reasoning message", async () => {
    const events = toAgUiEvents([{ id: "th", source: "bot", ...base, content: "thinking", type: "ThoughtEvent" }], opts);
    expect(events.slice(2, 7)).toEqual([
      { type: "REASONING_START", messageId: "th" },
      { type: "REASONING_MESSAGE_START", messageId: "th", role: "reasoning" },
      { type: "REASONING_MESSAGE_CONTENT", messageId: "th", delta: "thinking" },
      { type: "REASONING_MESSAGE_END", messageId: "th" },
      { type: "REASONING_END", messageId: "th" },
    ]);
  });

  it("kinds without a counterpart are CUSTOM {name: type, value: dump}; a human proxy's messages are the user's", () => {
    const ask = { id: "e1", source: "human", ...base, request_id: "q", content: "", type: "UserInputRequestedEvent" };
    const sel = { id: "e2", source: "manager", ...base, content: ["human"], type: "SelectSpeakerEvent" };
    const events = toAgUiEvents([sel, ask, text("h1", "human", "yes")], opts);
    expect(events.filter((e) => e.type === "CUSTOM")).toEqual([
      { type: "CUSTOM", name: "SelectSpeakerEvent", value: sel },
      { type: "CUSTOM", name: "UserInputRequestedEvent", value: ask },
    ]);
    expect(events.find((e) => e.type === "TEXT_MESSAGE_START")).toEqual({ type: "TEXT_MESSAGE_START", messageId: "h1", role: "user", name: "human" });
  });

  it("a handoff: its text, then a CUSTOM with its target (the context is not repeated)", () => {
    const h = { id: "h", source: "a", ...base, content: "to b", target: "b", context: [{ content: "x", source: "a", type: "UserMessage" }], type: "HandoffMessage" };
    const events = toAgUiEvents([h], opts);
    const { context: _c, ...rest } = h;
    expect(events.filter((e) => e.type === "CUSTOM")).toEqual([{ type: "CUSTOM", name: "HandoffMessage", value: rest }]);
    expect(events.find((e) => e.type === "TEXT_MESSAGE_CONTENT")).toMatchObject({ delta: "to b" });
  });

  it("structured content: AutoGen's own text (format string applied, Python's formatting)", () => {
    const s = { id: "s", source: "j", ...base, content: { ok: true, score: 1.125, why: "it's" }, format_string: "ok={ok} score={score:.2f} {why!r}", type: "StructuredMessage[Verdict]" };
    expect(toAgUiEvents([s], opts).find((e) => e.type === "TEXT_MESSAGE_CONTENT")).toMatchObject({ delta: `ok=True score=1.12 "it's"` });
  });

  it("task messages the front end sent are not echoed", () => {
    const events = toAgUiEvents([text("u1", "user", "Hi"), text("a1", "bot", "Yo"), { messages: [], stop_reason: null }], { ...opts, inputMessageIds: ["u1"] });
    expect(events.filter((e) => e.type === "TEXT_MESSAGE_START").map((e) => (e as { messageId: string }).messageId)).toEqual(["a1"]);
  });

  it("RUN_ERROR for an error item or a stream that ends early; nothing after it", () => {
    const err = toAgUiEvents([text("a1", "bot", "x"), { ok: false, error: new Error("frame 2 is not valid JSON") }, text("a2", "bot", "late")], opts);
    expect(err.slice(-3)).toEqual([
      { type: "TEXT_MESSAGE_END", messageId: "a1" },
      { type: "STEP_FINISHED", stepName: "bot" },
      { type: "RUN_ERROR", message: "frame 2 is not valid JSON", code: "Error" },
    ]);
    const early = toAgUiEvents([chunk("c1", "bot", "par", "F")], opts);
    expect(early.slice(-3)).toEqual([
      { type: "TEXT_MESSAGE_END", messageId: "F" },
      { type: "STEP_FINISHED", stepName: "bot" },
      { type: "RUN_ERROR", message: "the AutoGen run ended without a TaskResult or Response", code: "INCOMPLETE_RUN" },
    ]);
    expect(toAgUiEvents([], opts)).toEqual([{ type: "RUN_STARTED", threadId: "t", runId: "r", protocolVersion: "1.0" }, { type: "RUN_ERROR", message: "the AutoGen run ended without a TaskResult or Response", code: "INCOMPLETE_RUN" }]);
    const t = createAgUiTranslator(opts);
    t.push({ messages: [], stop_reason: null });
    expect([t.ended, t.push(text("z", "bot", "after")), t.end(), t.fail("x")]).toEqual([true, [], [], []]);
  });
});

describe("bad input", () => {
  it("a non-AutoGen item: MessageValidationError naming the item's path", () => {
    const bad = (items: unknown[]) => {
      try {
        toAgUiEvents(items as never, opts);
      } catch (e) {
        expect(MessageValidationError.isInstance(e)).toBe(true);
        return (e as Error).message;
      }
      return "no error";
    };
    expect(bad([text("a", "b", "c"), { type: "TextMessage", source: "x", content: 42 }])).toMatch(/^Invalid TextMessage: \[1\]\.content: expected string/);
    expect(bad([42])).toMatch(/\[0\]: expected an AutoGen message, event, TaskResult or Response, got a number/);
    expect(bad([{ hello: "secret-value" }])).not.toContain("secret-value");
    expect(bad([{ messages: [text("a", "b", "c"), { type: "Nope", source: "s" }], stop_reason: null }])).toMatch(/\[0\]\.messages\[1\]\.type: unknown message type "Nope"/);
    expect(bad([{ chat_message: { type: "TextMessage", source: 1, content: "x" }, inner_messages: [] }])).toMatch(/\[0\]\.chat_message\.source/);
  });

  it("never writes to its input", () => {
    const run = agUiRuns.find((r) => r.name.startsWith("assistant/streaming-tools-reflect"))!;
    const items = deepFreeze(structuredClone(run.items));
    expect(() => toAgUiEvents(items, run)).not.toThrow();
    expect(items).toEqual(run.items);
  });
});
