/**
 * The MAF 1.13 wire shapes the AutoGen conversions build: `Content`, `Message`, `AgentResponse`
 * and `AgentSession` as their `to_dict()` writes them (MAF's key order, `null`s omitted,
 * `additional_properties` always present), and the one place where a session's history differs:
 * inside `state`, a `Message` has its `"type": "message"` last (MAF's session-state serializer
 * re-appends the registered type after the message's own keys).
 */

/** A MAF `Content.to_dict()`: `type` first, then the kind's fields in MAF's order. */
export interface MafContentDict {
  readonly type: string;
  readonly [field: string]: unknown;
}

/** A MAF `Message.to_dict()`. */
export interface MafMessageDict {
  readonly type: "message";
  readonly role: string;
  readonly contents: readonly MafContentDict[];
  readonly author_name?: string;
  readonly message_id?: string;
  readonly additional_properties: Readonly<Record<string, unknown>>;
}

/** MAF `UsageDetails` as the conversions write it. */
export interface MafUsageDetails {
  readonly input_token_count: number;
  readonly output_token_count: number;
  readonly total_token_count: number;
}

/** A MAF `AgentResponse.to_dict()` as the conversions write it. */
export interface MafAgentResponseDict {
  readonly type: "agent_response";
  readonly messages: readonly MafMessageDict[];
  readonly usage_details?: MafUsageDetails;
  readonly additional_properties: Readonly<Record<string, unknown>>;
}

/** A history message inside a session's `state` (`Message.to_dict()` with `type` moved last). */
export interface MafSessionMessageDict {
  readonly role: string;
  readonly contents: readonly MafContentDict[];
  readonly author_name?: string;
  readonly message_id?: string;
  readonly additional_properties: Readonly<Record<string, unknown>>;
  readonly type: "message";
}

/** A MAF `AgentSession.to_dict()` whose history the default `InMemoryHistoryProvider` holds. */
export interface MafSessionDict {
  readonly type: "session";
  readonly session_id: string;
  readonly service_session_id: null;
  readonly state: { readonly in_memory: { readonly messages: readonly MafSessionMessageDict[] } };
}

const props = (): Record<string, unknown> => ({});

/** `Content.from_text(text)`. */
export const textContent = (text: string): MafContentDict => ({ type: "text", text, additional_properties: props() });

/** `Content.from_text_reasoning(text=…)`. */
export const reasoningContent = (text: string): MafContentDict => ({ type: "text_reasoning", text, additional_properties: props() });

/** `Content.from_uri(data_uri)` for base64 data: `media_type` from the URI. */
export const dataContent = (uri: string, mediaType: string): MafContentDict => ({ type: "data", uri, media_type: mediaType, additional_properties: props() });

/** `Content.from_function_call(call_id, name, arguments=<str>)`: the arguments text kept as is. */
export const functionCallContent = (callId: string, name: string, args: string): MafContentDict => ({
  type: "function_call",
  call_id: callId,
  name,
  arguments: args,
  additional_properties: props(),
});

/**
 * `Content.from_function_result(call_id, result=<str>, exception=…)`: MAF wraps a string result
 * in one text item and copies the text items' text (joined with "\n", empty ones skipped) into
 * `result`; `exception` precedes `result` in MAF's key order.
 */
export const functionResultContent = (callId: string, text: string, exception: string | null): MafContentDict => ({
  type: "function_result",
  call_id: callId,
  ...(exception === null ? {} : { exception }),
  result: text,
  items: [textContent(text)],
  additional_properties: props(),
});

/** `Content.from_usage(usage_details)`. */
export const usageContent = (usage: MafUsageDetails): MafContentDict => ({ type: "usage", usage_details: { ...usage }, additional_properties: props() });

/** AutoGen `RequestUsage` as MAF `UsageDetails` (the total is the sum, as providers report it). */
export const usageDetails = (prompt: number, completion: number): MafUsageDetails => ({
  input_token_count: prompt,
  output_token_count: completion,
  total_token_count: prompt + completion,
});

/** `Message(role, contents, author_name=…, message_id=…).to_dict()`. */
export function messageDict(role: string, contents: MafContentDict[], authorName: string | null, messageId: string | null): MafMessageDict {
  return {
    type: "message",
    role,
    contents,
    ...(authorName === null ? {} : { author_name: authorName }),
    ...(messageId === null ? {} : { message_id: messageId }),
    additional_properties: props(),
  };
}

/** A `Message.to_dict()` as session state writes it: the same keys, `type` last. */
export function sessionMessageDict(message: MafMessageDict): MafSessionMessageDict {
  const { type, ...rest } = message;
  return { ...rest, type };
}
