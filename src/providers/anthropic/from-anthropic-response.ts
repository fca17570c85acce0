/**
 * `fromAnthropicResponse`: the `CreateResult` AutoGen's `AnthropicChatCompletionClient.create()`
 * returns for a (non-streamed) Messages API response body.
 */
import type { CreateResult, FunctionCall } from "../../schemas/core.js";
import type { ModelInfo } from "../../schemas/model-info.js";
import { pyStr } from "../../python/repr.js";
import { AnthropicConversionError, withJsonErrors } from "./errors.js";
import { normalizeName, normalizeStopReason } from "./helpers.js";
import { anthropicModelInfo } from "./model-info.js";
import * as json from "../../python/json.js";
import type { AnthropicResponse } from "./types.js";

/**
 * Client settings for a response or a stream (the model must be known, or `modelInfo` given,
 * as AutoGen checks it when the client is built).
 *
 * @example const o: FromAnthropicOptions = { model: "claude-3-5-sonnet-20241022" };
 */
export interface FromAnthropicOptions {
  /** The model name given to the client. */
  model: string;
  /** The client's `model_info`; defaults to AutoGen's entry for `model`. */
  modelInfo?: ModelInfo;
  /** Receives the text of each warning AutoGen would emit with `warnings.warn` (an incomplete `modelInfo`). */
  onWarning?: (message: string) => void;
}

/** `getattr(block, "type", None)` on a block that may be anything. */
function typeOf(block: unknown): unknown {
  return block !== null && typeof block === "object" ? (block as { type?: unknown }).type : undefined;
}

function textOf(block: unknown, key: "text" | "thinking"): string {
  const v = (block as Record<string, unknown>)[key];
  return typeof v === "string" ? v : "";
}

/**
 * `FunctionCall.arguments` for a `tool_use.input`: a dict is written with Python's `json.dumps`
 * (`", "` / `": "` separators, non-ASCII as `\uXXXX`); another value with Python's `str()`; none as `""`.
 *
 * @example toolInputArguments({ q: "é" }) // '{"q": "\\u00e9"}'
 */
export function toolInputArguments(input: unknown): string {
  if (input !== null && typeof input === "object" && !Array.isArray(input)) return withJsonErrors(() => json.dumps(input));
  return input === null || input === undefined ? "" : pyStr(input);
}

/**
 * Converts a Messages API response into AutoGen's `CreateResult`, as AutoGen 0.7.5's Anthropic
 * client does: with `tool_use` blocks, `content` is their `FunctionCall`s (names sanitised,
 * inputs `json.dumps`-ed) and `thought` the joined `thinking` blocks, or failing those the joined
 * text blocks; otherwise `content` is the joined text and `thought` the joined thinking (or null).
 * `finish_reason` follows `stop_reason` ({@link normalizeStopReason}) even when tools were called.
 *
 * @example
 * fromAnthropicResponse(
 *   { content: [{ type: "text", text: "Hi" }], stop_reason: "end_turn", usage: { input_tokens: 5, output_tokens: 1 } },
 *   { model: "claude-3-5-sonnet-20241022" },
 * );
 * // { finish_reason: "stop", content: "Hi", usage: { prompt_tokens: 5, completion_tokens: 1 }, cached: false, logprobs: null, thought: null }
 */
export function fromAnthropicResponse(response: AnthropicResponse, options: FromAnthropicOptions): CreateResult {
  anthropicModelInfo(options.model, options.modelInfo, options.onWarning);
  if (response === null || typeof response !== "object" || !Array.isArray(response.content)) {
    throw new AnthropicConversionError("expected a Message with a content list", { where: "response.content", pythonType: "TypeError" });
  }
  const usageIn = response.usage;
  if (usageIn === null || typeof usageIn !== "object" || typeof usageIn.input_tokens !== "number" || typeof usageIn.output_tokens !== "number") {
    throw new AnthropicConversionError("expected input_tokens and output_tokens", { where: "response.usage", pythonType: "TypeError" });
  }
  const blocks: unknown[] = response.content;
  const toolUses = blocks.filter((b) => typeOf(b) === "tool_use");
  const thinking = blocks.filter((b) => typeOf(b) === "thinking");
  const texts = blocks.filter((b) => typeOf(b) === "text");
  let content: string | FunctionCall[];
  let thought: string | null = null;
  if (toolUses.length > 0) {
    if (thinking.length > 0) thought = thinking.map((b) => textOf(b, "thinking")).join("");
    else if (texts.length > 0) thought = texts.map((b) => textOf(b, "text")).join("");
    content = toolUses.map((b) => {
      const tu = b as { id?: unknown; name?: unknown; input?: unknown };
      if (typeof tu.id !== "string" || typeof tu.name !== "string") {
        throw new AnthropicConversionError("a tool_use block needs a string id and name", { where: `response.content[${blocks.indexOf(b)}]`, pythonType: "TypeError" });
      }
      return { id: tu.id, arguments: toolInputArguments(tu.input), name: normalizeName(tu.name) };
    });
  } else {
    if (thinking.length > 0) thought = thinking.map((b) => textOf(b, "thinking")).join("");
    content = texts.map((b) => textOf(b, "text")).join("");
  }
  return {
    finish_reason: normalizeStopReason(response.stop_reason),
    content,
    usage: { prompt_tokens: usageIn.input_tokens, completion_tokens: usageIn.output_tokens },
    cached: false,
    logprobs: null,
    thought,
  };
}
