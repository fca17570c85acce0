/**
 * A zod field that holds an AgentChat message inside a larger structure (`TaskResult.messages`,
 * `Response.chat_message`). It validates through a registry's `safeLoad`, not through the
 * static `AgentMessage` union, so custom kinds and registered `StructuredMessage[<Name>]`
 * content schemas apply inside contracts exactly as they do for top-level messages.
 */
import * as z from "zod/mini";
import type { AgentMessage, AnyChatMessage } from "../kinds.js";
import { defaultRegistry, type MessageRegistry } from "../registry.js";
import { processWide } from "../process-wide.js";

/** Options of {@link messageField}. @example messageField({ registry: myRegistry, group: "chat" }) */
export interface MessageFieldOptions {
  /** The registry to validate with; read at parse time, so later registrations apply. Default: `defaultRegistry`. */
  readonly registry?: MessageRegistry;
  /** `chat` rejects agent events (Python types the field as `BaseChatMessage`). Default: any message. */
  readonly group?: "chat" | "any";
}

/**
 * Schemas built by {@link messageField}; `dumpContract` writes their values with the library's
 * `dump` (Python's key order per kind) instead of copying them.
 *
 * @example messageFields.has(messageField()) // true
 */
export const messageFields: WeakSet<z.core.$ZodType> = /* @__PURE__ */ processWide("messageFields", () => new WeakSet<z.core.$ZodType>());

/**
 * A schema for one message field. Problems are reported with their path inside the message
 * (`messages[3].content[0].name`) and the loader's pydantic-style codes.
 *
 * @example
 * const Envelope = z.object({ message: messageField({ group: "chat" }) });
 * Envelope.parse({ message: { type: "TextMessage", source: "a", content: "hi" } });
 */
export function messageField(options: { registry?: MessageRegistry; group: "chat" }): z.ZodMiniType<AnyChatMessage, unknown>;
export function messageField(options?: MessageFieldOptions): z.ZodMiniType<AgentMessage, unknown>;
export function messageField(options: MessageFieldOptions = {}): z.ZodMiniType<AgentMessage, unknown> {
  const schema = z.pipe(z.unknown(), z.transform((value: unknown, ctx): AgentMessage => {
    const registry = options.registry ?? defaultRegistry;
    const r = registry.safeLoad(value);
    if (!r.success) {
      for (const issue of r.error.issues) {
        ctx.issues.push({ code: "custom", message: issue.message, path: [...issue.path], params: { code: issue.code, hint: issue.hint }, input: value });
      }
      return z.NEVER;
    }
    if (options.group === "chat" && registry.kind(r.data.type)?.group !== "chat") {
      // Python's field is typed BaseChatMessage: an event there is a type error, not a coercion.
      ctx.issues.push({
        code: "custom",
        message: `expected a chat message, got the event ${r.data.type}`,
        path: ["type"],
        params: { code: "model_type" },
        input: value,
      });
      return z.NEVER;
    }
    return r.data;
  }));
  messageFields.add(schema);
  return schema as unknown as z.ZodMiniType<AgentMessage, unknown>;
}
