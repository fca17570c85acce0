/**
 * `loadMaf` / `dumpMaf` / `mafText` on hand-written values, each expectation worked out from MAF
 * 1.13.0's source (`_types.py`, `_serialization.py`, `_sessions.py`): error paths, dispatch without
 * a class, key order, Python's `str.strip` and `dict()`, and values that share nothing with the input.
 */
import { describe, expect, it } from "vitest";
import { MessageValidationError } from "../../src/errors.js";
import { AgentSession, ChatResponse, Content, dumpMaf, dumpMafJson, loadMaf, mafText, Message } from "../../src/maf/index.js";

function issue(f: () => unknown): { path: string; message: string } {
  try {
    f();
  } catch (e) {
    if (!MessageValidationError.isInstance(e)) throw e;
    return { path: e.issues[0]!.path.join("."), message: e.message };
  }
  throw new Error("did not throw");
}

describe("errors name the path", () => {
  it("an unknown field of a nested content", () => {
    expect(issue(() => loadMaf({ role: "user", contents: ["hi", { type: "text", txt: "x" }] }, "Message")).path).toBe("contents.1.txt");
  });
  it("a history message of a session", () => {
    const bad = { session_id: "s", state: { in_memory: { messages: [{ type: "message", role: "user", contents: [] }, { type: "message", role: "assistant", contents: [{ text: "x" }] }] } } };
    expect(issue(() => loadMaf(bad, "AgentSession")).path).toBe("state.in_memory.messages.1.contents.0.type");
  });
  it("a nested approval's function_call", () => {
    expect(issue(() => loadMaf({ type: "function_approval_request", id: "1", function_call: { call_id: "c" } })).path).toBe("function_call.type");
  });
  it("the pre-1.0 types, with what to do", () => {
    expect(issue(() => loadMaf({ type: "chat_message", role: "user", contents: [] }, "Message")).message).toMatch(/rename the type to 'message'/);
    expect(issue(() => loadMaf({ service_thread_id: null, chat_message_store_state: null }, "AgentSession")).path).toBe("session_id");
  });
  it("additional_properties dict() refuses", () => {
    expect(issue(() => loadMaf({ role: "user", additional_properties: "ab" }, "Message")).message).toMatch(/dictionary update sequence element #0 has length 1; 2 is required/);
    expect(issue(() => loadMaf({ type: "text", additional_properties: 7 })).message).toMatch(/'int' object is not iterable/);
  });
});

describe("what MAF's loaders hold", () => {
  it("dispatches on type, role or session_id without a class", () => {
    expect(dumpMaf(loadMaf({ role: "user", contents: ["hi"] })).type).toBe("message");
    expect(dumpMaf(loadMaf({ session_id: "s1" })).type).toBe("session");
    expect(dumpMaf(loadMaf({ type: "agent_response", messages: [] })).type).toBe("agent_response");
    expect(dumpMaf(loadMaf({ type: "hologram" })).type).toBe("hologram"); // an unknown kind is a content, kept
  });
  it("writes MAF's key order, whatever the input's", () => {
    const m = loadMaf({ additional_properties: { k: 1 }, message_id: "m1", contents: [{ additional_properties: {}, text: "hi", type: "text" }], role: "user", type: "message" }, "Message");
    expect(dumpMafJson(m)).toBe('{"type": "message", "role": "user", "contents": [{"type": "text", "text": "hi", "additional_properties": {}}], "message_id": "m1", "additional_properties": {"k": 1}}');
  });
  it("writes a session's messages with type last, and service_session_id always", () => {
    const s = loadMaf({ session_id: "s1", state: { in_memory: { messages: [{ type: "message", role: "user", contents: ["hi"] }] } } }, "AgentSession");
    expect(dumpMafJson(s)).toBe(
      '{"type": "session", "session_id": "s1", "service_session_id": null, "state": {"in_memory": {"messages": [{"role": "user", "contents": [{"type": "text", "text": "hi", "additional_properties": {}}], "additional_properties": {}, "type": "message"}]}}}',
    );
  });
  it("dict() of key/value pairs, and of an empty string", () => {
    expect(dumpMaf(loadMaf({ type: "text", text: "x", additional_properties: [["a", 1], "bc"] }))).toEqual({ type: "text", text: "x", additional_properties: { a: 1, b: "c" } });
    expect(dumpMaf(loadMaf({ type: "text", additional_properties: "" }))).toEqual({ type: "text", additional_properties: {} });
  });
  it("a function_call's informational_only only when true; an MCP call's never", () => {
    expect(dumpMaf(loadMaf({ type: "function_call", call_id: "c", informational_only: true }))).toEqual({ type: "function_call", call_id: "c", informational_only: true, additional_properties: {} });
    expect(dumpMaf(loadMaf({ type: "mcp_server_tool_call", call_id: "c", informational_only: true }))).toEqual({ type: "mcp_server_tool_call", call_id: "c", additional_properties: {} });
  });
  it("annotations MAF loads but its to_dict() cannot write", () => {
    const c = loadMaf({ type: "text", text: "x", annotations: [{ type: "citation" }, 7] });
    expect(issue(() => dumpMaf(c)).path).toBe("annotations.1");
    expect(issue(() => dumpMafJson(c)).message).toMatch(/'int' object is not iterable/);
  });
  it("a falsy session_id becomes a fresh uuid4", () => {
    const a = loadMaf({ session_id: "" }, "AgentSession").session_id;
    const b = loadMaf({ session_id: null }, "AgentSession").session_id;
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(b).not.toBe(a);
  });
  it("shares nothing with its input, and leaves it alone", () => {
    const input = { role: "user", contents: [{ type: "function_call", call_id: "c", arguments: { city: "Paris" } }], additional_properties: { tags: ["a"] } };
    const before = JSON.stringify(input);
    const m = loadMaf(input, "Message");
    (m.contents[0]!.arguments as Record<string, unknown>).city = "Rome";
    (m.additional_properties.tags as string[]).push("b");
    expect(JSON.stringify(input)).toBe(before);
  });
});

describe("the schemas are the loaders", () => {
  it("parse returns the loaded value; safeParse reports the path", () => {
    expect(Message.parse({ role: "user", contents: ["hi"] })).toEqual({ type: "message", role: "user", contents: [{ type: "text", text: "hi", additional_properties: {} }], additional_properties: {} });
    const r = Content.safeParse({ type: "text", colour: "red" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(["colour"]);
    expect(AgentSession.safeParse([]).success).toBe(false);
    expect(ChatResponse.parse({ messages: [], additional_properties: { x: 1 } })).toEqual({ type: "chat_response", messages: [] });
  });
});

describe("mafText", () => {
  it("joins as each class's .text does", () => {
    const m = { role: "assistant", contents: ["a", { type: "text_reasoning", text: "hidden" }, "", "b"] };
    expect(mafText(loadMaf(m))).toBe("a  b"); // the empty text keeps its separator
    expect(mafText(loadMaf({ type: "agent_response", messages: [m, m] }))).toBe("a  ba  b");
    expect(mafText(loadMaf({ type: "agent_response_update", contents: [{ type: "text", text: "x" }, { type: "usage" }, { type: "text", text: "y" }] }))).toBe("xy");
    // MAF keeps a bare string in an update's contents (not a content), and its .text then fails: rejected here.
    expect(issue(() => loadMaf({ type: "agent_response_update", contents: ["x"] })).path).toBe("contents.0");
  });
  it("strips a ChatResponse as Python's str.strip does (\\x1c is whitespace there, not for trim)", () => {
    expect(mafText(loadMaf({ type: "chat_response", messages: [{ role: "assistant", contents: ["\u001chi"] }, { role: "user", contents: ["there\u001c"] }] }))).toBe("hi\nthere");
    expect("\u001chi".trim()).toBe("\u001chi");
  });
  it("is str(content) for a content", () => {
    expect(mafText(loadMaf({ type: "error", message: "boom" }))).toBe("boom");
    expect(mafText(loadMaf({ type: "error" }))).toBe("Unknown error");
    expect(mafText(loadMaf({ type: "hosted_file", file_id: "f" }))).toBe("Content(type=hosted_file)");
  });
  it("throws the library's error where MAF's .text raises", () => {
    expect(issue(() => mafText(loadMaf({ role: "user", contents: [{ type: "text" }] }))).path).toBe("contents.0.text");
  });
});

describe("text contents and content lists (the literal-built common case)", () => {
  const keysOf = (v: unknown) => JSON.stringify(v);
  it("writes type, text, additional_properties in that order whatever the input's order", () => {
    const m = loadMaf({ role: "user", contents: [{ additional_properties: {}, text: "hi", type: "text" }, null, "yo", null] }, "Message");
    expect(keysOf(m.contents)).toBe('[{"type":"text","text":"hi","additional_properties":{}},{"type":"text","text":"yo","additional_properties":{}}]');
    expect(m.contents.length).toBe(2);
  });
  it("keeps what the general walk keeps: additional properties, annotations, a null text", () => {
    const c = loadMaf({ type: "text", text: "hi", additional_properties: { k: [1] }, annotations: [{ type: "citation" }] }, "Content");
    expect(keysOf(c)).toBe('{"type":"text","text":"hi","additional_properties":{"k":[1]},"annotations":[{"type":"citation"}]}');
    expect(keysOf(loadMaf({ type: "text", text: null, additional_properties: {} }, "Content"))).toBe('{"type":"text","additional_properties":{}}');
  });
  it("shares nothing with the input and still refuses an unknown key", () => {
    const extra = {};
    const c = loadMaf({ type: "text", text: "hi", additional_properties: extra }, "Content");
    expect(c.additional_properties).not.toBe(extra);
    expect(issue(() => loadMaf({ type: "text", text: "hi", additional_properties: {}, txt: 1 }, "Content")).path).toBe("txt");
    expect(issue(() => loadMaf({ type: "text", text: "hi", additional_properties: new Map() }, "Content")).message).toContain("an instance of Map");
  });
});
