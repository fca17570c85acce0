/**
 * MAF's `Content`: one class for all 24 kinds, told apart by `type`. MAF checks no field's type
 * and lets any kind carry any field, so every kind has the same optional fields; the types below
 * say what MAF's own constructors put there.
 */
import type * as z from "zod/mini";
import { CONTENT_TYPES, type ContentType } from "./fields.js";
import { mafSchema } from "./schema.js";

/** A `text_span` region of an {@link Annotation}. @example const r: TextSpanRegion = { type: "text_span", start_index: 0, end_index: 5 }; */
export interface TextSpanRegion {
  type?: "text_span";
  start_index?: number;
  end_index?: number;
}

/** A citation on a content (`annotations` entries; MAF checks nothing but that each is a mapping). @example const a: Annotation = { type: "citation", url: "https://example.com", annotated_regions: [{ type: "text_span", start_index: 0, end_index: 5 }] }; */
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

/** MAF's `UsageDetails`: token counts, plus any provider's own integer counts. @example const u: UsageDetails = { input_token_count: 12, output_token_count: 3, total_token_count: 15 }; */
export interface UsageDetails {
  input_token_count?: number | null;
  output_token_count?: number | null;
  total_token_count?: number | null;
  cache_creation_input_token_count?: number | null;
  cache_read_input_token_count?: number | null;
  reasoning_output_token_count?: number | null;
  [key: string]: unknown;
}

/** Every field a `Content` can hold, in `to_dict()` order (a field MAF holds as `None` is absent). @example const f: ContentFields = { text: "hi", additional_properties: {} }; */
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

/** A `Content` of one kind. @example const c: ContentOf<"text"> = { type: "text", text: "hi", additional_properties: {} }; */
export type ContentOf<K extends string> = ContentFields & { type: K };

/** `Content.from_text`. @example const c: TextContent = { type: "text", text: "hi", additional_properties: {} }; */
export type TextContent = ContentOf<"text">;
/** `Content.from_text_reasoning`: `text`, `protected_data`, `id`. @example const c: TextReasoningContent = { type: "text_reasoning", text: "Let me think.", additional_properties: {} }; */
export type TextReasoningContent = ContentOf<"text_reasoning">;
/** `Content.from_data`: a `data:` URI and its `media_type`. @example const c: DataContent = { type: "data", uri: "data:image/png;base64,iVBORw0KGgo=", media_type: "image/png", additional_properties: {} }; */
export type DataContent = ContentOf<"data">;
/** `Content.from_uri`: `uri`, `media_type`. @example const c: UriContent = { type: "uri", uri: "https://example.com/cat.png", media_type: "image/png", additional_properties: {} }; */
export type UriContent = ContentOf<"uri">;
/** `Content.from_error`: `message`, `error_code`, `error_details`. @example const c: ErrorContent = { type: "error", message: "quota", error_code: "429", additional_properties: {} }; */
export type ErrorContent = ContentOf<"error">;
/** `Content.from_function_call`: `call_id`, `name`, `arguments`. @example const c: FunctionCallContent = { type: "function_call", call_id: "c1", name: "get_weather", arguments: '{"city": "Paris"}', additional_properties: {} }; */
export type FunctionCallContent = ContentOf<"function_call">;
/** `Content.from_function_result`: `call_id`, `result`, `items`, `exception`. @example const c: FunctionResultContent = { type: "function_result", call_id: "c1", result: "sunny", additional_properties: {} }; */
export type FunctionResultContent = ContentOf<"function_result">;
/** `Content.from_usage`: `usage_details`. @example const c: UsageContent = { type: "usage", usage_details: { total_token_count: 15 }, additional_properties: {} }; */
export type UsageContent = ContentOf<"usage">;
/** `Content.from_hosted_file`: `file_id`, `media_type`, `name`. @example const c: HostedFileContent = { type: "hosted_file", file_id: "file-1", additional_properties: {} }; */
export type HostedFileContent = ContentOf<"hosted_file">;
/** `Content.from_hosted_vector_store`: `vector_store_id`. @example const c: HostedVectorStoreContent = { type: "hosted_vector_store", vector_store_id: "vs_1", additional_properties: {} }; */
export type HostedVectorStoreContent = ContentOf<"hosted_vector_store">;
/** `Content.from_code_interpreter_tool_call`: `call_id`, `inputs`. @example const c: CodeInterpreterToolCallContent = { type: "code_interpreter_tool_call", call_id: "ci1", additional_properties: {} }; */
export type CodeInterpreterToolCallContent = ContentOf<"code_interpreter_tool_call">;
/** `Content.from_code_interpreter_tool_result`: `call_id`, `outputs`. @example const c: CodeInterpreterToolResultContent = { type: "code_interpreter_tool_result", call_id: "ci1", outputs: [], additional_properties: {} }; */
export type CodeInterpreterToolResultContent = ContentOf<"code_interpreter_tool_result">;
/** `Content.from_image_generation_tool_call`: `image_id`. @example const c: ImageGenerationToolCallContent = { type: "image_generation_tool_call", image_id: "ig_1", additional_properties: {} }; */
export type ImageGenerationToolCallContent = ContentOf<"image_generation_tool_call">;
/** `Content.from_image_generation_tool_result`: `outputs`, `image_id`. @example const c: ImageGenerationToolResultContent = { type: "image_generation_tool_result", image_id: "ig_1", additional_properties: {} }; */
export type ImageGenerationToolResultContent = ContentOf<"image_generation_tool_result">;
/** `Content.from_mcp_server_tool_call`: `call_id`, `tool_name`, `server_name`, `arguments`. @example const c: McpServerToolCallContent = { type: "mcp_server_tool_call", call_id: "m1", tool_name: "search", server_name: "docs", additional_properties: {} }; */
export type McpServerToolCallContent = ContentOf<"mcp_server_tool_call">;
/** `Content.from_mcp_server_tool_result`: `call_id`, `output`. @example const c: McpServerToolResultContent = { type: "mcp_server_tool_result", call_id: "m1", output: "found", additional_properties: {} }; */
export type McpServerToolResultContent = ContentOf<"mcp_server_tool_result">;
/** `Content.from_search_tool_call`: `call_id`, `tool_name`, `arguments`, `status`. @example const c: SearchToolCallContent = { type: "search_tool_call", call_id: "s1", tool_name: "web_search", additional_properties: {} }; */
export type SearchToolCallContent = ContentOf<"search_tool_call">;
/** `Content.from_search_tool_result`: `call_id`, `tool_name`, `result`, `items`, `status`. @example const c: SearchToolResultContent = { type: "search_tool_result", call_id: "s1", tool_name: "web_search", additional_properties: {} }; */
export type SearchToolResultContent = ContentOf<"search_tool_result">;
/** `Content.from_shell_tool_call`: `call_id`, `commands`, `timeout_ms`, `max_output_length`, `status`. @example const c: ShellToolCallContent = { type: "shell_tool_call", call_id: "sh1", commands: ["ls"], additional_properties: {} }; */
export type ShellToolCallContent = ContentOf<"shell_tool_call">;
/** `Content.from_shell_tool_result`: `call_id`, `outputs`, `max_output_length`. @example const c: ShellToolResultContent = { type: "shell_tool_result", call_id: "sh1", outputs: [], additional_properties: {} }; */
export type ShellToolResultContent = ContentOf<"shell_tool_result">;
/** `Content.from_shell_command_output`: `stdout`, `stderr`, `exit_code`, `timed_out`. @example const c: ShellCommandOutputContent = { type: "shell_command_output", stdout: "ok", exit_code: 0, additional_properties: {} }; */
export type ShellCommandOutputContent = ContentOf<"shell_command_output">;
/** `Content.from_function_approval_request`: `id`, `function_call`, `user_input_request`. @example const c: FunctionApprovalRequestContent = { type: "function_approval_request", id: "c1", user_input_request: true, additional_properties: {} }; */
export type FunctionApprovalRequestContent = ContentOf<"function_approval_request">;
/** `Content.from_function_approval_response`: `id`, `function_call`, `approved`. @example const c: FunctionApprovalResponseContent = { type: "function_approval_response", id: "c1", approved: true, additional_properties: {} }; */
export type FunctionApprovalResponseContent = ContentOf<"function_approval_response">;
/** `Content.from_oauth_consent_request`: `consent_link`, `user_input_request`. @example const c: OAuthConsentRequestContent = { type: "oauth_consent_request", consent_link: "https://example.com/consent", user_input_request: true, additional_properties: {} }; */
export type OAuthConsentRequestContent = ContentOf<"oauth_consent_request">;

/** A content of one of MAF's 24 kinds. @example const c: KnownContent = { type: "usage", usage_details: { total_token_count: 3 }, additional_properties: {} }; */
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
