/**
 * autogen_agentchat agent events (`BaseAgentEvent` subclasses): what agents and teams
 * report to the application while they work. Field order is Python's.
 */
import * as z from "zod/mini";
import { LaxInt } from "../wire/fields.js";
import { CodeBlock, CodeResult, FunctionCall, FunctionExecutionResult, MemoryContent } from "./core.js";
import { baseMessageFields, messageSchema, messageType, type MessageKindSchema } from "./base.js";
import { define } from "../define.js";

/** The own fields of {@link ToolCallRequestEvent}, with their TSDoc (hover text through `z.infer`). */
export const toolCallRequestEventFields = /* @__PURE__ */ define(() => ({
  /** The tool calls the model requested. */
  content: z.array(FunctionCall),
  /** Always `"ToolCallRequestEvent"` (filled in when missing). */
  type: messageType("ToolCallRequestEvent"),
}));

/**
 * `ToolCallRequestEvent`: a model asked for these tool calls.
 *
 * @example ToolCallRequestEvent.parse({ source: "a", content: [{ id: "c1", arguments: "{}", name: "f" }] })
 */
export const ToolCallRequestEvent: MessageKindSchema<typeof toolCallRequestEventFields> = /* @__PURE__ */ define(() => messageSchema(z.object({ ...baseMessageFields, ...toolCallRequestEventFields })));
/** `autogen_agentchat.messages.ToolCallRequestEvent`. */
export type ToolCallRequestEvent = z.infer<typeof ToolCallRequestEvent>;

/** The own fields of {@link ToolCallExecutionEvent}, with their TSDoc (hover text through `z.infer`). */
export const toolCallExecutionEventFields = /* @__PURE__ */ define(() => ({
  /** The results of the tool calls. */
  content: z.array(FunctionExecutionResult),
  /** Always `"ToolCallExecutionEvent"` (filled in when missing). */
  type: messageType("ToolCallExecutionEvent"),
}));

/**
 * `ToolCallExecutionEvent`: the results of executed tool calls.
 *
 * @example ToolCallExecutionEvent.parse({ source: "a", content: [{ content: "4", name: "f", call_id: "c1" }] })
 */
export const ToolCallExecutionEvent: MessageKindSchema<typeof toolCallExecutionEventFields> = /* @__PURE__ */ define(() => messageSchema(z.object({ ...baseMessageFields, ...toolCallExecutionEventFields })));
/** `autogen_agentchat.messages.ToolCallExecutionEvent`. */
export type ToolCallExecutionEvent = z.infer<typeof ToolCallExecutionEvent>;

/** The own fields of {@link MemoryQueryEvent}, with their TSDoc (hover text through `z.infer`). */
export const memoryQueryEventFields = /* @__PURE__ */ define(() => ({
  /** The memory contents the query returned. */
  content: z.array(MemoryContent),
  /** Always `"MemoryQueryEvent"` (filled in when missing). */
  type: messageType("MemoryQueryEvent"),
}));

/**
 * `MemoryQueryEvent`: the memory contents retrieved for a query.
 *
 * @example MemoryQueryEvent.parse({ source: "a", content: [{ content: "fact", mime_type: "text/plain" }] })
 */
export const MemoryQueryEvent: MessageKindSchema<typeof memoryQueryEventFields> = /* @__PURE__ */ define(() => messageSchema(z.object({ ...baseMessageFields, ...memoryQueryEventFields })));
/** `autogen_agentchat.messages.MemoryQueryEvent`. */
export type MemoryQueryEvent = z.infer<typeof MemoryQueryEvent>;

/** The own fields of {@link UserInputRequestedEvent}, with their TSDoc (hover text through `z.infer`). */
export const userInputRequestedEventFields = /* @__PURE__ */ define(() => ({
  /** Identifies the user input request. */
  request_id: z.string(),
  /** Always `""` (for consumers that expect a `content` field). */
  content: z._default(z.literal(""), ""),
  /** Always `"UserInputRequestedEvent"` (filled in when missing). */
  type: messageType("UserInputRequestedEvent"),
}));

/**
 * `UserInputRequestedEvent`: an agent is waiting for user input; `content` is always `""`.
 *
 * @example UserInputRequestedEvent.parse({ source: "user_proxy", request_id: "r1" }).content // ""
 */
export const UserInputRequestedEvent: MessageKindSchema<typeof userInputRequestedEventFields> = /* @__PURE__ */ define(() => messageSchema(z.object({ ...baseMessageFields, ...userInputRequestedEventFields })));
/** `autogen_agentchat.messages.UserInputRequestedEvent`. */
export type UserInputRequestedEvent = z.infer<typeof UserInputRequestedEvent>;

/** The own fields of {@link ModelClientStreamingChunkEvent}, with their TSDoc (hover text through `z.infer`). */
export const modelClientStreamingChunkEventFields = /* @__PURE__ */ define(() => ({
  /** A chunk of the model's streamed text. */
  content: z.string(),
  /** The `id` of the complete message the chunks belong to, when it follows (default `null`). */
  full_message_id: z._default(z.nullable(z.string()), null),
  /** Always `"ModelClientStreamingChunkEvent"` (filled in when missing). */
  type: messageType("ModelClientStreamingChunkEvent"),
}));

/**
 * `ModelClientStreamingChunkEvent`: one streamed chunk of model output; `full_message_id`
 * links it to the complete message that follows.
 *
 * @example ModelClientStreamingChunkEvent.parse({ source: "a", content: "Hel" }).full_message_id // null
 */
export const ModelClientStreamingChunkEvent: MessageKindSchema<typeof modelClientStreamingChunkEventFields> = /* @__PURE__ */ define(() => messageSchema(z.object({ ...baseMessageFields, ...modelClientStreamingChunkEventFields })));
/** `autogen_agentchat.messages.ModelClientStreamingChunkEvent`. */
export type ModelClientStreamingChunkEvent = z.infer<typeof ModelClientStreamingChunkEvent>;

/** The own fields of {@link ThoughtEvent}, with their TSDoc (hover text through `z.infer`). */
export const thoughtEventFields = /* @__PURE__ */ define(() => ({
  /** The model's reasoning, or text it produced beside tool calls. */
  content: z.string(),
  /** Always `"ThoughtEvent"` (filled in when missing). */
  type: messageType("ThoughtEvent"),
}));

/**
 * `ThoughtEvent`: reasoning text from a model, or extra text produced beside tool calls.
 *
 * @example ThoughtEvent.parse({ source: "a", content: "Let me check the weather." })
 */
export const ThoughtEvent: MessageKindSchema<typeof thoughtEventFields> = /* @__PURE__ */ define(() => messageSchema(z.object({ ...baseMessageFields, ...thoughtEventFields })));
/** `autogen_agentchat.messages.ThoughtEvent`. */
export type ThoughtEvent = z.infer<typeof ThoughtEvent>;

/** The own fields of {@link SelectSpeakerEvent}, with their TSDoc (hover text through `z.infer`). */
export const selectSpeakerEventFields = /* @__PURE__ */ define(() => ({
  /** The names of the selected speakers. */
  content: z.array(z.string()),
  /** Always `"SelectSpeakerEvent"` (filled in when missing). */
  type: messageType("SelectSpeakerEvent"),
}));

/**
 * `SelectSpeakerEvent`: the speakers a group chat manager selected.
 *
 * @example SelectSpeakerEvent.parse({ source: "manager", content: ["writer"] })
 */
export const SelectSpeakerEvent: MessageKindSchema<typeof selectSpeakerEventFields> = /* @__PURE__ */ define(() => messageSchema(z.object({ ...baseMessageFields, ...selectSpeakerEventFields })));
/** `autogen_agentchat.messages.SelectSpeakerEvent`. */
export type SelectSpeakerEvent = z.infer<typeof SelectSpeakerEvent>;

/** The own fields of {@link CodeGenerationEvent}, with their TSDoc (hover text through `z.infer`). */
export const codeGenerationEventFields = /* @__PURE__ */ define(() => ({
  /** The attempt number: `0` for the first generation. */
  retry_attempt: LaxInt,
  /** The complete generated text. */
  content: z.string(),
  /** The code blocks found in `content`. */
  code_blocks: z.array(CodeBlock),
  /** Always `"CodeGenerationEvent"` (filled in when missing). */
  type: messageType("CodeGenerationEvent"),
}));

/**
 * `CodeGenerationEvent`: a code-executor agent generated code (attempt `retry_attempt`).
 *
 * @example CodeGenerationEvent.parse({ source: "coder", retry_attempt: 0, content: "...", code_blocks: [] })
 */
export const CodeGenerationEvent: MessageKindSchema<typeof codeGenerationEventFields> = /* @__PURE__ */ define(() => messageSchema(z.object({ ...baseMessageFields, ...codeGenerationEventFields })));
/** `autogen_agentchat.messages.CodeGenerationEvent`. */
export type CodeGenerationEvent = z.infer<typeof CodeGenerationEvent>;

/** The own fields of {@link CodeExecutionEvent}, with their TSDoc (hover text through `z.infer`). */
export const codeExecutionEventFields = /* @__PURE__ */ define(() => ({
  /** The attempt number: `0` for the first execution. */
  retry_attempt: LaxInt,
  /** The exit code and output of the execution. */
  result: CodeResult,
  /** Always `"CodeExecutionEvent"` (filled in when missing). */
  type: messageType("CodeExecutionEvent"),
}));

/**
 * `CodeExecutionEvent`: the result of executing generated code.
 *
 * @example CodeExecutionEvent.parse({ source: "coder", retry_attempt: 0, result: { exit_code: 0, output: "ok" } })
 */
export const CodeExecutionEvent: MessageKindSchema<typeof codeExecutionEventFields> = /* @__PURE__ */ define(() => messageSchema(z.object({ ...baseMessageFields, ...codeExecutionEventFields })));
/** `autogen_agentchat.messages.CodeExecutionEvent`. */
export type CodeExecutionEvent = z.infer<typeof CodeExecutionEvent>;

/** The own fields of {@link SelectorEvent}, with their TSDoc (hover text through `z.infer`). */
export const selectorEventFields = /* @__PURE__ */ define(() => ({
  /** The text of the event. */
  content: z.string(),
  /** Always `"SelectorEvent"` (filled in when missing). */
  type: messageType("SelectorEvent"),
}));

/**
 * `SelectorEvent`: a selector group chat's event with string content. AutoGen defines it
 * but leaves it out of the `AgentEvent` union and of `MessageFactory`; this library loads it.
 *
 * @example SelectorEvent.parse({ source: "selector", content: "picked writer" })
 */
export const SelectorEvent: MessageKindSchema<typeof selectorEventFields> = /* @__PURE__ */ define(() => messageSchema(z.object({ ...baseMessageFields, ...selectorEventFields })));
/** `autogen_agentchat.messages.SelectorEvent`. */
export type SelectorEvent = z.infer<typeof SelectorEvent>;
