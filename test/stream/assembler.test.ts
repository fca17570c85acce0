/** StreamAssembler folds chunks per full_message_id and links them to the final message. */
import { describe, expect, it } from "vitest";
import { StreamAssembler } from "../../src/stream/index.js";
import { load } from "../../src/load.js";

const chunk = (content: string, full_message_id: string | null, source = "assistant") =>
  load({ type: "ModelClientStreamingChunkEvent", source, content, full_message_id });

describe("StreamAssembler", () => {
  it("accumulates text and links the message whose id is the chunks' full_message_id", () => {
    const a = new StreamAssembler();
    expect(a.push(chunk("Hel", "m1"))).toMatchObject({ kind: "chunk", stream: { text: "Hel", fullMessageId: "m1", final: null } });
    const u = a.push(chunk("lo", "m1"));
    expect(u.kind === "chunk" && u.stream.text).toBe("Hello");
    expect(a.text("m1")).toBe("Hello");
    const final = load({ type: "TextMessage", id: "m1", source: "assistant", content: "Hello" });
    const done = a.push(final);
    expect(done.kind).toBe("final");
    if (done.kind !== "final") return;
    expect(done.stream.text).toBe("Hello");
    expect(done.stream.chunks).toHaveLength(2);
    expect(done.stream.final).toBe(final);
    expect(a.text("m1")).toBeUndefined();
    expect(a.pending()).toEqual([]);
  });

  it("keeps interleaved streams apart; unrelated messages pass through", () => {
    const a = new StreamAssembler();
    a.push(chunk("A1", "a", "x"));
    a.push(chunk("B1", "b", "y"));
    a.push(chunk("A2", "a", "x"));
    expect(a.push(load({ type: "ThoughtEvent", source: "z", content: "t" })).kind).toBe("message");
    expect(a.pending().map((s) => [s.fullMessageId, s.text])).toEqual([
      ["a", "A1A2"],
      ["b", "B1"],
    ]);
    const fin = a.push(load({ type: "ThoughtEvent", id: "b", source: "y", content: "B1" }));
    expect(fin.kind === "final" && fin.stream.text).toBe("B1"); // a ThoughtEvent can be the final (AssistantAgent with a thought)
  });

  it("groups id-less chunks by source and closes them with that source's next message", () => {
    const a = new StreamAssembler();
    a.push(chunk("x", null, "s"));
    a.push(chunk("y", null, "s"));
    expect(a.text(null, "s")).toBe("xy");
    expect(a.push(load({ type: "TextMessage", source: "other", content: "q" })).kind).toBe("message");
    const fin = a.push(load({ type: "TextMessage", source: "s", content: "xy" }));
    expect(fin.kind === "final" && fin.stream.text).toBe("xy");
    a.push(chunk("z", "k"));
    a.reset();
    expect(a.pending()).toEqual([]);
  });
});
