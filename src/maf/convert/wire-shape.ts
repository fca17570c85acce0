/**
 * The MAF contents and messages the AutoGen conversions build, as MAF 1.13's own constructors
 * make them and `to_dict()` writes them: MAF's key order, `None` fields omitted,
 * `additional_properties` always present. The key orders are fields.ts's (the one home); this
 * module only says which fields each constructor sets. (`loadMaf` holds the same values; `dumpMaf` writes them.)
 */
import type { Content, UsageDetails } from "../content.js";
import { CONTENT_FIELDS, MESSAGE_FIELDS, type ContentType } from "../fields.js";
import type { Message } from "../message.js";

const props = (): Record<string, unknown> => ({});

type ContentField = (typeof CONTENT_FIELDS)[number];

/**
 * A `Content` of `type` with `fields` written in `to_dict()`'s order, which fields.ts holds (not
 * in the order given here); undefined fields are left out, as MAF omits `None`.
 */
function contentOf(type: ContentType, fields: Partial<Record<ContentField, unknown>>): Content {
  const out: Record<string, unknown> = { type };
  for (const f of CONTENT_FIELDS) if (fields[f] !== undefined) out[f] = fields[f];
  return out as unknown as Content;
}

/** `Content.from_text(text)`. */
export const textContent = (text: string): Content => contentOf("text", { text, additional_properties: props() });

/** `Content.from_text_reasoning(text=…)`. */
export const reasoningContent = (text: string): Content => contentOf("text_reasoning", { text, additional_properties: props() });

/** `Content.from_uri(data_uri)` for base64 data: `media_type` from the URI. */
export const dataContent = (uri: string, mediaType: string): Content => contentOf("data", { uri, media_type: mediaType, additional_properties: props() });

/** `Content.from_function_call(call_id, name, arguments=<str>)`: the arguments text kept as is. */
export const functionCallContent = (callId: string, name: string, args: string): Content =>
  contentOf("function_call", { call_id: callId, name, arguments: args, additional_properties: props() });

/**
 * `Content.from_function_result(call_id, result=<str>, exception=…)`: MAF wraps a string result
 * in one text item and copies the text items' text (joined with "\n", empty ones skipped) into
 * `result`.
 */
export const functionResultContent = (callId: string, text: string, exception: string | null): Content =>
  contentOf("function_result", { call_id: callId, exception: exception ?? undefined, result: text, items: [textContent(text)], additional_properties: props() });

/** `Content.from_usage(usage_details)`. */
export const usageContent = (usage: UsageDetails): Content => contentOf("usage", { usage_details: { ...usage }, additional_properties: props() });

/** AutoGen `RequestUsage` as MAF `UsageDetails` (the total is the sum, as providers report it). */
export const usageDetails = (prompt: number, completion: number): UsageDetails => ({
  input_token_count: prompt,
  output_token_count: completion,
  total_token_count: prompt + completion,
});

/** `Message(role, contents, author_name=…, message_id=…)`, its fields in fields.ts's `MESSAGE_FIELDS` order. */
export function messageOf(role: string, contents: Content[], authorName: string | null, messageId: string | null): Message {
  const fields: Record<(typeof MESSAGE_FIELDS)[number], unknown> = { role, contents, author_name: authorName ?? undefined, message_id: messageId ?? undefined, additional_properties: props() };
  const out: Record<string, unknown> = { type: "message" };
  for (const f of MESSAGE_FIELDS) if (fields[f] !== undefined) out[f] = fields[f];
  return out as unknown as Message;
}
