/**
 * fromGeminiResponse against hand-written GenerateContentResponse bodies (the documented
 * candidates / content.parts / finishReason / usageMetadata shape).
 */
import { describe, expect, it } from "vitest";
import { fromGeminiResponse, GeminiConversionError, geminiFinishReason, toGeminiContents } from "../../../src/providers/gemini/index.js";
import { CreateResult } from "../../../src/schemas/core.js";

const usageMetadata = { promptTokenCount: 12, candidatesTokenCount: 5, totalTokenCount: 17 };

describe("fromGeminiResponse", () => {
  it("text parts are concatenated into the content", () => {
    const r = fromGeminiResponse({
      candidates: [{ content: { role: "model", parts: [{ text: "Hello, " }, { text: "world" }] }, finishReason: "STOP" }],
      usageMetadata,
    });
    expect(r).toEqual({ finish_reason: "stop", content: "Hello, world", usage: { prompt_tokens: 12, completion_tokens: 5 }, cached: false, logprobs: null, thought: null });
    expect(CreateResult.parse(r)).toEqual(r);
  });

  it("thought parts become thought; thought tokens count as completion tokens", () => {
    const r = fromGeminiResponse({
      candidates: [{ content: { role: "model", parts: [{ text: "Let me think.", thought: true }, { text: "42", thoughtSignature: "c2ln" }] }, finishReason: "STOP" }],
      usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 1, thoughtsTokenCount: 20 },
    });
    expect(r).toMatchObject({ content: "42", thought: "Let me think.", usage: { prompt_tokens: 3, completion_tokens: 21 } });
  });

  it("function calls become FunctionCalls with JSON arguments; text beside them moves to thought", () => {
    const r = fromGeminiResponse({
      candidates: [
        {
          content: {
            role: "model",
            parts: [
              { text: "plan", thought: true },
              { text: "Calling tools." },
              { functionCall: { id: "fc-1", name: "search", args: { q: "café", n: [1, 2] } }, thoughtSignature: "c2ln" },
              { functionCall: { name: "now" } },
              { functionCall: { name: "later", args: {} } },
            ],
          },
          finishReason: "STOP",
        },
      ],
      usageMetadata,
    });
    expect(r).toEqual({
      finish_reason: "function_calls",
      content: [
        { id: "fc-1", arguments: '{"q":"café","n":[1,2]}', name: "search" },
        { id: "call_1", arguments: "{}", name: "now" },
        { id: "call_2", arguments: "{}", name: "later" },
      ],
      usage: { prompt_tokens: 12, completion_tokens: 5 },
      cached: false,
      logprobs: null,
      thought: "plan\nCalling tools.",
    });
  });

  it("callId names calls that came without an id", () => {
    const r = fromGeminiResponse(
      { candidates: [{ content: { parts: [{ functionCall: { name: "a", args: { x: 1 } } }, { functionCall: { name: "b" } }] } }] },
      { callId: (i, name) => `${name}-${i}` },
    );
    expect(r.content).toEqual([
      { id: "a-0", arguments: '{"x":1}', name: "a" },
      { id: "b-1", arguments: "{}", name: "b" },
    ]);
  });

  it("the result feeds back into toGeminiContents as the same function calls", () => {
    const r = fromGeminiResponse({ candidates: [{ content: { parts: [{ functionCall: { id: "i", name: "f", args: { a: { b: [true, null] } } } }] } }] });
    const { contents } = toGeminiContents([{ type: "AssistantMessage", source: "m", content: r.content, thought: r.thought }]);
    expect(contents).toEqual([{ role: "model", parts: [{ functionCall: { id: "i", name: "f", args: { a: { b: [true, null] } } } }] }]);
  });

  it("finish reasons map to AutoGen's", () => {
    const cases: Array<[string | undefined, string]> = [
      ["STOP", "stop"],
      ["MAX_TOKENS", "length"],
      ["SAFETY", "content_filter"],
      ["RECITATION", "content_filter"],
      ["BLOCKLIST", "content_filter"],
      ["PROHIBITED_CONTENT", "content_filter"],
      ["SPII", "content_filter"],
      ["IMAGE_SAFETY", "content_filter"],
      ["OTHER", "unknown"],
      ["LANGUAGE", "unknown"],
      ["MALFORMED_FUNCTION_CALL", "unknown"],
      ["FINISH_REASON_UNSPECIFIED", "unknown"],
      ["toString", "unknown"],
      [undefined, "unknown"],
    ];
    for (const [reason, expected] of cases) {
      expect(geminiFinishReason(reason)).toBe(expected);
      expect(fromGeminiResponse({ candidates: [{ content: { parts: [{ text: "x" }] }, finishReason: reason }] }).finish_reason).toBe(expected);
    }
  });

  it("a blocked prompt (no candidates) is content_filter with empty content; missing usage is 0", () => {
    expect(fromGeminiResponse({ promptFeedback: { blockReason: "SAFETY" } })).toEqual({
      finish_reason: "content_filter",
      content: "",
      usage: { prompt_tokens: 0, completion_tokens: 0 },
      cached: false,
      logprobs: null,
      thought: null,
    });
    expect(fromGeminiResponse({}).finish_reason).toBe("unknown");
  });

  it("a candidate without content (e.g. stopped by safety) has empty content", () => {
    expect(fromGeminiResponse({ candidates: [{ finishReason: "SAFETY" }] })).toMatchObject({ content: "", finish_reason: "content_filter" });
  });

  it("parts with no AutoGen form are errors naming the part", () => {
    try {
      const image = { inlineData: { mimeType: "image/png", data: "AA==" }, thoughtSignature: "c2ln" };
      fromGeminiResponse({ candidates: [{ content: { parts: [{ text: "a" }, image] } }] });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(GeminiConversionError);
      expect((e as GeminiConversionError).path).toEqual(["response", "candidates", 0, "content", "parts", 1]);
    }
  });
});
