/**
 * Type test (run by `npm run typecheck`, not by vitest): the shapes this package produces and
 * accepts must fit the real `@anthropic-ai/sdk` types, so a drift on either side fails tsc.
 */
import type {
  Message,
  MessageCreateParamsNonStreaming,
  MessageCreateParamsStreaming,
  MessageParam,
  RawMessageStreamEvent,
  Tool,
  ToolChoice,
} from "@anthropic-ai/sdk/resources/messages";
import {
  AnthropicStreamAccumulator,
  anthropicStream,
  fromAnthropicResponse,
  toAnthropicMessages,
  toAnthropicRequest,
  type AnthropicRequest,
  type AnthropicResponse,
  type AnthropicStreamEvent,
} from "../../../src/providers/anthropic/index.js";

const options = { model: "claude-3-5-sonnet-20241022" };

// Requests: every message, block, system prompt and tool choice is an SDK request parameter.
const converted = toAnthropicMessages([{ type: "UserMessage", source: "u", content: "Hi" }], options);
export const messages: MessageParam[] = converted.messages;
export const system: string | undefined = converted.system;

const request: AnthropicRequest = toAnthropicRequest([{ type: "UserMessage", source: "u", content: "Hi" }], options);
const { tools, ...rest } = toAnthropicRequest([{ type: "UserMessage", source: "u", content: "Hi" }], options);
export const nonStreaming = rest satisfies MessageCreateParamsNonStreaming;
const { tools: _t, ...streamed } = toAnthropicRequest([{ type: "UserMessage", source: "u", content: "Hi" }], { ...options, stream: true });
export const streaming = streamed satisfies MessageCreateParamsStreaming;
export const choice: ToolChoice | undefined = request.tool_choice;

// AutoGen sends `input_schema: {}` for a tool without parameters, which the SDK's Tool type
// (type: "object" required) does not allow: the one known difference, kept visible here.
// @ts-expect-error input_schema.type is optional in AutoGen's tools
export const sdkTools: Tool[] | undefined = tools;

// Responses and stream events: what the SDK returns can be passed in as is.
declare const message: Message;
declare const event: RawMessageStreamEvent;
declare const events: AsyncIterable<RawMessageStreamEvent>;
export const response: AnthropicResponse = message;
export const streamEvent: AnthropicStreamEvent = event;
export const result = fromAnthropicResponse(message, options);
export const pushed: string[] = new AnthropicStreamAccumulator(options).push(event);
export const live = anthropicStream(events, options);
