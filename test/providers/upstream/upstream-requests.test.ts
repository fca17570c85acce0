/**
 * Random conversations (whitespace variants, names, families, system runs, tool calls and
 * results) through both request converters, against the bodies the upstream pipelines built
 * when CPython ran them, and random responses and streams through both clients' `create` /
 * `create_stream` (see gen-requests.py; nothing in upstream-requests.json comes from
 * this library). Bodies are compared structurally; errors by Python class and message.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AnthropicConversionError, anthropicStreamToResult, toAnthropicRequest } from "../../../src/providers/anthropic/index.js";
import type { AnthropicStreamEvent } from "../../../src/providers/anthropic/types.js";
import {
  OpenAIConversionError,
  fromOpenAIResponse,
  openAIStreamToResult,
  toOpenAIMessages,
  type OpenAIChatCompletion,
  type OpenAIChatCompletionChunk,
} from "../../../src/providers/openai/index.js";
import type { LLMMessage } from "../../../src/schemas/llm-messages.js";
import type { ModelInfo } from "../../../src/schemas/model-info.js";

interface RequestCase {
  model: string;
  model_info: ModelInfo;
  add_name_prefixes?: boolean;
  include_name_in_message?: boolean;
  input: LLMMessage[];
  output?: unknown;
  error?: { type: string; message: string };
}

interface StreamCase {
  events: AnthropicStreamEvent[];
  output?: { yielded: string[]; result: unknown };
  error?: { type: string; message: string };
}

interface OpenAIResultCase {
  family: string;
  response?: OpenAIChatCompletion;
  chunks?: OpenAIChatCompletionChunk[];
  output?: unknown;
  error?: { type: string; message: string };
  warnings: string[];
}

const data: {
  openai: RequestCase[];
  anthropic: RequestCase[];
  anthropic_stream: StreamCase[];
  openai_responses: OpenAIResultCase[];
  openai_stream: OpenAIResultCase[];
} = JSON.parse(
  readFileSync(new URL("./upstream-requests.json", import.meta.url), "utf8"),
);

function outcome(fn: () => unknown): { output?: unknown; error?: { type: string; message: string } } {
  try {
    return { output: fn() };
  } catch (e) {
    if (e instanceof OpenAIConversionError || e instanceof AnthropicConversionError) {
      return { error: { type: e.pythonType, message: e.pythonMessage } };
    }
    throw e;
  }
}

const expected = (c: RequestCase) => (c.error ? { error: c.error } : { output: c.output });
const label = (c: RequestCase, i: number) => `#${i} ${c.model} ${c.model_info.family} ${JSON.stringify(c.input).slice(0, 120)}`;

describe("OpenAI-compatible client: random conversations", () => {
  it("covers outputs and errors", () => {
    expect(data.openai.filter((c) => c.error).length).toBeGreaterThan(50);
    expect(data.openai.filter((c) => !c.error).length).toBeGreaterThan(200);
  });
  it.each(data.openai.map((c, i) => [label(c, i), c] as const))("%s", (_, c) => {
    const input = structuredClone(c.input);
    const got = outcome(() =>
      toOpenAIMessages(input, {
        model: c.model,
        modelInfo: c.model_info,
        addNamePrefixes: c.add_name_prefixes,
        includeNameInMessage: c.include_name_in_message,
      }),
    );
    expect(got).toEqual(expected(c));
    expect(input).toEqual(c.input);
  });
});

describe("Anthropic client: random conversations", () => {
  it("covers outputs and errors", () => {
    expect(data.anthropic.filter((c) => c.error).length).toBeGreaterThan(50);
    expect(data.anthropic.filter((c) => !c.error).length).toBeGreaterThan(100);
  });
  it.each(data.anthropic.map((c, i) => [label(c, i), c] as const))("%s", (_, c) => {
    const input = structuredClone(c.input);
    const got = outcome(() => {
      const { system, messages, tools, tool_choice } = toAnthropicRequest(input, { model: c.model, modelInfo: c.model_info });
      return {
        ...(system === undefined ? {} : { system }),
        messages,
        ...(tools === undefined ? {} : { tools }),
        ...(tool_choice === undefined ? {} : { tool_choice }),
      };
    });
    expect(got).toEqual(expected(c));
    expect(input).toEqual(c.input);
  });
});

describe("Anthropic client: random event streams", () => {
  it("covers tool calls and text", () => {
    expect(data.anthropic_stream.filter((c) => Array.isArray(c.output?.result && (c.output.result as { content: unknown }).content)).length).toBeGreaterThan(40);
  });
  it.each(data.anthropic_stream.map((c, i) => [`#${i} ${JSON.stringify(c.events).slice(0, 140)}`, c] as const))("%s", (_, c) => {
    const { chunks, result } = anthropicStreamToResult(structuredClone(c.events), { model: "claude-3-5-sonnet-20241022" });
    expect({ yielded: chunks, result }).toStrictEqual(c.output);
  });
});

const modelInfo = (family: string) => ({ vision: true, function_calling: true, json_output: true, family, structured_output: true });

describe("OpenAI-compatible client: random responses", () => {
  it.each(data.openai_responses.map((c, i) => [`#${i} ${c.family} ${JSON.stringify(c.response).slice(0, 140)}`, c] as const))("%s", (_, c) => {
    const warnings: string[] = [];
    const got = outcome(() => fromOpenAIResponse(structuredClone(c.response!), { model: "gpt-4o", modelInfo: modelInfo(c.family), onWarning: (w) => warnings.push(w) }));
    expect(got).toStrictEqual(c.error ? { error: c.error } : { output: c.output });
    if (!c.error) expect(warnings).toStrictEqual(c.warnings);
  });
});

describe("OpenAI-compatible client: random streams", () => {
  it.each(data.openai_stream.map((c, i) => [`#${i} ${c.family} ${JSON.stringify(c.chunks).slice(0, 140)}`, c] as const))("%s", (_, c) => {
    const warnings: string[] = [];
    const { chunks, result } = openAIStreamToResult(structuredClone(c.chunks!), {
      model: "gpt-4o",
      modelInfo: modelInfo(c.family),
      onWarning: (w) => warnings.push(w),
    });
    expect({ yielded: chunks, result }).toStrictEqual(c.output);
    expect(warnings).toStrictEqual(c.warnings);
  });
});
