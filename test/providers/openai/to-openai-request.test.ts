/** toOpenAIRequest and the tool converters beyond what the golden tables pin down. */
import { describe, expect, it } from "vitest";
import {
  OpenAIConversionError,
  OpenAIStreamAccumulator,
  fromOpenAIResponse,
  toOpenAIRequest,
  toOpenAIToolChoice,
  toOpenAITools,
  type ToolChoice,
  type ToolSchema,
} from "../../../src/providers/openai/index.js";
import type { LLMMessage } from "../../../src/schemas/llm-messages.js";

const hi: LLMMessage[] = [{ type: "UserMessage", source: "alice", content: "Hi" }];
const search: ToolSchema = { name: "search", description: "Web search", parameters: { type: "object", properties: { q: { type: "string" } } }, strict: true };

function failure(f: () => unknown): Pick<OpenAIConversionError, "pythonType" | "pythonMessage" | "path"> {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(OpenAIConversionError);
    const { pythonType, pythonMessage, path } = e as OpenAIConversionError;
    return { pythonType, pythonMessage, path };
  }
  throw new Error("expected an error");
}

describe("toOpenAITools / toOpenAIToolChoice", () => {
  it("accepts AutoGen Tool objects ({ schema }) next to plain schemas", () => {
    expect(toOpenAITools([{ schema: { name: "a" } }, { name: "b", description: "B" }])).toStrictEqual([
      { type: "function", function: { name: "a", description: "", parameters: {}, strict: false } },
      { type: "function", function: { name: "b", description: "B", parameters: {}, strict: false } },
    ]);
  });

  it("checks names after building every entry, and says which tool", () => {
    expect(failure(() => toOpenAITools([{ name: "ok" }, { name: "x".repeat(65) }, { name: "a b" }]))).toStrictEqual({
      pythonType: "ValueError",
      pythonMessage: `Invalid name: ${"x".repeat(65)}. Name must be less than 64 characters.`,
      path: "tools[1].name",
    });
    expect(failure(() => toOpenAITools([{ schema: { name: "a.b" } }])).path).toBe("tools[0].name");
  });

  it("rejects schemas of the wrong shape with their path", () => {
    expect(failure(() => toOpenAITools([{ description: "no name" } as unknown as ToolSchema]))).toStrictEqual({
      pythonType: "KeyError",
      pythonMessage: "'name'",
      path: "tools[0].name",
    });
    expect(failure(() => toOpenAITools([{ name: "a", parameters: "{}" } as unknown as ToolSchema])).path).toBe("tools[0].parameters");
    expect(failure(() => toOpenAITools([{ name: "a", strict: "yes" } as unknown as ToolSchema])).path).toBe("tools[0].strict");
    expect(failure(() => toOpenAITools([{ schema: { name: 1 } } as unknown as ToolSchema])).path).toBe("tools[0].schema.name");
    expect(failure(() => toOpenAITools(["search"] as unknown as ToolSchema[])).path).toBe("tools[0]");
  });

  it("turns a forced tool into a named function and prints Python's type for anything else", () => {
    expect(toOpenAIToolChoice({ schema: search })).toStrictEqual({ type: "function", function: { name: "search" } });
    const msg = (v: unknown) => failure(() => toOpenAIToolChoice(v as ToolChoice)).pythonMessage;
    expect(msg(search)).toBe("tool_choice must be a Tool object, 'auto', 'required', or 'none', got <class 'dict'>");
    expect(msg(null)).toMatch(/got <class 'NoneType'>$/);
    expect(msg(1.5)).toMatch(/got <class 'float'>$/);
    expect(msg(["auto"])).toMatch(/got <class 'list'>$/);
  });
});

describe("toOpenAIRequest", () => {
  it("sends a forced tool as a named tool_choice, after checking it is among the tools", () => {
    const body = toOpenAIRequest(hi, { model: "gpt-4o", tools: [search, { name: "other" }], toolChoice: { schema: search } });
    expect(body.tool_choice).toStrictEqual({ type: "function", function: { name: "search" } });
    expect(Object.keys(body)).toStrictEqual(["messages", "model", "stream", "tool_choice", "tools"]);
    expect(failure(() => toOpenAIRequest(hi, { model: "gpt-4o", tools: [{ name: "other" }], toolChoice: { schema: search } }))).toStrictEqual({
      pythonType: "ValueError",
      pythonMessage: "tool_choice references 'search' but it's not in the provided tools",
      path: "toolChoice",
    });
    expect(failure(() => toOpenAIRequest(hi, { model: "gpt-4o", toolChoice: { schema: search } })).pythonMessage).toBe(
      "tool_choice specified but no tools provided",
    );
  });

  it("checks an invalid tool_choice only when tools are sent, as AutoGen", () => {
    const odd = "any" as unknown as ToolChoice;
    expect(toOpenAIRequest(hi, { model: "gpt-4o", toolChoice: odd })).toStrictEqual({
      messages: [{ role: "user", name: "alice", content: "Hi" }],
      model: "gpt-4o",
      stream: false,
    });
    expect(failure(() => toOpenAIRequest(hi, { model: "gpt-4o", tools: [search], toolChoice: odd })).path).toBe("toolChoice");
  });

  it("raises message errors before tool errors, and function-calling before tool names", () => {
    const noTools = { vision: true, function_calling: false, json_output: true, family: "gpt-4o", structured_output: true };
    const badUser: LLMMessage[] = [{ type: "UserMessage", source: "a b", content: "x" }];
    expect(failure(() => toOpenAIRequest(badUser, { model: "gpt-4o", modelInfo: noTools, tools: [{ name: "x y" }] })).path).toBe("messages[0].source");
    expect(failure(() => toOpenAIRequest(hi, { model: "gpt-4o", modelInfo: noTools, tools: [{ name: "x y" }] })).pythonMessage).toBe(
      "Model does not support function calling",
    );
    // No tools, no function-calling check.
    expect(toOpenAIRequest(hi, { model: "gpt-4o", modelInfo: noTools, tools: [] }).tools).toBeUndefined();
  });

  it("adds stream_options only for streams given includeUsage (true even for false, as AutoGen)", () => {
    expect(toOpenAIRequest(hi, { model: "gpt-4o", stream: true, includeUsage: false }).stream_options).toStrictEqual({ include_usage: true });
    expect(toOpenAIRequest(hi, { model: "gpt-4o", stream: true }).stream_options).toBeUndefined();
    expect(toOpenAIRequest(hi, { model: "gpt-4o", includeUsage: true })).not.toHaveProperty("stream_options");
  });

  it("does not change the caller's tools or messages", () => {
    const tools = Object.freeze([Object.freeze({ ...search })]);
    const messages = Object.freeze(hi.map((m) => Object.freeze({ ...m })));
    const body = toOpenAIRequest(messages, { model: "gpt-4o", tools });
    expect(body.tools?.[0]?.function.parameters).toStrictEqual(search.parameters);
  });

  it("reports AutoGen's warning for a modelInfo without structured_output, from every entry point", () => {
    const info = { vision: false, function_calling: true, json_output: false, family: "unknown" };
    const text = "Missing required field 'structured_output' in ModelInfo. This field will be required in a future version of AutoGen.";
    const seen: string[] = [];
    const onWarning = (m: string) => seen.push(m);
    toOpenAIRequest(hi, { model: "local", modelInfo: info, onWarning });
    fromOpenAIResponse({ model: "local", choices: [{ message: { content: "x" }, finish_reason: "stop" }] }, { model: "local", modelInfo: info, onWarning });
    new OpenAIStreamAccumulator({ model: "local", modelInfo: info, onWarning });
    expect(seen).toStrictEqual([text, text, text]);
    seen.length = 0;
    toOpenAIRequest(hi, { model: "gpt-4o", onWarning });
    expect(seen).toStrictEqual([]);
  });
});
