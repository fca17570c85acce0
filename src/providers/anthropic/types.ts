/**
 * The Anthropic Messages API shapes AutoGen's Anthropic client sends and reads (the subset of
 * the `@anthropic-ai/sdk` types it uses). Plain structural types, no runtime code.
 */

/**
 * A text block: user text parts (`{type, text}`) and the thought AutoGen puts before tool calls.
 *
 * @example const b: AnthropicTextBlock = { type: "text", text: "Hello" };
 */
export interface AnthropicTextBlock {
  type: "text";
  text: string;
}

/**
 * An image block with base64 data; AutoGen always sends `source.type: "base64"`.
 *
 * @example const b: AnthropicImageBlock = { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBOR…" } };
 */
export interface AnthropicImageBlock {
  type: "image";
  source: { type: "base64"; media_type: "image/jpeg" | "image/png" | "image/gif" | "image/webp"; data: string };
}

/**
 * A tool call on an assistant turn; `input` is any JSON value (AutoGen parses the arguments text).
 *
 * @example const b: AnthropicToolUseBlock = { id: "toolu_1", input: { q: "x" }, name: "search", type: "tool_use" };
 */
export interface AnthropicToolUseBlock {
  id: string;
  input: unknown;
  name: string;
  type: "tool_use";
}

/**
 * One tool result in a user turn (AutoGen never sends `is_error`).
 *
 * @example const b: AnthropicToolResultBlock = { type: "tool_result", tool_use_id: "toolu_1", content: "42" };
 */
export interface AnthropicToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content: string;
}

/**
 * A user turn: text, or text/image/tool-result blocks.
 *
 * @example const m: AnthropicUserMessage = { role: "user", content: "Hi" };
 */
export interface AnthropicUserMessage {
  role: "user";
  content: string | Array<AnthropicTextBlock | AnthropicImageBlock | AnthropicToolResultBlock>;
}

/**
 * An assistant turn: text, or an optional text block (the thought) followed by tool calls.
 *
 * @example const m: AnthropicAssistantMessage = { role: "assistant", content: "Sure." };
 */
export interface AnthropicAssistantMessage {
  role: "assistant";
  content: string | Array<AnthropicTextBlock | AnthropicToolUseBlock>;
}

/**
 * Any entry of the request's `messages`.
 *
 * @example const ms: AnthropicMessageParam[] = [{ role: "user", content: "Hi" }];
 */
export type AnthropicMessageParam = AnthropicUserMessage | AnthropicAssistantMessage;

/**
 * What {@link toAnthropicMessages} returns: the top-level `system` string (absent when there is
 * no system prompt) and the `messages` array.
 *
 * @example const r: AnthropicMessages = { system: "Be brief.", messages: [{ role: "user", content: "Hi" }] };
 */
export interface AnthropicMessages {
  system?: string;
  messages: AnthropicMessageParam[];
}

/**
 * A tool schema as AutoGen's `ToolSchema` (the input of {@link toAnthropicTools}).
 *
 * @example const t: AnthropicToolSchema = { name: "search", description: "Web search", parameters: { type: "object", properties: { q: { type: "string" } }, required: ["q"] } };
 */
export interface AnthropicToolSchema {
  name: string;
  description?: string;
  parameters?: { type?: string; properties?: unknown; required?: unknown; [key: string]: unknown };
  strict?: boolean;
}

/**
 * A tool as sent: `input_schema` holds only `properties`, `required` and `type` of the schema's
 * parameters, and is `{}` for a tool without parameters (which the SDK's type does not allow).
 *
 * @example const t: AnthropicTool = { name: "search", input_schema: { properties: {}, type: "object" }, description: "" };
 */
export interface AnthropicTool {
  name: string;
  input_schema: { properties?: unknown; required?: unknown; type?: string };
  description: string;
}

/**
 * The request's `tool_choice`.
 *
 * @example const c: AnthropicToolChoice = { type: "any" };
 */
export type AnthropicToolChoice = { type: "auto" } | { type: "any" } | { type: "none" } | { type: "tool"; name: string };

/**
 * The request body {@link toAnthropicRequest} builds, keys in AutoGen's order.
 *
 * @example const r: AnthropicRequest = { model: "claude-3-5-sonnet-20241022", messages: [{ role: "user", content: "Hi" }], max_tokens: 4096, temperature: 1 };
 */
export interface AnthropicRequest {
  model: string;
  messages: AnthropicMessageParam[];
  max_tokens: number;
  temperature: number;
  stream?: true;
  system?: string;
  tools?: AnthropicTool[];
  tool_choice?: AnthropicToolChoice;
  top_p?: number;
  top_k?: number;
  stop_sequences?: string[];
  metadata?: { user_id?: string | null };
  thinking?: AnthropicThinkingConfig;
}

/**
 * The request's `thinking` setting, forwarded unchanged.
 *
 * @example const t: AnthropicThinkingConfig = { type: "enabled", budget_tokens: 2048 };
 */
export type AnthropicThinkingConfig = { type: "enabled"; budget_tokens: number } | { type: "disabled" };

/**
 * A content block of a response. AutoGen reads `text`, `thinking` and `tool_use` blocks and
 * ignores the others.
 *
 * @example const b: AnthropicResponseBlock = { type: "thinking", thinking: "Hmm", signature: "sig" };
 */
export type AnthropicResponseBlock =
  | { type: "text"; text: string }
  | { type: "thinking"; thinking: string; signature?: string }
  | { type: "tool_use"; id: string; name: string; input: unknown }
  | { type: string };

/**
 * A Messages API response body (the fields AutoGen reads; other fields may be present).
 *
 * @example const r: AnthropicResponse = { content: [{ type: "text", text: "Hi" }], stop_reason: "end_turn", usage: { input_tokens: 5, output_tokens: 1 } };
 */
export interface AnthropicResponse {
  id?: string;
  type?: string;
  role?: string;
  model?: string;
  content: AnthropicResponseBlock[];
  stop_reason: string | null;
  stop_sequence?: string | null;
  usage: { input_tokens: number; output_tokens: number };
}

/**
 * One server-sent event's `data` of a streamed response (`message_start`, `content_block_start`,
 * `content_block_delta`, `content_block_stop`, `message_delta`, `message_stop`, `ping`, `error`).
 *
 * @example const e: AnthropicStreamEvent = { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hi" } };
 */
export type AnthropicStreamEvent =
  | { type: "message_start"; message: { usage?: { input_tokens?: number; output_tokens?: number } } }
  | { type: "content_block_start"; index?: number; content_block: AnthropicResponseBlock }
  | {
      type: "content_block_delta";
      index?: number;
      delta:
        | { type: "text_delta"; text: string }
        | { type: "thinking_delta"; thinking: string }
        | { type: "input_json_delta"; partial_json: string }
        | { type: string };
    }
  | { type: "content_block_stop"; index?: number }
  | { type: "message_delta"; delta: { stop_reason?: string | null }; usage?: { output_tokens?: number } }
  | { type: "error"; error: { type?: string; message?: string } }
  | { type: string };
