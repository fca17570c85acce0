/** renderConsole reproduces the strings AutoGen's Console prints (ui/_console.py). */
import { describe, expect, it } from "vitest";
import { ConsoleRenderer, MessageStats, renderConsole } from "../../src/console/index.js";
import { Response, TaskResult } from "../../src/contracts/index.js";
import { load } from "../../src/load.js";

const usage = { prompt_tokens: 10, completion_tokens: 3 };
const text = (source: string, content: string, extra: object = {}) => load({ type: "TextMessage", source, content, ...extra });
const chunk = (content: string) => load({ type: "ModelClientStreamingChunkEvent", source: "assistant", content, full_message_id: "m" });
const fixed = { elapsedSeconds: () => 1.234 };

describe("renderConsole", () => {
  it("prints a header with class name and source, then to_text", () => {
    const call = load({ type: "ToolCallRequestEvent", source: "a", content: [{ id: "1", arguments: "{}", name: "f" }] });
    expect(renderConsole([text("user", "Hi"), call])).toBe(
      "---------- TextMessage (user) ----------\nHi\n" +
        "---------- ToolCallRequestEvent (a) ----------\n[FunctionCall(id='1', arguments='{}', name='f')]\n",
    );
  });

  it("prints chunks inline under one header; the next message prints only a newline", () => {
    const out = renderConsole([chunk("Hel"), chunk("lo"), text("assistant", "Hello", { id: "m" }), text("user", "next")]);
    expect(out).toBe(
      "---------- ModelClientStreamingChunkEvent (assistant) ----------\nHello\n" + "---------- TextMessage (user) ----------\nnext\n",
    );
  });

  it("suppresses even an unrelated message after a chunk run (Console does not check full_message_id)", () => {
    const out = renderConsole([chunk("x"), load({ type: "ThoughtEvent", source: "other", content: "lost" })]);
    expect(out).toBe("---------- ModelClientStreamingChunkEvent (assistant) ----------\nx\n");
  });

  it("does not print UserInputRequestedEvent", () => {
    expect(renderConsole([load({ type: "UserInputRequestedEvent", source: "u", request_id: "r" })])).toBe("");
  });

  it("usage lines only with outputStats; TaskResult summary with totals and duration", () => {
    const items = [text("user", "q"), text("assistant", "a", { models_usage: usage })];
    const result = TaskResult.parse({ messages: items, stop_reason: "Maximum number of messages 2 reached, current message count: 2" });
    expect(renderConsole([...items, result], fixed)).toBe(
      "---------- TextMessage (user) ----------\nq\n---------- TextMessage (assistant) ----------\na\n",
    );
    expect(renderConsole([...items, result], { ...fixed, outputStats: true })).toBe(
      "---------- TextMessage (user) ----------\nq\n---------- TextMessage (assistant) ----------\na\n" +
        "[Prompt tokens: 10, Completion tokens: 3]\n" +
        "---------- Summary ----------\nNumber of messages: 2\nFinish reason: Maximum number of messages 2 reached, current message count: 2\n" +
        "Total prompt tokens: 10\nTotal completion tokens: 3\nDuration: 1.23 seconds\n",
    );
    expect(renderConsole([TaskResult.parse({ messages: [] })], { ...fixed, outputStats: true })).toContain("Finish reason: None\n");
  });

  it("a Response prints source-only header, usage and the inner-message summary", () => {
    const response = Response.parse({ chat_message: text("assistant", "done", { models_usage: usage }), inner_messages: [chunk("d")] });
    expect(renderConsole([response], fixed)).toBe("---------- assistant ----------\ndone\n");
    expect(renderConsole([response], { ...fixed, outputStats: true })).toBe(
      "---------- assistant ----------\ndone\n[Prompt tokens: 10, Completion tokens: 3]\n" +
        "---------- Summary ----------\nNumber of inner messages: 1\nTotal prompt tokens: 10\nTotal completion tokens: 3\nDuration: 1.23 seconds\n",
    );
    // After chunks, Console prints the Response header right after them (no newline) and keeps the chunk run open.
    expect(renderConsole([chunk("do"), response, text("user", "x")], fixed)).toBe(
      "---------- ModelClientStreamingChunkEvent (assistant) ----------\ndo---------- assistant ----------\ndone\n\n",
    );
  });

  it("MultiModalMessage images as <image>, or inline with inlineImages", () => {
    const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
    const mm = load({ type: "MultiModalMessage", source: "u", content: ["look", { data: png }] });
    expect(renderConsole([mm])).toBe("---------- MultiModalMessage (u) ----------\nlook\n<image>\n");
    expect(renderConsole([mm], { inlineImages: true })).toContain(`\x1b]1337;File=inline=1:${png}\x07\n`);
  });

  it("ConsoleRenderer exposes totals and the last result", () => {
    const r = new ConsoleRenderer();
    r.write(text("a", "x", { models_usage: usage }));
    r.write(text("a", "y", { models_usage: usage }));
    expect(r.usage).toEqual({ prompt_tokens: 20, completion_tokens: 6 });
    expect(r.last).toBeNull();
    const result = TaskResult.parse({ messages: [] });
    r.write(result);
    expect(r.last).toBe(result);
  });
});

describe("MessageStats", () => {
  it("counts kinds and sources, sums usage, and measures the created_at span", () => {
    const s = new MessageStats();
    s.add(text("u", "a", { created_at: "2025-01-01T00:00:00Z" }));
    s.add(text("b", "a", { created_at: "2025-01-01T00:00:02.5Z", models_usage: usage }));
    s.add(load({ type: "ThoughtEvent", source: "b", content: "t", created_at: "2025-01-01T00:00:01Z" }));
    const sum = s.summary();
    expect(sum.messages).toBe(3);
    expect(sum.byKind).toEqual([["TextMessage", 2], ["ThoughtEvent", 1]]);
    expect(sum.bySource).toEqual([["b", 2], ["u", 1]]);
    expect([sum.promptTokens, sum.completionTokens]).toEqual([10, 3]);
    expect(sum.spanSeconds).toBe(2.5);
    expect(new MessageStats().summary().firstCreatedAt).toBeNull();
  });
});
