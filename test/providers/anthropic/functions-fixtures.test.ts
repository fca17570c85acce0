/**
 * Golden table: every Anthropic-client record of autogen-providers/functions.jsonl (stop
 * reasons, names, media types, default model info, tools and tool choice).
 */
import { describe, expect, it } from "vitest";
import {
  AnthropicConversionError,
  assertValidName,
  convertToolChoice,
  defaultAnthropicModelInfo,
  getMimeTypeFromImage,
  normalizeName,
  normalizeStopReason,
  toAnthropicTools,
} from "../../../src/providers/anthropic/index.js";
import type { FixtureRecord } from "../../helpers/fixtures.js";
import { read, sniff, type PythonError } from "./fixture-helpers.js";

interface FunctionRecord extends FixtureRecord {
  function: string;
  args: unknown[];
  result: unknown;
  error: PythonError | null;
}

// The fixture's dotted upstream function → the library function.
const FUNCTIONS: Record<string, (...args: never[]) => unknown> = {
  "autogen_ext.models.anthropic._anthropic_client.normalize_stop_reason": normalizeStopReason,
  "autogen_ext.models.anthropic._anthropic_client.normalize_name": normalizeName,
  "autogen_ext.models.anthropic._anthropic_client.assert_valid_name": assertValidName,
  "autogen_ext.models.anthropic._model_info.get_info": defaultAnthropicModelInfo,
  "autogen_ext.models.anthropic._anthropic_client.convert_tools": toAnthropicTools,
  "autogen_ext.models.anthropic._anthropic_client.convert_tool_choice_anthropic": convertToolChoice,
};
const MIME = "autogen_ext.models.anthropic._anthropic_client.get_mime_type_from_image (arg: Image.from_base64(args[0]))";

const records = read<FunctionRecord>("functions.jsonl").filter((r) => r.function.includes(".anthropic."));

describe("functions.jsonl: Anthropic client helpers", () => {
  it("maps every Anthropic function of the fixtures", () => {
    expect(new Set(records.map((r) => r.function))).toEqual(new Set([...Object.keys(FUNCTIONS), MIME]));
    expect(records.length).toBeGreaterThanOrEqual(82);
  });

  for (const rec of records.filter((r) => r.function !== MIME)) {
    it(rec.name, () => {
      const fn = FUNCTIONS[rec.function]! as (...args: unknown[]) => unknown;
      if (rec.error) {
        let caught: unknown;
        try {
          fn(...rec.args);
        } catch (e) {
          caught = e;
        }
        expect(caught).toBeInstanceOf(AnthropicConversionError);
        expect((caught as AnthropicConversionError).pythonType).toBe(rec.error.type);
        expect((caught as AnthropicConversionError).pythonMessage).toBe(rec.error.message);
      } else {
        expect(fn(...rec.args)).toStrictEqual(rec.result);
      }
    });
  }

  for (const rec of records.filter((r) => r.function === MIME)) {
    it(rec.name, () => {
      const data = rec.args[0] as string;
      // AutoGen sniffs its PNG re-encoding, hence "image/png" for every input; the library sends
      // the input bytes, so it must name their own type (the same answer for PNG input).
      expect(rec.result).toBe("image/png");
      expect(getMimeTypeFromImage({ data })).toBe(sniff(data));
      if (sniff(data) === "image/png") expect(getMimeTypeFromImage({ data })).toBe(rec.result);
    });
  }
});
