/**
 * autogen_core.models message types: what a model client receives (`LLMMessage`).
 * Each schema fills a missing `type`, as the pydantic class does when validated directly;
 * inside the `LLMMessage` union the `type` tag is required, as in AutoGen's tagged union.
 */
import * as z from "zod/mini";
import { FunctionCall, FunctionExecutionResult, Image } from "./core.js";
import { define } from "../define.js";
import { messageSchema, messageType } from "./base.js";
import { taggedUnion, type MessageObject, type MessageSchema } from "../parse.js";

/** The fields of {@link SystemMessage}, with their TSDoc (hover text through `z.infer`). */
export const systemMessageShape = /* @__PURE__ */ define(() => ({
  /** The system prompt. */
  content: z.string(),
  /** Always `"SystemMessage"` (filled in when missing). */
  type: messageType("SystemMessage"),
}));

/**
 * `autogen_core.models.SystemMessage`: instructions from the developer.
 *
 * @example SystemMessage.parse({ content: "Be brief." }) // { content: "Be brief.", type: "SystemMessage" }
 */
export const SystemMessage: MessageObject<typeof systemMessageShape> = /* @__PURE__ */ define(() => messageSchema(z.object(systemMessageShape)));
/** `autogen_core.models.SystemMessage`. */
export type SystemMessage = z.infer<typeof SystemMessage>;

/** The fields of {@link UserMessage}, with their TSDoc (hover text through `z.infer`). */
export const userMessageShape = /* @__PURE__ */ define(() => ({
  /** The text, or a list of strings and images (`{ data: <base64> }`). */
  content: z.union([z.string(), z.array(z.union([z.string(), Image]))]),
  /** The name of the agent or user that sent the message. */
  source: z.string(),
  /** Always `"UserMessage"` (filled in when missing). */
  type: messageType("UserMessage"),
}));

/**
 * `autogen_core.models.UserMessage`: input from a user or agent: text, or a list of text
 * and images.
 *
 * @example UserMessage.parse({ content: "Hi", source: "user" })
 */
export const UserMessage: MessageObject<typeof userMessageShape> = /* @__PURE__ */ define(() => messageSchema(z.object(userMessageShape)));
/** `autogen_core.models.UserMessage`. */
export type UserMessage = z.infer<typeof UserMessage>;

/** The fields of {@link AssistantMessage}, with their TSDoc (hover text through `z.infer`). */
export const assistantMessageShape = /* @__PURE__ */ define(() => ({
  /** The model's text, or the function calls it requested. */
  content: z.union([z.string(), z.array(FunctionCall)]),
  /** The model's reasoning text, when it gave one (default `null`). */
  thought: z._default(z.nullable(z.string()), null),
  /** The name of the agent that produced the message. */
  source: z.string(),
  /** Always `"AssistantMessage"` (filled in when missing). */
  type: messageType("AssistantMessage"),
}));

/**
 * `autogen_core.models.AssistantMessage`: a model's reply: text or function calls, with
 * optional reasoning text in `thought`.
 *
 * @example AssistantMessage.parse({ content: "Done.", source: "assistant" }).thought // null
 */
export const AssistantMessage: MessageObject<typeof assistantMessageShape> = /* @__PURE__ */ define(() => messageSchema(z.object(assistantMessageShape)));
/** `autogen_core.models.AssistantMessage`. */
export type AssistantMessage = z.infer<typeof AssistantMessage>;

/** The fields of {@link FunctionExecutionResultMessage}, with their TSDoc (hover text through `z.infer`). */
export const functionExecutionResultMessageShape = /* @__PURE__ */ define(() => ({
  /** The results of the function calls. */
  content: z.array(FunctionExecutionResult),
  /** Always `"FunctionExecutionResultMessage"` (filled in when missing). */
  type: messageType("FunctionExecutionResultMessage"),
}));

/**
 * `autogen_core.models.FunctionExecutionResultMessage`: the results of a batch of tool calls.
 *
 * @example FunctionExecutionResultMessage.parse({ content: [{ content: "4", name: "add", call_id: "c1" }] })
 */
export const FunctionExecutionResultMessage: MessageObject<typeof functionExecutionResultMessageShape> = /* @__PURE__ */ define(() => messageSchema(z.object(functionExecutionResultMessageShape)));
/** `autogen_core.models.FunctionExecutionResultMessage`. */
export type FunctionExecutionResultMessage = z.infer<typeof FunctionExecutionResultMessage>;

/**
 * `autogen_core.models.LLMMessage`: any message a model client accepts, tagged by `type`.
 *
 * @example LLMMessage.parse({ type: "SystemMessage", content: "Be brief." })
 */
export const LLMMessage: MessageSchema<
  z.ZodMiniDiscriminatedUnion<readonly [typeof SystemMessage, typeof UserMessage, typeof AssistantMessage, typeof FunctionExecutionResultMessage], "type">
> = /* @__PURE__ */ define(() => taggedUnion("LLMMessage", z.discriminatedUnion("type", [
  SystemMessage,
  UserMessage,
  AssistantMessage,
  FunctionExecutionResultMessage,
])));
/** `autogen_core.models.LLMMessage`. */
export type LLMMessage = z.infer<typeof LLMMessage>;
