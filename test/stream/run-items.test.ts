/**
 * loadRunItem: what a frame of a live run is. Frame shapes are those of AutoGen Studio 0.7.5
 * (autogenstudio/web/managers/connection.py, web/routes/ws.py) and of AutoGen's FastAPI sample
 * (python/samples/agentchat_fastapi/app_team.py); expected dumps are AutoGen's (`Z` datetimes,
 * images as `{data}`).
 */
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { dump } from "../../src/dump.js";
import { MessageRegistry } from "../../src/registry.js";
import { MessageValidationError, formatPath } from "../../src/errors.js";
import { dumpTaskResult } from "../../src/contracts/index.js";
import { ForeignFrameError, loadRunItem, restoreStudioImages, type RunItemResult } from "../../src/stream/index.js";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const text = (content: string, extra: object = {}) => ({
  id: "m1",
  source: "writer",
  models_usage: null,
  metadata: {},
  created_at: "2025-03-15T03:27:56Z",
  content,
  type: "TextMessage",
  ...extra,
});

function deepFreeze<T>(v: T): T {
  if (v && typeof v === "object") {
    Object.values(v).forEach(deepFreeze);
    Object.freeze(v);
  }
  return v;
}

/** The result, after checking that the input was not changed. */
function run(frame: unknown, registry?: MessageRegistry): RunItemResult {
  const before = JSON.stringify(frame);
  const r = loadRunItem(deepFreeze(frame), { registry });
  expect(JSON.stringify(frame)).toBe(before);
  return r;
}

const problem = (r: RunItemResult) => {
  if (r.ok || !MessageValidationError.isInstance(r.error)) throw new Error(`expected a validation error, got ${JSON.stringify(r)}`);
  return `${formatPath(r.error.issues[0]!.path)}: ${r.error.issues[0]!.message}`;
};

describe("bare items", () => {
  it("a message, a TaskResult, a Response", () => {
    const m = run(text("hi"));
    expect(m.ok && m.kind === "message" && dump(m.message)).toEqual(text("hi"));
    const t = run({ messages: [text("hi")], stop_reason: "done" });
    expect(t.ok && t.kind === "TaskResult" && dumpTaskResult(t.taskResult)).toEqual({ messages: [text("hi")], stop_reason: "done" });
    const r = run({ chat_message: text("hi"), inner_messages: null });
    expect(r.ok && r.kind).toBe("Response");
    expect("envelope" in (r as object)).toBe(false);
  });

  it("created_at as Python's isoformat() (+00:00) or str() (space) loads and dumps as AutoGen writes it", () => {
    for (const created_at of ["2025-03-15T03:27:56+00:00", "2025-03-15 03:27:56+00:00"]) {
      const r = run(text("hi", { created_at }));
      expect(r.ok && r.kind === "message" && r.message.created_at).toBe("2025-03-15T03:27:56Z");
    }
    const r = run(text("hi", { created_at: "2025-03-15 03:27:56.250000+00:00" }));
    expect(r.ok && r.kind === "message" && r.message.created_at).toBe("2025-03-15T03:27:56.250000Z");
  });

  it("errors carry the path from the top of the frame", () => {
    expect(problem(run({ messages: [text("a"), { ...text("b"), source: 42 }], stop_reason: null }))).toBe("messages[1].source: expected string, got number 42");
    expect(problem(run({ chat_message: { type: "ThoughtEvent", source: "a", content: "x" } }))).toBe("chat_message.type: expected a chat message, got the event ThoughtEvent");
  });

  it("a message-like object with an unknown or missing type is a validation error; other JSON is foreign", () => {
    expect(run({ type: "TextMesage", source: "a", content: "x" }).ok).toBe(false);
    expect(problem(run({ source: "a", content: "x" }))).toMatch(/^type: /);
    for (const value of [[1, 2], 42, "text", null, true, { foo: 1 }, { type: "heartbeat" }, { type: 7 }]) {
      const r = run(value);
      expect(!r.ok && ForeignFrameError.isInstance(r.error) && r.error.payload).toEqual(value);
    }
  });

  it("a foreign frame's error message does not repeat its content", () => {
    const r = run({ type: "x".repeat(100), secret: "sk-123" });
    expect(!r.ok && r.error.message).toBe(`not an AutoGen message, TaskResult, Response or AutoGen Studio frame: an object of type "${"x".repeat(64)}"`);
  });

  it("messages of a TaskResult load through the given registry (custom structured content)", () => {
    const registry = new MessageRegistry();
    registry.registerStructuredMessage("Verdict", z.object({ score: z.number() }));
    const sm = { type: "StructuredMessage[Verdict]", source: "critic", content: { score: 2 } };
    const r = run({ messages: [sm], stop_reason: null }, registry);
    expect(r.ok && r.kind === "TaskResult" && (dumpTaskResult(r.taskResult) as { messages: { content: unknown }[] }).messages[0]!.content).toEqual({ score: 2 });
    expect(problem(run({ messages: [{ ...sm, content: { score: "high" } }], stop_reason: null }, registry))).toMatch(/^messages\[0\]\.content\.score: /);
  });
});

describe("AutoGen Studio envelopes", () => {
  const multimodal = {
    id: "mm",
    source: "user",
    models_usage: null,
    metadata: {},
    created_at: "2025-03-15T03:27:56.500000+00:00",
    content: ["look", { url: `data:image/png;base64,${PNG}`, alt: "WebSurfer Screenshot" }],
    type: "MultiModalMessage",
  };

  it("message: unwrapped, Studio's image rewrite turned back into the image AutoGen dumps", () => {
    const r = run({ type: "message", data: multimodal });
    expect(r.ok && r.kind === "message" && dump(r.message)).toEqual({ ...multimodal, created_at: "2025-03-15T03:27:56.500000Z", content: ["look", { data: PNG }] });
    expect(r.ok && r.kind === "message" && r.envelope).toEqual({ type: "message" });
  });

  it("an image part that is not a data: URL stays and is rejected with its path", () => {
    const part = { url: "https://example.com/a.png", alt: "x" };
    expect(restoreStudioImages({ ...multimodal, content: [part] })).toEqual({ ...multimodal, content: [part] });
    expect(problem(run({ type: "message", data: { ...multimodal, content: ["a", part] } }))).toMatch(/^data\.content\[1\]/);
  });

  it("message_chunk and llm_call_event", () => {
    const chunk = { type: "ModelClientStreamingChunkEvent", source: "a", content: "Hel", full_message_id: "m" };
    const r = run({ type: "message_chunk", data: chunk });
    expect(r.ok && r.kind === "message" && r.message.type).toBe("ModelClientStreamingChunkEvent");
    const l = run({ type: "llm_call_event", data: text("{}", { source: "llm_call_event" }) });
    expect(l.ok && l.kind === "message" && l.envelope?.type).toBe("llm_call_event");
  });

  it("result: the TeamResult's TaskResult, with status, usage and duration kept", () => {
    const team = { task_result: { messages: [text("hi", { created_at: "2025-03-15T03:27:56+00:00" })], stop_reason: "Maximum number of turns 1 reached." }, usage: "", duration: 1.5 };
    const r = run({ type: "result", data: team, status: "complete" });
    expect(r.ok && r.kind === "TaskResult" && dumpTaskResult(r.taskResult)).toEqual({ messages: [text("hi")], stop_reason: "Maximum number of turns 1 reached." });
    expect(r.ok && r.kind === "TaskResult" && r.envelope).toEqual({ type: "result", status: "complete", usage: "", duration: 1.5 });
    expect(problem(run({ type: "result", data: { ...team, task_result: { messages: [{ ...text("x"), source: 1 }] } } }))).toBe(
      "data.task_result.messages[0].source: expected string, got number 1",
    );
    expect(problem(run({ type: "result", data: { ...team, duration: "long" } }))).toMatch(/^data\.duration: /);
  });

  it("completion: a cancelled or failed run's TeamResult is a TaskResult with its status; without data a control frame", () => {
    const cancelled = { task_result: { messages: [text("Run cancelled by user", { source: "user" })], stop_reason: "cancelled by user" }, usage: "", duration: 0 };
    const r = run({ type: "completion", status: "cancelled", data: cancelled, timestamp: "2025-03-15T03:27:57.000001+00:00" });
    expect(r.ok && r.kind === "TaskResult" && r.envelope).toEqual({ type: "completion", status: "cancelled", timestamp: "2025-03-15T03:27:57.000001+00:00", usage: "", duration: 0 });
    const c = run({ type: "completion", status: "error" });
    expect(c.ok && c.kind === "control" && c.control).toEqual({ type: "completion", status: "error" });
  });

  it("control frames: system, pong, input_request, Studio's and the FastAPI sample's error frames", () => {
    const frames = [
      { type: "system", status: "connected", timestamp: "2025-03-15T03:27:56.123456+00:00" },
      { type: "pong", timestamp: "2025-03-15T03:27:56.123456" },
      { type: "input_request", prompt: "Enter your response: ", data: { source: "system", content: "Enter your response: " }, timestamp: "t" },
      { type: "error", error: "Invalid message format", timestamp: "t" },
      { type: "error", content: "Error: boom", source: "system" },
    ];
    for (const f of frames) {
      const r = run(f);
      expect(r.ok && r.kind === "control" && r.control).toEqual(f);
    }
    expect(problem(run({ type: "error", error: 42 }))).toBe("error: expected string, got number 42");
  });

  it("an envelope without usable data is an error item; an unknown envelope type is foreign", () => {
    expect(problem(run({ type: "message" }))).toBe("data: Field required");
    expect(problem(run({ type: "message", data: [text("a")] }))).toBe("data: expected an AutoGen item, got an array");
    expect(problem(run({ type: "message", data: { ...text("a"), content: 5 } }))).toMatch(/^data\.content: /);
    const nested = run({ type: "message", data: { type: "message", data: text("a") } });
    expect(!nested.ok && nested.error.name).toBe("ForeignFrameError");
    const unknown = run({ type: "message_delta", data: text("a") });
    expect(!unknown.ok && unknown.error.name).toBe("ForeignFrameError");
  });
});
