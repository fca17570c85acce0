/**
 * `openAIStreamToResult`: what AutoGen's `OpenAIChatCompletionClient.create_stream()` yields
 * for a streamed Chat Completions response: the text chunks, then the final `CreateResult`.
 */
import type { CreateResult, ChatCompletionTokenLogprob, FunctionCall } from "../../schemas/core.js";
import type { ModelInfo } from "../../schemas/model-info.js";
import { OpenAIConversionError } from "./errors.js";
import { effectiveModelInfo } from "./model-info.js";
import { normalizeStopReason, parseR1Content } from "./response-helpers.js";

/**
 * The parts of one `chat.completion.chunk` AutoGen reads.
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
      [extra: string]: unknown;
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

/**
 * Replays a streamed Chat Completions response the way AutoGen consumes it: reasoning deltas
 * wrapped in `<think>`/`</think>`, text deltas as they come (a chunk with text skips its
 * tool-call deltas), tool-call deltas concatenated per index (names not sanitised), usage from
 * the last chunk only. Returns the yielded strings and the final `CreateResult`.
 *
 * Throws {@link OpenAIConversionError} when the stream stops with `finish_reason: "function_call"`.
 *
 * @example
 * openAIStreamToResult(
 *   [{ choices: [{ delta: { content: "Hel" }, finish_reason: null }] }, { choices: [{ delta: { content: "lo" }, finish_reason: "stop" }] }],
 *   { model: "gpt-4o" },
 * );
 * // { chunks: ["Hel", "lo"], result: { finish_reason: "stop", content: "Hello", usage: { prompt_tokens: 0, completion_tokens: 0 }, cached: false, logprobs: null, thought: null } }
 */
export function openAIStreamToResult(
  chunks: Iterable<OpenAIChatCompletionChunk>,
  options: OpenAIStreamOptions,
): { chunks: string[]; result: CreateResult } {
  const modelInfo = effectiveModelInfo(options.model, options.modelInfo);
  const warn = options.onWarning ?? (() => {});
  const yielded: string[] = [];
  const contentDeltas: string[] = [];
  const thoughtDeltas: string[] = [];
  // A Map keeps first-seen order; a plain object would sort the integer indexes.
  const toolCalls = new Map<number, FunctionCall>();
  let logprobs: ChatCompletionTokenLogprob[] | null = null;
  let stopReason: string | null | undefined = null;
  let last: OpenAIChatCompletionChunk | undefined;
  let emptyCount = 0;
  let emptyWarned = false;
  let reasoning = false;

  for (const chunk of chunks) {
    last = chunk;
    if (chunk.choices.length === 0) {
      emptyCount++;
      if (!emptyWarned && emptyCount >= 10) {
        emptyWarned = true;
        warn("Received more than 10 consecutive empty chunks. Empty chunks are being ignored.");
      }
      continue;
    }
    emptyCount = 0;
    if (chunk.choices.length > 1) {
      warn(`Received a chunk with ${chunk.choices.length} choices. Only the first choice will be used.`);
    }
    const choice = chunk.choices[0]!;
    if ((chunk.usage === undefined || chunk.usage === null) && stopReason === null) stopReason = choice.finish_reason ?? null;
    let rc = choice.delta.reasoning_content ?? null;
    if (typeof rc === "string" && rc.length > 0) {
      if (!reasoning) {
        rc = "<think>" + rc;
        reasoning = true;
      }
      thoughtDeltas.push(rc);
      yielded.push(rc);
    } else if (rc === null && reasoning) {
      // An empty-string reasoning delta does not close the block; only its absence does.
      thoughtDeltas.push("</think>");
      reasoning = false;
      yielded.push("</think>");
    }
    const text = choice.delta.content;
    if (text) {
      contentDeltas.push(text);
      yielded.push(text);
      continue;
    }
    for (const tc of choice.delta.tool_calls ?? []) {
      let call = toolCalls.get(tc.index);
      if (!call) toolCalls.set(tc.index, (call = { id: "", arguments: "", name: "" }));
      if (tc.id !== undefined && tc.id !== null) call.id += tc.id;
      if (tc.function) {
        if (tc.function.name !== undefined && tc.function.name !== null) call.name += tc.function.name;
        if (tc.function.arguments !== undefined && tc.function.arguments !== null) call.arguments += tc.function.arguments;
      }
    }
    const lp = choice.logprobs?.content;
    if (lp && lp.length > 0) {
      logprobs = lp.map((x) => ({
        token: x.token,
        logprob: x.logprob,
        top_logprobs: (x.top_logprobs ?? []).map((y) => ({ logprob: y.logprob, bytes: y.bytes ?? null })),
        bytes: x.bytes ?? null,
      }));
    }
  }

  if (stopReason === "function_call") {
    throw new OpenAIConversionError("Function calls are not supported in this context");
  }
  const usage = {
    prompt_tokens: last?.usage ? (last.usage.prompt_tokens ?? 0) : 0,
    completion_tokens: last?.usage ? (last.usage.completion_tokens ?? 0) : 0,
  };
  let content: string | FunctionCall[];
  let thought: string | null = null;
  if (toolCalls.size > 0) {
    content = [...toolCalls.values()];
    if (contentDeltas.length > 0) thought = contentDeltas.join("");
  } else {
    if (contentDeltas.length > 0) content = contentDeltas.join("");
    else {
      warn("No text content or tool calls are available. Model returned empty result.");
      content = "";
    }
    if (thoughtDeltas.length > 0) {
      thought = stripCharSet(stripCharSet(thoughtDeltas.join(""), "<think>", "left"), "</think>", "right");
    }
    if (modelInfo.family === "r1" && thought === null) {
      const parsed = parseR1Content(content);
      if (parsed.warning) warn(parsed.warning);
      thought = parsed.thought;
      content = parsed.content;
    }
  }
  return {
    chunks: yielded,
    result: { finish_reason: normalizeStopReason(stopReason), content, usage, cached: false, logprobs, thought },
  };
}
