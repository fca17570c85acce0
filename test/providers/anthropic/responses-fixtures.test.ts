/**
 * Golden table: every record of autogen-providers/anthropic-responses.jsonl (the CreateResult
 * AutoGen 0.7.5's Anthropic client returned for a response body) against fromAnthropicResponse.
 */
import { describe, expect, it } from "vitest";
import { fromAnthropicResponse, type AnthropicResponse } from "../../../src/providers/anthropic/index.js";
import type { FixtureRecord } from "../../helpers/fixtures.js";
import { options, read, type ClientSettings, type PythonError } from "./fixture-helpers.js";

interface ResponseRecord extends FixtureRecord {
  client: ClientSettings;
  response: AnthropicResponse;
  result: unknown;
  error: PythonError | null;
  warnings: unknown[];
}

const records = read<ResponseRecord>("anthropic-responses.jsonl");

describe("anthropic-responses.jsonl: fromAnthropicResponse", () => {
  it("covers every record, none of which raises or warns", () => {
    expect(records.length).toBeGreaterThanOrEqual(20);
    expect(records.filter((r) => r.error || r.warnings.length)).toEqual([]);
  });

  for (const rec of records) {
    it(rec.name, () => {
      const before = JSON.stringify(rec.response);
      expect(fromAnthropicResponse(rec.response, options(rec.client))).toStrictEqual(rec.result);
      expect(JSON.stringify(rec.response)).toBe(before);
    });
  }
});
