/** Hand-written checks of Msg construction, the schemas and the query helpers. */
import { describe, expect, it } from "vitest";
import * as as from "../../src/agentscope/index.js";

describe("createMsg / msgFromDict / msgToDict", () => {
  it("draws distinct 22-character shortuuid ids", () => {
    const ids = new Set(Array.from({ length: 200 }, () => as.newShortUuid()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[2-9A-HJ-NP-Za-km-z]{22}$/);
  });

  it("writes the local time when no timestamp is given", () => {
    const before = as.formatLocalTimestamp();
    const msg = as.createMsg({ name: "u", content: "hi", role: "user" });
    expect(msg.timestamp >= before).toBe(true);
    expect(msg.timestamp).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
    expect(as.formatLocalTimestamp(new Date(2025, 0, 2, 3, 4, 5, 6))).toBe("2025-01-02 03:04:05.006");
  });

  it("keeps invocation_id on the object but not in to_dict", () => {
    const msg = as.createMsg({ name: "u", content: "hi", role: "user", invocation_id: "inv-1" });
    expect(msg.invocation_id).toBe("inv-1");
    expect("invocation_id" in as.msgToDict(msg)).toBe(false);
    expect(as.msgFromDict({ ...as.msgToDict(msg) }).invocation_id).toBeNull();
  });

  it("raises AssertionError with a readable message for a bad role", () => {
    try {
      as.createMsg({ name: "u", content: "hi", role: "tool" as never });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(as.AgentScopeError);
      const err = e as as.AgentScopeError;
      expect([err.type, err.pythonMessage]).toEqual(["AssertionError", ""]);
      expect(err.message).toContain('"tool"');
    }
  });

  it("msgFromDict on a non-object raises TypeError like Python subscripting", () => {
    expect(() => as.msgFromDict("x" as never)).toThrow(/string indices/);
  });

  it("does not change its input", () => {
    const d = { name: "u", role: "user", content: [{ type: "text", text: "a" }], metadata: null };
    const copy = structuredClone(d);
    as.msgFromDict(d);
    expect(d).toEqual(copy);
  });
});

describe("schemas", () => {
  it("strict parse validates blocks and keeps unknown keys", () => {
    const msg = as.msgFromDict({ id: "x", name: "bot", role: "assistant", timestamp: "t", content: [{ type: "text", text: "a", thought_signature: "c2ln" }] });
    expect(as.parseMsg(msg).content).toEqual([{ type: "text", text: "a", thought_signature: "c2ln" }]);
    expect(as.safeParseMsg({ ...msg, content: [{ type: "text" }] }).success).toBe(false);
    expect(as.safeParseMsg({ ...msg, content: [{ type: "tool_use", id: "1", name: "f", input: "{}" }] }).success).toBe(false);
  });

  it("lenient schema accepts what Msg() accepts", () => {
    expect(as.LenientMsg.safeParse({ id: null, name: 5, role: "user", content: [null, "x"], metadata: [1], timestamp: "" }).success).toBe(true);
    expect(as.LenientMsg.safeParse({ id: "a", name: "n", role: "tool", content: "x", metadata: {}, timestamp: "" }).success).toBe(false);
  });

  it("ContentBlock discriminates on type", () => {
    expect(as.ContentBlock.parse({ type: "image", source: { type: "url", url: "https://x/a.png" } }).type).toBe("image");
    expect(as.ContentBlock.safeParse({ type: "custom" }).success).toBe(false);
  });
});

describe("queries", () => {
  const msg = as.createMsg({
    name: "bot",
    role: "assistant",
    content: [
      { type: "thinking", thinking: "t" },
      { type: "text", text: "a" },
      { type: "tool_use", id: "1", name: "f", input: {} },
      { type: "text", text: "" },
    ],
  });
  it("joins text blocks, including empty ones", () => {
    expect(as.getTextContent(msg)).toBe("a\n");
    expect(as.getTextContent(msg, "|")).toBe("a|");
  });
  it("null when there is no text block", () => {
    expect(as.getTextContent(as.createMsg({ name: "b", role: "assistant", content: [{ type: "thinking", thinking: "t" }] }))).toBeNull();
  });
  it("filters by type or list of types", () => {
    expect(as.getContentBlocks(msg, ["thinking", "tool_use"]).map((b) => b.type)).toEqual(["thinking", "tool_use"]);
    expect(as.hasContentBlocks(msg, "image")).toBe(false);
    expect(as.hasContentBlocks(msg, [])).toBe(false);
    expect(as.hasContentBlocks(msg)).toBe(true);
  });
  it("raises TypeError for non-string text like str.join", () => {
    const bad = as.createMsg({ name: "b", role: "user", content: [{ type: "text", text: 5 }] as never });
    expect(() => as.getTextContent(bad)).toThrow("sequence item 0: expected str instance, int found");
  });
});

describe("pyJsonDumps", () => {
  it("matches json.dumps(ensure_ascii=False)", () => {
    expect(as.pyJsonDumps({ q: "日本\n\u0001", n: [1, 2.5, null, true], e: {} })).toBe('{"q": "日本\\n\\u0001", "n": [1, 2.5, null, true], "e": {}}');
    expect(as.pyJsonDumps(1e-7)).toBe("1e-07");
  });
});
