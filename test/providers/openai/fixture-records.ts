/** Typed access to the OpenAI provider fixtures, shared by the OpenAI test files. */
import type { OpenAIChatCompletion, OpenAIChatCompletionChunk, ToolSchema } from "../../../src/providers/openai/index.js";
import type { LLMMessage } from "../../../src/schemas/llm-messages.js";
import type { ModelInfo } from "../../../src/schemas/model-info.js";
import { readJsonl, type FixtureRecord } from "../../helpers/fixtures.js";

export interface ClientSettings {
  model: string;
  model_info: ModelInfo | null;
  add_name_prefixes: boolean;
  include_name_in_message: boolean;
}

export interface RequestRecord extends FixtureRecord {
  client: ClientSettings;
  input: LLMMessage[];
  tools: ToolSchema[] | null;
  tool_choice: "auto" | "required" | "none";
  output: unknown[] | null;
  request_params: Record<string, unknown> | null;
  error: { stage: string; type: string; message: string } | null;
  input_mutated: boolean;
  model_info_used: ModelInfo | null;
  transformer_map: string;
}

export interface ResponseRecord extends FixtureRecord {
  client: ClientSettings;
  response: OpenAIChatCompletion;
  result: unknown;
  error: { type: string; message: string } | null;
  warnings: Array<{ category: string; message: string }>;
}

export interface StreamRecord extends FixtureRecord {
  client: ClientSettings;
  create_stream_kwargs: { include_usage?: boolean };
  events: Array<{ event: string | null; data: OpenAIChatCompletionChunk | "[DONE]" }>;
  request_params: Record<string, unknown>;
  yielded: string[];
  result: unknown;
  error: { type: string; message: string } | null;
  warnings: Array<{ category: string; message: string }>;
}

export const requestRecords = () => readJsonl("autogen-providers/openai.jsonl") as RequestRecord[];
export const responseRecords = () => readJsonl("autogen-providers/openai-responses.jsonl") as ResponseRecord[];
export const streamRecords = () => readJsonl("autogen-providers/openai-stream.jsonl") as StreamRecord[];

/** The chunks of a stream record, without the closing `[DONE]`. */
export const chunksOf = (rec: StreamRecord): OpenAIChatCompletionChunk[] =>
  rec.events.map((e) => e.data).filter((d): d is OpenAIChatCompletionChunk => d !== "[DONE]");

/** The client options a record was made with. */
export const clientOptions = (c: ClientSettings) => ({
  model: c.model,
  ...(c.model_info ? { modelInfo: c.model_info } : {}),
  addNamePrefixes: c.add_name_prefixes,
  includeNameInMessage: c.include_name_in_message,
});

/**
 * AutoGen re-encodes images to PNG; we pass the input bytes through. Where the expected URL is
 * a data URI and ours carries exactly one of the input's base64 strings, treat the two as the
 * same image.
 */
export function normaliseImages(actual: unknown, expected: unknown, inputs: Set<string>): unknown {
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
