/**
 * What a run hands back as plain values (a message or event, a `TaskResult`, a `Response`),
 * told apart by shape; and a reader's item (`{ kind, … }`) told apart from them. Console, the
 * HTML view and the CLI ask here rather than each keeping its own test.
 */
import type { Response, TaskResult } from "../contracts/schemas.js";
import type { AgentMessage } from "../kinds.js";
import type { RunItem } from "./items.js";
import { isObject } from "../wire/json-data.js";

/**
 * A message or event, a `TaskResult` (`run_stream`'s last item) or a `Response`
 * (`on_messages_stream`'s), as a run yields them.
 *
 * @example const values: RunValue[] = [message, taskResult]
 */
export type RunValue = AgentMessage | Response | TaskResult;

// Not wire/json-data's isPlainObject: a class instance (an app's own message object) counts here.

/**
 * True for a `Response` (an object with `chat_message` and no `type`).
 *
 * @example isResponse({ chat_message: msg, inner_messages: null }) // true
 */
export function isResponse(item: unknown): item is Response {
  return isObject(item) && item.type === undefined && isObject(item.chat_message);
}

/**
 * True for a `TaskResult` (an object with a `messages` array and no `type`).
 *
 * @example isTaskResult({ messages: [], stop_reason: null }) // true
 */
export function isTaskResult(item: unknown): item is TaskResult {
  return isObject(item) && item.type === undefined && Array.isArray(item.messages);
}

/**
 * True for a stream reader's item (`{ kind, … }`): messages, `TaskResult`s and `Response`s have
 * no `kind` key of their own, and a message has a `type`.
 *
 * @example isRunItem({ kind: "control", control: { type: "pong" } }) // true
 */
export function isRunItem(item: RunValue | RunItem): item is RunItem {
  return "kind" in item && typeof item.kind === "string" && !("type" in item);
}
