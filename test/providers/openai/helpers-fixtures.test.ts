/**
 * functions.jsonl records for the helpers behind toOpenAIMessages: default model info, alias
 * resolution, transformer-table choice, name checks, image parts.
 */
import { describe, expect, it } from "vitest";
import {
  OpenAIConversionError,
  assertValidName,
  defaultModelInfo,
  normalizeStopReason,
  normalizeToolName,
  findModelFamily,
  parseR1Content,
  resolveOpenAIModel,
  toOpenAIToolChoice,
  toOpenAITools,
  transformerMapFor,
  type ToolChoice,
  type ToolSchema,
} from "../../../src/providers/openai/index.js";
import { ModelFamily } from "../../../src/index.js";
import { imagePart } from "../../../src/providers/openai/images.js";
import { readJsonl, type FixtureRecord } from "../../helpers/fixtures.js";

interface FunctionRecord extends FixtureRecord {
  function: string;
  args: unknown[];
  result: unknown;
  error: { type: string; message: string } | null;
}

const records = readJsonl("autogen-providers/functions.jsonl") as FunctionRecord[];
const byFunction = (prefix: string) => records.filter((r) => r.function.startsWith(prefix));

function expectLike(rec: FunctionRecord, f: () => unknown): void {
  if (rec.error) {
    expect(f).toThrow(OpenAIConversionError);
    try {
      f();
    } catch (e) {
      expect((e as OpenAIConversionError).pythonMessage).toBe(rec.error.message);
      expect((e as OpenAIConversionError).pythonType).toBe(rec.error.type);
    }
  } else {
    expect(f()).toStrictEqual(rec.result);
  }
}

describe("functions.jsonl: OpenAI helpers", () => {
  const getInfo = byFunction("autogen_ext.models.openai._model_info.get_info");
  it.each(getInfo.map((r) => [r.name, r] as const))("%s", (_n, rec) => expectLike(rec, () => defaultModelInfo(rec.args[0] as string)));

  const resolve = byFunction("autogen_ext.models.openai._model_info.resolve_model");
  it.each(resolve.map((r) => [r.name, r] as const))("%s", (_n, rec) => expectLike(rec, () => resolveOpenAIModel(rec.args[0] as string)));

  const maps = byFunction("autogen_ext.models.openai._transformation.registry.get_transformer");
  it.each(maps.map((r) => [r.name, r] as const))("%s", (_n, rec) =>
    expectLike(rec, () => transformerMapFor(rec.args[0] as string, rec.args[1] as string)),
  );

  const names = byFunction("autogen_ext.models.openai._utils.assert_valid_name");
  it.each(names.map((r) => [r.name, r] as const))("%s", (_n, rec) => expectLike(rec, () => assertValidName(rec.args[0] as string)));

  // Only PNG inputs: AutoGen re-encodes other formats, which this library does not.
  const images = byFunction("autogen_core.Image.from_base64(args[0]).to_openai_format").filter((r) =>
    (r.args[0] as string).startsWith("iVBOR"),
  );
  it.each(images.map((r) => [r.name, r] as const))("%s", (_n, rec) => {
    expect(imagePart({ data: rec.args[0] as string }, rec.args[1] as "auto" | "low" | "high")).toStrictEqual(rec.result);
  });

  const stops = byFunction("autogen_ext.models._utils.normalize_stop_reason");
  it.each(stops.map((r) => [r.name, r] as const))("%s", (_n, rec) => expectLike(rec, () => normalizeStopReason(rec.args[0] as string | null)));

  const toolNames = byFunction("autogen_ext.models.openai._openai_client.normalize_name");
  it.each(toolNames.map((r) => [r.name, r] as const))("%s", (_n, rec) => expectLike(rec, () => normalizeToolName(rec.args[0] as string)));

  const r1 = byFunction("autogen_ext.models._utils.parse_r1_content");
  it.each(r1.map((r) => [r.name, r] as const))("%s", (_n, rec) => {
    const { thought, content, warning } = parseR1Content(rec.args[0] as string);
    expect([thought, content]).toStrictEqual(rec.result);
    expect(warning ?? null).toBe((rec.warnings as Array<{ message: string }>)[0]?.message ?? null);
  });

  const tools = byFunction("autogen_ext.models.openai._openai_client.convert_tools");
  it.each(tools.map((r) => [r.name, r] as const))("%s", (_n, rec) => {
    const input = structuredClone(rec.args[0]) as ToolSchema[];
    const before = JSON.stringify(input);
    expectLike(rec, () => toOpenAITools(input));
    expect(JSON.stringify(input)).toBe(before);
  });

  const choices = byFunction("autogen_ext.models.openai._openai_client.convert_tool_choice");
  it.each(choices.map((r) => [r.name, r] as const))("%s", (_n, rec) => expectLike(rec, () => toOpenAIToolChoice(rec.args[0] as ToolChoice)));

  // Python's ModelFamily.is_<group> → the TypeScript predicate of the same group.
  const PREDICATES: Record<string, (family: string) => boolean> = {
    is_openai: ModelFamily.isOpenAI,
    is_claude: ModelFamily.isClaude,
    is_gemini: ModelFamily.isGemini,
    is_llama: ModelFamily.isLlama,
    is_mistral: ModelFamily.isMistral,
  };
  const families = byFunction("autogen_core.models.ModelFamily.is_");
  it.each(families.map((r) => [r.name, r] as const))("%s", (_n, rec) => {
    const predicate = PREDICATES[rec.function.split(".").pop()!];
    expect(predicate, rec.function).toBeTypeOf("function");
    expectLike(rec, () => predicate!(rec.args[0] as string));
  });

  const found = byFunction("autogen_ext.models.openai._transformation.registry._find_model_family");
  it.each(found.map((r) => [r.name, r] as const))("%s", (_n, rec) => {
    expect(rec.args[0]).toBe("openai");
    expectLike(rec, () => findModelFamily(rec.args[1] as string));
  });

  it("found the records", () => {
    expect([tools.length, choices.length, families.length, found.length]).toStrictEqual([5, 4, 180, 12]);
    expect([stops.length, toolNames.length, r1.length]).toStrictEqual([16, 16, 14]);
    expect([getInfo.length, resolve.length, maps.length, names.length]).toStrictEqual([84, 84, 20, 16]);
  });
});
