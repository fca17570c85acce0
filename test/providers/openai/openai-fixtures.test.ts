/**
 * Golden table: every record of autogen-providers/openai.jsonl (requests AutoGen 0.7.5's
 * OpenAIChatCompletionClient built) against toOpenAIRequest (messages, the other body keys,
 * errors and where they point) and toOpenAIMessages; the request keys of every
 * openai-stream.jsonl record against toOpenAIRequest with stream: true.
 */
import { describe, expect, it } from "vitest";
import {
  OpenAIConversionError,
  defaultModelInfo,
  toOpenAIMessages,
  toOpenAIRequest,
  transformerMapFor,
} from "../../../src/providers/openai/index.js";
import { deepFreeze, stringsIn } from "../../helpers/fixtures.js";
import { clientOptions, normaliseImages, requestRecords, streamRecords, type RequestRecord } from "./fixture-records.js";

const records = requestRecords();

// Only a request-level function sees the tools: the messages alone cannot raise these.
const TOOL_ERRORS = new Set(["tools/invalid-name", "tools/function_calling-false"]);

const capture = (f: () => unknown): { ok: true; value: unknown } | { ok: false; error: unknown } => {
  try {
    return { ok: true, value: f() };
  } catch (error) {
    return { ok: false, error };
  }
};

const hasImage = (m: RequestRecord["input"][number]) =>
  m.type === "UserMessage" && Array.isArray(m.content) && m.content.some((p) => typeof p !== "string");

/** Where the error must point, worked out from the record alone. */
function expectedPath(rec: RequestRecord): string | undefined {
  const { message, stage } = rec.error!;
  if (stage === "client") return undefined;
  if (message.startsWith("Invalid name: ")) {
    const i = rec.input.findIndex((m) => "source" in m && message.startsWith(`Invalid name: ${m.source}. `));
    if (i !== -1) return `messages[${i}].source`;
    const t = (rec.tools ?? []).findIndex((tool) => message.startsWith(`Invalid name: ${tool.name}. `));
    return `tools[${t}].name`;
  }
  if (message === "Model does not support vision and image was provided") {
    const i = rec.input.findIndex(hasImage);
    const parts = rec.input[i]!.content as unknown[];
    return `messages[${i}].content[${parts.findIndex((p) => typeof p !== "string")}]`;
  }
  if (message.startsWith("Multiple and Not continuous system messages")) {
    const i = rec.input.findIndex((m, k) => m.type === "SystemMessage" && rec.input.slice(0, k).some((p) => p.type !== "SystemMessage") && rec.input.slice(0, k).some((p) => p.type === "SystemMessage"));
    return `messages[${i}]`;
  }
  if (message === "list index out of range") return "messages";
  if (message === "Model does not support function calling") return "tools";
  throw new Error(`no expected path for ${rec.name}: ${message}`);
}

function expectError(res: ReturnType<typeof capture>, rec: RequestRecord): void {
  expect(res.ok).toBe(false);
  if (res.ok) return;
  expect(res.error).toBeInstanceOf(OpenAIConversionError);
  const err = res.error as OpenAIConversionError;
  expect(err.pythonMessage).toBe(rec.error!.message);
  expect(err.pythonType).toBe(rec.error!.type);
  expect(err.path).toBe(expectedPath(rec));
  expect(err.message).toBe(err.path ? `${err.path}: ${rec.error!.message}` : rec.error!.message);
}

describe("openai.jsonl: toOpenAIRequest", () => {
  it.each(records.map((r) => [r.name, r] as const))("%s", (_name, rec) => {
    // Frozen: any write to the caller's messages or tools would throw.
    const input = deepFreeze(structuredClone(rec.input));
    const tools = rec.tools === null ? undefined : deepFreeze(structuredClone(rec.tools));
    const before = JSON.stringify([input, tools]);
    const res = capture(() =>
      toOpenAIRequest(input, { ...clientOptions(rec.client), ...(tools ? { tools } : {}), toolChoice: rec.tool_choice }),
    );
    // AutoGen mutates the caller's message for claude- models; we must not.
    expect(JSON.stringify([input, tools])).toBe(before);
    if (rec.error) return expectError(res, rec);
    if (!res.ok) throw res.error;
    const { messages, ...params } = JSON.parse(JSON.stringify(res.value)) as { messages: unknown[] };
    expect(normaliseImages(messages, rec.output, stringsIn(rec.input))).toStrictEqual(rec.output);
    expect(params).toStrictEqual(rec.request_params);
    // Same keys in the order the SDK serialises them (messages first, then alphabetical).
    expect(Object.keys(params)).toStrictEqual(Object.keys(rec.request_params!));
  });

  it("compared every record", () => {
    expect(records.length).toBe(136);
    expect(records.filter((r) => r.error).length).toBe(20);
    expect(records.filter((r) => r.request_params && "tools" in r.request_params).length).toBe(4);
  });
});

describe("openai.jsonl: the model info and conversion table each record used", () => {
  const used = records.filter((r) => r.model_info_used !== null);
  it.each(used.map((r) => [r.name, r] as const))("%s", (_name, rec) => {
    const info = rec.client.model_info ?? defaultModelInfo(rec.client.model);
    expect(info).toStrictEqual(rec.model_info_used);
    expect(transformerMapFor(rec.client.model, String(info.family))).toBe(rec.transformer_map);
  });
});

describe("openai.jsonl: toOpenAIMessages", () => {
  const compared = records.filter((r) => !TOOL_ERRORS.has(r.name));

  it.each(compared.map((r) => [r.name, r] as const))("%s", (_name, rec) => {
    const input = structuredClone(rec.input);
    const before = JSON.stringify(input);
    const res = capture(() => toOpenAIMessages(input, clientOptions(rec.client)));
    expect(JSON.stringify(input)).toBe(before);
    if (rec.error) return expectError(res, rec);
    if (!res.ok) throw res.error;
    const actual = normaliseImages(JSON.parse(JSON.stringify(res.value)), rec.output, stringsIn(rec.input));
    expect(actual).toStrictEqual(rec.output);
  });

  it("leaves out only the tool errors, which toOpenAIRequest raises", () => {
    expect(compared.length).toBe(records.length - TOOL_ERRORS.size);
    for (const r of records.filter((x) => TOOL_ERRORS.has(x.name))) {
      expect(r.tools).not.toBeNull();
      // The messages alone convert fine: the error needs the tools.
      expect(() => toOpenAIMessages(r.input, clientOptions(r.client))).not.toThrow();
    }
  });
});

describe("openai-stream.jsonl: toOpenAIRequest with stream: true", () => {
  const streams = streamRecords();
  it.each(streams.map((r) => [r.name, r] as const))("%s", (_name, rec) => {
    const include = rec.create_stream_kwargs.include_usage;
    const body = toOpenAIRequest([], {
      ...clientOptions(rec.client),
      stream: true,
      ...(include !== undefined ? { includeUsage: include } : {}),
    });
    const { messages, ...params } = body;
    expect(messages).toStrictEqual([]);
    expect(params).toStrictEqual(rec.request_params);
  });

  it("compared every record", () => expect(streams.length).toBe(17));
});
