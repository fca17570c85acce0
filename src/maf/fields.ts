/**
 * MAF 1.13.0's field lists: the one home of the names and orders the loaders and dumpers follow.
 * `to_dict()` writes fields in these orders (not in the order a payload gave them).
 */

/** The 24 values of MAF's `ContentType` literal. @example CONTENT_TYPES.includes("text") // true */
export const CONTENT_TYPES = [
  "text",
  "text_reasoning",
  "data",
  "uri",
  "error",
  "function_call",
  "function_result",
  "usage",
  "hosted_file",
  "hosted_vector_store",
  "code_interpreter_tool_call",
  "code_interpreter_tool_result",
  "image_generation_tool_call",
  "image_generation_tool_result",
  "mcp_server_tool_call",
  "mcp_server_tool_result",
  "search_tool_call",
  "search_tool_result",
  "shell_tool_call",
  "shell_tool_result",
  "shell_command_output",
  "function_approval_request",
  "function_approval_response",
  "oauth_consent_request",
] as const;

/** One of MAF's 24 content kinds. @example const k: ContentType = "function_call"; */
export type ContentType = (typeof CONTENT_TYPES)[number];

/**
 * `Content.to_dict()`'s field order (after `type`); `annotations` follows them all. Every name is
 * also a keyword `Content.__init__` accepts: a payload key outside this list (and `type`,
 * `annotations`, `raw_representation`) is rejected, as MAF's `TypeError` does.
 * @example CONTENT_FIELDS[0] // "text"
 */
export const CONTENT_FIELDS = [
  "text",
  "protected_data",
  "uri",
  "media_type",
  "message",
  "error_code",
  "error_details",
  "usage_details",
  "call_id",
  "name",
  "arguments",
  "exception",
  "informational_only",
  "result",
  "items",
  "file_id",
  "vector_store_id",
  "inputs",
  "outputs",
  "image_id",
  "commands",
  "timeout_ms",
  "max_output_length",
  "status",
  "stdout",
  "stderr",
  "exit_code",
  "timed_out",
  "tool_name",
  "server_name",
  "output",
  "function_call",
  "user_input_request",
  "approved",
  "id",
  "consent_link",
  "additional_properties",
] as const;

/** `Message.__init__`'s keywords, in `to_dict()` order (`raw_representation` is accepted, never written). @example MESSAGE_FIELDS.join(", ") // "role, contents, author_name, message_id, additional_properties" */
export const MESSAGE_FIELDS = ["role", "contents", "author_name", "message_id", "additional_properties"] as const;

/** The MAF classes `loadMaf` reads, by name. @example MAF_CLASSES.includes("AgentSession") // true */
export const MAF_CLASSES = [
  "Content",
  "Message",
  "AgentResponse",
  "AgentResponseUpdate",
  "ChatResponse",
  "ChatResponseUpdate",
  "AgentSession",
] as const;

/** A MAF class name `loadMaf` / `dumpMaf` understand. @example const cls: MafClass = "AgentResponse"; */
export type MafClass = (typeof MAF_CLASSES)[number];

/** The `type` each serialisable class writes first in `to_dict()` (Content writes its own kind). @example CLASS_TYPE_IDS.AgentResponse // "agent_response" */
export const CLASS_TYPE_IDS = {
  Message: "message",
  AgentResponse: "agent_response",
  AgentResponseUpdate: "agent_response_update",
  ChatResponse: "chat_response",
  ChatResponseUpdate: "chat_response_update",
  AgentSession: "session",
} as const;

/**
 * The response classes' keywords, in `to_dict()` order. `value` and `response_format` are
 * accepted and never written (MAF keeps them private); `ChatResponse` does not write
 * `additional_properties` (its `DEFAULT_EXCLUDE`), the updates keep a missing one absent.
 * @example RESPONSE_FIELDS.ChatResponse[0] // "messages"
 */
export const RESPONSE_FIELDS = {
  AgentResponse: ["messages", "response_id", "agent_id", "created_at", "finish_reason", "usage_details", "additional_properties", "continuation_token"],
  ChatResponse: ["messages", "response_id", "conversation_id", "model", "created_at", "finish_reason", "usage_details", "continuation_token"],
  AgentResponseUpdate: ["contents", "role", "author_name", "agent_id", "response_id", "message_id", "created_at", "finish_reason", "continuation_token", "additional_properties"],
  ChatResponseUpdate: ["contents", "role", "author_name", "response_id", "message_id", "conversation_id", "model", "created_at", "finish_reason", "continuation_token", "additional_properties"],
} as const;

/** Keywords a response class accepts besides its written fields. @example RESPONSE_EXTRA_KEYWORDS.AgentResponse // ["value", "response_format", "raw_representation"] */
export const RESPONSE_EXTRA_KEYWORDS = {
  AgentResponse: ["value", "response_format", "raw_representation"],
  ChatResponse: ["value", "response_format", "raw_representation", "additional_properties"],
  AgentResponseUpdate: ["raw_representation"],
  ChatResponseUpdate: ["raw_representation"],
} as const;
