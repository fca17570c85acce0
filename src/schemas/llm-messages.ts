/**
 * autogen_core.models message types: what a model client receives (`LLMMessage`).
 * Each schema fills a missing `type`, as the pydantic class does when validated directly;
 * inside the `LLMMessage` union the `type` tag is required, as in AutoGen's tagged union.
 */
import * as z from "zod/mini";
import { FunctionCall, FunctionExecutionResult, Image } from "./core.js";
import { define } from "../define.js";
import { messageSchema, messageType } from "./base.js";
import { taggedUnion } from "../parse.js";

/**
 * `autogen_core.models.SystemMessage`: instructions from the developer.
 *
 * @example SystemMessage.parse({ content: "Be brief." }) // { content: "Be brief.", type: "SystemMessage" }
 */
export const SystemMessage = /* @__PURE__ */ define(() => messageSchema(z.object({
  content: z.string(),
  type: messageType("SystemMessage"),
})));
/** `autogen_core.models.SystemMessage`. */
export type SystemMessage = z.infer<typeof SystemMessage>;

/**
 * `autogen_core.models.UserMessage`: input from a user or agent: text, or a list of text
 * and images.
 *
 * @example UserMessage.parse({ content: "Hi", source: "user" })
 */
export const UserMessage = /* @__PURE__ */ define(() => messageSchema(z.object({
  content: z.union([z.string(), z.array(z.union([z.string(), Image]))]),
  source: z.string(),
  type: messageType("UserMessage"),
})));
/** `autogen_core.models.UserMessage`. */
export type UserMessage = z.infer<typeof UserMessage>;

/**
 * `autogen_core.models.AssistantMessage`: a model's reply: text or function calls, with
 * optional reasoning text in `thought`.
 *
 * @example AssistantMessage.parse({ content: "Done.", source: "assistant" }).thought // null
 */
export const AssistantMessage = /* @__PURE__ */ define(() => messageSchema(z.object({
  content: z.union([z.string(), z.array(FunctionCall)]),
  thought: z._default(z.nullable(z.string()), null),
  source: z.string(),
  type: messageType("AssistantMessage"),
})));
/** `autogen_core.models.AssistantMessage`. */
export type AssistantMessage = z.infer<typeof AssistantMessage>;

/**
 * `autogen_core.models.FunctionExecutionResultMessage`: the results of a batch of tool calls.
 *
 * @example FunctionExecutionResultMessage.parse({ content: [{ content: "4", name: "add", call_id: "c1" }] })
 */
export const FunctionExecutionResultMessage = /* @__PURE__ */ define(() => messageSchema(z.object({
  content: z.array(FunctionExecutionResult),
  type: messageType("FunctionExecutionResultMessage"),
})));
/** `autogen_core.models.FunctionExecutionResultMessage`. */
export type FunctionExecutionResultMessage = z.infer<typeof FunctionExecutionResultMessage>;

/**
 * `autogen_core.models.LLMMessage`: any message a model client accepts, tagged by `type`.
 *
 * @example LLMMessage.parse({ type: "SystemMessage", content: "Be brief." })
 */
export const LLMMessage = /* @__PURE__ */ define(() => taggedUnion("LLMMessage", z.discriminatedUnion("type", [
  SystemMessage,
  UserMessage,
  AssistantMessage,
  FunctionExecutionResultMessage,
])));
/** `autogen_core.models.LLMMessage`. */
export type LLMMessage = z.infer<typeof LLMMessage>;
