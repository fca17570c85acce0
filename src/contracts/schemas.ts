/**
 * The data contracts AutoGen's agents exchange around messages: what an agent returns
 * (`Response`), what a run returns (`TaskResult`), the code-approval hook's request and
 * answer (`CodeExecutorAgent`), and `MessageFilterAgent`'s configuration. Field order is
 * Python's (it is the dump order); defaults are Python's.
 */
import * as z from "zod/mini";
import { LLMMessage } from "../schemas/llm-messages.js";
import { LaxBool } from "../wire/fields.js";
import { messageField } from "./message-field.js";
import type { MessageRegistry } from "../registry.js";
import { define } from "../define.js";
import { withMessageErrors, type MessageObject } from "../parse.js";

/** The fields of {@link Response}, messages loaded through `registry`, with their TSDoc (hover text through `z.infer`). */
export function responseFields(registry?: MessageRegistry) {
  return {
    /** The agent's final chat message. */
    chat_message: messageField({ registry, group: "chat" }),
    /** The messages and events the agent produced on the way (default `null`). */
    inner_messages: z._default(z.nullable(z.array(messageField({ registry }))), null),
  };
}

/** The fields of {@link TaskResult}, messages loaded through `registry`, with their TSDoc (hover text through `z.infer`). */
export function taskResultFields(registry?: MessageRegistry) {
  return {
    /** Every message and event of the run, in order. */
    messages: z.array(messageField({ registry })),
    /** Why the run stopped (`null` when no termination condition stopped it). */
    stop_reason: z._default(z.nullable(z.string()), null),
  };
}

/**
 * The {@link Response} schema with its messages loaded through `registry` (custom kinds,
 * registered structured content); `Response` itself uses `defaultRegistry`.
 *
 * @example responseSchema({ registry: myRegistry }).parse(payload)
 */
export function responseSchema(options: { readonly registry?: MessageRegistry } = {}): MessageObject<ReturnType<typeof responseFields>> {
  return withMessageErrors("Response", z.object(responseFields(options.registry)));
}

/**
 * The {@link TaskResult} schema with its messages loaded through `registry`; `TaskResult`
 * itself uses `defaultRegistry`.
 *
 * @example taskResultSchema({ registry: myRegistry }).parse(payload)
 */
export function taskResultSchema(options: { readonly registry?: MessageRegistry } = {}): MessageObject<ReturnType<typeof taskResultFields>> {
  return withMessageErrors("TaskResult", z.object(taskResultFields(options.registry)));
}

/**
 * `autogen_agentchat.base.Response`: an agent's final chat message and the inner messages
 * (events and chat messages) it produced on the way. `chat_message` must be a chat message.
 *
 * @example
 * Response.parse({ chat_message: { type: "TextMessage", source: "assistant", content: "Done." } }).inner_messages // null
 */
export const Response = /* @__PURE__ */ define(() => responseSchema());
/** `autogen_agentchat.base.Response`. */
export type Response = z.infer<typeof Response>;

/**
 * `autogen_agentchat.base.TaskResult`: every message of a run and why it stopped
 * (`null` when the run was not stopped by a termination condition, e.g. `agent.run`).
 *
 * @example
 * TaskResult.parse({ messages: [{ type: "TextMessage", source: "user", content: "Hi" }] }).stop_reason // null
 */
export const TaskResult = /* @__PURE__ */ define(() => taskResultSchema());
/** `autogen_agentchat.base.TaskResult`. */
export type TaskResult = z.infer<typeof TaskResult>;

/** The fields of {@link ApprovalRequest}, with their TSDoc (hover text through `z.infer`). */
export const approvalRequestShape = /* @__PURE__ */ define(() => ({
  /** The code about to run: the blocks as fenced markdown, joined by a blank line. */
  code: z.string(),
  /** The agent's model context. */
  context: z.array(LLMMessage),
}));

/**
 * `autogen_agentchat.agents.ApprovalRequest`: the code `CodeExecutorAgent` is about to run
 * (blocks as fenced markdown joined by a blank line) and the agent's model context.
 *
 * @example
 * ApprovalRequest.parse({ code: "```python\nprint(1)\n```", context: [] })
 */
export const ApprovalRequest: MessageObject<typeof approvalRequestShape> = /* @__PURE__ */ define(() => withMessageErrors("ApprovalRequest", z.object(approvalRequestShape)));
/** `autogen_agentchat.agents.ApprovalRequest`. */
export type ApprovalRequest = z.infer<typeof ApprovalRequest>;

/** The fields of {@link ApprovalResponse}, with their TSDoc (hover text through `z.infer`). */
export const approvalResponseShape = /* @__PURE__ */ define(() => ({
  /** Whether the code may run. */
  approved: LaxBool,
  /** Why it was approved or not. */
  reason: z.string(),
}));

/**
 * `autogen_agentchat.agents.ApprovalResponse`: the approval hook's verdict. `approved`
 * takes pydantic's lax booleans (`"yes"`, `1`, …) as the Python model does.
 *
 * @example ApprovalResponse.parse({ approved: true, reason: "Approved by user" })
 */
export const ApprovalResponse: MessageObject<typeof approvalResponseShape> = /* @__PURE__ */ define(() => withMessageErrors("ApprovalResponse", z.object(approvalResponseShape)));
/** `autogen_agentchat.agents.ApprovalResponse`. */
export type ApprovalResponse = z.infer<typeof ApprovalResponse>;

// `MessageFilterAgent`'s filter lives with the schemas: the component configs (a lower layer) use it too.
export { PerSourceFilter, MessageFilterConfig } from "../schemas/message-filter.js";
