/**
 * The data contracts AutoGen's agents exchange around messages: what an agent returns
 * (`Response`), what a run returns (`TaskResult`), the code-approval hook's request and
 * answer (`CodeExecutorAgent`), and `MessageFilterAgent`'s configuration. Field order is
 * Python's (it is the dump order); defaults are Python's.
 */
import * as z from "zod/mini";
import { LLMMessage } from "../schemas/llm-messages.js";
import { LaxBool, LaxInt } from "../wire/fields.js";
import { messageField } from "./message-field.js";
import { define } from "../define.js";
import { literalEnum } from "../zod-def.js";
import { withMessageErrors } from "../parse.js";

/**
 * `autogen_agentchat.base.Response`: an agent's final chat message and the inner messages
 * (events and chat messages) it produced on the way. `chat_message` must be a chat message.
 *
 * @example
 * Response.parse({ chat_message: { type: "TextMessage", source: "assistant", content: "Done." } }).inner_messages // null
 */
export const Response = /* @__PURE__ */ define(() => withMessageErrors("Response", z.object({
  chat_message: messageField({ group: "chat" }),
  inner_messages: z._default(z.nullable(z.array(messageField())), null),
})));
/** `autogen_agentchat.base.Response`. */
export type Response = z.infer<typeof Response>;

/**
 * `autogen_agentchat.base.TaskResult`: every message of a run and why it stopped
 * (`null` when the run was not stopped by a termination condition, e.g. `agent.run`).
 *
 * @example
 * TaskResult.parse({ messages: [{ type: "TextMessage", source: "user", content: "Hi" }] }).stop_reason // null
 */
export const TaskResult = /* @__PURE__ */ define(() => withMessageErrors("TaskResult", z.object({
  messages: z.array(messageField()),
  stop_reason: z._default(z.nullable(z.string()), null),
})));
/** `autogen_agentchat.base.TaskResult`. */
export type TaskResult = z.infer<typeof TaskResult>;

/**
 * `autogen_agentchat.agents.ApprovalRequest`: the code `CodeExecutorAgent` is about to run
 * (blocks as fenced markdown joined by a blank line) and the agent's model context.
 *
 * @example
 * ApprovalRequest.parse({ code: "```python\nprint(1)\n```", context: [] })
 */
export const ApprovalRequest = /* @__PURE__ */ define(() => withMessageErrors("ApprovalRequest", z.object({
  code: z.string(),
  context: z.array(LLMMessage),
})));
/** `autogen_agentchat.agents.ApprovalRequest`. */
export type ApprovalRequest = z.infer<typeof ApprovalRequest>;

/**
 * `autogen_agentchat.agents.ApprovalResponse`: the approval hook's verdict. `approved`
 * takes pydantic's lax booleans (`"yes"`, `1`, …) as the Python model does.
 *
 * @example ApprovalResponse.parse({ approved: true, reason: "Approved by user" })
 */
export const ApprovalResponse = /* @__PURE__ */ define(() => withMessageErrors("ApprovalResponse", z.object({
  approved: LaxBool,
  reason: z.string(),
})));
/** `autogen_agentchat.agents.ApprovalResponse`. */
export type ApprovalResponse = z.infer<typeof ApprovalResponse>;

/**
 * `autogen_agentchat.agents.PerSourceFilter`: which messages of one `source` a
 * `MessageFilterAgent` passes on. `position` `null` (or a `count` of `0`/`null`) keeps all.
 *
 * @example PerSourceFilter.parse({ source: "user", position: "first", count: 1 })
 */
export const PerSourceFilter = /* @__PURE__ */ define(() => withMessageErrors("PerSourceFilter", z.object({
  source: z.string(),
  position: z._default(z.nullable(literalEnum(["first", "last"])), null),
  count: z._default(z.nullable(LaxInt), null),
})));
/** `autogen_agentchat.agents.PerSourceFilter`. */
export type PerSourceFilter = z.infer<typeof PerSourceFilter>;

/**
 * `autogen_agentchat.agents.MessageFilterConfig`: the per-source filters, applied in order.
 *
 * @example MessageFilterConfig.parse({ per_source: [{ source: "B", position: "last", count: 2 }] })
 */
export const MessageFilterConfig = /* @__PURE__ */ define(() => withMessageErrors("MessageFilterConfig", z.object({
  per_source: z.array(PerSourceFilter),
})));
/** `autogen_agentchat.agents.MessageFilterConfig`. */
export type MessageFilterConfig = z.infer<typeof MessageFilterConfig>;
