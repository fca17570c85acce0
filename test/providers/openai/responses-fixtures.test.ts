/**
 * Golden table: every record of autogen-providers/openai-responses.jsonl (response bodies and
 * the CreateResult AutoGen returned) against fromOpenAIResponse, warnings included.
 */
import { describe, expect, it } from "vitest";
import { OpenAIConversionError, fromOpenAIResponse, type OpenAIChatCompletion } from "../../../src/providers/openai/index.js";
import type { ModelInfo } from "../../../src/schemas/model-info.js";
import { readJsonl, type FixtureRecord } from "../../helpers/fixtures.js";

interface ResponseRecord extends FixtureRecord {
  client: { model: string; model_info: ModelInfo | null };
  response: OpenAIChatCompletion;
  result: unknown;
  error: { type: string; message: string } | null;
  warnings: Array<{ category: string; message: string }>;
}

const records = readJsonl("autogen-providers/openai-responses.jsonl") as ResponseRecord[];

// AutoGen's own warnings (not pydantic's serializer noise), by their text.
const autogenWarnings = (rec: ResponseRecord) =>
  rec.warnings.map((w) => w.message).filter((m) => !m.startsWith("Pydantic serializer warnings"));

describe("openai-responses.jsonl: fromOpenAIResponse", () => {
  it.each(records.map((r) => [r.name, r] as const))("%s", (_name, rec) => {
    const warnings: string[] = [];
    const run = () =>
      fromOpenAIResponse(structuredClone(rec.response), {
        model: rec.client.model,
        ...(rec.client.model_info ? { modelInfo: rec.client.model_info } : {}),
        onWarning: (m) => warnings.push(m),
      });
    if (rec.error) {
      expect(run).toThrow(OpenAIConversionError);
      expect(run).toThrow(rec.error.message);
      return;
    }
    expect(JSON.parse(JSON.stringify(run()))).toStrictEqual(rec.result);
    const expected = autogenWarnings(rec);
    // The "arguments not a string" warning prints a Python repr upstream; compare its fixed parts.
    expect(warnings.length).toBe(expected.length);
    warnings.forEach((w, i) => {
      if (w.startsWith("Tool call function arguments field is not a string:")) {
        expect(expected[i]).toMatch(/^Tool call function arguments field is not a string: .*Attempting to convert it to string\.$/s);
      } else expect(w).toBe(expected[i]);
    });
  });

  it("compared every record", () => expect(records.length).toBe(34));

  it("names a malformed response's bad part instead of crashing", () => {
    const path = (response: unknown) => {
      try {
        fromOpenAIResponse(response as OpenAIChatCompletion, { model: "gpt-4o" });
      } catch (e) {
        return (e as OpenAIConversionError).path;
      }
      return "no error";
    };
    expect(path({})).toBe("choices");
    expect(path({ choices: [{ finish_reason: "stop" }] })).toBe("choices[0].message");
    expect(path({ choices: [{ message: { tool_calls: [{ id: "c", type: "custom", custom: { name: "x", input: "" } }] } }] })).toBe(
      "choices[0].message.tool_calls[0]",
    );
  });
});
