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

/**
 * Fields whose default is generated per message (`id`, `created_at`) rather than a constant:
 * a JSON Schema must not show one sample value as "the" default.
 *
 * @example generatedDefaults.has(baseMessageFields.id) // true
 */
export const generatedDefaults = /* @__PURE__ */ z.registry<Record<string, never>>();

/** The inherited message fields, in wire order. Spread into every message schema. */
export const baseMessageFields = /* @__PURE__ */ define(() => ({
  id: z._default(z.string(), newMessageId).register(generatedDefaults, {}),
  source: z.string(),
  models_usage: z._default(z.nullable(RequestUsage), null),
  metadata: z._default(StringMap, () => ({})),
  created_at: z._default(Datetime, formatUtcNow).register(generatedDefaults, {}),
}));

/**
 * The `type` field of a message class: the class name, filled in when missing (as
 * `TextMessage.load` does in Python), any other value rejected.
 *
 * @example messageType("TextMessage").parse(undefined) // "TextMessage"
 */
export function messageType<const Name extends string>(name: Name) {
  return z._default(z.literal(name), name);
}
