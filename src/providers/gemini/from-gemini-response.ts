/**
 * `fromGeminiResponse`: a Gemini `generateContent` response → AutoGen's `CreateResult`.
 */
import type { CreateResult, FinishReasons, FunctionCall } from "../../schemas/core.js";
import { GeminiConversionError } from "./errors.js";

/**
 * A response part as {@link fromGeminiResponse} reads it; other fields (`inlineData`,
 * `executableCode`, …) may be present and are rejected at run time.
 *
 * @example const p: GeminiResponsePart = { functionCall: { id: "c1", name: "add", args: { a: 1 } } };
 */
export interface GeminiResponsePart {
  /** Text (reasoning when `thought` is true). */
  text?: string;
  /** Marks the text as a thought summary. */
  thought?: boolean;
  /** Gemini's signature for the part; not kept. */
  thoughtSignature?: string;
  /** A function call the model requested. */
  functionCall?: { id?: string; name?: string; args?: Record<string, unknown> };
}

/**
 * The parts of a `generateContent` response body (`GenerateContentResponse`) this reads.
 *
 * @example const r: GeminiResponse = { candidates: [{ content: { role: "model", parts: [{ text: "Hi" }] }, finishReason: "STOP" }] };
 */
export interface GeminiResponse {
  candidates?: Array<{
    content?: { role?: string; parts?: GeminiResponsePart[] };
    finishReason?: string;
  }>;
  promptFeedback?: { blockReason?: string };
  usageMetadata?: { promptTokenCount?: number; candidatesTokenCount?: number; thoughtsTokenCount?: number };
}

/**
 * Options for {@link fromGeminiResponse}.
 *
 * @example const o: FromGeminiResponseOptions = { callId: (i) => `gemini_${i}` };
 */
export interface FromGeminiResponseOptions {
  /**
   * The id of a function call Gemini sent without one (older models do not set
   * `functionCall.id`); `index` counts the response's function calls from 0.
   * Default: `call_<index>`.
   */
  callId?: (index: number, name: string) => string;
}

const FINISH: Readonly<Record<string, FinishReasons>> = {
  STOP: "stop",
  MAX_TOKENS: "length",
  SAFETY: "content_filter",
  RECITATION: "content_filter",
  BLOCKLIST: "content_filter",
  PROHIBITED_CONTENT: "content_filter",
  SPII: "content_filter",
  IMAGE_SAFETY: "content_filter",
  IMAGE_PROHIBITED_CONTENT: "content_filter",
};

/**
 * AutoGen's finish reason for a Gemini `finishReason`: `STOP` → `stop`, `MAX_TOKENS` →
 * `length`, the safety and policy stops (`SAFETY`, `RECITATION`, `BLOCKLIST`,
 * `PROHIBITED_CONTENT`, `SPII`, `IMAGE_SAFETY`, `IMAGE_PROHIBITED_CONTENT`) → `content_filter`,
 * anything else (`OTHER`, `LANGUAGE`, `MALFORMED_FUNCTION_CALL`, missing, …) → `unknown`.
 *
 * @example geminiFinishReason("MAX_TOKENS") // "length"
 */
export function geminiFinishReason(reason: string | null | undefined): FinishReasons {
  return typeof reason === "string" && Object.hasOwn(FINISH, reason) ? FINISH[reason]! : "unknown";
}

const count = (n: unknown): number => (typeof n === "number" && Number.isFinite(n) ? n : 0);

/**
 * The `CreateResult` for a (non-streamed) Gemini `generateContent` response, reading the first
 * candidate:
 *
 * - non-thought `text` parts, concatenated, are the content (as the SDK's `response.text`);
 * - `functionCall` parts become `FunctionCall`s (`arguments` = `JSON.stringify(args ?? {})`,
 *   `id` = Gemini's id or {@link FromGeminiResponseOptions.callId}); with calls the content is
 *   the calls, `finish_reason` is `function_calls`, and any text moves to `thought` (as
 *   AutoGen's OpenAI client does with text beside tool calls);
 * - `thought: true` parts, concatenated, are the `thought` (before such text, `"\n"`-joined);
 * - `finishReason` by {@link geminiFinishReason}; no candidate but a `promptFeedback.blockReason`
 *   gives `content_filter` and empty content;
 * - usage: `prompt_tokens` = `promptTokenCount`, `completion_tokens` = `candidatesTokenCount`
 *   + `thoughtsTokenCount` (both billed as output); missing counts are 0. `cached` is false.
 *
 * Parts carrying only a `thoughtSignature` are skipped; the signature itself is not kept
 * (AutoGen's `FunctionCall` has no field for it). Other part kinds (`inlineData`,
 * `executableCode`, …) throw {@link GeminiConversionError} naming the part.
 *
 * @example
 * fromGeminiResponse({
 *   candidates: [{ content: { role: "model", parts: [{ functionCall: { id: "c1", name: "add", args: { a: 1 } } }] }, finishReason: "STOP" }],
 *   usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5 },
 * });
 * // { finish_reason: "function_calls", content: [{ id: "c1", arguments: '{"a":1}', name: "add" }],
 * //   usage: { prompt_tokens: 10, completion_tokens: 5 }, cached: false, logprobs: null, thought: null }
 */
export function fromGeminiResponse(response: GeminiResponse, options: FromGeminiResponseOptions = {}): CreateResult {
  if (typeof response !== "object" || response === null) throw new GeminiConversionError(["response"], "expected a response object");
  const usage = {
    prompt_tokens: count(response.usageMetadata?.promptTokenCount),
    completion_tokens: count(response.usageMetadata?.candidatesTokenCount) + count(response.usageMetadata?.thoughtsTokenCount),
  };
  const candidate = response.candidates?.[0];
  if (candidate === undefined) {
    const blocked = response.promptFeedback?.blockReason !== undefined;
    return { finish_reason: blocked ? "content_filter" : "unknown", content: "", usage, cached: false, logprobs: null, thought: null };
  }
  const parts = candidate.content?.parts ?? [];
  let text = "";
  let thought = "";
  const calls: FunctionCall[] = [];
  parts.forEach((part, j) => {
    const path = ["response", "candidates", 0, "content", "parts", j];
    if (typeof part !== "object" || part === null) throw new GeminiConversionError(path, "expected a part object");
    const fields = Object.keys(part);
    if (typeof part.text === "string") {
      if (part.thought === true) thought += part.text;
      else text += part.text;
    } else if (typeof part.functionCall === "object" && part.functionCall !== null) {
      const fc: { id?: unknown; name?: unknown; args?: unknown } = part.functionCall;
      if (typeof fc.name !== "string") throw new GeminiConversionError([...path, "functionCall", "name"], "expected a string");
      const id = typeof fc.id === "string" && fc.id !== "" ? fc.id : (options.callId ?? ((i) => `call_${i}`))(calls.length, fc.name);
      calls.push({ id, arguments: JSON.stringify(fc.args ?? {}), name: fc.name });
    } else if (fields.some((k) => k !== "thoughtSignature" && k !== "thought")) {
      throw new GeminiConversionError(path, `unsupported part (${fields.join(", ")}); only text and functionCall parts map to a CreateResult`);
    }
  });
  const thoughts = calls.length > 0 ? [thought, text] : [thought];
  const joined = thoughts.filter((t) => t !== "").join("\n");
  return {
    finish_reason: calls.length > 0 ? "function_calls" : geminiFinishReason(candidate.finishReason),
    content: calls.length > 0 ? calls : text,
    usage,
    cached: false,
    logprobs: null,
    thought: joined === "" ? null : joined,
  };
}
