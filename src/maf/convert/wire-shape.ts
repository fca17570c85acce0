/**
 * The MAF contents and messages the AutoGen conversions build, as MAF 1.13's own constructors
 * make them and `to_dict()` writes them: MAF's key order, `None` fields omitted,
 * `additional_properties` always present. (`loadMaf` holds the same values; `dumpMaf` writes them.)
 */
import type { Content, UsageDetails } from "../content.js";
import type { Message } from "../message.js";

const props = (): Record<string, unknown> => ({});

/** `Content.from_text(text)`. */
export const textContent = (text: string): Content => ({ type: "text", text, additional_properties: props() }) as Content;

/** `Content.from_text_reasoning(text=…)`. */
export const reasoningContent = (text: string): Content => ({ type: "text_reasoning", text, additional_properties: props() }) as Content;

/** `Content.from_uri(data_uri)` for base64 data: `media_type` from the URI. */
export const dataContent = (uri: string, mediaType: string): Content => ({ type: "data", uri, media_type: mediaType, additional_properties: props() }) as Content;

/** `Content.from_function_call(call_id, name, arguments=<str>)`: the arguments text kept as is. */
export const functionCallContent = (callId: string, name: string, args: string): Content =>
  ({ type: "function_call", call_id: callId, name, arguments: args, additional_properties: props() }) as Content;

/**
 * `Content.from_function_result(call_id, result=<str>, exception=…)`: MAF wraps a string result
 * in one text item and copies the text items' text (joined with "\n", empty ones skipped) into
 * `result`; `exception` precedes `result` in MAF's key order.
 */
export const functionResultContent = (callId: string, text: string, exception: string | null): Content =>
  ({
    type: "function_result",
    call_id: callId,
    ...(exception === null ? {} : { exception }),
    result: text,
    items: [textContent(text)],
    additional_properties: props(),
  }) as Content;

/** `Content.from_usage(usage_details)`. */
export const usageContent = (usage: UsageDetails): Content => ({ type: "usage", usage_details: { ...usage }, additional_properties: props() }) as Content;

/** AutoGen `RequestUsage` as MAF `UsageDetails` (the total is the sum, as providers report it). */
export const usageDetails = (prompt: number, completion: number): UsageDetails => ({
  input_token_count: prompt,
  output_token_count: completion,
  total_token_count: prompt + completion,
});

/** `Message(role, contents, author_name=…, message_id=…)`. */
export function messageOf(role: string, contents: Content[], authorName: string | null, messageId: string | null): Message {
  return {
    type: "message",
    role,
    contents,
    ...(authorName === null ? {} : { author_name: authorName }),
    ...(messageId === null ? {} : { message_id: messageId }),
    additional_properties: props(),
  };
}
