/**
 * MAF's `Content`: one class for all 24 kinds, told apart by `type`. MAF checks no field's type
 * and lets any kind carry any field, so every kind has the same optional fields; the types below
 * say what MAF's own constructors put there.
 */
import type * as z from "zod/mini";
import { CONTENT_TYPES, type ContentType } from "./fields.js";
import { mafSchema } from "./schema.js";

/** A `text_span` region of an {@link Annotation}. */
export interface TextSpanRegion {
  type?: "text_span";
  start_index?: number;
  end_index?: number;
}

/** A citation on a content (`annotations` entries; MAF checks nothing but that each is a mapping). */
export interface Annotation {
  type?: "citation";
  title?: string;
  url?: string;
  file_id?: string;
  tool_name?: string;
  snippet?: string;
  annotated_regions?: TextSpanRegion[];
  additional_properties?: Record<string, unknown>;
  [key: string]: unknown;
}

/** MAF's `UsageDetails`: token counts, plus any provider's own integer counts. */
export interface UsageDetails {
  input_token_count?: number | null;
  output_token_count?: number | null;
  total_token_count?: number | null;
  cache_creation_input_token_count?: number | null;
  cache_read_input_token_count?: number | null;
  reasoning_output_token_count?: number | null;
  [key: string]: unknown;
}

/** Every field a `Content` can hold, in `to_dict()` order (a field MAF holds as `None` is absent). */
export interface ContentFields {
  text?: string;
  protected_data?: string;
  uri?: string;
  media_type?: string;
  message?: string;
  error_code?: string;
  error_details?: string;
  usage_details?: UsageDetails;
  call_id?: string;
  name?: string;
  /** A JSON text (as models send it) or an object. */
  arguments?: string | Record<string, unknown>;
  exception?: string;
  /** Written only on a `function_call`, and only when true. */
  informational_only?: boolean;
  /** Any JSON value (a tool's return value). */
  result?: unknown;
  items?: Content[];
  file_id?: string;
  vector_store_id?: string;
  inputs?: Content[];
  /** Contents, or (image generation) one content as MAF's constructor was given it. */
  outputs?: Content[] | Content | unknown;
  image_id?: string;
  commands?: string[];
  timeout_ms?: number;
  max_output_length?: number;
  status?: string;
  stdout?: string;
  stderr?: string;
  exit_code?: number;
  timed_out?: boolean;
  tool_name?: string;
  server_name?: string;
  output?: unknown;
  function_call?: FunctionCallContent;
  user_input_request?: boolean;
  approved?: boolean;
  id?: string;
  consent_link?: string;
  /** Always present (`{}` when empty). */
  additional_properties: Record<string, unknown>;
  annotations?: Annotation[];
}

/** A `Content` of one kind. */
export type ContentOf<K extends string> = ContentFields & { type: K };

/** `Content.from_text`. */
export type TextContent = ContentOf<"text">;
/** `Content.from_text_reasoning`: `text`, `protected_data`, `id`. */
export type TextReasoningContent = ContentOf<"text_reasoning">;
/** `Content.from_data`: a `data:` URI and its `media_type`. */
export type DataContent = ContentOf<"data">;
/** `Content.from_uri`: `uri`, `media_type`. */
export type UriContent = ContentOf<"uri">;
/** `Content.from_error`: `message`, `error_code`, `error_details`. */
export type ErrorContent = ContentOf<"error">;
/** `Content.from_function_call`: `call_id`, `name`, `arguments`. */
export type FunctionCallContent = ContentOf<"function_call">;
/** `Content.from_function_result`: `call_id`, `result`, `items`, `exception`. */
export type FunctionResultContent = ContentOf<"function_result">;
/** `Content.from_usage`: `usage_details`. */
export type UsageContent = ContentOf<"usage">;
/** `Content.from_hosted_file`: `file_id`, `media_type`, `name`. */
export type HostedFileContent = ContentOf<"hosted_file">;
/** `Content.from_hosted_vector_store`: `vector_store_id`. */
export type HostedVectorStoreContent = ContentOf<"hosted_vector_store">;
/** `Content.from_code_interpreter_tool_call`: `call_id`, `inputs`. */
export type CodeInterpreterToolCallContent = ContentOf<"code_interpreter_tool_call">;
/** `Content.from_code_interpreter_tool_result`: `call_id`, `outputs`. */
export type CodeInterpreterToolResultContent = ContentOf<"code_interpreter_tool_result">;
/** `Content.from_image_generation_tool_call`: `image_id`. */
export type ImageGenerationToolCallContent = ContentOf<"image_generation_tool_call">;
/** `Content.from_image_generation_tool_result`: `outputs`, `image_id`. */
export type ImageGenerationToolResultContent = ContentOf<"image_generation_tool_result">;
/** `Content.from_mcp_server_tool_call`: `call_id`, `tool_name`, `server_name`, `arguments`. */
export type McpServerToolCallContent = ContentOf<"mcp_server_tool_call">;
/** `Content.from_mcp_server_tool_result`: `call_id`, `output`. */
export type McpServerToolResultContent = ContentOf<"mcp_server_tool_result">;
/** `Content.from_search_tool_call`: `call_id`, `tool_name`, `arguments`, `status`. */
export type SearchToolCallContent = ContentOf<"search_tool_call">;
/** `Content.from_search_tool_result`: `call_id`, `tool_name`, `result`, `items`, `status`. */
export type SearchToolResultContent = ContentOf<"search_tool_result">;
/** `Content.from_shell_tool_call`: `call_id`, `commands`, `timeout_ms`, `max_output_length`, `status`. */
export type ShellToolCallContent = ContentOf<"shell_tool_call">;
/** `Content.from_shell_tool_result`: `call_id`, `outputs`, `max_output_length`. */
export type ShellToolResultContent = ContentOf<"shell_tool_result">;
/** `Content.from_shell_command_output`: `stdout`, `stderr`, `exit_code`, `timed_out`. */
export type ShellCommandOutputContent = ContentOf<"shell_command_output">;
/** `Content.from_function_approval_request`: `id`, `function_call`, `user_input_request`. */
export type FunctionApprovalRequestContent = ContentOf<"function_approval_request">;
/** `Content.from_function_approval_response`: `id`, `function_call`, `approved`. */
export type FunctionApprovalResponseContent = ContentOf<"function_approval_response">;
/** `Content.from_oauth_consent_request`: `consent_link`, `user_input_request`. */
export type OAuthConsentRequestContent = ContentOf<"oauth_consent_request">;

/** A content of one of MAF's 24 kinds. */
export type KnownContent =
  | TextContent
  | TextReasoningContent
  | DataContent
  | UriContent
  | ErrorContent
  | FunctionCallContent
  | FunctionResultContent
  | UsageContent
  | HostedFileContent
  | HostedVectorStoreContent
  | CodeInterpreterToolCallContent
  | CodeInterpreterToolResultContent
  | ImageGenerationToolCallContent
  | ImageGenerationToolResultContent
  | McpServerToolCallContent
  | McpServerToolResultContent
  | SearchToolCallContent
  | SearchToolResultContent
  | ShellToolCallContent
  | ShellToolResultContent
  | ShellCommandOutputContent
  | FunctionApprovalRequestContent
  | FunctionApprovalResponseContent
  | OAuthConsentRequestContent;

/**
 * MAF's `Content`, discriminated on `type`: one of the 24 kinds, or a kind this version does not
 * know (MAF keeps those, and so does `loadMaf`). Narrow with {@link isContentKind}.
 *
 * @example
 * const c = Content.parse({ type: "text", text: "hi" }); // { type: "text", text: "hi", additional_properties: {} }
 */
export const Content = mafSchema<KnownContent | ContentOf<string>>("Content");
/** MAF's `Content`, as `loadMaf` returns it. @example const c: Content = { type: "text", text: "hi", additional_properties: {} }; */
export type Content = z.infer<typeof Content>;

/**
 * True when `content` is of the kind `kind` (a type guard: narrows to that kind).
 *
 * @example if (isContentKind(c, "function_call")) console.log(c.name, c.arguments);
 */
export function isContentKind<K extends ContentType>(content: { type: unknown }, kind: K): content is ContentOf<K> {
  return content.type === kind;
}

/**
 * True when `type` is one of MAF's 24 content kinds.
 *
 * @example isKnownContentType("text") // true
 */
export function isKnownContentType(type: unknown): type is ContentType {
  return (CONTENT_TYPES as readonly unknown[]).includes(type);
}
