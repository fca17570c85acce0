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

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** `payload` loaded by `registry`, its error located under `path`. */
function loadAt(registry: MessageRegistry, payload: unknown, path: IssuePath): AgentMessage {
  const r = registry.safeLoad(payload);
  if (r.success) return r.data;
  throw underPath(path, r.error);
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
    for (const m of itemMessages(item, [i], registry)) if (seen.add(m)) yield m;
    if (isRunEnd(item)) onRunEnd?.();
    i++;
  }
}

/** True for a `TaskResult` dump (`{ messages, stop_reason }`, no `type`). */
function isRunEnd(item: unknown): boolean {
  return isObject(item) && item.type === undefined && "messages" in item;
}

/**
 * The messages of one item (at `path`, for the error), in stream order and
 * not de-duplicated: a message or event, a `TaskResult`'s messages, a `Response`'s inner messages
 * then its chat message. Throws `MessageValidationError` naming the path for anything else.
 * For consumers that take a run one item at a time (a live recorder) with a {@link MessageAccumulator}.
 *
 * @example itemMessages({ messages: [hi], stop_reason: null }, [0], defaultRegistry) // [hi loaded]
 */
export function itemMessages(item: unknown, path: IssuePath, registry: MessageRegistry): AgentMessage[] {
  const at = (...rest: (string | number)[]): IssuePath => [...path, ...rest];
  if (isObject(item) && item.type === undefined && "messages" in item) {
    const stop = item.stop_reason;
    if (stop !== undefined && stop !== null && typeof stop !== "string") fail(at("stop_reason"), `expected a string or null, got ${describeValue(stop)}`, "string_type");
    const messages = listAt(item.messages, at("messages"), false);
    const out: AgentMessage[] = [];
    for (let j = 0; j < messages.length; j++) out.push(loadAt(registry, messages[j], at("messages", j)));
    return out;
  }
  if (isObject(item) && item.type === undefined && "chat_message" in item) {
    const inner = listAt(item.inner_messages, at("inner_messages"), true);
    const out: AgentMessage[] = [];
    for (let j = 0; j < inner.length; j++) out.push(loadAt(registry, inner[j], at("inner_messages", j)));
    const chat = loadAt(registry, item.chat_message, at("chat_message"));
    if (registry.renderersOf(chat).group !== "chat") fail(at("chat_message", "type"), `expected a chat message, got the event ${chat.type}`, "union_tag_invalid");
    out.push(chat);
    return out;
  }
  if (isObject(item)) return [loadAt(registry, item, path)];
  return fail(path, `expected a message, a TaskResult or a Response, got ${describeValue(item)}`);
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
  add(message: AgentMessage): boolean {
    if (this.#seen.has(message.id)) return false;
    this.#seen.add(message.id);
    return true;
  }
  /** How many distinct messages were added. */
  get size(): number {
    return this.#seen.size;
  }
}
