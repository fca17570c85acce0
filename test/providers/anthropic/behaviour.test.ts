/**
 * Behaviour beyond the golden tables: no mutation, error locations, Python JSON rules for tool
 * arguments, images the library cannot send, tool-choice checks, streams' edge cases.
 */
import { describe, expect, it } from "vitest";
import {
  AnthropicConversionError,
  AnthropicStreamAccumulator,
  fromAnthropicResponse,
  toAnthropicMessages,
  toAnthropicRequest,
  toolInputArguments,
  toolUseInput,
} from "../../../src/providers/anthropic/index.js";
import type { LLMMessage } from "../../../src/schemas/llm-messages.js";
import { thrownBy } from "../../helpers/thrown.js";

const M = { model: "claude-3-5-sonnet-20241022" };
const user = (content: string, source = "user"): LLMMessage => ({ type: "UserMessage", source, content });

const thrown = (f: () => unknown): AnthropicConversionError => thrownBy(f, AnthropicConversionError);

describe("toAnthropicMessages: the caller's messages", () => {
  it("right-strips the last assistant text in a copy, leaving the input as it was", () => {
    const input: LLMMessage[] = [user("hi"), { type: "AssistantMessage", source: "bot", content: "Answer \n\t", thought: null }];
    const frozen = structuredClone(input);
    const out = toAnthropicMessages(Object.freeze(input.map((m) => Object.freeze(m))), M);
    expect(out.messages[1]).toStrictEqual({ role: "assistant", content: "Answer" });
    expect(input).toStrictEqual(frozen);
  });

  it("keeps the input's user text parts and argument strings untouched", () => {
    const input: LLMMessage[] = [
      { type: "UserMessage", source: "u", content: ["", " \n"] },
      { type: "AssistantMessage", source: "bot", content: [{ id: "t", name: "f", arguments: "" }], thought: null },
    ];
    const frozen = structuredClone(input);
    const out = toAnthropicMessages(input, M);
    expect(out.messages[0]!.content).toStrictEqual([{ type: "text", text: " " }, { type: "text", text: " " }]);
    expect(out.messages[1]!.content).toStrictEqual([{ id: "t", input: { text: " " }, name: "f", type: "tool_use" }]);
    expect(input).toStrictEqual(frozen);
  });
});

describe("errors name the message", () => {
  it("an invalid source names the caller's index (after a merged system run)", () => {
    const e = thrown(() =>
      toAnthropicMessages(
        [{ type: "SystemMessage", content: "a" }, { type: "SystemMessage", content: "b" }, user("x"), user("y", "bad name")],
        M,
      ),
    );
    expect(e.message).toBe("messages[3]: Invalid name: bad name. Only letters, numbers, '_' and '-' are allowed.");
    expect(e.index).toBe(3);
    expect(e.pythonType).toBe("ValueError");
  });

  it("a non-contiguous system message names the second run", () => {
    const e = thrown(() => toAnthropicMessages([{ type: "SystemMessage", content: "a" }, user("x"), { type: "SystemMessage", content: "b" }], M));
    expect(e.message).toBe("messages[2]: Multiple and Not continuous system messages are not supported");
  });

  it("bad arguments name the call", () => {
    const e = thrown(() =>
      toAnthropicMessages(
        [user("q"), { type: "AssistantMessage", source: "bot", thought: null, content: [{ id: "a", name: "f", arguments: "{}" }, { id: "b", name: "f", arguments: "```python\n{}\n```" }] }],
        M,
      ),
    );
    expect(e.message).toBe("messages[1].content[1].arguments: Expected JSON object, but found language: python");
    expect(e.index).toBe(1);
  });

  it("input that is not an LLMMessage gets the path, not a crash", () => {
    const e = thrown(() => toAnthropicMessages([user("ok"), { type: "UserMessage", source: "u", content: [42] } as unknown as LLMMessage], M));
    expect(e.message.startsWith("messages[1].content")).toBe(true);
    expect(e.index).toBe(1);
    // A type LLMMessage does not have is reported at the message, as pydantic reports a union's tag.
    expect(thrown(() => toAnthropicMessages([{ type: "ToolMessage" } as unknown as LLMMessage], M)).message).toMatch(
      /^messages\[0\]: not an LLMMessage: unknown type string "ToolMessage": expected one of "SystemMessage", /,
    );
  });

  it("an image for a vision-less model names the message", () => {
    const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC";
    const e = thrown(() => toAnthropicMessages([user("x"), { type: "UserMessage", source: "u", content: ["look", { data: png }] }], { model: "claude-2.1" }));
    expect(e.message).toBe("messages[1]: Model does not support vision and image was provided");
  });

  it("tool schemas name the tool", () => {
    const e = thrown(() => toAnthropicRequest([user("x")], { ...M, tools: [{ name: "ok" }, { name: "b c" }] }));
    expect(e.message).toBe("tools[1]: Invalid name: b c. Only letters, numbers, '_' and '-' are allowed.");
  });
});

describe("images", () => {
  it("a BMP is refused instead of being sent under a wrong media type", () => {
    const bmp = "Qk06AAAAAAAAADYAAAAoAAAAAQAAAAEAAAABABgAAAAAAAQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==";
    const e = thrown(() => toAnthropicMessages([{ type: "UserMessage", source: "u", content: ["x", { data: bmp }] }], M));
    expect(e.message).toMatch(/^messages\[0\]\.content\[1\]: BMP image: /);
  });
});

describe("toolUseInput: Python's json.loads rules", () => {
  it("keeps Python's key order for repeated keys and a __proto__ key as a plain key", () => {
    const v = toolUseInput('{"k": 1, "__proto__": {"x": 1}, "k": 2}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(JSON.stringify(v)).toBe('{"k":2,"__proto__":{"x":1}}');
  });

  it("sends NaN and overflowing floats as null, -0 as 0", () => {
    expect(toolUseInput("[NaN, Infinity, -Infinity, 1e400, -0]")).toStrictEqual([null, null, null, null, 0]);
  });

  it("wraps what Python cannot decode, including a BOM and control characters", () => {
    expect(toolUseInput("\ufeff{}")).toStrictEqual({ text: "\ufeff{}" });
    expect(toolUseInput('{"a": "x\ty"}')).toStrictEqual({ text: '{"a": "x\ty"}' });
    expect(toolUseInput("{'a': 1}")).toStrictEqual({ text: "{'a': 1}" });
  });

  it("finds a fence whose language follows a newline, and the first decoding error wins", () => {
    expect(toolUseInput('```\njson\n{"a": 1}\n```')).toStrictEqual({ a: 1 });
    expect(toolUseInput("```json\n{bad\n``` ```python\n{}\n```")).toStrictEqual({ text: "```json\n{bad\n``` ```python\n{}\n```" });
  });

  it("raises like Python past its limits", () => {
    const deep = "[".repeat(1001) + "]".repeat(1001);
    expect(thrown(() => toolUseInput(deep)).pythonType).toBe("RecursionError");
    expect(thrown(() => toolUseInput("1".repeat(4301))).pythonMessage).toMatch(/^Exceeds the limit \(4300 digits\)/);
  });
});

describe("toAnthropicRequest", () => {
  it("a forced tool must be among the tools", () => {
    expect(thrown(() => toAnthropicRequest([user("x")], { ...M, toolChoice: { name: "f" } })).message).toBe("tool_choice specified but no tools provided");
    expect(thrown(() => toAnthropicRequest([user("x")], { ...M, tools: [{ name: "g" }], toolChoice: { name: "f" } })).message).toBe(
      "tool_choice references 'f' but it's not in the available tools",
    );
    expect(toAnthropicRequest([user("x")], { ...M, tools: [{ name: "f" }], toolChoice: { name: "f" } }).tool_choice).toStrictEqual({ type: "tool", name: "f" });
  });

  it("refuses tools for a model without function calling", () => {
    expect(thrown(() => toAnthropicRequest([user("x")], { model: "claude-2.1", tools: [{ name: "f" }] })).message).toBe("Model does not support function calling");
  });

  it("copies the optional parameters in AutoGen's key order", () => {
    const r = toAnthropicRequest([{ type: "SystemMessage", content: "s" }, user("x")], {
      ...M,
      maxTokens: 100,
      temperature: 0,
      stream: true,
      topP: 0.5,
      topK: 3,
      stopSequences: ["END"],
      metadata: { user_id: "u" },
      thinking: { type: "enabled", budget_tokens: 1024 },
    });
    expect(Object.keys(r)).toEqual(["model", "messages", "max_tokens", "temperature", "stream", "system", "top_p", "top_k", "stop_sequences", "metadata", "thinking"]);
    expect(r.temperature).toBe(0);
  });
});

describe("responses and streams", () => {
  it("a non-object tool input is written with Python's str()", () => {
    expect(toolInputArguments([1, "a", true, null])).toBe("[1, 'a', True, None]");
    expect(toolInputArguments("text")).toBe("text");
    expect(toolInputArguments(null)).toBe("");
    expect(toolInputArguments({ x: 0.00001, y: 2.5 })).toBe('{"x": 1e-05, "y": 2.5}');
  });

  it("a response without a content list is a typed error", () => {
    expect(thrown(() => fromAnthropicResponse({ stop_reason: null } as never, M)).message).toMatch(/^response\.content: /);
  });

  it("streamed object input keeps Python's number spelling and key order", () => {
    const acc = new AnthropicStreamAccumulator(M);
    acc.push({ type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "t", name: "f", input: {} } });
    acc.push({ type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"b": 1.0, "2": 123456789012345678901' } });
    acc.push({ type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: ', "é": 1e-7, "n": NaN}' } });
    acc.push({ type: "content_block_stop", index: 0 });
    const content = acc.finish().content as { arguments: string }[];
    expect(content[0]!.arguments).toBe('{"b": 1.0, "2": 123456789012345678901, "\\u00e9": 1e-07, "n": NaN}');
  });

  it("input deltas after the block stopped are ignored, and an error event throws", () => {
    const acc = new AnthropicStreamAccumulator(M);
    acc.push({ type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "t", name: "f", input: { a: 1 } } });
    acc.push({ type: "content_block_stop", index: 0 });
    acc.push({ type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"late": 1}' } });
    expect((acc.finish().content as { arguments: string }[])[0]!.arguments).toBe('{"a": 1}');
    const e = thrown(() => new AnthropicStreamAccumulator(M).push({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }));
    expect(e.pythonType).toBe("APIStatusError");
    expect(e.pythonMessage).toBe("Overloaded");
  });
});

describe("model info", () => {
  it("warns as AutoGen does for a model_info without structured_output, and refuses one without vision", () => {
    const warnings: string[] = [];
    const modelInfo = { vision: true, function_calling: true, json_output: false, family: "unknown" };
    toAnthropicMessages([user("x")], { model: "my-proxy", modelInfo, onWarning: (w) => warnings.push(w) });
    expect(warnings).toEqual(["Missing required field 'structured_output' in ModelInfo. This field will be required in a future version of AutoGen."]);
    const { vision: _v, ...noVision } = modelInfo;
    expect(thrown(() => toAnthropicMessages([user("x")], { model: "my-proxy", modelInfo: noVision as never })).message).toBe(
      "Missing required field 'vision' in ModelInfo. Starting in v0.4.7, the required fields are enforced.",
    );
    expect(thrown(() => fromAnthropicResponse({ content: [], stop_reason: null, usage: { input_tokens: 0, output_tokens: 0 } }, { model: "my-proxy" })).message).toBe(
      "model_info is required when model name is not recognized",
    );
  });
});
