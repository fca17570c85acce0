/**
 * What AutoGen's `AnthropicChatCompletionClient.create_stream()` yields for a streamed Messages
 * API response: text and thinking chunks as they arrive, then the final `CreateResult`.
 */
import type { CreateResult, FunctionCall } from "../../schemas/core.js";
import { AnthropicConversionError, withJsonErrors } from "./errors.js";
import { pyStrip } from "../../python/str.js";
import { normalizeName, normalizeStopReason } from "./helpers.js";
import { anthropicModelInfo } from "./model-info.js";
import * as json from "../../python/json.js";
import type { FromAnthropicOptions } from "./from-anthropic-response.js";
import type { AnthropicStreamEvent } from "./types.js";

interface ToolCallState {
  id: string;
  name: string;
  input: string;
  partial: string | undefined;
}

type Loose = Record<string, unknown>;

function obj(v: unknown): Loose | undefined {
  return v !== null && typeof v === "object" ? (v as Loose) : undefined;
}

/**
 * The final `arguments` of a streamed tool call: text that looks like an object (`{…}` once
 * stripped) and parses is re-written with Python's `json.dumps`; anything else is kept as sent.
 */
function streamedArguments(input: string): string {
  const t = pyStrip(input);
  if (!(t.startsWith("{") && t.endsWith("}"))) return input;
  try {
    return withJsonErrors(() => json.dumps(json.loads(input)));
  } catch (e) {
    if (e instanceof json.JSONDecodeError) return input;
    throw e;
  }
}

/**
 * The incremental form of {@link anthropicStreamToResult}, for a live stream: `push` each
 * event's parsed `data` as it arrives and forward the strings it returns (what AutoGen yields:
 * text and thinking deltas alike, empty ones skipped); `finish` returns the final
 * `CreateResult` once the stream has ended.
 *
 * Usage: `input_tokens` from `message_start`, `output_tokens` from the last `message_delta`.
 * Tool calls: keyed by id in arrival order; input is `json.dumps(content_block.input)` unless
 * `input_json_delta`s arrived before the block's `content_block_stop`, then their concatenation
 * (re-written with `json.dumps` when it is an object). `ping`, `message_stop`, signatures and
 * unknown events are ignored; an `error` event throws {@link AnthropicConversionError}, as the
 * SDK raises `APIStatusError`.
 *
 * @example
 * const acc = new AnthropicStreamAccumulator({ model: "claude-3-5-sonnet-20241022" });
 * acc.push({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hi" } }); // ["Hi"]
 * acc.finish().content; // "Hi"
 */
export class AnthropicStreamAccumulator {
  private readonly text: string[] = [];
  private readonly thinking: string[] = [];
  private readonly tools = new Map<string, ToolCallState>();
  private current: string | null = null;
  private inputTokens = 0;
  private outputTokens = 0;
  private stopReason: string | null = null;

  constructor(options: FromAnthropicOptions) {
    anthropicModelInfo(options.model, options.modelInfo, options.onWarning);
  }

  /**
   * Takes one event's `data` object; returns the strings AutoGen yields for it (zero or one).
   *
   * @example new AnthropicStreamAccumulator({ model: "claude-3-5-sonnet-20241022" }).push({ type: "ping" }) // []
   */
  push(event: AnthropicStreamEvent): string[] {
    const e = obj(event);
    if (!e) throw new AnthropicConversionError("a stream event must be an object", { where: "event", pythonType: "TypeError" });
    switch (e.type) {
      case "content_block_start": {
        const block = obj(e.content_block);
        if (block?.type === "tool_use") {
          const { id, name } = block;
          if (typeof id !== "string" || typeof name !== "string") {
            throw new AnthropicConversionError("a tool_use block needs a string id and name", { where: "content_block_start", pythonType: "TypeError" });
          }
          this.current = id;
          this.tools.set(id, { id, name, input: withJsonErrors(() => json.dumps(block.input)), partial: "" });
        }
        return [];
      }
      case "content_block_delta": {
        const delta = obj(e.delta);
        if (delta?.type === "text_delta" && typeof delta.text === "string") {
          this.text.push(delta.text);
          return delta.text ? [delta.text] : [];
        }
        if (delta?.type === "thinking_delta" && typeof delta.thinking === "string") {
          this.thinking.push(delta.thinking);
          return delta.thinking ? [delta.thinking] : [];
        }
        if (delta?.type === "input_json_delta" && this.current !== null && typeof delta.partial_json === "string") {
          const tool = this.tools.get(this.current)!;
          tool.partial = (tool.partial ?? "") + delta.partial_json;
        }
        return [];
      }
      case "content_block_stop": {
        if (this.current !== null) {
          const tool = this.tools.get(this.current)!;
          if (tool.partial) tool.input = tool.partial;
          tool.partial = undefined;
        }
        this.current = null;
        return [];
      }
      case "message_delta": {
        const reason = obj(e.delta)?.stop_reason;
        if (typeof reason === "string" && reason) this.stopReason = reason;
        const usage = obj(e.usage);
        if (usage && typeof usage.output_tokens === "number") this.outputTokens = usage.output_tokens;
        return [];
      }
      case "message_start": {
        const usage = obj(obj(e.message)?.usage);
        if (usage && typeof usage.input_tokens === "number") this.inputTokens = usage.input_tokens;
        if (usage && typeof usage.output_tokens === "number") this.outputTokens = usage.output_tokens;
        return [];
      }
      case "error": {
        const err = obj(e.error);
        const message = typeof err?.message === "string" ? err.message : JSON.stringify(e.error ?? null);
        throw new AnthropicConversionError(message, { pythonType: "APIStatusError", where: `stream error${typeof err?.type === "string" ? ` (${err.type})` : ""}` });
      }
      default:
        return [];
    }
  }

  /**
   * The final `CreateResult`: with tool calls, their `FunctionCall`s (names sanitised) and as
   * thought the joined thinking, or failing that the joined text; otherwise the joined text and
   * the joined thinking (null when there was none).
   *
   * @example new AnthropicStreamAccumulator({ model: "claude-3-5-sonnet-20241022" }).finish().finish_reason // "unknown"
   */
  finish(): CreateResult {
    let content: string | FunctionCall[];
    let thought: string | null = null;
    if (this.tools.size > 0) {
      if (this.thinking.length > 0) thought = this.thinking.join("");
      else if (this.text.length > 0) thought = this.text.join("");
      content = [...this.tools.values()].map((t) => ({ id: t.id, arguments: streamedArguments(t.input), name: normalizeName(t.name) }));
    } else {
      if (this.thinking.length > 0) thought = this.thinking.join("");
      content = this.text.join("");
    }
    return {
      finish_reason: normalizeStopReason(this.stopReason),
      content,
      usage: { prompt_tokens: this.inputTokens, completion_tokens: this.outputTokens },
      cached: false,
      logprobs: null,
      thought,
    };
  }
}

/**
 * Replays a whole streamed response: the strings AutoGen's `create_stream()` yields before its
 * final item (`chunks`), and that final `CreateResult` (`result`). `events` are the parsed
 * `data` objects of the server-sent events, in order (built on {@link AnthropicStreamAccumulator}).
 *
 * @example
 * anthropicStreamToResult(
 *   [
 *     { type: "message_start", message: { usage: { input_tokens: 5, output_tokens: 1 } } },
 *     { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hi" } },
 *     { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 2 } },
 *   ],
 *   { model: "claude-3-5-sonnet-20241022" },
 * );
 * // { chunks: ["Hi"], result: { finish_reason: "stop", content: "Hi", usage: { prompt_tokens: 5, completion_tokens: 2 }, cached: false, logprobs: null, thought: null } }
 */
export function anthropicStreamToResult(
  events: Iterable<AnthropicStreamEvent>,
  options: FromAnthropicOptions,
): { chunks: string[]; result: CreateResult } {
  const acc = new AnthropicStreamAccumulator(options);
  const chunks: string[] = [];
  for (const event of events) chunks.push(...acc.push(event));
  return { chunks, result: acc.finish() };
}

/**
 * `create_stream()` over a live event stream (for example the `@anthropic-ai/sdk` stream of
 * `messages.create({ …, stream: true })`): yields each string as its event arrives, then the
 * final `CreateResult`.
 *
 * @example
 * for await (const item of anthropicStream(sdkStream, { model: "claude-3-5-sonnet-20241022" })) {
 *   if (typeof item === "string") process.stdout.write(item);
 *   else console.log(item.usage);
 * }
 */
export async function* anthropicStream(
  events: AsyncIterable<AnthropicStreamEvent> | Iterable<AnthropicStreamEvent>,
  options: FromAnthropicOptions,
): AsyncGenerator<string | CreateResult, void, undefined> {
  const acc = new AnthropicStreamAccumulator(options);
  for await (const event of events) yield* acc.push(event);
  yield acc.finish();
}
