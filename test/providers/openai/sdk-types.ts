/**
 * Compile-time check against the real `openai` SDK types (run by `npm run typecheck`, not by
 * vitest): what the converters build must be assignable to what the SDK accepts, and what the
 * SDK returns must be accepted by the response converters. A drift on either side fails tsc.
 */
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
  ChatCompletionToolChoiceOption,
} from "openai/resources/chat/completions";
import {
  OpenAIStreamAccumulator,
  fromOpenAIResponse,
  openAIStreamToResult,
  streamOpenAI,
  toOpenAIMessages,
  toOpenAIRequest,
  toOpenAIToolChoice,
  toOpenAITools,
  type OpenAIAssistantMessage,
  type OpenAIChatCompletionRequest,
  type OpenAIImagePart,
  type OpenAIMessageParam,
  type OpenAISystemMessage,
  type OpenAITool,
  type OpenAIToolChoice,
  type OpenAIToolMessage,
  type OpenAIUserMessage,
} from "../../../src/providers/openai/index.js";
import type { LLMMessage } from "../../../src/schemas/llm-messages.js";

declare const messages: LLMMessage[];

// Request side: our values → the SDK's parameter types.
export const params: ChatCompletionMessageParam[] = toOpenAIMessages(messages, { model: "gpt-4o" });
export const each: ChatCompletionMessageParam = {} as OpenAIMessageParam;
export const system: ChatCompletionMessageParam = {} as OpenAISystemMessage;
export const user: ChatCompletionMessageParam = {} as OpenAIUserMessage;
export const assistant: ChatCompletionMessageParam = {} as OpenAIAssistantMessage;
export const tool: ChatCompletionMessageParam = {} as OpenAIToolMessage;
export const body: ChatCompletionCreateParamsNonStreaming = toOpenAIRequest(messages, { model: "gpt-4o", tools: [{ name: "search" }] });
export const streamBody: ChatCompletionCreateParamsStreaming = toOpenAIRequest(messages, { model: "gpt-4o", stream: true, includeUsage: true });
export const anyBody: ChatCompletionCreateParamsNonStreaming | ChatCompletionCreateParamsStreaming = {} as OpenAIChatCompletionRequest as
  | OpenAIChatCompletionRequest<false>
  | OpenAIChatCompletionRequest<true>;
export const tools: ChatCompletionTool[] = toOpenAITools([{ name: "search" }]);
export const oneTool: ChatCompletionTool = {} as OpenAITool;
export const choice: ChatCompletionToolChoiceOption = toOpenAIToolChoice("auto");
export const anyChoice: ChatCompletionToolChoiceOption = {} as OpenAIToolChoice;

// The overloads keep `stream` exact, so a streamed body is not taken for a non-streamed one.
// @ts-expect-error stream: true is not a ChatCompletionCreateParamsNonStreaming
export const wrongKind: ChatCompletionCreateParamsNonStreaming = toOpenAIRequest(messages, { model: "gpt-4o", stream: true });
// The check is live: a part the SDK does not know is refused.
// @ts-expect-error "image" is not an image_url part type
export const wrongPart: ChatCompletionMessageParam = { role: "user", content: [{ type: "image", image_url: {} as OpenAIImagePart["image_url"] }] };

// Response side: the SDK's values → our converters.
declare const completion: ChatCompletion;
declare const chunk: ChatCompletionChunk;
declare const chunks: ChatCompletionChunk[];
declare const live: AsyncIterable<ChatCompletionChunk>;
export const result = fromOpenAIResponse(completion, { model: "gpt-4o" });
export const pushed: string[] = new OpenAIStreamAccumulator({ model: "gpt-4o" }).push(chunk);
export const replayed = openAIStreamToResult(chunks, { model: "gpt-4o" });
export const streamed = streamOpenAI(live, { model: "gpt-4o" });
