/** `dumpMaf` / `dumpMafJson`: exactly what MAF's `to_dict()` returns and the text it writes. */
import { MessageValidationError } from "../errors.js";
import type { Content } from "./content.js";
import { MAF_CLASSES, type MafClass } from "./fields.js";
import { classOf, walk } from "./load.js";
import { mafJsonText } from "./json.js";
import type { Message } from "./message.js";
import type { AgentResponse, AgentResponseUpdate, ChatResponse, ChatResponseUpdate } from "./responses.js";
import type { AgentSession } from "./session.js";

/** Any value `loadMaf` returns. @example const v: MafValue = loadMaf({ role: "user", contents: ["hi"] }); */
export type MafValue = Content | Message | AgentResponse | AgentResponseUpdate | ChatResponse | ChatResponseUpdate | AgentSession;

/** The class to read `value` as: the one given, the one `loadMaf` marked it with, or its `type`. @example resolveClass({ type: "session", session_id: "s" }, undefined) // "AgentSession" */
export function resolveClass(value: unknown, cls: MafClass | undefined): MafClass {
  if (cls === undefined) return classOf(value);
  if (!(MAF_CLASSES as readonly string[]).includes(cls)) {
    throw new MessageValidationError(undefined, [{ path: [], code: "unknown_class", message: `unknown MAF class ${JSON.stringify(cls)}: expected one of ${MAF_CLASSES.join(", ")}` }], "MAF class");
  }
  return cls;
}

/**
 * `<cls>.to_dict()` of a value: MAF's keys in MAF's order (`type` first; in a session's state each
 * message with `type` last; `annotations` after `additional_properties`), `None` fields omitted,
 * `raw_representation` never. The value is checked as `loadMaf` checks it; where MAF's `to_dict()`
 * raises (annotations `dict()` refuses), this throws the library's `MessageValidationError`.
 *
 * @example
 * dumpMaf(loadMaf({ role: "user", contents: ["hi"] }))
 * // { type: "message", role: "user", contents: [{ type: "text", text: "hi", additional_properties: {} }], additional_properties: {} }
 */
export function dumpMaf(value: MafValue, cls?: MafClass): Record<string, unknown> {
  return walk(value, resolveClass(value, cls), "dump");
}

/**
 * The exact text MAF writes: `to_json()` (`json.dumps(to_dict())`, separators `", "` / `": "`, every
 * non-ASCII character escaped), the same call for `Content` and `AgentSession`, which have no `to_json()`.
 *
 * @example dumpMafJson(loadMaf({ type: "text", text: "é" })) // '{"type": "text", "text": "\\u00e9", "additional_properties": {}}'
 */
export function dumpMafJson(value: MafValue, cls?: MafClass): string {
  return mafJsonText(dumpMaf(value, cls));
}
