/**
 * fromModelMessages: AI SDK ModelMessages (hand-written, as the SDK and its providers produce
 * them) back to AutoGen messages; lossy inputs are errors naming the message and part.
 */
import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { AISDKConversionError, fromModelMessages, toModelMessages } from "../../../src/providers/ai-sdk/index.js";
import type { LLMMessage } from "../../../src/schemas/llm-messages.js";
import { thrownBy } from "../../helpers/values.js";

const errorOf = (f: () => unknown): AISDKConversionError => thrownBy(f, AISDKConversionError);

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAHElEQVR4nGM4LO8swslRzWHPmHT7bSSf9OGYtQA3/gaGwztH6gAAAABJRU5ErkJggg==";
const PNG_BYTES = Uint8Array.from(atob(PNG), (c) => c.charCodeAt(0));

describe("fromModelMessages", () => {
  it("plain SDK messages; sources default to user / assistant or the given ones", () => {
    const msgs: ModelMessage[] = [
      { role: "system", content: "Be brief." },
      { role: "user", content: [{ type: "text", text: "Hi" }, { type: "text", text: "there" }] },
      { role: "assistant", content: [{ type: "text", text: "Hello." }] },
      { role: "assistant", content: "Bye." },
    ];
    expect(fromModelMessages(msgs)).toEqual([
      { content: "Be brief.", type: "SystemMessage" },
      { content: ["Hi", "there"], source: "user", type: "UserMessage" },
      { content: "Hello.", thought: null, source: "assistant", type: "AssistantMessage" },
      { content: "Bye.", thought: null, source: "assistant", type: "AssistantMessage" },
    ]);
    expect(fromModelMessages(msgs, { sources: { user: "human", assistant: "bot" } }).map((m) => ("source" in m ? m.source : null))).toEqual([null, "human", "bot", "bot"]);
  });

  it("images from base64, a data URL or bytes become AutoGen images", () => {
    const msgs: ModelMessage[] = [
      {
        role: "user",
        content: [
          { type: "image", image: PNG, mediaType: "image/png" },
          { type: "image", image: `data:image/png;base64,${PNG}` },
          { type: "image", image: PNG_BYTES },
          { type: "image", image: PNG_BYTES.buffer },
        ],
      },
    ];
    expect(fromModelMessages(msgs)).toEqual([{ content: [{ data: PNG }, { data: PNG }, { data: PNG }, { data: PNG }], source: "user", type: "UserMessage" }]);
  });

  it("tool calls: arguments from input, or the kept text while it matches input", () => {
    const msgs: ModelMessage[] = [
      {
        role: "assistant",
        content: [
          { type: "reasoning", text: "plan" },
          { type: "tool-call", toolCallId: "c1", toolName: "add", input: { a: 1 } },
          { type: "tool-call", toolCallId: "c2", toolName: "add", input: { a: 1 }, providerOptions: { agentchat: { arguments: '{"a": 1}' } } },
          // The input was edited after conversion: the stale text is ignored.
          { type: "tool-call", toolCallId: "c3", toolName: "add", input: { a: 2 }, providerOptions: { agentchat: { arguments: '{"a": 1}' } } },
          { type: "tool-call", toolCallId: "c4", toolName: "now", input: undefined },
        ],
        providerOptions: { agentchat: { source: "bot" } },
      },
    ];
    expect(fromModelMessages(msgs)).toEqual([
      {
        content: [
          { id: "c1", arguments: '{"a":1}', name: "add" },
          { id: "c2", arguments: '{"a": 1}', name: "add" },
          { id: "c3", arguments: '{"a":2}', name: "add" },
          { id: "c4", arguments: "{}", name: "now" },
        ],
        thought: "plan",
        source: "bot",
        type: "AssistantMessage",
      },
    ]);
  });

  it("tool results: text → is_error false, error-text → true", () => {
    const msgs: ModelMessage[] = [
      {
        role: "tool",
        content: [
          { type: "tool-result", toolCallId: "c1", toolName: "add", output: { type: "text", value: "3" } },
          { type: "tool-result", toolCallId: "c2", toolName: "f", output: { type: "error-text", value: "boom" } },
        ],
      },
    ];
    expect(fromModelMessages(msgs)).toEqual([
      {
        content: [
          { content: "3", name: "add", call_id: "c1", is_error: false },
          { content: "boom", name: "f", call_id: "c2", is_error: true },
        ],
        type: "FunctionExecutionResultMessage",
      },
    ]);
  });

  it("lossy input is an error naming the message and part", () => {
    const cases: Array<[ModelMessage, Array<string | number>, RegExp]> = [
      [{ role: "user", content: [{ type: "file", data: "AA==", mediaType: "application/pdf" }] }, ["modelMessages", 1, "content", 0], /"file" part/],
      [{ role: "user", content: [{ type: "image", image: new URL("https://example.com/a.png") }] }, ["modelMessages", 1, "content", 0, "image"], /URL image/],
      [{ role: "user", content: [{ type: "image", image: "https://example.com/a.png" }] }, ["modelMessages", 1, "content", 0, "image"], /URL image/],
      [{ role: "user", content: [{ type: "image", image: "aGVsbG8=" }] }, ["modelMessages", 1, "content", 0, "image"], /not an image/],
      [{ role: "system", content: "s", providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } } }, ["modelMessages", 1, "providerOptions", "anthropic"], /provider options/],
      [
        { role: "tool", content: [{ type: "tool-result", toolCallId: "c", toolName: "f", output: { type: "json", value: { a: 1 } } }] },
        ["modelMessages", 1, "content", 0, "output"],
        /json output/,
      ],
      [
        { role: "tool", content: [{ type: "tool-result", toolCallId: "c", toolName: "f", output: { type: "execution-denied" } }] },
        ["modelMessages", 1, "content", 0, "output"],
        /"execution-denied" output/,
      ],
      [
        { role: "assistant", content: [{ type: "text", text: "a" }, { type: "text", text: "b" }] },
        ["modelMessages", 1, "content"],
        /several text parts/,
      ],
      [
        { role: "assistant", content: [{ type: "text", text: "calling" }, { type: "tool-call", toolCallId: "c", toolName: "f", input: {} }] },
        ["modelMessages", 1, "content"],
        /text beside tool calls/,
      ],
      [
        { role: "assistant", content: [{ type: "tool-call", toolCallId: "c", toolName: "f", input: {}, providerExecuted: true }] },
        ["modelMessages", 1, "content", 0],
        /provider-executed/,
      ],
      [
        { role: "assistant", content: [{ type: "text", text: "a", providerOptions: { google: { thoughtSignature: "x" } } }] },
        ["modelMessages", 1, "content", 0, "providerOptions", "google"],
        /provider options/,
      ],
    ];
    for (const [msg, path, re] of cases) {
      const e = errorOf(() => fromModelMessages([{ role: "user", content: "first" }, msg]));
      expect(e.path).toEqual(path);
      expect(e.message).toMatch(re);
    }
  });

  it("lossy: allow converts what it can", () => {
    const msgs: ModelMessage[] = [
      { role: "system", content: "s", providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } } },
      {
        role: "assistant",
        content: [
          { type: "reasoning", text: "r1" },
          { type: "reasoning", text: "r2" },
          { type: "text", text: "Calling." },
          { type: "tool-call", toolCallId: "c", toolName: "f", input: { a: 1 }, providerOptions: { google: { thoughtSignature: "x" } } },
        ],
      },
      { role: "assistant", content: [{ type: "text", text: "a" }, { type: "text", text: "b" }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "c", toolName: "f", output: { type: "json", value: { ok: true } } }] },
    ];
    expect(fromModelMessages(msgs, { lossy: "allow" })).toEqual([
      { content: "s", type: "SystemMessage" },
      { content: [{ id: "c", arguments: '{"a":1}', name: "f" }], thought: "r1\nr2\nCalling.", source: "assistant", type: "AssistantMessage" },
      { content: "ab", thought: null, source: "assistant", type: "AssistantMessage" },
      { content: [{ content: '{"ok":true}', name: "f", call_id: "c", is_error: false }], type: "FunctionExecutionResultMessage" },
    ]);
    // Never convertible, even when lossy is allowed.
    expect(() => fromModelMessages([{ role: "user", content: [{ type: "file", data: "AA==", mediaType: "application/pdf" }] }], { lossy: "allow" })).toThrow(AISDKConversionError);
  });

  it("unknown roles are errors", () => {
    expect(errorOf(() => fromModelMessages([{ role: "developer", content: "x" }])).path).toEqual(["modelMessages", 0, "role"]);
  });

  it("round trip of a hand-made conversation (is_error null comes back false)", () => {
    const x: LLMMessage[] = [
      { type: "SystemMessage", content: "" },
      { type: "UserMessage", source: "alice", content: ["see", { data: PNG }] },
      { type: "AssistantMessage", source: "bot", content: "", thought: "" },
      { type: "AssistantMessage", source: "bot", content: [], thought: "nothing to call" },
      { type: "AssistantMessage", source: "bot", content: [{ id: "c1", name: "f", arguments: ' { "a" : [1, 2.5, -0] } ' }], thought: null },
      { type: "FunctionExecutionResultMessage", content: [{ content: "r", name: "f", call_id: "c1", is_error: null }] },
    ];
    const back = fromModelMessages(toModelMessages(x));
    expect(back).toEqual([...x.slice(0, 5), { type: "FunctionExecutionResultMessage", content: [{ content: "r", name: "f", call_id: "c1", is_error: false }] }]);
  });
});
