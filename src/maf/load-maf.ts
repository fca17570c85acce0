/** `loadMaf`: a JSON value as MAF's `<cls>.from_dict` holds it. */
import type { Content } from "./content.js";
import type { MafClass } from "./fields.js";
import { walk } from "./load.js";
import { resolveClass, type MafValue } from "./dump.js";
import type { Message } from "./message.js";
import type { AgentResponse, AgentResponseUpdate, ChatResponse, ChatResponseUpdate } from "./responses.js";
import type { AgentSession } from "./session.js";

/** The value type `loadMaf` returns for each class. @example const s: MafClassValue["AgentSession"] = loadMaf({ session_id: "s1" }, "AgentSession"); */
export interface MafClassValue {
  Content: Content;
  Message: Message;
  AgentResponse: AgentResponse;
  AgentResponseUpdate: AgentResponseUpdate;
  ChatResponse: ChatResponse;
  ChatResponseUpdate: ChatResponseUpdate;
  AgentSession: AgentSession;
}

/**
 * Reads a parsed JSON value as MAF 1.13.0's `<cls>.from_dict(json)` does, and returns it in
 * `to_dict()`'s shape: MAF's key order, absent fields omitted, strings inside `contents` made text
 * contents, nested contents and session messages loaded, a falsy `session_id` replaced by a fresh
 * uuid4. Without `cls` the class comes from `type` (`"message"`, `"agent_response"`, `"session"`, …;
 * a content kind otherwise; no `type` but a `role`: a Message; but a `session_id`: a session).
 * Rejects what MAF rejects (and the few looser cases docs/maf.md lists) with a
 * `MessageValidationError` naming the path. Never mutates its input.
 *
 * @example
 * const session = loadMaf(JSON.parse(text), "AgentSession");
 * for (const m of session.state.in_memory?.messages ?? []) console.log(m.role, mafText(m));
 * @example loadMaf({ type: "function_call", call_id: "c1", name: "f", arguments: "{}" }) // a FunctionCallContent
 */
export function loadMaf<C extends MafClass>(json: unknown, cls: C): MafClassValue[C];
export function loadMaf(json: unknown): MafValue;
export function loadMaf(json: unknown, cls?: MafClass): MafValue {
  return walk(json, resolveClass(json, cls), "load") as unknown as MafValue;
}
