/**
 * autogen_agentchat agent events (`BaseAgentEvent` subclasses): what agents and teams
 * report to the application while they work. Field order is Python's.
 */
import * as z from "zod/mini";
import { LaxInt } from "../wire/fields.js";
import { CodeBlock, CodeResult, FunctionCall, FunctionExecutionResult, MemoryContent } from "./core.js";
import { baseMessageFields, messageSchema, messageType } from "./base.js";
import { define } from "../define.js";

/**
 * `ToolCallRequestEvent`: a model asked for these tool calls.
 *
 * @example ToolCallRequestEvent.parse({ source: "a", content: [{ id: "c1", arguments: "{}", name: "f" }] })
 */
export const ToolCallRequestEvent = /* @__PURE__ */ define(() => messageSchema(z.object({
  ...baseMessageFields,
  content: z.array(FunctionCall),
  type: messageType("ToolCallRequestEvent"),
})));
/** `autogen_agentchat.messages.ToolCallRequestEvent`. */
export type ToolCallRequestEvent = z.infer<typeof ToolCallRequestEvent>;

/**
 * `ToolCallExecutionEvent`: the results of executed tool calls.
 *
 * @example ToolCallExecutionEvent.parse({ source: "a", content: [{ content: "4", name: "f", call_id: "c1" }] })
 */
export const ToolCallExecutionEvent = /* @__PURE__ */ define(() => messageSchema(z.object({
  ...baseMessageFields,
  content: z.array(FunctionExecutionResult),
  type: messageType("ToolCallExecutionEvent"),
})));
/** `autogen_agentchat.messages.ToolCallExecutionEvent`. */
export type ToolCallExecutionEvent = z.infer<typeof ToolCallExecutionEvent>;

/**
 * `MemoryQueryEvent`: the memory contents retrieved for a query.
 *
 * @example MemoryQueryEvent.parse({ source: "a", content: [{ content: "fact", mime_type: "text/plain" }] })
 */
export const MemoryQueryEvent = /* @__PURE__ */ define(() => messageSchema(z.object({
  ...baseMessageFields,
  content: z.array(MemoryContent),
  type: messageType("MemoryQueryEvent"),
})));
/** `autogen_agentchat.messages.MemoryQueryEvent`. */
export type MemoryQueryEvent = z.infer<typeof MemoryQueryEvent>;

/**
 * `UserInputRequestedEvent`: an agent is waiting for user input; `content` is always `""`.
 *
 * @example UserInputRequestedEvent.parse({ source: "user_proxy", request_id: "r1" }).content // ""
 */
export const UserInputRequestedEvent = /* @__PURE__ */ define(() => messageSchema(z.object({
  ...baseMessageFields,
  request_id: z.string(),
  content: z._default(z.literal(""), ""),
  type: messageType("UserInputRequestedEvent"),
})));
/** `autogen_agentchat.messages.UserInputRequestedEvent`. */
export type UserInputRequestedEvent = z.infer<typeof UserInputRequestedEvent>;

/**
 * `ModelClientStreamingChunkEvent`: one streamed chunk of model output; `full_message_id`
 * links it to the complete message that follows.
 *
 * @example ModelClientStreamingChunkEvent.parse({ source: "a", content: "Hel" }).full_message_id // null
 */
export const ModelClientStreamingChunkEvent = /* @__PURE__ */ define(() => messageSchema(z.object({
  ...baseMessageFields,
  content: z.string(),
  full_message_id: z._default(z.nullable(z.string()), null),
  type: messageType("ModelClientStreamingChunkEvent"),
})));
/** `autogen_agentchat.messages.ModelClientStreamingChunkEvent`. */
export type ModelClientStreamingChunkEvent = z.infer<typeof ModelClientStreamingChunkEvent>;

/**
 * `ThoughtEvent`: reasoning text from a model, or extra text produced beside tool calls.
 *
 * @example ThoughtEvent.parse({ source: "a", content: "Let me check the weather." })
 */
export const ThoughtEvent = /* @__PURE__ */ define(() => messageSchema(z.object({
  ...baseMessageFields,
  content: z.string(),
  type: messageType("ThoughtEvent"),
})));
/** `autogen_agentchat.messages.ThoughtEvent`. */
export type ThoughtEvent = z.infer<typeof ThoughtEvent>;

/**
 * `SelectSpeakerEvent`: the speakers a group chat manager selected.
 *
 * @example SelectSpeakerEvent.parse({ source: "manager", content: ["writer"] })
 */
export const SelectSpeakerEvent = /* @__PURE__ */ define(() => messageSchema(z.object({
  ...baseMessageFields,
  content: z.array(z.string()),
  type: messageType("SelectSpeakerEvent"),
})));
/** `autogen_agentchat.messages.SelectSpeakerEvent`. */
export type SelectSpeakerEvent = z.infer<typeof SelectSpeakerEvent>;

/**
 * `CodeGenerationEvent`: a code-executor agent generated code (attempt `retry_attempt`).
 *
 * @example CodeGenerationEvent.parse({ source: "coder", retry_attempt: 0, content: "...", code_blocks: [] })
 */
export const CodeGenerationEvent = /* @__PURE__ */ define(() => messageSchema(z.object({
  ...baseMessageFields,
  retry_attempt: LaxInt,
  content: z.string(),
  code_blocks: z.array(CodeBlock),
  type: messageType("CodeGenerationEvent"),
})));
/** `autogen_agentchat.messages.CodeGenerationEvent`. */
export type CodeGenerationEvent = z.infer<typeof CodeGenerationEvent>;

/**
 * `CodeExecutionEvent`: the result of executing generated code.
 *
 * @example CodeExecutionEvent.parse({ source: "coder", retry_attempt: 0, result: { exit_code: 0, output: "ok" } })
 */
export const CodeExecutionEvent = /* @__PURE__ */ define(() => messageSchema(z.object({
  ...baseMessageFields,
  retry_attempt: LaxInt,
  result: CodeResult,
  type: messageType("CodeExecutionEvent"),
})));
/** `autogen_agentchat.messages.CodeExecutionEvent`. */
export type CodeExecutionEvent = z.infer<typeof CodeExecutionEvent>;

/**
 * `SelectorEvent`: a selector group chat's event with string content. AutoGen defines it
 * but leaves it out of the `AgentEvent` union and of `MessageFactory`; this library loads it.
 *
 * @example SelectorEvent.parse({ source: "selector", content: "picked writer" })
 */
export const SelectorEvent = /* @__PURE__ */ define(() => messageSchema(z.object({
  ...baseMessageFields,
  content: z.string(),
  type: messageType("SelectorEvent"),
})));
/** `autogen_agentchat.messages.SelectorEvent`. */
export type SelectorEvent = z.infer<typeof SelectorEvent>;
