/**
 * `fromOpenAIResponse`: the `CreateResult` AutoGen's `OpenAIChatCompletionClient.create()`
 * returns for a (non-streamed) Chat Completions response body.
 */
import type { ChatCompletionTokenLogprob, CreateResult, FunctionCall } from "../../schemas/core.js";
import type { ModelInfo } from "../../schemas/model-info.js";
import { OpenAIConversionError } from "./errors.js";
import { effectiveModelInfo, resolveOpenAIModel } from "./model-info.js";
import * as json from "../../python/json.js";
import { normalizeStopReason, normalizeToolName, parseR1Content } from "./response-helpers.js";

/**
 * The parts of a Chat Completions response body AutoGen reads (the OpenAI SDK's
 * `ChatCompletion` fits).
 *
 * @example const r: OpenAIChatCompletion = { model: "gpt-4o", choices: [{ message: { content: "Hi" }, finish_reason: "stop" }] };
 */
export interface OpenAIChatCompletion {
  model?: string;
  choices: Array<{
    message: {
      content?: string | null;
      // `function` is absent only on the SDK's newer custom tool calls, which AutoGen never asks for.
      tool_calls?: Array<{ id: string; function?: { name: string; arguments: unknown } }> | null;
      function_call?: unknown;
      // An extra field some OpenAI-compatible servers (DeepSeek, vLLM) add.
      reasoning_content?: string | null;
    };
    finish_reason?: string | null;
    logprobs?: {
      content?: Array<{
        token: string;
        logprob: number;
        bytes?: number[] | null;
        top_logprobs?: Array<{ logprob: number; bytes?: number[] | null }>;
      }> | null;
    } | null;
  }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
}

/**
 * Client settings that shape the result: the model (its family decides R1 `<think>` parsing)
 * and an optional sink for the warnings AutoGen emits.
 *
 * @example const o: FromOpenAIResponseOptions = { model: "deepseek-r1", modelInfo: { vision: false, function_calling: true, json_output: true, family: "r1" } };
 */
export interface FromOpenAIResponseOptions {
  /** The model name given to the client. */
  model: string;
  /** The client's `model_info`; defaults to AutoGen's entry for `model`. */
  modelInfo?: ModelInfo;
  /** Receives the text of each warning AutoGen would emit with `warnings.warn`. */
  onWarning?: (message: string) => void;
}

function toolCallsResult(
  calls: NonNullable<OpenAIChatCompletion["choices"][number]["message"]["tool_calls"]>,
  warn: (m: string) => void,
): FunctionCall[] {
  return calls.map((tc, i) => {
    if (!tc.function) {
      throw new OpenAIConversionError("expected a function tool call", "TypeError", `choices[0].message.tool_calls[${i}]`);
    }
    let args = tc.function.arguments;
    if (typeof args !== "string") {
      // Upstream prints the value with Python's repr; JSON is the closest portable spelling.
      warn(
        `Tool call function arguments field is not a string: ${JSON.stringify(args)}.` +
          "This is unexpected and may due to the API used not returning the correct type. " +
          "Attempting to convert it to string.",
      );
      // Upstream converts only dicts; other values pass through unchanged.
      if (args !== null && typeof args === "object" && !Array.isArray(args)) args = dumpArguments(args, i);
    }
    return { id: tc.id, arguments: args as string, name: normalizeToolName(tc.function.name) };
  });
}

/** Python's `json.dumps(arguments)`; a value JSON cannot hold raises TypeError, as in Python. */
function dumpArguments(args: object, i: number): string {
  try {
    return json.dumps(args);
  } catch (e) {
    if (!(e instanceof json.PyJsonError)) throw e;
    throw new OpenAIConversionError(e.message, "TypeError", `choices[0].message.tool_calls[${i}].function.arguments`);
  }
}

function logprobsOf(choice: OpenAIChatCompletion["choices"][number]): ChatCompletionTokenLogprob[] | null {
  const content = choice.logprobs?.content;
  // Python tests truthiness: an empty list gives null too.
  if (!content || content.length === 0) return null;
  return content.map((x) => ({
    token: x.token,
    logprob: x.logprob,
    top_logprobs: (x.top_logprobs ?? []).map((y) => ({ logprob: y.logprob, bytes: y.bytes ?? null })),
    bytes: x.bytes ?? null,
  }));
}

/**
 * Converts a Chat Completions response into AutoGen's `CreateResult`: tool calls become
 * `FunctionCall`s with sanitised names and `finish_reason: "function_calls"` (any text goes
 * to `thought`); otherwise the text (null → `""`), `reasoning_content` as thought, and for
 * family `r1` the `<think>…</think>` split. Missing usage counts are 0.
 *
 * Throws {@link OpenAIConversionError} for a deprecated `function_call` reply, as AutoGen does.
 *
 * @example
 * fromOpenAIResponse(
 *   { choices: [{ message: { content: "Hi" }, finish_reason: "stop" }], usage: { prompt_tokens: 3, completion_tokens: 1 } },
 *   { model: "gpt-4o" },
 * );
 * // { finish_reason: "stop", content: "Hi", usage: { prompt_tokens: 3, completion_tokens: 1 }, cached: false, logprobs: null, thought: null }
 */
export function fromOpenAIResponse(response: OpenAIChatCompletion, options: FromOpenAIResponseOptions): CreateResult {
  const modelInfo = effectiveModelInfo(options.model, options.modelInfo, options.onWarning);
  if (response === null || typeof response !== "object" || !Array.isArray(response.choices)) {
    throw new OpenAIConversionError("expected a chat.completion with a choices list", "TypeError", "choices");
  }
  const warn = options.onWarning ?? (() => {});
  const usage = {
    prompt_tokens: response.usage?.prompt_tokens ?? 0,
    completion_tokens: response.usage?.completion_tokens ?? 0,
  };
  const resolved = resolveOpenAIModel(options.model);
  if (typeof response.model === "string" && response.model !== resolved) {
    warn(
      `Resolved model mismatch: ${resolved} != ${response.model}. ` +
        "Model mapping in autogen_ext.models.openai may be incorrect. " +
        `Set the model to ${response.model} to enhance token/cost estimation and suppress this warning.`,
    );
  }
  const choice = response.choices[0];
  if (!choice) throw new OpenAIConversionError("list index out of range", "IndexError");
  const message = choice.message;
  if (message === null || typeof message !== "object") throw new OpenAIConversionError("expected a message object", "TypeError", "choices[0].message");
  let content: string | FunctionCall[];
  let thought: string | null = null;
  let finishReason: string | null | undefined;
  if (message.function_call !== undefined && message.function_call !== null) {
    throw new OpenAIConversionError("function_call is deprecated and is not supported by this model client.");
  } else if (message.tool_calls && message.tool_calls.length > 0) {
    if (choice.finish_reason !== "tool_calls") {
      warn(
        `Finish reason mismatch: ${choice.finish_reason ?? "None"} != tool_calls when tool_calls are present. ` +
          "Finish reason may not be accurate. " +
          "This may be due to the API used that is not returning the correct finish reason.",
      );
    }
    if (message.content !== undefined && message.content !== null && message.content !== "") thought = message.content;
    content = toolCallsResult(message.tool_calls, warn);
    finishReason = "tool_calls";
  } else {
    finishReason = choice.finish_reason;
    content = message.content || "";
    // `reasoning_content` is an extra field some OpenAI-compatible servers add (DeepSeek, vLLM).
    if (message.reasoning_content !== undefined && message.reasoning_content !== null) thought = message.reasoning_content;
  }
  if (typeof content === "string" && modelInfo.family === "r1" && thought === null) {
    const parsed = parseR1Content(content);
    if (parsed.warning) warn(parsed.warning);
    thought = parsed.thought;
    content = parsed.content;
  }
  return {
    finish_reason: normalizeStopReason(finishReason),
    content,
    usage,
    cached: false,
    logprobs: logprobsOf(choice),
    thought,
  };
}
