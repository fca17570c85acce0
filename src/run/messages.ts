/**
 * Reading what a run streamed: messages and events, `TaskResult`s and `Response`s, in order,
 * validated through a registry and flattened into one sequence of messages. A message that
 * reaches us twice (streamed, then again inside the run's `TaskResult` or the call's
 * `Response`) is taken once: AutoGen yields the same objects, so they carry the same `id`.
 */
import { MessageValidationError, type IssuePath } from "../errors.js";
import type { AgentMessage } from "../kinds.js";
import type { MessageRegistry } from "../registry.js";
import { describeValue } from "../wire/check.js";
import { underPath } from "./paths.js";
import type { RunEnd } from "./shape.js";
import { isObject } from "../wire/json-data.js";



/** `payload` loaded by `registry`, its error located under `path`. */
function loadAt(registry: MessageRegistry, payload: unknown, path: IssuePath): AgentMessage {
  const r = registry.safeLoad(payload);
  if (r.success) return r.data;
  throw underPath(path, r.error);
}

/**
 * One message or event loaded by `registry`; throws `MessageValidationError` with its issues
 * under `path`.
 *
 * @example loadMessage({ type: "TextMessage", source: "a", content: "hi" }, defaultRegistry, [0]).source // "a"
 */
export function loadMessage(value: unknown, registry: MessageRegistry, path: IssuePath): AgentMessage {
  return loadAt(registry, value, path);
}

/** A `Response`'s chat message: a chat message, not an event. */
function chatAt(registry: MessageRegistry, chat: AgentMessage, path: IssuePath): AgentMessage {
  if (registry.renderersOf(chat).group !== "chat") fail([...path, "type"], `expected a chat message, got the event ${chat.type}`, "union_tag_invalid");
  return chat;
}

/**
 * Every message of an end of run ({@link runEnd}), loaded in order (a `Response`'s chat message
 * checked to be one); errors name each message's path.
 *
 * @example [...endMessages(runEnd({ messages: [dump], stop_reason: null }, [])!, defaultRegistry)] // [the loaded dump]
 */
export function* endMessages(end: RunEnd, registry: MessageRegistry): Generator<AgentMessage> {
  const last = end.count - 1;
  for (let i = 0; i <= last; i++) {
    const path = end.pathAt(i);
    const message = loadAt(registry, end.rawAt(i), path);
    yield end.response && i === last ? chatAt(registry, message, path) : message;
  }
}

function fail(path: IssuePath, message: string, code = "model_type"): never {
  throw new MessageValidationError(undefined, [{ path, code, message }]);
}

function listAt(value: unknown, path: IssuePath, nullable: boolean): readonly unknown[] {
  if (Array.isArray(value)) return value;
  if (nullable && (value === null || value === undefined)) return [];
  return fail(path, `expected ${nullable ? "a list or null" : "a list"}, got ${describeValue(value)}`, "list_type");
}

/**
 * The messages of `items` in stream order, each once. An item is a message or event (an object
 * with `type`), a `TaskResult` (`{ messages, stop_reason }`) or a `Response` (`{ chat_message,
 * inner_messages }`). Throws `MessageValidationError` with the path from the top of the list
 * (`[4].messages[2].source: …`) for anything else. `onRunEnd` is called after each `TaskResult`.
 */
export function* runMessages(items: Iterable<unknown>, registry: MessageRegistry, onRunEnd?: () => void): Generator<AgentMessage> {
  if (items === null || typeof items !== "object" || typeof (items as Iterable<unknown>)[Symbol.iterator] !== "function") {
    fail([], `expected a list of messages, TaskResults and Responses, got ${describeValue(items)}`, "list_type");
  }
  const seen = new MessageAccumulator();
  let i = 0;
  for (const item of items) {
    for (const message of itemMessages(item, registry, [i], onRunEnd)) if (seen.add(message)) yield message;
    i++;
  }
}

/**
 * The messages one item holds, in stream order (not de-duplicated: see {@link MessageAccumulator}):
 * itself for a message or event, a `TaskResult`'s `messages`, a `Response`'s `inner_messages`
 * then `chat_message`. Errors are located under `path` (the item's place in its list, or `[]`).
 * `onRunEnd` is called after a `TaskResult`.
 *
 * @example [...itemMessages({ messages: [message], stop_reason: null }, defaultRegistry, [])] // [message]
 */
export function* itemMessages(item: unknown, registry: MessageRegistry, path: IssuePath, onRunEnd?: () => void): Generator<AgentMessage> {
  if (isObject(item) && item.type === undefined && "messages" in item) {
    const stop = item.stop_reason;
    if (stop !== undefined && stop !== null && typeof stop !== "string") fail([...path, "stop_reason"], `expected a string or null, got ${describeValue(stop)}`, "string_type");
    const messages = listAt(item.messages, [...path, "messages"], false);
    for (let j = 0; j < messages.length; j++) yield loadAt(registry, messages[j], [...path, "messages", j]);
    onRunEnd?.();
  } else if (isObject(item) && item.type === undefined && "chat_message" in item) {
    const inner = listAt(item.inner_messages, [...path, "inner_messages"], true);
    for (let j = 0; j < inner.length; j++) yield loadAt(registry, inner[j], [...path, "inner_messages", j]);
    yield chatAt(registry, loadAt(registry, item.chat_message, [...path, "chat_message"]), [...path, "chat_message"]);
  } else if (isObject(item)) {
    yield loadAt(registry, item, path);
  } else {
    fail(path, `expected a message, a TaskResult or a Response, got ${describeValue(item)}`);
  }
}

/**
 * De-duplication by id, one message at a time: for consumers that get a run's messages as they
 * arrive (MAF conversion, the live AG-UI translator) and must not keep a `seen` set of their own.
 *
 * @example
 * const acc = new MessageAccumulator();
 * if (acc.add(message)) show(message); // false the second time the same id arrives
 */
export class MessageAccumulator {
  readonly #seen = new Set<string>();
  /** True when `message` is new (its `id` not seen before); it is then remembered. */
  add(message: { readonly id: string }): boolean {
    const n = this.#seen.size; // one lookup, not has() then add()
    return this.#seen.add(message.id).size !== n;
  }
  /** How many distinct messages were added. */
  get size(): number {
    return this.#seen.size;
  }
}
