/** AutoGen ↔ AgentScope conversion: what survives a round trip, and that every loss is reported. */
import { describe, expect, it } from "vitest";
import { createMessage, dump } from "../../src/index.js";
import * as as from "../../src/agentscope/index.js";

const png = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGM8KnhtrignY2aw/k7tdwAjiQUnbk9pgQAAAABJRU5ErkJggg==";
const collect = () => {
  const losses: as.InteropLoss[] = [];
  return { losses, onLoss: (l: as.InteropLoss) => losses.push(l), codes: () => losses.map((l) => l.code) };
};

describe("AutoGen → AgentScope → AutoGen", () => {
  const created_at = "2025-01-12T10:38:48.256000Z";
  const cases = [
    createMessage("TextMessage", { source: "user", content: "Hello", metadata: { k: "v" }, created_at }),
    createMessage("TextMessage", { source: "writer", content: "" , created_at }),
    createMessage("MultiModalMessage", { source: "user", content: ["Look:", { data: png }, "ok"], created_at }),
    createMessage("ToolCallRequestEvent", { source: "bot", content: [{ id: "c1", name: "f", arguments: '{"a":1,  "b":"日本"}' }, { id: "c2", name: "g", arguments: "{}" }], created_at }),
    createMessage("ToolCallExecutionEvent", { source: "bot", content: [{ call_id: "c1", name: "f", content: "3", is_error: false }, { call_id: "c2", name: "g", content: "boom", is_error: true }], created_at }),
    createMessage("ToolCallExecutionEvent", { source: "bot", content: [{ call_id: "c1", name: "f", content: "3" }], created_at }),
    createMessage("ThoughtEvent", { source: "bot", content: "thinking…", created_at }),
  ];
  for (const msg of cases) {
    it(`${msg.type} survives exactly (${JSON.stringify(msg.content).slice(0, 30)})`, () => {
      const c = collect();
      const back = as.fromAgentScope(as.toAgentScope(msg, c), c);
      expect(back).toHaveLength(1);
      expect(dump(back[0]!)).toEqual(dump(msg));
      expect(c.losses).toEqual([]);
    });
  }

  it("loses microseconds, models_usage and the kind of other text messages, and says so", () => {
    const stop = createMessage("StopMessage", {
      source: "critic",
      content: "APPROVE",
      created_at: "2025-01-12T10:38:48.256789Z",
      models_usage: { prompt_tokens: 1, completion_tokens: 2 },
    });
    const c = collect();
    const back = as.fromAgentScope(as.toAgentScope(stop, c), c)[0]!;
    expect(back.type).toBe("TextMessage");
    expect(back.created_at).toBe("2025-01-12T10:38:48.256000Z");
    expect(back.models_usage).toBeNull();
    expect(c.codes().sort()).toEqual(["created_at-precision", "message-kind", "models_usage"]);
  });

  it("keeps non-object arguments in raw_input", () => {
    const req = createMessage("ToolCallRequestEvent", { source: "bot", content: [{ id: "c1", name: "f", arguments: "not json" }] });
    const c = collect();
    const msg = as.toAgentScope(req, c);
    expect(msg.content).toEqual([{ type: "tool_use", id: "c1", name: "f", input: {}, raw_input: "not json" }]);
    expect(c.codes()).toEqual(["tool-input"]);
    // raw_input no longer parses to input, so arguments are re-serialised from input.
    expect((as.fromAgentScope(msg)[0] as { content: Array<{ arguments: string }> }).content[0]!.arguments).toBe("{}");
  });

  it("maps roles by rule", () => {
    expect(as.toAgentScope(cases[0]!).role).toBe("user");
    expect(as.toAgentScope(cases[3]!).role).toBe("assistant");
    expect(as.toAgentScope(cases[4]!).role).toBe("system");
    expect(as.toAgentScope(cases[0]!, { role: "system" }).role).toBe("system");
  });

  it("rejects kinds with no AgentScope form", () => {
    const ev = createMessage("SelectSpeakerEvent", { source: "m", content: ["a"] });
    expect(() => as.toAgentScope(ev)).toThrow(expect.objectContaining({ type: "UnsupportedKind" }));
  });
});

describe("AgentScope → AutoGen → AgentScope", () => {
  const ts = "2025-01-12 10:38:48.256";
  it("string content, name, id, metadata and timestamp survive", () => {
    const msg = as.msgFromDict({ id: "nG4J8JmZvEGP2kheJHkuNY", name: "bot", role: "assistant", content: "hi", metadata: { k: "v" }, timestamp: ts });
    const c = collect();
    const [m] = as.fromAgentScope(msg, c);
    expect(as.msgToDict(as.toAgentScope(m!, c))).toEqual(as.msgToDict(msg));
    expect(c.losses).toEqual([]);
  });

  it("splits a mixed message into ordered AutoGen messages and reports every loss", () => {
    const msg = as.msgFromDict({
      id: "nG4J8JmZvEGP2kheJHkuNY",
      name: "bot",
      role: "assistant",
      timestamp: ts,
      metadata: { score: 0.5 },
      invocation_id: "inv-1",
      content: [
        { type: "thinking", thinking: "hmm", signature: "sig" },
        { type: "text", text: "a" },
        { type: "text", text: "b", thought_signature: "c2ln" },
        { type: "image", source: { type: "url", url: "https://x/a.png" } },
        { type: "audio", source: { type: "base64", media_type: "audio/wav", data: "UklGRg==" } },
        { type: "tool_use", id: "c1", name: "f", input: { q: 1 }, raw_input: '{"q":1}' },
      ],
    });
    const c = collect();
    const out = as.fromAgentScope(msg, c);
    expect(out.map((m) => m.type)).toEqual(["ThoughtEvent", "TextMessage", "ToolCallRequestEvent"]);
    expect(out[0]!.id).toBe("nG4J8JmZvEGP2kheJHkuNY");
    expect(out[1]!.content).toBe("a\nb");
    expect(out[0]!.metadata).toEqual({ score: "0.5" });
    expect((out[2] as { content: Array<{ arguments: string }> }).content[0]!.arguments).toBe('{"q":1}');
    expect(new Set(c.codes())).toEqual(
      new Set(["metadata", "invocation_id", "thinking-signature", "extra-block-keys", "image-url", "audio", "text-blocks-joined", "id"]),
    );
    // Each piece comes back as its own Msg with the blocks that survived.
    expect(as.toAgentScope(out[2]!).content).toEqual([{ type: "tool_use", id: "c1", name: "f", input: { q: 1 }, raw_input: '{"q":1}' }]);
  });

  it("base64 images and tool results survive (text output)", () => {
    const img = as.msgFromDict({ id: "a", name: "user", role: "user", timestamp: ts, content: [{ type: "text", text: "see" }, { type: "image", source: { type: "base64", media_type: "image/png", data: png } }] });
    expect(as.msgToDict(as.toAgentScope(as.fromAgentScope(img)[0]!))).toEqual(as.msgToDict(img));
    const res = as.msgFromDict({ id: "b", name: "bot", role: "system", timestamp: ts, content: [{ type: "tool_result", id: "c1", name: "f", output: "3" }] });
    expect(as.msgToDict(as.toAgentScope(as.fromAgentScope(res)[0]!))).toEqual(as.msgToDict(res));
  });

  it("a role the rule cannot recover is reported", () => {
    const c = collect();
    as.fromAgentScope(as.createMsg({ name: "bot", role: "user", content: "x", timestamp: ts }), c);
    expect(c.codes()).toContain("role");
  });

  it("an empty content list gives no message", () => {
    const c = collect();
    expect(as.fromAgentScope(as.createMsg({ name: "u", role: "user", content: [], timestamp: ts }), c)).toEqual([]);
    expect(c.codes()).toContain("empty");
  });
});
