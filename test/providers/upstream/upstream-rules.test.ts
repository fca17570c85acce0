/**
 * Perturbed inputs for the provider helpers (other names, whitespace, model names, argument
 * strings, reasoning streams than the golden fixtures use), checked against expectations that
 * CPython computed by running the upstream functions' own source (see gen-expectations.py;
 * nothing in upstream-expectations.json comes from this library).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  AnthropicConversionError,
  defaultAnthropicModelInfo,
  normalizeStopReason as anthropicStopReason,
  toolInputArguments,
  toolUseInput,
} from "../../../src/providers/anthropic/index.js";
import {
  OpenAIConversionError,
  assertValidName,
  defaultModelInfo,
  findModelFamily,
  normalizeStopReason,
  normalizeToolName,
  parseR1Content,
  resolveOpenAIModel,
  transformerMapFor,
} from "../../../src/providers/openai/index.js";
import * as json from "../../../src/python/json.js";
import { OpenAIStreamAccumulator } from "../../../src/providers/openai/stream-accumulator.js";

interface Case {
  args: unknown[];
  result?: unknown;
  error?: { type: string; message: string };
  warnings: string[];
}

const cases: Record<string, Case[]> = JSON.parse(readFileSync(new URL("./upstream-expectations.json", import.meta.url), "utf8"));

/** Runs `fn` and returns what it gave in the expectation's shape. */
function outcome(fn: () => unknown): { result?: unknown; error?: { type: string; message: string } } {
  try {
    return { result: fn() };
  } catch (e) {
    if (e instanceof OpenAIConversionError || e instanceof AnthropicConversionError) {
      return { error: { type: e.pythonType, message: e.pythonMessage } };
    }
    throw e;
  }
}

const expected = (c: Case) => (c.error ? { error: c.error } : { result: c.result });

function table(group: string, fn: (...args: never[]) => unknown, min: number): void {
  describe(group, () => {
    const list = cases[group]!;
    it(`has at least ${min} cases`, () => expect(list.length).toBeGreaterThanOrEqual(min));
    it.each(list.map((c) => [JSON.stringify(c.args), c] as const))("%s", (_, c) => {
      expect(outcome(() => (fn as (...a: unknown[]) => unknown)(...c.args))).toStrictEqual(expected(c));
    });
  });
}

table("assert_valid_name", assertValidName, 100);
table("normalize_name", normalizeToolName, 100);
table("normalize_stop_reason/openai", normalizeStopReason, 30);
table("normalize_stop_reason/anthropic", anthropicStopReason, 30);
table("_find_model_family", findModelFamily, 250);
table("transformer_map", transformerMapFor, 1000);
table("openai.resolve_model", resolveOpenAIModel, 250);
table("openai.get_info", defaultModelInfo, 250);
table("anthropic.get_info", defaultAnthropicModelInfo, 250);
table("tool_use_input", toolUseInput, 80);

describe("parse_r1_content", () => {
  it.each(cases["parse_r1_content"]!.map((c) => [JSON.stringify(c.args[0]), c] as const))("%s", (_, c) => {
    const r = parseR1Content(c.args[0] as string);
    expect([r.thought, r.content]).toStrictEqual(c.result);
    expect(r.warning === undefined ? [] : [r.warning]).toStrictEqual(c.warnings);
  });
});

describe("json.dumps of a tool input object", () => {
  it.each(cases["json_dumps"]!.map((c) => [c.args[0] as string, c] as const))("%s", (text, c) => {
    expect(json.dumps(JSON.parse(text))).toBe(c.result);
    expect(toolInputArguments(JSON.parse(text))).toBe(c.result);
  });
});

describe("OpenAI stream: reasoning deltas and the cleaned thought", () => {
  it.each(cases["stream_reasoning"]!.map((c) => [JSON.stringify(c.args[0]), c] as const))("%s", (_, c) => {
    const acc = new OpenAIStreamAccumulator({ model: "gpt-4o" });
    const yielded = (c.args[0] as Array<string | null>).flatMap((d) => acc.push({ choices: [{ delta: { reasoning_content: d } }] }));
    expect({ yielded, thought: acc.finish().thought }).toStrictEqual(c.result);
  });
});
