/**
 * Golden table: every record of autogen-providers/openai.jsonl (requests AutoGen 0.7.5's
 * OpenAIChatCompletionClient built) against toOpenAIMessages.
 */
import { describe, expect, it } from "vitest";
import { OpenAIConversionError, toOpenAIMessages } from "../../../src/providers/openai/index.js";
import type { LLMMessage } from "../../../src/schemas/llm-messages.js";
import type { ModelInfo } from "../../../src/schemas/model-info.js";
import { readJsonl, stringsIn, type FixtureRecord } from "../../helpers/fixtures.js";

interface RequestRecord extends FixtureRecord {
  client: { model: string; model_info: ModelInfo | null; add_name_prefixes: boolean; include_name_in_message: boolean };
  input: unknown[];
  tools: unknown[] | null;
  output: unknown[] | null;
  error: { stage: string; type: string; message: string } | null;
}

const records = readJsonl("autogen-providers/openai.jsonl") as RequestRecord[];

// Errors raised by tool conversion: tools are not part of the messages array, so they are out
// of scope for toOpenAIMessages (the request-body builder is future work).
const OUT_OF_SCOPE = new Set(["tools/invalid-name", "tools/function_calling-false"]);

// AutoGen re-encodes images to PNG; we pass the input bytes through. Where the expected URL is
// a data URI and ours carries exactly the input's base64, treat the two as the same image.
function normaliseImages(actual: unknown, expected: unknown, inputs: Set<string>): unknown {
  if (typeof actual === "string" && typeof expected === "string") {
    const a = /^data:image\/[a-z-]+;base64,(.*)$/s.exec(actual)?.[1];
    return a !== undefined && a !== /^data:image\/png;base64,(.*)$/s.exec(expected)?.[1] && inputs.has(a) && expected.startsWith("data:image/")
      ? expected
      : actual;
  }
  if (Array.isArray(actual) && Array.isArray(expected)) return actual.map((x, i) => normaliseImages(x, expected[i], inputs));
  if (actual && expected && typeof actual === "object" && typeof expected === "object") {
    return Object.fromEntries(
      Object.entries(actual).map(([k, v]) => [k, normaliseImages(v, (expected as Record<string, unknown>)[k], inputs)]),
    );
  }
  return actual;
}

function run(rec: RequestRecord): { ok: true; value: unknown } | { ok: false; error: unknown } {
  try {
    return {
      ok: true,
      value: toOpenAIMessages(rec.input as LLMMessage[], {
        model: rec.client.model,
        ...(rec.client.model_info ? { modelInfo: rec.client.model_info } : {}),
        addNamePrefixes: rec.client.add_name_prefixes,
        includeNameInMessage: rec.client.include_name_in_message,
      }),
    };
  } catch (error) {
    return { ok: false, error };
  }
}

describe("openai.jsonl: toOpenAIMessages", () => {
  const compared = records.filter((r) => !OUT_OF_SCOPE.has(r.name));

  it.each(compared.map((r) => [r.name, r] as const))("%s", (_name, rec) => {
    const input = structuredClone(rec.input);
    const before = JSON.stringify(input);
    const res = run({ ...rec, input });
    // AutoGen mutates the caller's message for claude- models; we must not.
    expect(JSON.stringify(input)).toBe(before);
    if (rec.error) {
      expect(res.ok).toBe(false);
      if (res.ok) return;
      expect(res.error).toBeInstanceOf(OpenAIConversionError);
      const err = res.error as OpenAIConversionError;
      expect(err.message).toBe(rec.error.message);
      expect(err.pythonType).toBe(rec.error.type);
    } else {
      if (!res.ok) throw res.error;
      const actual = normaliseImages(JSON.parse(JSON.stringify(res.value)), rec.output, stringsIn(rec.input));
      expect(actual).toStrictEqual(rec.output);
    }
  });

  it("covers every record except the tool-conversion errors", () => {
    expect(records.length).toBe(136);
    expect(compared.length).toBe(records.length - OUT_OF_SCOPE.size);
    // The out-of-scope records really are tool errors, not message errors.
    for (const r of records.filter((x) => OUT_OF_SCOPE.has(x.name))) expect(r.tools).not.toBeNull();
  });
});
