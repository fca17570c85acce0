/** MAF's run results: `AgentResponse` / `AgentResponseUpdate` (agents), `ChatResponse` / `ChatResponseUpdate` (chat clients). */
import type * as z from "zod/mini";
import type { Content, UsageDetails } from "./content.js";
import type { Message } from "./message.js";
import { mafSchema } from "./schema.js";

/** `ContinuationToken`: resumes a long-running background operation. @example const t: ContinuationToken = { response_id: "resp_1" }; */
export type ContinuationToken = Record<string, unknown>;

/** `AgentResponse.to_dict()`: the messages a run produced and its metadata. @example const r: AgentResponseShape = { type: "agent_response", messages: [], additional_properties: {} }; */
export interface AgentResponseShape {
  type: "agent_response";
  messages: Message[];
  response_id?: string;
  agent_id?: string;
  created_at?: string;
  /** `"stop"`, `"length"`, `"tool_calls"`, `"content_filter"`, or a provider's own string. */
  finish_reason?: string;
  usage_details?: UsageDetails;
  additional_properties: Record<string, unknown>;
  continuation_token?: ContinuationToken;
}

/** `ChatResponse.to_dict()` (MAF does not write its `additional_properties`). @example const r: ChatResponseShape = { type: "chat_response", messages: [], model: "gpt-4o" }; */
export interface ChatResponseShape {
  type: "chat_response";
  messages: Message[];
  response_id?: string;
  conversation_id?: string;
  model?: string;
  created_at?: string;
  finish_reason?: string;
  usage_details?: UsageDetails;
  continuation_token?: ContinuationToken;
}

/** `AgentResponseUpdate.to_dict()`: one streamed chunk of an agent run. @example const u: AgentResponseUpdateShape = { type: "agent_response_update", contents: [], role: "assistant" }; */
export interface AgentResponseUpdateShape {
  type: "agent_response_update";
  contents: Content[];
  role?: string;
  author_name?: string;
  agent_id?: string;
  response_id?: string;
  message_id?: string;
  created_at?: string;
  finish_reason?: string;
  continuation_token?: ContinuationToken;
  additional_properties?: Record<string, unknown>;
}

/** `ChatResponseUpdate.to_dict()`: one streamed chunk from a chat client. @example const u: ChatResponseUpdateShape = { type: "chat_response_update", contents: [] }; */
export interface ChatResponseUpdateShape {
  type: "chat_response_update";
  contents: Content[];
  role?: string;
  author_name?: string;
  response_id?: string;
  message_id?: string;
  conversation_id?: string;
  model?: string;
  created_at?: string;
  finish_reason?: string;
  continuation_token?: ContinuationToken;
  additional_properties?: Record<string, unknown>;
}

/**
 * MAF's `AgentResponse` (what `agent.run(...)` returns).
 *
 * @example const r = AgentResponse.parse({ messages: [{ role: "assistant", contents: ["Hello"] }] });
 */
export const AgentResponse = mafSchema<AgentResponseShape>("AgentResponse");
/** MAF's `AgentResponse`. @example const r: AgentResponse = { type: "agent_response", messages: [], additional_properties: {} }; */
export type AgentResponse = z.infer<typeof AgentResponse>;

/**
 * MAF's `AgentResponseUpdate` (what `agent.run(..., stream=True)` yields).
 *
 * @example const u = AgentResponseUpdate.parse({ contents: [{ type: "text", text: "Hel" }], role: "assistant" });
 */
export const AgentResponseUpdate = mafSchema<AgentResponseUpdateShape>("AgentResponseUpdate");
/** MAF's `AgentResponseUpdate`. @example const u: AgentResponseUpdate = { type: "agent_response_update", contents: [] }; */
export type AgentResponseUpdate = z.infer<typeof AgentResponseUpdate>;

/**
 * MAF's `ChatResponse` (what a chat client returns).
 *
 * @example const r = ChatResponse.parse({ messages: [], model: "gpt-4o" });
 */
export const ChatResponse = mafSchema<ChatResponseShape>("ChatResponse");
/** MAF's `ChatResponse`. @example const r: ChatResponse = { type: "chat_response", messages: [] }; */
export type ChatResponse = z.infer<typeof ChatResponse>;

/**
 * MAF's `ChatResponseUpdate` (what a streaming chat client yields).
 *
 * @example const u = ChatResponseUpdate.parse({ contents: [{ type: "text", text: "Hel" }] });
 */
export const ChatResponseUpdate = mafSchema<ChatResponseUpdateShape>("ChatResponseUpdate");
/** MAF's `ChatResponseUpdate`. @example const u: ChatResponseUpdate = { type: "chat_response_update", contents: [] }; */
export type ChatResponseUpdate = z.infer<typeof ChatResponseUpdate>;
