/**
 * Shape checks for input that AutoGen's pydantic message types would have rejected before
 * `create()` ever ran: each problem becomes an {@link OpenAIConversionError} at the offending
 * field (`messages[2].content[0].call_id`) instead of a crash or a wrong request.
 */
import type { LLMMessage } from "../../schemas/llm-messages.js";
import { modelMessageHint } from "../../render/model-message-hint.js";
import { OpenAIConversionError } from "./errors.js";
import { isObject } from "../../wire/json-data.js";

function describe(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value) ?? String(value)}`;
}

const fail = (expected: string, value: unknown, path: string): never => {
  throw new OpenAIConversionError(`expected ${expected}, got ${describe(value)}`, "TypeError", path);
};


function str(obj: Record<string, unknown>, key: string, at: string): void {
  if (typeof obj[key] !== "string") fail("a string", obj[key], `${at}.${key}`);
}

function objects(value: unknown, at: string, what: string, keys: readonly string[]): void {
  if (!Array.isArray(value)) fail(`a list of ${what}s`, value, at);
  (value as unknown[]).forEach((item, i) => {
    if (!isObject(item)) fail(`a ${what}`, item, `${at}[${i}]`);
    for (const key of keys) str(item as Record<string, unknown>, key, `${at}[${i}]`);
  });
}

/**
 * Throws an {@link OpenAIConversionError} (`pythonType` `TypeError`, path `messages[i]…`) for the
 * first message field whose type is wrong. A chat message or agent event (what `load` returns)
 * raises AutoGen's "Unknown message type" here, with a `hint` naming `toModelMessage` /
 * `toModelContext`; any other unknown `type` is left to the converter, which raises it there.
 *
 * @example assertMessageShapes([{ type: "UserMessage", source: "u", content: 3 } as never]) // throws at messages[0].content
 */
export function assertMessageShapes(messages: readonly LLMMessage[]): void {
  if (!Array.isArray(messages)) fail("a list of messages", messages, "messages");
  messages.forEach((m: unknown, i) => {
    const at = `messages[${i}]`;
    if (!isObject(m)) return fail("a message object", m, at);
    switch (m.type) {
      case "SystemMessage":
        return str(m, "content", at);
      case "UserMessage":
        str(m, "source", at);
        if (typeof m.content === "string") return;
        if (!Array.isArray(m.content)) return fail("a string or a list of strings and images", m.content, `${at}.content`);
        return m.content.forEach((part: unknown, j) => {
          if (typeof part !== "string" && !(isObject(part) && typeof part.data === "string")) {
            fail("a string or an image ({ data: base64 })", part, `${at}.content[${j}]`);
          }
        });
      case "AssistantMessage":
        str(m, "source", at);
        if (m.thought !== undefined && m.thought !== null) str(m, "thought", at);
        if (typeof m.content === "string") return;
        return objects(m.content, `${at}.content`, "function call", ["id", "name", "arguments"]);
      case "FunctionExecutionResultMessage":
        return objects(m.content, `${at}.content`, "function result", ["content", "call_id"]);
      default: {
        // What `load` returns (a chat message, an event): AutoGen's "Unknown message type", with what to call instead.
        const hint = modelMessageHint(m);
        if (hint !== undefined) throw new OpenAIConversionError(`Unknown message type: ${String(m.type)}`, "ValueError", `${at}.type`, hint);
        return;
      }
    }
  });
}
