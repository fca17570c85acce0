/**
 * The Chat Completions request message shapes AutoGen's OpenAI client sends (the subset of
 * the `openai` SDK's `ChatCompletionMessageParam` it builds). Plain types, no runtime code.
 */

/**
 * A text part of a multimodal user message.
 *
 * @example const p: OpenAITextPart = { type: "text", text: "Hello" };
 */
export interface OpenAITextPart {
  type: "text";
  text: string;
}

/**
 * An image part: AutoGen always sends a base64 data URI with `detail: "auto"`.
 *
 * @example const p: OpenAIImagePart = { type: "image_url", image_url: { url: "data:image/png;base64,iVBOR…", detail: "auto" } };
 */
export interface OpenAIImagePart {
  type: "image_url";
  image_url: { url: string; detail: "auto" | "low" | "high" };
}

/**
 * One tool call on an assistant message; `arguments` is the JSON text, unchanged.
 *
 * @example const c: OpenAIToolCall = { id: "call_1", function: { arguments: "{}", name: "search" }, type: "function" };
 */
export interface OpenAIToolCall {
  id: string;
  function: { arguments: string; name: string };
  type: "function";
}

/**
 * `{"role": "system"}` message.
 *
 * @example const m: OpenAISystemMessage = { content: "Be brief.", role: "system" };
 */
export interface OpenAISystemMessage {
  content: string;
  role: "system";
}

/**
 * `{"role": "user"}` message; `name` is absent when names are not sent (Mistral, or
 * `includeNameInMessage: false`).
 *
 * @example const m: OpenAIUserMessage = { role: "user", name: "alice", content: "Hi" };
 */
export interface OpenAIUserMessage {
  role: "user";
  name?: string;
  content: string | Array<OpenAITextPart | OpenAIImagePart>;
}

/**
 * `{"role": "assistant"}` message: text, or tool calls whose `content` is the thought or `null`.
 *
 * @example const m: OpenAIAssistantMessage = { role: "assistant", tool_calls: [], content: null };
 */
export interface OpenAIAssistantMessage {
  role: "assistant";
  content: string | null;
  tool_calls?: OpenAIToolCall[];
}

/**
 * `{"role": "tool"}` message: one per function result.
 *
 * @example const m: OpenAIToolMessage = { content: "42", role: "tool", tool_call_id: "call_1" };
 */
export interface OpenAIToolMessage {
  content: string;
  role: "tool";
  tool_call_id: string;
}

/**
 * Any message {@link toOpenAIMessages} returns.
 *
 * @example const ms: OpenAIMessageParam[] = [{ content: "Be brief.", role: "system" }];
 */
export type OpenAIMessageParam =
  | OpenAISystemMessage
  | OpenAIUserMessage
  | OpenAIAssistantMessage
  | OpenAIToolMessage;
