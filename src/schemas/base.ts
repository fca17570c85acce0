/**
 * The fields every AgentChat message and event inherits from `BaseChatMessage` /
 * `BaseAgentEvent`, in Python's order (`id, source, models_usage, metadata, created_at`),
 * with AutoGen's defaults.
 */
import * as z from "zod/mini";
import { formatUtcNow } from "../wire/datetime.js";
import { Datetime, StringMap } from "../wire/fields.js";
import { RequestUsage } from "./core.js";
import { define } from "../define.js";
import { newMessageId } from "../ids.js";
import { processWide } from "../process-wide.js";
import { withMessageErrors, type MessageObject, type MessageSchema } from "../parse.js";

/**
 * Fields whose default is generated per message (`id`, `created_at`) rather than a constant:
 * a JSON Schema must not show one sample value as "the" default.
 *
 * @example generatedDefaults.has(baseMessageFields.id) // true
 */
export const generatedDefaults = /* @__PURE__ */ processWide("generatedDefaults", () => z.registry<Record<string, never>>());

/** The inherited message fields, in wire order. Spread into every message schema. */
export const baseMessageFields = /* @__PURE__ */ define(() => ({
  /** Unique identifier of the message (default: a new ULID; AutoGen writes a uuid4). */
  id: z._default(z.string(), newMessageId).register(generatedDefaults, {}),
  /** The name of the agent that sent the message. */
  source: z.string(),
  /** The model client usage incurred when producing the message (default `null`). */
  models_usage: z._default(z.nullable(RequestUsage), null),
  /** Additional metadata: string keys and string values (default `{}`). */
  metadata: z._default(StringMap, () => ({})),
  /**
   * When the message was created, as pydantic writes it (`2025-04-06T21:56:09.134291Z`; default:
   * now, UTC). Input may be any form pydantic accepts, or a JavaScript `Date`.
   */
  created_at: z._default(Datetime, formatUtcNow).register(generatedDefaults, {}),
}));

/**
 * The declared type of a message class's schema: the inherited {@link baseMessageFields} and the
 * class's own fields, each with its TSDoc (hover text in editors, through `z.infer`).
 */
export type MessageKindSchema<Own extends z.core.$ZodShape> = MessageObject<typeof baseMessageFields & Own>;

/**
 * A message class's schema (an object with a {@link messageType} field), whose `parse` /
 * `safeParse` report a `MessageValidationError` naming the class (`Invalid TextMessage: …`).
 *
 * @example export const TextMessage = messageSchema(z.object({ ...baseMessageFields, content: z.string(), type: messageType("TextMessage") }));
 */
export function messageSchema<S extends z.ZodMiniObject<{ type: z.ZodMiniType<string, string | undefined> } & z.core.$ZodShape>>(schema: S): MessageSchema<S> {
  let name: string | undefined;
  // The class name is the `type` default; read on the first error, not at startup.
  return withMessageErrors(() => (name ??= schema.shape.type.parse(undefined)), schema);
}

/**
 * The `type` field of a message class: the class name, filled in when missing (as
 * `TextMessage.load` does in Python), any other value rejected.
 *
 * @example messageType("TextMessage").parse(undefined) // "TextMessage"
 */
export function messageType<const Name extends string>(name: Name) {
  return z._default(z.literal(name), name);
}
