/**
 * ./ag-ui's pure functions under hostile input (issue 35): one case per class an independent fuzz
 * found. Each gives the library's `MessageValidationError` naming the path, or events that
 * @ag-ui/core's own schemas accept, whose size stays linear in the input, sharing no object with
 * it; never a foreign exception (`items is not iterable`, `isTextKind` on undefined) or a value
 * read again after its check.
 */
import { describe, expect, it } from "vitest";
import { createAgUiTranslator, fromAgUiInput, fromAgUiMessages, toAgUiEvents } from "../../src/ag-ui/index.js";
import { MessageValidationError } from "../../src/errors.js";
import { deepFreeze, schemaProblem } from "../helpers/ag-ui.js";

const opts = { threadId: "t", runId: "r" };
const TEXT = "TextMessage";
const text = (content: string, source = "alice", id = "m1") => ({ id, source, content, type: TEXT });

/** The first issue of the library's error `f` throws: its path and code. Anything else fails the test. */
function issueOf(f: () => unknown): { path: unknown[]; code: string } {
  try {
    f();
  } catch (e) {
    expect(MessageValidationError.isInstance(e), `not the library's error: ${String(e)}`).toBe(true);
    const issue = (e as MessageValidationError).issues[0]!;
    return { path: [...issue.path], code: issue.code };
  }
  throw new Error("did not throw");
}

/** An object whose `key` getter throws (what a hostile caller hands in). */
const throwing = (base: object, key: string) => Object.defineProperty({ ...base }, key, { get: () => { throw new RangeError("boom"); }, enumerable: true });

/** A revoked proxy: every operation on it throws. */
function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

describe("toAgUiEvents: items that are not a list of items", () => {
  it.each([["5", 5], ["null", null], ["undefined", undefined], ["{}", {}], ["a revoked proxy", revoked()]])("%s: the library's error at the root, not `items is not iterable`", (_name, items) => {
    expect(issueOf(() => toAgUiEvents(items as never, opts))).toEqual({ path: [], code: expect.stringMatching(/list_type|read_error/) });
  });

  it("an iterator that throws: the error at the item it was producing", () => {
    const items = {
      *[Symbol.iterator]() {
        yield text("hi");
        throw new Error("the iterator broke");
      },
    };
    expect(issueOf(() => toAgUiEvents(items as never, opts))).toEqual({ path: [1], code: "read_error" });
  });
});

describe("options are checked before anything is emitted", () => {
  it.each([
    ["null options", null, []],
    ["no threadId (RUN_STARTED without a thread id)", { runId: "r" }, ["threadId"]],
    ["threadId null", { threadId: null, runId: "r" }, ["threadId"]],
    ["runId a number", { threadId: "t", runId: 5 }, ["runId"]],
    ["registry {}", { ...opts, registry: {} }, ["registry"]],
    ["inputMessageIds 5", { ...opts, inputMessageIds: 5 }, ["inputMessageIds"]],
    ["inputMessageIds a string (iterable, but of characters)", { ...opts, inputMessageIds: "m1" }, ["inputMessageIds"]],
    ["userSources with a number", { ...opts, userSources: ["u", 7] }, ["userSources", 1]],
  ])("%s", (_name, options, path) => {
    expect(issueOf(() => toAgUiEvents([text("hi")], options as never)).path).toEqual(path);
    expect(issueOf(() => createAgUiTranslator(options as never)).path).toEqual(path);
  });
});

describe("forged reader items ({ ok, kind }) are validated, not trusted", () => {
  it.each([
    ["a message item without a message", { ok: true, kind: "message", message: null }, [0, "message"]],
    ["a message item whose message is not one (a numeric source, a list content)", { ok: true, kind: "message", message: { type: TEXT, source: 5, content: [] } }, [0, "message"]],
    ["a message whose kind is not a string (isTextKind on undefined)", { ok: true, kind: "message", message: { source: "a", content: "x" } }, [0, "message"]],
    ["a Response whose inner_messages is 5", { ok: true, kind: "Response", response: { chat_message: text("x"), inner_messages: 5 } }, [0, "response", "inner_messages"]],
    ["a TaskResult item without a TaskResult", { ok: true, kind: "TaskResult" }, [0, "taskResult"]],
    ["a TaskResult whose message is forged", { ok: true, kind: "TaskResult", taskResult: { messages: [{ type: TEXT, source: "a", content: 1 }], stop_reason: null } }, [0, "taskResult", "messages", 0]],
    ["a control frame whose status is not a string", { ok: true, kind: "control", control: { type: "completion", status: 5 } }, [0, "control"]],
  ])("%s", (_name, item, path) => {
    const got = issueOf(() => toAgUiEvents([item] as never, opts));
    expect(got.path.slice(0, path.length)).toEqual(path);
  });

  it("a reader error item whose error is not an Error still ends the run with RUN_ERROR (strings only)", () => {
    const events = toAgUiEvents([{ ok: false, error: { message: 5, name: [] } }] as never, opts);
    expect(events.at(-1)).toEqual({ type: "RUN_ERROR", message: "the stream reader reported an error", code: "AUTOGEN_STREAM_ERROR" });
    expect(schemaProblem(events)).toBeNull();
  });
});

describe("the caller's value is read once, guarded", () => {
  it("a getter that changes after the check: the events hold what was checked", () => {
    let reads = 0;
    const item = Object.defineProperty({ id: "m1", source: "alice", type: TEXT }, "content", { get: () => (reads++ === 0 ? "checked" : ["not", "a", "string"]), enumerable: true });
    const events = toAgUiEvents([item] as never, opts);
    expect(reads).toBe(1);
    expect(events.find((e) => e.type === "TEXT_MESSAGE_CONTENT")).toEqual({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "checked" });
    expect(schemaProblem(events)).toBeNull();
  });

  it("a throwing getter or a revoked proxy: the library's error at the item", () => {
    expect(issueOf(() => toAgUiEvents([text("a"), throwing(text("b", "bob", "m2"), "content")] as never, opts)).path).toEqual([1]);
    expect(issueOf(() => toAgUiEvents([revoked()] as never, opts))).toEqual({ path: [0], code: "read_error" });
    expect(issueOf(() => createAgUiTranslator(opts).push(revoked() as never))).toEqual({ path: [0], code: "read_error" });
  });

  it("the events share no object with the input (a control frame's data is copied), and frozen input is fine", () => {
    const data = { request_id: "req-1" };
    const control = { type: "input_request", prompt: "Why?", data };
    const events = toAgUiEvents(deepFreeze([{ ok: true, kind: "control", control }]) as never, opts);
    const custom = events.find((e) => e.type === "CUSTOM") as { value: { data: unknown } };
    expect(custom.value).toEqual({ type: "input_request", prompt: "Why?", data: { request_id: "req-1" } });
    expect(custom.value.data).not.toBe(data);
  });
});

describe("one message, one id", () => {
  it("a final HandoffMessage without an id: the interrupt names the id its text message was sent with (loaded once)", () => {
    const handoff = { source: "alice", target: "user", content: "Which city?", context: [], type: "HandoffMessage" };
    const events = toAgUiEvents([{ messages: [handoff], stop_reason: "Handoff to user from alice detected." }], opts);
    const sent = events.find((e) => e.type === "TEXT_MESSAGE_START") as { messageId: string };
    const end = events.at(-1) as { outcome: { interrupts: { id: string }[] } };
    expect(end.outcome.interrupts[0]!.id).toBe(`autogen:handoff:alice:user:${sent.messageId}`);
  });
});

describe("interrupt ids of odd text", () => {
  it("a lone surrogate in the handing-off source: an interrupt (U+FFFD in its id), not `URIError: URI malformed`", () => {
    const handoff = { id: "h1", source: "a\ud800b", target: "user", content: "?", context: [], type: "HandoffMessage" };
    const events = toAgUiEvents([{ messages: [handoff], stop_reason: "Handoff to user from a\ud800b detected." }], opts);
    expect((events.at(-1) as { outcome: { interrupts: { id: string }[] } }).outcome.interrupts[0]!.id).toBe("autogen:handoff:a%EF%BF%BDb:user:h1");
  });
});

describe("output stays linear in the input", () => {
  const size = (v: unknown) => JSON.stringify(v).length;

  it("a long run id and many messages without an id: generated ids do not repeat the run id", () => {
    const runId = "r".repeat(20_000);
    const items = Array.from({ length: 500 }, (_, i) => ({ source: "a", content: `m${i}`, type: TEXT }));
    const events = toAgUiEvents(items, { threadId: "t", runId });
    // Before: 3 events × 20,000 characters × 500 messages (30 MB) for 40 kB of input.
    expect(size(events)).toBeLessThan(64 * (size(items) + runId.length) + 16_384);
    expect(schemaProblem(events)).toBeNull();
    const ids = new Set(events.flatMap((e) => ("messageId" in e ? [e.messageId] : [])));
    expect(ids.size).toBe(500); // still one id per message
  });

  it("a long message id and many tool results: the id is not repeated whole per result", () => {
    const id = "x".repeat(20_000);
    const content = Array.from({ length: 500 }, (_, i) => ({ call_id: `c${i}`, content: "", is_error: false }));
    const items = [{ id, source: "a", content, type: "ToolCallExecutionEvent" }];
    const events = toAgUiEvents(items, opts);
    expect(size(events)).toBeLessThan(64 * size(items) + 16_384);
    expect(new Set(events.flatMap((e) => (e.type === "TOOL_CALL_RESULT" ? [e.messageId] : []))).size).toBe(500);
  });
});

describe("the live translator's other ends", () => {
  it("interrupt: each interrupt checked by @ag-ui/core's schema and copied", () => {
    const metadata = { a: 1 };
    const t = createAgUiTranslator(opts);
    expect(issueOf(() => t.interrupt([{ id: 5, reason: "input_required" }] as never)).path).toEqual([0, "id"]);
    expect(issueOf(() => t.interrupt([revoked()] as never)).code).toBe("read_error");
    const events = t.interrupt([{ id: "i1", reason: "input_required", metadata }]);
    const outcome = (events.at(-1) as { outcome: { interrupts: { metadata: unknown }[] } }).outcome;
    expect(outcome.interrupts[0]!.metadata).toEqual({ a: 1 });
    expect(outcome.interrupts[0]!.metadata).not.toBe(metadata);
    expect(schemaProblem(events)).toBeNull();
  });

  it("fail: a message or code that is not a string is the library's error, not an invalid RUN_ERROR", () => {
    const t = createAgUiTranslator(opts);
    expect(issueOf(() => t.fail({ secret: 1 } as never)).path).toEqual(["message"]);
    expect(issueOf(() => t.fail("x", 5 as never)).path).toEqual(["code"]);
    expect(t.ended).toBe(false);
  });
});

describe("fromAgUiMessages / fromAgUiInput", () => {
  const user = { id: "u1", role: "user", content: "Hi" };

  it("a revoked proxy or a throwing getter: the library's error at the message", () => {
    expect(issueOf(() => fromAgUiMessages(revoked() as never)).code).toBe("read_error");
    expect(issueOf(() => fromAgUiMessages([user, revoked()] as never))).toEqual({ path: [1], code: "read_error" });
    expect(issueOf(() => fromAgUiMessages([throwing(user, "content")] as never)).path).toEqual([0]);
    expect(issueOf(() => fromAgUiInput({ threadId: "t", runId: "r", messages: [revoked()], tools: [], context: [] } as never)).path).toEqual(["messages", 0]);
    expect(issueOf(() => fromAgUiInput(revoked() as never)).code).toBe("read_error");
  });

  it("options are checked: null, a numeric source, a registry without safeLoad", () => {
    expect(issueOf(() => fromAgUiMessages([user] as never, null as never)).path).toEqual(["options"]);
    expect(issueOf(() => fromAgUiMessages([user] as never, { userSource: 5 } as never)).path).toEqual(["options", "userSource"]);
    expect(issueOf(() => fromAgUiMessages([user] as never, { registry: {} } as never)).path).toEqual(["options", "registry"]);
  });

  it("a getter that changes after the check: what was checked is converted", () => {
    let reads = 0;
    const m = Object.defineProperty({ id: "u1", role: "user" }, "content", { get: () => (reads++ === 0 ? "checked" : 42), enumerable: true });
    const [out] = fromAgUiMessages([m] as never);
    expect((out as { content: unknown }).content).toBe("checked");
  });

  it("a tool result whose role reads differently the second time is not dropped", () => {
    let reads = 0;
    const call = { id: "a1", role: "assistant", content: "", toolCalls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }] };
    const result = { id: "t1", role: "tool", content: "ok", toolCallId: "c1" };
    // The look-ahead sees "tool", the check then sees "user".
    const odd = Object.defineProperty({ id: "u9", content: "later" }, "role", { get: () => (reads++ === 0 ? "tool" : "user"), enumerable: true });
    const out = fromAgUiMessages([call, result, odd] as never);
    expect(out.map((m) => m.type)).toEqual(["ToolCallRequestEvent", "ToolCallExecutionEvent", TEXT]);
    expect((out[2] as { content: string }).content).toBe("later");
  });
});
