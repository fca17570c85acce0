/**
 * AG-UI 1.0 interrupts of an AutoGen run, and their ids. An id carries all a stateless server
 * needs to answer the interrupt from the next `RunAgentInput` alone: a Swarm's handoff to the
 * user names who handed off to whom (the reply goes back the other way), an input request names
 * the back end's request key.
 */
import type { Interrupt } from "@ag-ui/core";
import type { HandoffMessage } from "../schemas/chat-messages.js";

/** The interrupt `reason` of both kinds: AutoGen waits for a human's answer. */
export const INPUT_REQUIRED = "input_required";

const HANDOFF = "autogen:handoff:";
const INPUT = "autogen:input:";

/** What an interrupt id says, as {@link parseInterruptId} reads it. @example const p: InterruptIdParts = { kind: "input", requestKey: "k1" } */
export type InterruptIdParts =
  | { readonly kind: "handoff"; readonly source: string; readonly target: string; readonly messageId: string }
  | { readonly kind: "input"; readonly requestKey: string };

/**
 * The interrupt of a run that AutoGen's `HandoffTermination` stopped: the handoff's content is
 * the prompt; the id is `autogen:handoff:<source>:<target>:<message id>` (each part URI-encoded;
 * the id is `""` when the message has none).
 *
 * @example
 * handoffInterrupt({ type: "HandoffMessage", id: "m1", source: "alice", target: "user", content: "Which city?", context: [], models_usage: null, metadata: {}, created_at: "2025-01-01T00:00:00Z" })
 * // { id: "autogen:handoff:alice:user:m1", reason: "input_required", message: "Which city?" }
 */
export function handoffInterrupt(handoff: Pick<HandoffMessage, "source" | "target" | "content"> & { readonly id?: string | null }): Interrupt {
  const id = HANDOFF + [handoff.source, handoff.target, handoff.id ?? ""].map(encode).join(":");
  return { id, reason: INPUT_REQUIRED, message: handoff.content };
}

/** What {@link inputInterrupt} takes. @example const r: InputInterruptRequest = { requestKey: "req-1", prompt: "Your answer?" } */
export interface InputInterruptRequest {
  /** What the back end's reply is keyed by (a request id, or the thread when it has none). */
  readonly requestKey: string;
  /** The question, when the back end says one. */
  readonly prompt?: string;
  /** When the pause ends (ISO 8601), when it has a timeout. */
  readonly expiresAt?: string;
}

/**
 * The interrupt of an AutoGen input request (a `UserProxyAgent`'s `UserInputRequestedEvent`,
 * AutoGen Studio's `input_request`): id `autogen:input:<request key>` (URI-encoded).
 *
 * @example
 * inputInterrupt({ requestKey: "req 1", prompt: "Approve?" })
 * // { id: "autogen:input:req%201", reason: "input_required", message: "Approve?" }
 */
export function inputInterrupt(request: InputInterruptRequest): Interrupt {
  return {
    id: INPUT + encode(request.requestKey),
    reason: INPUT_REQUIRED,
    ...(request.prompt !== undefined && { message: request.prompt }),
    ...(request.expiresAt !== undefined && { expiresAt: request.expiresAt }),
  };
}

/** A lone surrogate (half a UTF-16 pair), which `encodeURIComponent` throws on. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `encodeURIComponent`, a lone surrogate written as U+FFFD first (an id is text: it cannot carry half a character). */
const encode = (part: string): string => encodeURIComponent(part.replace(LONE_SURROGATE, "\ufffd"));

/** `decodeURIComponent`, or undefined for a malformed escape. */
function decode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

/**
 * What an interrupt id of {@link handoffInterrupt} or {@link inputInterrupt} says; `undefined`
 * for any other string (or a non-string).
 *
 * @example
 * parseInterruptId("autogen:handoff:alice:user:m1") // { kind: "handoff", source: "alice", target: "user", messageId: "m1" }
 * parseInterruptId("autogen:input:req%201")         // { kind: "input", requestKey: "req 1" }
 * parseInterruptId("something-else")               // undefined
 */
export function parseInterruptId(id: string): InterruptIdParts | undefined {
  if (typeof id !== "string") return undefined;
  if (id.startsWith(INPUT)) {
    const requestKey = decode(id.slice(INPUT.length));
    return requestKey === undefined ? undefined : { kind: "input", requestKey };
  }
  if (id.startsWith(HANDOFF)) {
    // Encoded parts hold no ":", so the split is exact.
    const parts = id.slice(HANDOFF.length).split(":");
    if (parts.length !== 3) return undefined;
    const [source, target, messageId] = parts.map(decode);
    if (source === undefined || target === undefined || messageId === undefined || source === "" || target === "") return undefined;
    return { kind: "handoff", source, target, messageId };
  }
  return undefined;
}

/** AutoGen's `HandoffTermination` stop message (autogen_agentchat/conditions/_terminations.py). */
const handoffReason = (target: string, source: string) => `Handoff to ${target} from ${source} detected.`;

/**
 * Whether `stopReason` says `HandoffTermination` stopped the run on a handoff from `source` to
 * `target`: alone, or among the reasons of an `And`/`Or` condition, which AutoGen joins with ", ".
 *
 * @example handoffStopped("Handoff to user from alice detected., Maximum number of messages 10 reached, current message count: 10", "alice", "user") // true
 */
export function handoffStopped(stopReason: string | null | undefined, source: string, target: string): boolean {
  if (typeof stopReason !== "string") return false;
  const want = handoffReason(target, source);
  let at = stopReason.indexOf(want);
  while (at !== -1) {
    const end = at + want.length;
    if ((at === 0 || stopReason.startsWith(", ", at - 2)) && (end === stopReason.length || stopReason.startsWith(", ", end))) return true;
    at = stopReason.indexOf(want, at + 1);
  }
  return false;
}
