/**
 * autogen_agentchat chat messages (`BaseChatMessage` subclasses): what agents send each
 * other. Field order is Python's: inherited fields, then the class's own fields in
 * declaration order (so `type` sits before `tool_calls` in `ToolCallSummaryMessage`).
 */
import * as z from "zod/mini";
import { JsonObjectSchema } from "../wire/fields.js";
import { FunctionCall, FunctionExecutionResult, Image } from "./core.js";
import { LLMMessage } from "./llm-messages.js";
import { baseMessageFields, messageSchema, messageType, type MessageKindSchema } from "./base.js";
import { define } from "../define.js";
import { guarded } from "../zod-def.js";
import { memberName, withMessageErrors } from "../parse.js";

/** The own fields of {@link TextMessage}, with their TSDoc (hover text through `z.infer`). */
export const textMessageFields = /* @__PURE__ */ define(() => ({
  /** The text of the message. */
  content: z.string(),
  /** Always `"TextMessage"` (filled in when missing). */
  type: messageType("TextMessage"),
}));

/**
 * `TextMessage`: a chat message with string content.
 *
 * @example TextMessage.parse({ source: "user", content: "Hello" }) // id, created_at, metadata filled in
 */
export const TextMessage: MessageKindSchema<typeof textMessageFields> = /* @__PURE__ */ define(() => messageSchema(z.object({ ...baseMessageFields, ...textMessageFields })));
/** `autogen_agentchat.messages.TextMessage`. */
export type TextMessage = z.infer<typeof TextMessage>;

/** The own fields of {@link MultiModalMessage}, with their TSDoc (hover text through `z.infer`). */
export const multiModalMessageFields = /* @__PURE__ */ define(() => ({
  /** The parts of the message, in order: strings and images (`{ data: <base64> }`). */
  content: z.array(z.union([z.string(), Image])),
  /** Always `"MultiModalMessage"` (filled in when missing). */
  type: messageType("MultiModalMessage"),
}));

/**
 * `MultiModalMessage`: a chat message whose content is a list of strings and images.
 *
 * @example MultiModalMessage.parse({ source: "user", content: ["Look:", { data: pngBase64 }] })
 */
export const MultiModalMessage: MessageKindSchema<typeof multiModalMessageFields> = /* @__PURE__ */ define(() => messageSchema(z.object({ ...baseMessageFields, ...multiModalMessageFields })));
/** `autogen_agentchat.messages.MultiModalMessage`. */
export type MultiModalMessage = z.infer<typeof MultiModalMessage>;

/** The own fields of {@link StopMessage}, with their TSDoc (hover text through `z.infer`). */
export const stopMessageFields = /* @__PURE__ */ define(() => ({
  /** Why the conversation should stop (e.g. `"TERMINATE"`). */
  content: z.string(),
  /** Always `"StopMessage"` (filled in when missing). */
  type: messageType("StopMessage"),
}));

/**
 * `StopMessage`: a chat message asking the conversation to stop.
 *
 * @example StopMessage.parse({ source: "critic", content: "APPROVE" })
 */
export const StopMessage: MessageKindSchema<typeof stopMessageFields> = /* @__PURE__ */ define(() => messageSchema(z.object({ ...baseMessageFields, ...stopMessageFields })));
/** `autogen_agentchat.messages.StopMessage`. */
export type StopMessage = z.infer<typeof StopMessage>;

/** The own fields of {@link HandoffMessage}, with their TSDoc (hover text through `z.infer`). */
export const handoffMessageFields = /* @__PURE__ */ define(() => ({
  /** The text that goes with the handoff. */
  content: z.string(),
  /** The name of the agent to hand the conversation to. */
  target: z.string(),
  /** The model context passed to the target agent (default `[]`). */
  context: z._default(z.array(LLMMessage), () => []),
  /** Always `"HandoffMessage"` (filled in when missing). */
  type: messageType("HandoffMessage"),
}));

/**
 * `HandoffMessage`: hands the conversation to `target`, optionally with model context.
 *
 * @example HandoffMessage.parse({ source: "triage", content: "over to you", target: "billing" }).context // []
 */
export const HandoffMessage: MessageKindSchema<typeof handoffMessageFields> = /* @__PURE__ */ define(() => messageSchema(z.object({ ...baseMessageFields, ...handoffMessageFields })));
/** `autogen_agentchat.messages.HandoffMessage`. */
export type HandoffMessage = z.infer<typeof HandoffMessage>;

/** The own fields of {@link ToolCallSummaryMessage}, with their TSDoc (hover text through `z.infer`). */
export const toolCallSummaryMessageFields = /* @__PURE__ */ define(() => ({
  /** The summary text of the tool results. */
  content: z.string(),
  /** Always `"ToolCallSummaryMessage"` (filled in when missing). */
  type: messageType("ToolCallSummaryMessage"),
  /** The tool calls that were made. */
  tool_calls: z.array(FunctionCall),
  /** The results of the tool calls. */
  results: z.array(FunctionExecutionResult),
}));

/**
 * `ToolCallSummaryMessage`: the summary of tool calls and their results.
 *
 * @example ToolCallSummaryMessage.parse({ source: "a", content: "4", tool_calls: [], results: [] })
 */
export const ToolCallSummaryMessage: MessageKindSchema<typeof toolCallSummaryMessageFields> = /* @__PURE__ */ define(() => messageSchema(z.object({ ...baseMessageFields, ...toolCallSummaryMessageFields })));
/** `autogen_agentchat.messages.ToolCallSummaryMessage`. */
export type ToolCallSummaryMessage = z.infer<typeof ToolCallSummaryMessage>;

/** The `type` of a structured message: `StructuredMessage[<ContentModelName>]`. */
export type StructuredMessageType<Name extends string = string> = `StructuredMessage[${Name}]`;

const STRUCTURED_PREFIX = "StructuredMessage[";

/**
 * True for a `StructuredMessage[<Name>]` type string with a non-empty name.
 *
 * @example isStructuredMessageType("StructuredMessage[Weather]") // true
 */
export function isStructuredMessageType(type: unknown): type is StructuredMessageType {
  return (
    typeof type === "string" &&
    type.length > STRUCTURED_PREFIX.length + 1 &&
    type.startsWith(STRUCTURED_PREFIX) &&
    type.endsWith("]")
  );
}

/**
 * The content model name inside a structured message type, or `null` for other strings.
 *
 * @example structuredContentName("StructuredMessage[Weather]") // "Weather"
 */
export function structuredContentName(type: string): string | null {
  return isStructuredMessageType(type) ? type.slice(STRUCTURED_PREFIX.length, -1) : null;
}

const formatString = /* @__PURE__ */ define(() => z._default(z.nullable(z.string()), null));

/** The own fields of {@link StructuredMessage}, with their TSDoc (hover text through `z.infer`). */
export const structuredMessageFields = /* @__PURE__ */ define(() => ({
  /** The content: an instance of the content model, here any JSON object. */
  content: JsonObjectSchema,
  /** A Python `str.format` template rendering the content as text (default `null`: the content's JSON). */
  format_string: formatString,
  /** `"StructuredMessage[<ContentModelName>]"`. */
  type: guarded(isStructuredMessageType, 'expected "StructuredMessage[<Name>]"'),
}));

/**
 * `StructuredMessage[<Name>]` with content of unknown shape: the envelope is validated and
 * the content kept as a JSON object. The `type` must name the content model.
 *
 * @example
 * StructuredMessage.parse({ source: "a", content: { city: "Oslo" }, type: "StructuredMessage[Weather]" })
 */
export const StructuredMessage: MessageKindSchema<typeof structuredMessageFields> = /* @__PURE__ */ define(() =>
  withMessageErrors(memberName("StructuredMessage", isStructuredMessageType), z.object({ ...baseMessageFields, ...structuredMessageFields })),
);
/** `autogen_agentchat.messages.StructuredMessage[...]` with JSON-object content. */
export type StructuredMessage = z.infer<typeof StructuredMessage>;

/**
 * The computed `type` field: any input (or none) becomes `type`. The one zod class that
 * substitutes for any input, absent included, without `z.catch`'s own class in the bundle:
 * a transform is optional on input and never fails. Typed as `z.catch(z.literal(type))`.
 */
function replaceWith<const T extends string>(type: T) {
  return z.transform((_: T) => type);
}

/**
 * Builds the schema of `StructuredMessage[<name>]` for a given content schema: content is
 * validated by `content`, and `type` is filled in (any input `type` is replaced, as the
 * Python computed field ignores it).
 *
 * @example
 * const Weather = z.object({ city: z.string(), temperature: z.number() });
 * const WeatherMessage = structuredMessageSchema("Weather", Weather);
 * WeatherMessage.parse({ source: "bot", content: { city: "Oslo", temperature: 3 } }).type
 * // "StructuredMessage[Weather]"
 */
export function structuredMessageSchema<const Name extends string, Content extends z.core.$ZodType>(
  name: Name,
  content: Content,
) {
  const type = `${STRUCTURED_PREFIX}${name}]` as StructuredMessageType<Name>;
  return withMessageErrors(type, z.object({
    ...baseMessageFields,
    content,
    format_string: formatString,
    // A computed field in Python: whatever the payload says, the type is the class's own.
    type: replaceWith(type),
  }));
}
