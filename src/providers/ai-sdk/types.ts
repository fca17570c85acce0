/**
 * The Vercel AI SDK (`ai` v6) model-message shapes {@link toModelMessages} writes: a subset
 * of `ModelMessage` from `ai` / `@ai-sdk/provider-utils`, structurally assignable to it (checked
 * by the tests), written here so the library does not depend on the SDK.
 */

/**
 * The `providerOptions` key under which AutoGen details with no AI SDK field are kept:
 * `source` on messages, the exact `arguments` text on tool calls. Providers read only their
 * own key, so it is never sent to a model.
 *
 * @example AGENTCHAT_KEY // "agentchat"
 */
export const AGENTCHAT_KEY = "agentchat";

/**
 * The AutoGen details kept in `providerOptions.agentchat` (a type alias, not an interface, so
 * that it fits the SDK's `Record<string, Record<string, JSONValue>>`).
 *
 * @example const o: AgentchatProviderOptions = { agentchat: { source: "alice" } };
 */
export type AgentchatProviderOptions = {
  /** The key {@link AGENTCHAT_KEY}. */
  agentchat: {
    /** `UserMessage.source` / `AssistantMessage.source`. */
    source?: string;
    /** `FunctionCall.arguments` when it is not `JSON.stringify(input)` (spacing, escapes, …). */
    arguments?: string;
  };
};

/**
 * `SystemModelMessage`.
 *
 * @example const m: AISystemMessage = { role: "system", content: "Be brief." };
 */
export interface AISystemMessage {
  /** Always `"system"`. */
  role: "system";
  /** The instructions. */
  content: string;
}

/**
 * `TextPart`.
 *
 * @example const p: AITextPart = { type: "text", text: "Hi" };
 */
export interface AITextPart {
  /** Always `"text"`. */
  type: "text";
  /** The text. */
  text: string;
}

/**
 * `ImagePart` with base64 data and its media type.
 *
 * @example const p: AIImagePart = { type: "image", image: "iVBORw0KGgo…", mediaType: "image/png" };
 */
export interface AIImagePart {
  /** Always `"image"`. */
  type: "image";
  /** Base64 bytes, as in the AutoGen image. */
  image: string;
  /** The IANA type read from the bytes. */
  mediaType: string;
}

/**
 * `ReasoningPart`: an assistant's reasoning (AutoGen's `thought`).
 *
 * @example const p: AIReasoningPart = { type: "reasoning", text: "The user wants…" };
 */
export interface AIReasoningPart {
  /** Always `"reasoning"`. */
  type: "reasoning";
  /** The reasoning text. */
  text: string;
}

/**
 * `ToolCallPart`: `input` is the parsed JSON of AutoGen's `arguments`.
 *
 * @example const p: AIToolCallPart = { type: "tool-call", toolCallId: "c1", toolName: "add", input: { a: 1 } };
 */
export interface AIToolCallPart {
  /** Always `"tool-call"`. */
  type: "tool-call";
  /** `FunctionCall.id`. */
  toolCallId: string;
  /** `FunctionCall.name`. */
  toolName: string;
  /** `JSON.parse(FunctionCall.arguments)`. */
  input: unknown;
  /** The exact arguments text, when it differs from `JSON.stringify(input)`. */
  providerOptions?: AgentchatProviderOptions;
}

/**
 * `ToolResultPart` with a text output (`error-text` when `is_error` is true).
 *
 * @example const p: AIToolResultPart = { type: "tool-result", toolCallId: "c1", toolName: "add", output: { type: "text", value: "3" } };
 */
export interface AIToolResultPart {
  /** Always `"tool-result"`. */
  type: "tool-result";
  /** `FunctionExecutionResult.call_id`. */
  toolCallId: string;
  /** `FunctionExecutionResult.name`. */
  toolName: string;
  /** `FunctionExecutionResult.content`, typed by `is_error`. */
  output: { type: "text" | "error-text"; value: string };
}

/**
 * `UserModelMessage`.
 *
 * @example const m: AIUserMessage = { role: "user", content: "Hi", providerOptions: { agentchat: { source: "alice" } } };
 */
export interface AIUserMessage {
  /** Always `"user"`. */
  role: "user";
  /** Text, or text and image parts. */
  content: string | Array<AITextPart | AIImagePart>;
  /** `source`, unless turned off. */
  providerOptions?: AgentchatProviderOptions;
}

/**
 * `AssistantModelMessage`.
 *
 * @example const m: AIAssistantMessage = { role: "assistant", content: [{ type: "reasoning", text: "…" }, { type: "text", text: "Done." }] };
 */
export interface AIAssistantMessage {
  /** Text, or reasoning then a text part or tool-call parts. */
  content: string | Array<AITextPart | AIReasoningPart | AIToolCallPart>;
  /** Always `"assistant"`. */
  role: "assistant";
  /** `source`, unless turned off. */
  providerOptions?: AgentchatProviderOptions;
}

/**
 * `ToolModelMessage`.
 *
 * @example const m: AIToolMessage = { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "add", output: { type: "text", value: "3" } }] };
 */
export interface AIToolMessage {
  /** Always `"tool"`. */
  role: "tool";
  /** One result part per AutoGen result. */
  content: AIToolResultPart[];
}

/**
 * A `ModelMessage` as {@link toModelMessages} writes it.
 *
 * @example const m: AIModelMessage = { role: "user", content: "Hi" };
 */
export type AIModelMessage = AISystemMessage | AIUserMessage | AIAssistantMessage | AIToolMessage;
