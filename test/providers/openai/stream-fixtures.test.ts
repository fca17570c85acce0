/**
 * Golden table: every record of autogen-providers/openai-stream.jsonl (streamed responses, the
 * strings create_stream yielded and its final CreateResult) against openAIStreamToResult.
 */
import { describe, expect, it } from "vitest";
import { OpenAIConversionError, openAIStreamToResult, type OpenAIChatCompletionChunk } from "../../../src/providers/openai/index.js";
import type { ModelInfo } from "../../../src/schemas/model-info.js";
import { readJsonl, type FixtureRecord } from "../../helpers/fixtures.js";

interface StreamRecord extends FixtureRecord {
  client: { model: string; model_info: ModelInfo | null };
  create_stream_kwargs: { include_usage?: boolean };
  events: Array<{ event: string | null; data: OpenAIChatCompletionChunk | "[DONE]" }>;
  yielded: string[];
  result: unknown;
  error: { type: string; message: string } | null;
  warnings: Array<{ category: string; message: string }>;
}

const records = readJsonl("autogen-providers/openai-stream.jsonl") as StreamRecord[];

describe("openai-stream.jsonl: openAIStreamToResult", () => {
  it.each(records.map((r) => [r.name, r] as const))("%s", (_name, rec) => {
    const warnings: string[] = [];
    const chunks = rec.events.map((e) => e.data).filter((d): d is OpenAIChatCompletionChunk => d !== "[DONE]");
    const run = () =>
      openAIStreamToResult(structuredClone(chunks), {
        model: rec.client.model,
        ...(rec.client.model_info ? { modelInfo: rec.client.model_info } : {}),
        ...(rec.create_stream_kwargs.include_usage === false ? { includeUsage: false } : {}),
        onWarning: (m) => warnings.push(m),
      });
    if (rec.error) {
      expect(run).toThrow(OpenAIConversionError);
      return;
    }
    const out = run();
    expect(out.chunks).toStrictEqual(rec.yielded);
    expect(JSON.parse(JSON.stringify(out.result))).toStrictEqual(rec.result);
    expect(warnings).toStrictEqual(rec.warnings.map((w) => w.message));
  });

  it("compared every record", () => expect(records.length).toBe(17));
});
