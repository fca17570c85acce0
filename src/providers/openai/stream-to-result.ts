/**
 * What AutoGen's `OpenAIChatCompletionClient.create_stream()` yields for a streamed Chat
 * Completions response: all at once (`openAIStreamToResult`) or live (`streamOpenAI`).
 */
import type { CreateResult } from "../../schemas/core.js";
import { OpenAIStreamAccumulator, type OpenAIChatCompletionChunk, type OpenAIStreamOptions } from "./stream-accumulator.js";

/**
 * Replays a whole streamed Chat Completions response the way AutoGen consumes it (see
 * {@link OpenAIStreamAccumulator}). Returns the yielded strings and the final `CreateResult`.
 *
 * Throws `OpenAIConversionError` when the stream stops with `finish_reason: "function_call"`.
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
  const acc = new OpenAIStreamAccumulator(options);
  const yielded: string[] = [];
  for (const chunk of chunks) yielded.push(...acc.push(chunk));
  return { chunks: yielded, result: acc.finish() };
}

/**
 * AutoGen's `create_stream()` over a live stream: yields each string as its chunk arrives,
 * then the final `CreateResult` (the OpenAI SDK's `client.chat.completions.create({ ...body,
 * stream: true })` is such an iterable).
 *
 * @example
 * const stream = await client.chat.completions.create(toOpenAIRequest(messages, { model: "gpt-4o", stream: true }));
 * for await (const item of streamOpenAI(stream, { model: "gpt-4o" })) {
 *   if (typeof item === "string") process.stdout.write(item);
 *   else console.log(item.finish_reason, item.usage);
 * }
 */
export async function* streamOpenAI(
  chunks: AsyncIterable<OpenAIChatCompletionChunk> | Iterable<OpenAIChatCompletionChunk>,
  options: OpenAIStreamOptions,
): AsyncGenerator<string | CreateResult, void, undefined> {
  const acc = new OpenAIStreamAccumulator(options);
  for await (const chunk of chunks) yield* acc.push(chunk);
  yield acc.finish();
}
