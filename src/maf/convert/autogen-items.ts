/**
 * Reading what the AutoGen → MAF conversions are given: AutoGen chat messages and events,
 * `TaskResult`s and `Response`s (validated by a registry, flattened and taken once per `id`, as
 * `toModelContext` reads a run) and model-client `LLMMessage`s (validated as `LLMMessage`), in
 * order. Errors name the path from the top of the list.
 */
import { MessageValidationError } from "../../errors.js";
import type { AgentMessage } from "../../kinds.js";
import { safeParseWith } from "../../parse.js";
import type { MessageRegistry } from "../../registry.js";
import { LLMMessage } from "../../schemas/llm-messages.js";
import { itemMessages, MessageAccumulator } from "../../run/messages.js";
import { underPath } from "../../run/paths.js";
import { describeValue } from "../../wire/check.js";
import { isPlainObject } from "../../wire/json-data.js";

/** The `type`s of AutoGen's model-client messages. */
const LLM_TYPES: ReadonlySet<string> = new Set(["SystemMessage", "UserMessage", "AssistantMessage", "FunctionExecutionResultMessage"]);

/** One item to convert: an AutoGen message or event, or a model-client message. */
export type AutoGenItem = ({ readonly llm: false; readonly message: AgentMessage } | { readonly llm: true; readonly message: LLMMessage }) & {
  /** The index of the input item it came from. */
  readonly at: number;
};

/** `items` as a list, or the error saying it is not one. */
export function listOf(items: unknown, what: string): readonly unknown[] {
  if (typeof items === "object" && items !== null && typeof (items as Iterable<unknown>)[Symbol.iterator] === "function") return [...(items as Iterable<unknown>)];
  throw new MessageValidationError(undefined, [{ path: [], code: "list_type", message: `expected ${what}, got ${describeValue(items)}` }]);
}

/**
 * The items of `items` in order, validated; a message met twice (streamed, then inside a
 * `TaskResult`) is taken once. Error paths start with the item's index, unless `indexed` is false
 * (one item given on its own: `messages[2].source`).
 */
export function* autogenItems(items: readonly unknown[], registry: MessageRegistry, indexed = true): Generator<AutoGenItem> {
  const seen = new MessageAccumulator();
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const at = indexed ? [i] : [];
    if (isPlainObject(item) && typeof item.type === "string" && LLM_TYPES.has(item.type)) {
      const r = safeParseWith(LLMMessage, item, item.type);
      if (!r.success) throw underPath(at, r.error);
      yield { llm: true, message: r.data, at: i };
      continue;
    }
    // All of the item's messages are checked before the first is given (a bad item converts nothing).
    const messages = [...itemMessages(item, registry, at)];
    for (const message of messages) if (seen.add(message)) yield { llm: false, message, at: i };
  }
}
