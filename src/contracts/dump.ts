/**
 * Dumping the contracts. `dump` dispatches on a value's `type`, which these structures do
 * not have; `dumpContract` walks the contract's schema instead: its keys in the schema's
 * (Python's) order, each message field written by `dump` (that kind's key order), every
 * other field by `dumpAs`.
 */
import type * as z from "zod/mini";
import { dump, dumpAs } from "../dump.js";
import { messageFields } from "./message-field.js";
import { ApprovalRequest, ApprovalResponse, MessageFilterConfig, Response, TaskResult } from "./schemas.js";
import { zodDef as defOf } from "../zod-def.js";


/** Whether a schema (under arrays and nullable/default wrappers) contains a message field. */
function holdsMessages(schema: z.core.$ZodType): boolean {
  if (messageFields.has(schema)) return true;
  const def = defOf(schema);
  if (def.type === "object") return Object.values(def.shape!).some(holdsMessages);
  if (def.type === "array") return holdsMessages(def.element!);
  if (def.innerType) return holdsMessages(def.innerType);
  return false;
}

function write(schema: z.core.$ZodType, value: unknown): unknown {
  if (messageFields.has(schema)) return dump(value);
  // Subtrees without message fields are dumpAs's job (it knows wire fields, unions, images).
  if (!holdsMessages(schema)) return dumpAs(schema, value);
  if (value === null || value === undefined) return value;
  const def = defOf(schema);
  if (def.type === "array") return Array.isArray(value) ? value.map((v) => write(def.element!, v)) : dumpAs(schema, value);
  if (def.type === "object") {
    if (typeof value !== "object" || Array.isArray(value)) return dumpAs(schema, value);
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(def.shape!)) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = write(field, v);
    }
    return out;
  }
  return write(def.innerType!, value);
}

/**
 * The JSON form of a contract value (parsed with `schema`), as Python's
 * `model_dump(mode="json")` writes it: keys in Python's order, nested messages dumped per kind.
 *
 * @example JSON.stringify(dumpContract(TaskResult, result)) // {"messages":[…],"stop_reason":null}
 */
export function dumpContract<S extends z.core.$ZodType>(schema: S, value: z.output<S>): unknown {
  return write(schema, value);
}

/**
 * `Response` as JSON (`{ chat_message, inner_messages }`).
 *
 * @example dumpResponse(Response.parse(payload))
 */
export const dumpResponse = (value: Response): unknown => dumpContract(Response, value);

/**
 * `TaskResult` as JSON (`{ messages, stop_reason }`).
 *
 * @example dumpTaskResult(TaskResult.parse(payload))
 */
export const dumpTaskResult = (value: TaskResult): unknown => dumpContract(TaskResult, value);

/**
 * `ApprovalRequest` as JSON (`{ code, context }`, context messages in their own key order).
 *
 * @example dumpApprovalRequest({ code: "print(1)", context: [] })
 */
export const dumpApprovalRequest = (value: ApprovalRequest): unknown => dumpContract(ApprovalRequest, value);

/**
 * `ApprovalResponse` as JSON (`{ approved, reason }`).
 *
 * @example dumpApprovalResponse({ reason: "ok", approved: true }) // { approved: true, reason: "ok" }
 */
export const dumpApprovalResponse = (value: ApprovalResponse): unknown => dumpContract(ApprovalResponse, value);

/**
 * `MessageFilterConfig` as JSON (`{ per_source: [{ source, position, count }] }`).
 *
 * @example dumpMessageFilterConfig(MessageFilterConfig.parse({ per_source: [{ source: "user" }] }))
 */
export const dumpMessageFilterConfig = (value: MessageFilterConfig): unknown => dumpContract(MessageFilterConfig, value);
