/**
 * AutoGen 0.4 development-release messages, replaced by events in 0.4.0:
 * `ToolCallMessage` → `ToolCallRequestEvent`, `ToolCallResultMessage` → `ToolCallExecutionEvent`.
 * `load` does not accept them; {@link upgradeLegacyMessage} converts them explicitly.
 */
import * as z from "zod/mini";
import { FunctionCall, RequestUsage } from "./core.js";
import { ToolCallExecutionEvent, ToolCallRequestEvent } from "./agent-events.js";
import { messageSchema, messageType } from "./base.js";
import { parseWith, type MessageObject } from "../parse.js";
import { quoteName } from "../wire/check.js";
import { MessageValidationError } from "../errors.js";
import { define } from "../define.js";

/** The fields of {@link ToolCallMessage}, with their TSDoc (hover text through `z.infer`). */
export const toolCallMessageShape = /* @__PURE__ */ define(() => ({
  /** The name of the agent that sent the message. */
  source: z.string(),
  /** The model client usage incurred when producing the message (default `null`). */
  models_usage: z._default(z.nullable(RequestUsage), null),
  /** The tool calls. */
  content: z.array(FunctionCall),
  /** Always `"ToolCallMessage"` (filled in when missing). */
  type: messageType("ToolCallMessage"),
}));

/**
 * Legacy `ToolCallMessage` (AutoGen 0.4 dev): a message carrying tool calls.
 *
 * @example ToolCallMessage.parse({ source: "a", content: [{ id: "1", arguments: "{}", name: "f" }] })
 */
export const ToolCallMessage: MessageObject<typeof toolCallMessageShape> = /* @__PURE__ */ define(() => messageSchema(z.object(toolCallMessageShape)));
/** Legacy `ToolCallMessage`. */
export type ToolCallMessage = z.infer<typeof ToolCallMessage>;

/** The 0.4-dev `FunctionExecutionResult`: no `name`, no `is_error` yet. */
const LegacyFunctionExecutionResult = /* @__PURE__ */ define(() => z.object({
  content: z.string(),
  call_id: z.string(),
}));

/** The fields of {@link ToolCallResultMessage}, with their TSDoc (hover text through `z.infer`). */
export const toolCallResultMessageShape = /* @__PURE__ */ define(() => ({
  /** The name of the agent that sent the message. */
  source: z.string(),
  /** The model client usage incurred when producing the message (default `null`). */
  models_usage: z._default(z.nullable(RequestUsage), null),
  /** The tool results (no `name` nor `is_error` in this version). */
  content: z.array(LegacyFunctionExecutionResult),
  /** Always `"ToolCallResultMessage"` (filled in when missing). */
  type: messageType("ToolCallResultMessage"),
}));

/**
 * Legacy `ToolCallResultMessage` (AutoGen 0.4 dev): a message carrying tool results.
 *
 * @example ToolCallResultMessage.parse({ source: "a", content: [{ content: "4", call_id: "1" }] })
 */
export const ToolCallResultMessage: MessageObject<typeof toolCallResultMessageShape> = /* @__PURE__ */ define(() => messageSchema(z.object(toolCallResultMessageShape)));
/** Legacy `ToolCallResultMessage`. */
export type ToolCallResultMessage = z.infer<typeof ToolCallResultMessage>;

/**
 * Converts a legacy payload to its current event: `ToolCallMessage` → `ToolCallRequestEvent`,
 * `ToolCallResultMessage` → `ToolCallExecutionEvent`. The legacy forms had no `id`,
 * `metadata` or `created_at` (new ones are generated) and results had no `name`
 * (becomes `""`, the value AutoGen documents for unknown names) nor `is_error` (`null`).
 * Throws {@link MessageValidationError} for anything else.
 *
 * @example upgradeLegacyMessage({ type: "ToolCallMessage", source: "a", content: [] }).type // "ToolCallRequestEvent"
 */
export function upgradeLegacyMessage(payload: unknown): ToolCallRequestEvent | ToolCallExecutionEvent {
  const type = payload !== null && typeof payload === "object" ? (payload as { type?: unknown }).type : undefined;
  if (type === "ToolCallMessage") {
    const legacy = parseWith(ToolCallMessage, payload, "ToolCallMessage");
    return ToolCallRequestEvent.parse({ source: legacy.source, models_usage: legacy.models_usage, content: legacy.content });
  }
  if (type === "ToolCallResultMessage") {
    const legacy = parseWith(ToolCallResultMessage, payload, "ToolCallResultMessage");
    return ToolCallExecutionEvent.parse({
      source: legacy.source,
      models_usage: legacy.models_usage,
      content: legacy.content.map((r) => ({ content: r.content, name: "", call_id: r.call_id, is_error: null })),
    });
  }
  throw new MessageValidationError(undefined, [
    {
      path: ["type"],
      code: "unknown_type",
      message: `expected "ToolCallMessage" or "ToolCallResultMessage", got ${quoteName(type)}`,
    },
  ]);
}
