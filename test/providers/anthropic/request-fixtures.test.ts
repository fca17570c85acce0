/**
 * Golden table: every record of autogen-providers/anthropic.jsonl (requests AutoGen 0.7.5's
 * AnthropicChatCompletionClient built, or the error it raised) against toAnthropicRequest and
 * toAnthropicMessages.
 */
import { describe, expect, it } from "vitest";
import { AnthropicConversionError, toAnthropicMessages, toAnthropicRequest } from "../../../src/providers/anthropic/index.js";
import type { AnthropicToolSchema } from "../../../src/providers/anthropic/index.js";
import type { LLMMessage } from "../../../src/schemas/llm-messages.js";
import type { FixtureRecord } from "../../helpers/fixtures.js";
import { adoptReencodedImages, inputImages, options, rawLine, read, type ClientSettings, type PythonError } from "./fixture-helpers.js";

interface RequestRecord extends FixtureRecord {
  client: ClientSettings;
  input: unknown[];
  tools: AnthropicToolSchema[] | null;
  tool_choice: "auto" | "required" | "none";
  output: { system?: string; messages: unknown[] } | null;
  request_params: Record<string, unknown> | null;
  error: PythonError | null;
  input_mutated: boolean;
}

const records = read<RequestRecord>("anthropic.jsonl");
const BIG_INT = "tool_use-arguments/big-int-above-2^53";

function request(rec: RequestRecord) {
  return toAnthropicRequest(rec.input as LLMMessage[], {
    ...options(rec.client),
    ...(rec.tools ? { tools: rec.tools } : {}),
    toolChoice: rec.tool_choice,
  });
}

describe("anthropic.jsonl: toAnthropicRequest", () => {
  it("covers every record", () => {
    expect(records.length).toBeGreaterThanOrEqual(90);
  });

  for (const rec of records.filter((r) => r.name !== BIG_INT)) {
    it(rec.name, () => {
      const before = JSON.stringify(rec.input);
      if (rec.error) {
        let caught: unknown;
        try {
          request(rec);
        } catch (e) {
          caught = e;
        }
        expect(caught).toBeInstanceOf(AnthropicConversionError);
        const err = caught as AnthropicConversionError;
        expect(err.pythonType).toBe(rec.error.type);
        expect(err.pythonMessage).toBe(rec.error.message);
      } else {
        const { system, messages, ...params } = request(rec);
        const body = system === undefined ? { messages } : { system, messages };
        expect(adoptReencodedImages(body, rec.output, inputImages(rec.input))).toStrictEqual(rec.output);
        expect(params).toStrictEqual(rec.request_params);
      }
      // Never the caller's objects, even where AutoGen strips them in place (input_mutated).
      expect(JSON.stringify(rec.input)).toBe(before);
    });
  }
});

describe("anthropic.jsonl: toAnthropicMessages", () => {
  // Tool schemas are not an input of toAnthropicMessages; their errors come from toAnthropicRequest.
  const toolErrors = records.filter((r) => r.error && r.tools);
  it("leaves only tool-schema errors to toAnthropicRequest", () => {
    expect(toolErrors.map((r) => r.name)).toEqual(["tools/invalid-name"]);
  });

  for (const rec of records.filter((r) => r.name !== BIG_INT && !toolErrors.includes(r))) {
    it(rec.name, () => {
      if (rec.error) {
        expect(() => toAnthropicMessages(rec.input as LLMMessage[], options(rec.client))).toThrow(rec.error.message);
      } else {
        const out = toAnthropicMessages(rec.input as LLMMessage[], options(rec.client));
        expect(Object.keys(out)).toEqual(Object.keys(rec.output!)); // `system` absent, not undefined
        expect(adoptReencodedImages(out, rec.output, inputImages(rec.input))).toStrictEqual(rec.output);
      }
    });
  }

  it(`${BIG_INT}: the integer is sent exactly where JSON.rawJSON exists`, () => {
    const rec = records.find((r) => r.name === BIG_INT)!;
    const exact = /"arguments": "\{\\"n\\": (\d+)\}"/.exec(rawLine("anthropic.jsonl", BIG_INT))![1]!;
    expect(BigInt(exact)).toBeGreaterThan(2n ** 53n);
    const out = toAnthropicMessages(rec.input as LLMMessage[], options(rec.client));
    const block = (out.messages[0]!.content as { input: { n: unknown } }[])[0]!;
    // The fixture line itself holds the digits; JSON.parse of the record already rounded them.
    const hasRawJSON = typeof (JSON as unknown as { rawJSON?: unknown }).rawJSON === "function";
    expect(JSON.stringify(block.input)).toBe(hasRawJSON ? `{"n":${exact}}` : `{"n":${String(Number(exact))}}`);
  });
});
