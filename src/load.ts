/**
 * `load` / `safeLoad`: validate any JSON value as an AgentChat message, dispatching on
 * `type` like AutoGen's `MessageFactory.create`, and `parseWith` for a single schema.
 */
import type * as z from "zod";
import { MessageValidationError, issuesFromZod, type MessageIssue } from "./errors.js";
import { BUILTIN_KINDS, type AgentMessage } from "./kinds.js";
import { StructuredMessage, isStructuredMessageType } from "./schemas/chat-messages.js";
import { jsonTypeName } from "./wire/check.js";

/** The result of {@link safeLoad}: the message, or the error `load` would throw. */
export type SafeLoadResult<T = AgentMessage> =
  | { readonly success: true; readonly data: T; readonly error?: undefined }
  | { readonly success: false; readonly data?: undefined; readonly error: MessageValidationError };

function invalid(type: string | undefined, issue: MessageIssue): SafeLoadResult<never> {
  return { success: false, error: new MessageValidationError(type, [issue]) };
}

/**
 * Validates `input` with `schema` and returns the parsed value or a
 * {@link MessageValidationError} (never a ZodError, never anything else for JSON input).
 *
 * @example safeParseWith(FunctionCall, { id: "1", arguments: "{}", name: "f" }, "FunctionCall").success // true
 */
export function safeParseWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
  typeName?: string,
): SafeLoadResult<z.output<S>> {
  let result: ReturnType<S["safeParse"]>;
  try {
    result = schema.safeParse(input) as ReturnType<S["safeParse"]>;
  } catch (e) {
    // Only hostile inputs get here (getters that throw, revoked proxies, …).
    return invalid(typeName, { path: [], code: "value_error", message: `could not read the payload: ${String(e)}` });
  }
  if (result.success) return { success: true, data: result.data as z.output<S> };
  return { success: false, error: new MessageValidationError(typeName, issuesFromZod(result.error, input)) };
}

/**
 * {@link safeParseWith} that throws the {@link MessageValidationError}.
 *
 * @example parseWith(RequestUsage, { prompt_tokens: "3", completion_tokens: 1 }, "RequestUsage")
 */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, typeName?: string): z.output<S> {
  const r = safeParseWith(schema, input, typeName);
  if (r.success) return r.data;
  throw r.error;
}

/**
 * Like {@link load}, but returns `{ success, data | error }` instead of throwing.
 *
 * @example
 * const r = safeLoad(JSON.parse(line));
 * if (r.success) console.log(r.data.type); else console.error(r.error.message);
 */
export function safeLoad(payload: unknown): SafeLoadResult {
  if (payload === null || typeof payload !== "object" || Array.isArray(payload)) {
    return invalid(undefined, {
      path: [],
      code: "model_type",
      message: `expected a message object, got ${jsonTypeName(payload)}`,
    });
  }
  let type: unknown;
  try {
    type = (payload as Record<string, unknown>).type;
  } catch (e) {
    return invalid(undefined, { path: ["type"], code: "value_error", message: `could not read the payload: ${String(e)}` });
  }
  if (type === undefined || type === null) {
    return invalid(undefined, {
      path: ["type"],
      code: "missing",
      message: "Field 'type' is required in the message data to recover the message type",
    });
  }
  if (typeof type !== "string") {
    return invalid(undefined, {
      path: ["type"],
      code: "unknown_type",
      message: `expected a message type name (string), got ${jsonTypeName(type)}`,
    });
  }
  const kind = BUILTIN_KINDS.get(type);
  if (kind) return safeParseWith(kind.schema, payload, type) as SafeLoadResult;
  if (isStructuredMessageType(type)) return safeParseWith(StructuredMessage, payload, type);
  return invalid(undefined, {
    path: ["type"],
    code: "unknown_type",
    message: `unknown message type ${JSON.stringify(type)}`,
  });
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
  const r = safeLoad(payload);
  if (r.success) return r.data;
  throw r.error;
}
