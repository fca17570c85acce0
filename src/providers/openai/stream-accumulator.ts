/**
 * `OpenAIStreamAccumulator`: AutoGen's `create_stream()` chunk loop, one chunk at a time, so
 * it can run on a live stream (the drivers are in `stream-to-result.ts`).
 */
import type { ChatCompletionTokenLogprob, CreateResult, FunctionCall } from "../../schemas/core.js";
import type { ModelInfo } from "../../schemas/model-info.js";
import { OpenAIConversionError } from "./errors.js";
import { effectiveModelInfo } from "./model-info.js";
import { normalizeStopReason, parseR1Content } from "./response-helpers.js";

/**
 * The parts of one `chat.completion.chunk` AutoGen reads (the OpenAI SDK's
 * `ChatCompletionChunk` fits; `reasoning_content` is what DeepSeek-style servers add).
 *
 * @example const c: OpenAIChatCompletionChunk = { model: "gpt-4o", choices: [{ delta: { content: "Hi" }, finish_reason: null }] };
 */
export interface OpenAIChatCompletionChunk {
  model?: string;
  choices: Array<{
    delta: {
      content?: string | null;
      reasoning_content?: string | null;
      tool_calls?: Array<{ index: number; id?: string | null; function?: { name?: string | null; arguments?: string | null } | null }> | null;
    };
    finish_reason?: string | null;
    logprobs?: {
      content?: Array<{ token: string; logprob: number; bytes?: number[] | null; top_logprobs?: Array<{ logprob: number; bytes?: number[] | null }> }> | null;
    } | null;
  }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
}

/**
 * Client settings for a stream (`includeUsage` only changes the request upstream, so it is
 * accepted and ignored here).
 *
 * @example const o: OpenAIStreamOptions = { model: "gpt-4o" };
 */
export interface OpenAIStreamOptions {
  /** The model name given to the client. */
  model: string;
  /** The client's `model_info`; defaults to AutoGen's entry for `model`. */
  modelInfo?: ModelInfo;
  /** `create_stream(include_usage=…)`: affects only the request upstream. */
  includeUsage?: boolean;
  /** Receives the text of each warning AutoGen would emit. */
  onWarning?: (message: string) => void;
}

// Python's str.lstrip(chars)/rstrip(chars) take a character *set*, not a prefix: AutoGen's
// `lstrip("<think>")` also eats a thought's leading "t", "h", "i", "n", "k".
function stripCharSet(s: string, chars: string, side: "left" | "right"): string {
  let start = 0;
  let end = s.length;
  if (side === "left") while (start < end && chars.includes(s[start]!)) start++;
  else while (end > start && chars.includes(s[end - 1]!)) end--;
  return s.slice(start, end);
}

const EMPTY_CHUNK_WARNING_THRESHOLD = 10;

/**
 * Consumes a streamed Chat Completions response chunk by chunk the way AutoGen's
 * `create_stream()` does: {@link OpenAIStreamAccumulator.push} returns the strings AutoGen
 * yields for that chunk (reasoning deltas wrapped in `<think>`/`</think>`, text deltas; a
 * chunk with text skips its tool-call deltas), {@link OpenAIStreamAccumulator.finish} the
 * final `CreateResult` (tool-call deltas concatenated per index with names not sanitised,
 * usage from the last chunk only, R1 `<think>` parsing).
 *
 * @example
 * const acc = new OpenAIStreamAccumulator({ model: "gpt-4o" });
 * acc.push({ choices: [{ delta: { content: "Hel" }, finish_reason: null }] }); // ["Hel"]
 * acc.push({ choices: [{ delta: { content: "lo" }, finish_reason: "stop" }] }); // ["lo"]
 * acc.finish().content; // "Hello"
 */
export class OpenAIStreamAccumulator {
  readonly #modelInfo: ModelInfo;
  readonly #warn: (message: string) => void;
  readonly #contentDeltas: string[] = [];
  readonly #thoughtDeltas: string[] = [];
  // A Map keeps first-seen order; a plain object would sort the integer indexes.
  readonly #toolCalls = new Map<number, FunctionCall>();
  #logprobs: ChatCompletionTokenLogprob[] | null = null;
  #stopReason: string | null = null;
  #last: OpenAIChatCompletionChunk | undefined;
  #count = 0;
  #emptyCount = 0;
  #emptyWarned = false;
  #reasoning = false;
  #finished = false;

  /**
   * Resolves the model info at once (an unknown model without `modelInfo` throws here, as
   * constructing AutoGen's client does).
   *
   * @example new OpenAIStreamAccumulator({ model: "deepseek-r1", modelInfo: { vision: false, function_calling: true, json_output: true, family: "r1" } })
   */
  constructor(options: OpenAIStreamOptions) {
    this.#warn = options.onWarning ?? (() => {});
    this.#modelInfo = effectiveModelInfo(options.model, options.modelInfo, this.#warn);
  }

  /**
   * Takes the next chunk; returns what AutoGen yields for it, in order (often nothing).
   * Throws {@link OpenAIConversionError} (path `chunks[i]…`) for a chunk without a `choices`
   * list, and after {@link OpenAIStreamAccumulator.finish}.
   *
   * @example new OpenAIStreamAccumulator({ model: "gpt-4o" }).push({ choices: [{ delta: { content: "Hi" } }] }) // ["Hi"]
   */
  push(chunk: OpenAIChatCompletionChunk): string[] {
    const at = `chunks[${this.#count++}]`;
    if (this.#finished) throw new OpenAIConversionError("the stream is already finished", "ValueError", at);
    if (chunk === null || typeof chunk !== "object" || !Array.isArray(chunk.choices)) {
      throw new OpenAIConversionError("expected a chat.completion.chunk with a choices list", "TypeError", at);
    }
    this.#last = chunk;
    if (chunk.choices.length === 0) {
      this.#emptyCount++;
      if (!this.#emptyWarned && this.#emptyCount >= EMPTY_CHUNK_WARNING_THRESHOLD) {
        this.#emptyWarned = true;
        this.#warn(`Received more than ${EMPTY_CHUNK_WARNING_THRESHOLD} consecutive empty chunks. Empty chunks are being ignored.`);
      }
      return [];
    }
    this.#emptyCount = 0;
    if (chunk.choices.length > 1) {
      this.#warn(`Received a chunk with ${chunk.choices.length} choices. Only the first choice will be used.`);
    }
    const choice = chunk.choices[0]!;
    const delta = choice.delta ?? {};
    const yielded: string[] = [];
    // The usage chunk some servers send after the last choice must not reset the stop reason.
    if ((chunk.usage === undefined || chunk.usage === null) && this.#stopReason === null) this.#stopReason = choice.finish_reason ?? null;
    let rc = delta.reasoning_content ?? null;
    if (typeof rc === "string" && rc.length > 0) {
      if (!this.#reasoning) {
        rc = "<think>" + rc;
        this.#reasoning = true;
      }
      this.#thoughtDeltas.push(rc);
      yielded.push(rc);
    } else if (rc === null && this.#reasoning) {
      // An empty-string reasoning delta does not close the block; only its absence does.
      this.#thoughtDeltas.push("</think>");
      this.#reasoning = false;
      yielded.push("</think>");
    }
    const text = delta.content;
    if (text) {
      this.#contentDeltas.push(text);
      yielded.push(text);
      return yielded;
    }
    for (const tc of delta.tool_calls ?? []) {
      let call = this.#toolCalls.get(tc.index);
      if (!call) this.#toolCalls.set(tc.index, (call = { id: "", arguments: "", name: "" }));
      if (tc.id !== undefined && tc.id !== null) call.id += tc.id;
      if (tc.function) {
        if (tc.function.name !== undefined && tc.function.name !== null) call.name += tc.function.name;
        if (tc.function.arguments !== undefined && tc.function.arguments !== null) call.arguments += tc.function.arguments;
      }
    }
    const lp = choice.logprobs?.content;
    if (lp && lp.length > 0) {
      this.#logprobs = lp.map((x) => ({
        token: x.token,
        logprob: x.logprob,
        top_logprobs: (x.top_logprobs ?? []).map((y) => ({ logprob: y.logprob, bytes: y.bytes ?? null })),
        bytes: x.bytes ?? null,
      }));
    }
    return yielded;
  }

  /**
   * Ends the stream and returns AutoGen's final `CreateResult`. Throws
   * {@link OpenAIConversionError} when the stream stopped with `finish_reason: "function_call"`.
   *
   * @example new OpenAIStreamAccumulator({ model: "gpt-4o" }).finish().content // "" (with AutoGen's "No text content" warning)
   */
  finish(): CreateResult {
    if (this.#finished) throw new OpenAIConversionError("the stream is already finished");
    this.#finished = true;
    if (this.#stopReason === "function_call") {
      throw new OpenAIConversionError("Function calls are not supported in this context");
    }
    const usage = this.#last?.usage;
    let content: string | FunctionCall[];
    let thought: string | null = null;
    if (this.#toolCalls.size > 0) {
      content = [...this.#toolCalls.values()].map((c) => ({ ...c }));
      if (this.#contentDeltas.length > 0) thought = this.#contentDeltas.join("");
    } else {
      if (this.#contentDeltas.length > 0) content = this.#contentDeltas.join("");
      else {
        this.#warn("No text content or tool calls are available. Model returned empty result.");
        content = "";
      }
      if (this.#thoughtDeltas.length > 0) {
        thought = stripCharSet(stripCharSet(this.#thoughtDeltas.join(""), "<think>", "left"), "</think>", "right");
      }
      if (this.#modelInfo.family === "r1" && thought === null) {
        const parsed = parseR1Content(content);
        if (parsed.warning) this.#warn(parsed.warning);
        thought = parsed.thought;
        content = parsed.content;
      }
    }
    return {
      finish_reason: normalizeStopReason(this.#stopReason),
      content,
      usage: { prompt_tokens: usage ? (usage.prompt_tokens ?? 0) : 0, completion_tokens: usage ? (usage.completion_tokens ?? 0) : 0 },
      cached: false,
      logprobs: this.#logprobs,
      thought,
    };
  }
}
