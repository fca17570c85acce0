/**
 * `load` / `safeLoad`: validate any JSON value as an AgentChat message, dispatching on
 * `type` like AutoGen's `MessageFactory.create`, through the default registry.
 */
import type { AgentMessage } from "./kinds.js";
import type { SafeLoadResult } from "./parse.js";
import { defaultRegistry } from "./registry.js";

/**
 * Like {@link load}, but returns `{ success, data | error }` instead of throwing.
 *
 * @example
 * const r = safeLoad(JSON.parse(line));
 * if (r.success) console.log(r.data.type); else console.error(r.error.message);
 */
export function safeLoad(payload: unknown): SafeLoadResult<AgentMessage> {
  return defaultRegistry.safeLoad(payload);
}

/**
 * Validates any JSON value as an AgentChat message or event, dispatching on `type` as
 * AutoGen's `MessageFactory` does, and returns it normalised as AutoGen would hold it
 * (defaults filled, `created_at` normalised, lax values coerced, unknown keys dropped).
 * Throws {@link MessageValidationError} naming the path of the first problem; never
 * anything else, and never changes `payload`.
 *
 * @example
 * const msg = load(JSON.parse(text));
 * if (msg.type === "TextMessage") console.log(msg.source, msg.content);
 */
export function load(payload: unknown): AgentMessage {
  return defaultRegistry.load(payload);
}
