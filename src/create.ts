/**
 * Creation helpers: build a valid message from its own fields, with `type`, `id` (a new
 * ULID), `metadata`, `models_usage` and `created_at` (now, UTC) filled in as AutoGen's
 * constructors fill them.
 */
import type * as z from "zod/mini";
import { AGENT_EVENT_SCHEMAS, BUILTIN_KINDS, CHAT_MESSAGE_SCHEMAS, EXTRA_EVENT_SCHEMAS } from "./kinds.js";
import { parseWith } from "./parse.js";
import { MessageValidationError } from "./errors.js";
import { StructuredMessage, type StructuredMessageType } from "./schemas/chat-messages.js";
import type { JsonObject } from "./wire/json-data.js";
import { quoteName } from "./wire/check.js";
import { didYouMean, knownNames } from "./wire/hints.js";

/** The schema of any built-in message or event kind. */
export type BuiltinSchema =
  | (typeof CHAT_MESSAGE_SCHEMAS)[number]
  | (typeof AGENT_EVENT_SCHEMAS)[number]
  | (typeof EXTRA_EVENT_SCHEMAS)[number];

/** Each built-in `type` name mapped to its schema. */
export type BuiltinSchemas = { [S in BuiltinSchema as z.output<S>["type"]]: S };

/** What {@link createMessage} takes for a kind: its input fields, `type` excluded. */
export type MessageInit<T extends keyof BuiltinSchemas> = Omit<z.input<BuiltinSchemas[T]>, "type">;

/**
 * Creates a built-in message or event, validating the fields and filling the defaults.
 * Throws `MessageValidationError` for invalid fields. The input is not changed.
 *
 * @example
 * const msg = createMessage("TextMessage", { source: "user", content: "Hello" });
 * msg.id         // a new ULID
 * msg.created_at // e.g. "2026-11-21T18:30:00.123000Z"
 */
export function createMessage<T extends keyof BuiltinSchemas>(
  type: T,
  init: MessageInit<T>,
): z.output<BuiltinSchemas[T]> {
  const kind = BUILTIN_KINDS.get(type);
  if (!kind) {
    throw new MessageValidationError(undefined, [
      { path: ["type"], code: "unknown_type", message: `unknown message type ${quoteName(type)}`, hint: didYouMean(type, BUILTIN_KINDS.keys()) ?? knownNames("types", [...BUILTIN_KINDS.keys()]) },
    ]);
  }
  return parseWith(kind.schema, { ...init, type }, type) as z.output<BuiltinSchemas[T]>;
}

/**
 * Creates a `StructuredMessage[<name>]` with JSON-object content.
 *
 * @example createStructuredMessage("Weather", { source: "bot", content: { city: "Oslo" } }).type
 * // "StructuredMessage[Weather]"
 */
export function createStructuredMessage<Name extends string>(
  name: Name,
  init: Omit<z.input<typeof StructuredMessage>, "type" | "content"> & { content: JsonObject },
): StructuredMessage & { type: StructuredMessageType<Name> } {
  const type: StructuredMessageType<Name> = `StructuredMessage[${name}]`;
  return parseWith(StructuredMessage, { ...init, type }, type) as StructuredMessage & { type: StructuredMessageType<Name> };
}
