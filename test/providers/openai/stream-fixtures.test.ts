/**
 * Golden table: every record of autogen-providers/openai-stream.jsonl (streamed responses, the
 * strings create_stream yielded and its final CreateResult) against openAIStreamToResult, the
 * incremental OpenAIStreamAccumulator fed one chunk at a time, and streamOpenAI on a real
 * asynchronous stream.
 */
import { describe, expect, it } from "vitest";
import {
  OpenAIConversionError,
  OpenAIStreamAccumulator,
  openAIStreamToResult,
  streamOpenAI,
  type OpenAIChatCompletionChunk,
  type OpenAIStreamOptions,
} from "../../../src/providers/openai/index.js";
import type { CreateResult } from "../../../src/schemas/core.js";
import { chunksOf, streamRecords, type StreamRecord } from "./fixture-records.js";

const records = streamRecords();

const optionsOf = (rec: StreamRecord, warnings: string[]): OpenAIStreamOptions => ({
  model: rec.client.model,
  ...(rec.client.model_info ? { modelInfo: rec.client.model_info } : {}),
  ...(rec.create_stream_kwargs.include_usage !== undefined ? { includeUsage: rec.create_stream_kwargs.include_usage } : {}),
  onWarning: (m) => warnings.push(m),
});

const json = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

// A stream that really is asynchronous: each chunk arrives on a later macrotask.
async function* slowly<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) {
    await new Promise((r) => setTimeout(r, 0));
    yield structuredClone(item);
  }
}

describe("openai-stream.jsonl: openAIStreamToResult", () => {
  it.each(records.map((r) => [r.name, r] as const))("%s", (_name, rec) => {
    const warnings: string[] = [];
    const run = () => openAIStreamToResult(structuredClone(chunksOf(rec)), optionsOf(rec, warnings));
    if (rec.error) {
      expect(run).toThrow(OpenAIConversionError);
      expect(run).toThrow(rec.error.message);
      return;
    }
    const out = run();
    expect(out.chunks).toStrictEqual(rec.yielded);
    expect(json(out.result)).toStrictEqual(rec.result);
    expect(warnings).toStrictEqual(rec.warnings.map((w) => w.message));
  });

  it("compared every record", () => expect(records.length).toBe(17));
});

describe("openai-stream.jsonl: OpenAIStreamAccumulator, one chunk at a time", () => {
  it.each(records.map((r) => [r.name, r] as const))("%s", (_name, rec) => {
    const warnings: string[] = [];
    const acc = new OpenAIStreamAccumulator(optionsOf(rec, warnings));
    const perChunk = chunksOf(rec).map((c) => acc.push(structuredClone(c)));
    if (rec.error) {
      expect(() => acc.finish()).toThrow(rec.error.message);
      return;
    }
    const result = acc.finish();
    expect(perChunk.flat()).toStrictEqual(rec.yielded);
    expect(json(result)).toStrictEqual(rec.result);
    expect(warnings).toStrictEqual(rec.warnings.map((w) => w.message));
    // Text is handed out as soon as its chunk arrives, not at the end.
    const textChunks = chunksOf(rec).map((c) => c.choices[0]?.delta.content ?? "");
    perChunk.forEach((out, i) => {
      if (textChunks[i]) expect(out).toContain(textChunks[i]);
    });
  });

  it("refuses chunks after finish() and a second finish()", () => {
    const acc = new OpenAIStreamAccumulator({ model: "gpt-4o" });
    acc.push({ choices: [{ delta: { content: "a" }, finish_reason: "stop" }] });
    acc.finish();
    expect(() => acc.push({ choices: [] })).toThrow("chunks[1]: the stream is already finished");
    expect(() => acc.finish()).toThrow(OpenAIConversionError);
  });

  it("names a malformed chunk by its position", () => {
    const acc = new OpenAIStreamAccumulator({ model: "gpt-4o" });
    acc.push({ choices: [] });
    expect(() => acc.push({} as OpenAIChatCompletionChunk)).toThrow("chunks[1]: expected a chat.completion.chunk with a choices list");
  });

  it("throws for an unknown model without modelInfo when constructed, as AutoGen's client does", () => {
    expect(() => new OpenAIStreamAccumulator({ model: "my-model" })).toThrow("model_info is required");
  });
});

describe("openai-stream.jsonl: streamOpenAI on an async iterable", () => {
  it.each(records.map((r) => [r.name, r] as const))("%s", async (_name, rec) => {
    const warnings: string[] = [];
    const items: Array<string | CreateResult> = [];
    const run = async () => {
      for await (const item of streamOpenAI(slowly(chunksOf(rec)), optionsOf(rec, warnings))) items.push(item);
    };
    if (rec.error) {
      await expect(run()).rejects.toThrow(rec.error.message);
      // Everything before the failing end was still yielded.
      expect(items).toStrictEqual(rec.yielded);
      return;
    }
    await run();
    expect(items.slice(0, -1)).toStrictEqual(rec.yielded);
    expect(json(items.at(-1))).toStrictEqual(rec.result);
    expect(warnings).toStrictEqual(rec.warnings.map((w) => w.message));
  });

  it("yields each string before the next chunk is read", async () => {
    const log: string[] = [];
    async function* source(): AsyncGenerator<OpenAIChatCompletionChunk> {
      log.push("read 1");
      yield { choices: [{ delta: { content: "Hel" }, finish_reason: null }] };
      log.push("read 2");
      yield { choices: [{ delta: { content: "lo" }, finish_reason: "stop" }] };
    }
    for await (const item of streamOpenAI(source(), { model: "gpt-4o" })) log.push(typeof item === "string" ? `got ${item}` : `result ${String(item.content)}`);
    expect(log).toStrictEqual(["read 1", "got Hel", "read 2", "got lo", "result Hello"]);
  });
});
