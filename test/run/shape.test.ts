import { describe, expect, it } from "vitest";
import { MessageValidationError } from "../../src/errors.js";
import { defaultRegistry } from "../../src/registry.js";
import { endMessages, notRunItem, runEnd, runValueShape } from "../../src/run/index.js";

const text = { id: "m1", type: "TextMessage", source: "user", content: "hi" };
const thought = { id: "t1", type: "ThoughtEvent", source: "a", content: "hmm" };

function thrown(f: () => unknown): MessageValidationError {
  try {
    f();
  } catch (e) {
    if (e instanceof MessageValidationError) return e;
    throw e;
  }
  throw new Error("did not throw");
}

describe("run/shape: runValueShape", () => {
  it("a dump is a message at the item's path, not validated", () => {
    const bad = { type: "TextMessage", source: 5 };
    expect(runValueShape(bad, [3])).toEqual({ kind: "message", value: bad, path: [3] });
  });

  it("a reader's message item gives its message at [..., 'message']", () => {
    expect(runValueShape({ ok: true, kind: "message", message: text }, [1])).toEqual({ kind: "message", value: text, path: [1, "message"] });
  });

  it("a bare TaskResult is an end: count, ids, types and paths read lazily, the stop reason kept", () => {
    const s = runValueShape({ messages: [text, { type: "StopMessage" }, 7], stop_reason: "done" }, [2]);
    if (s.kind !== "end") throw new Error(s.kind);
    expect([s.count, s.stopReason, s.response]).toEqual([3, "done", false]);
    expect([s.idAt(0), s.idAt(1), s.idAt(2)]).toEqual(["m1", undefined, undefined]);
    expect([s.typeAt(0), s.typeAt(1), s.typeAt(2)]).toEqual(["TextMessage", "StopMessage", undefined]);
    expect(s.pathAt(1)).toEqual([2, "messages", 1]);
    expect(s.rawAt(2)).toBe(7);
  });

  it("a Response's messages are its inner messages, then its chat message; stopReason undefined", () => {
    const s = runValueShape({ ok: true, kind: "Response", response: { chat_message: text, inner_messages: [thought] } }, [0]);
    if (s.kind !== "end") throw new Error(s.kind);
    expect([s.count, s.stopReason, s.response]).toEqual([2, undefined, true]);
    expect([s.pathAt(0), s.pathAt(1)]).toEqual([[0, "response", "inner_messages", 0], [0, "response", "chat_message"]]);
    expect([s.rawAt(0), s.rawAt(1)]).toEqual([thought, text]);
  });

  it("a control frame is validated; a reader error keeps where the reader was", () => {
    expect(runValueShape({ ok: true, kind: "control", control: { type: "pong" } }, [0])).toEqual({ kind: "control", control: { type: "pong" } });
    const e = new SyntaxError("bad JSON");
    expect(runValueShape({ ok: false, error: e, line: 4 }, [0])).toEqual({ kind: "error", failure: { message: "bad JSON", code: "SyntaxError" }, message: "line 4: bad JSON" });
    expect(runValueShape({ ok: false, error: "gone" }, [0])).toEqual({ kind: "error", failure: { message: "gone", code: "AUTOGEN_STREAM_ERROR" }, message: "gone" });
  });

  it("an object that is none of these is 'other'", () => {
    expect(runValueShape({ foo: 1 }, [0])).toEqual({ kind: "other", value: { foo: 1 } });
  });

  it("bad input is a MessageValidationError naming the path, never echoing the value", () => {
    const cases: [unknown, (string | number)[], string][] = [
      ["sk-secret", [5], "model_type"],
      [{ messages: "sk-secret" }, [1, "messages"], "list_type"],
      [{ messages: [], stop_reason: 3 }, [1, "stop_reason"], "string_type"],
      [{ chat_message: text, inner_messages: {} }, [1, "inner_messages"], "list_type"],
      [{ kind: "TaskResult", taskResult: "sk-secret" }, [1, "taskResult"], "model_type"],
      [{ ok: true, kind: "nope" }, [1, "kind"], "literal_error"],
      [{ kind: "control", control: { type: "completion", status: 5 } }, [1, "control", "status"], "invalid_type"],
    ];
    for (const [item, path, code] of cases) {
      const e = thrown(() => runValueShape(item, path.length === 1 ? path : [path[0]!]));
      expect({ path: e.issues[0]!.path, code: e.issues[0]!.code }).toEqual({ path, code });
      expect(e.message).not.toContain("sk-secret");
    }
  });

  it("a getter that throws is a read_error at the item's path", () => {
    const item = { get type(): never { throw new Error("sk-secret"); } };
    const e = thrown(() => runValueShape(item, [9]));
    expect(e.issues[0]).toMatchObject({ path: [9], code: "read_error" });
    expect(e.message).not.toContain("sk-secret");
  });

  it("notRunItem names the JSON type only", () => {
    expect(notRunItem([2], null).message).toBe("Invalid item: [2]: expected an AutoGen message, event, TaskResult or Response, got null");
  });
});

describe("run/shape: runEnd and endMessages", () => {
  it("runEnd is null for a message or a plain object", () => {
    expect(runEnd(text, [])).toBeNull();
    expect(runEnd({ foo: 1 }, [])).toBeNull();
  });

  it("endMessages loads every message; a Response's chat message must be a chat message", () => {
    const loaded = [...endMessages(runEnd({ messages: [text, thought], stop_reason: null }, [])!, defaultRegistry)];
    expect(loaded.map((m) => [m.id, m.type])).toEqual([["m1", "TextMessage"], ["t1", "ThoughtEvent"]]);
    const e = thrown(() => [...endMessages(runEnd({ chat_message: thought }, [4])!, defaultRegistry)]);
    expect(e.issues[0]).toMatchObject({ path: [4, "chat_message", "type"], code: "union_tag_invalid" });
    const bad = thrown(() => [...endMessages(runEnd({ messages: [{ ...text, source: 5 }] }, [0])!, defaultRegistry)]);
    expect(bad.issues[0]!.path).toEqual([0, "messages", 0, "source"]);
  });
});
