/**
 * An AG-UI `RunAgentInput` → the AutoGen task of the run it asks for: its messages, and the
 * answers of its `resume` entries to the interrupts that paused the previous run
 * (./interrupts.ts), as the messages AutoGen expects for them.
 */
import type { RunAgentInput } from "@ag-ui/core";
import { MessageValidationError } from "../errors.js";
import type { AgentMessage } from "../kinds.js";
import { defaultRegistry } from "../registry.js";
import { fromAgUiMessages, type FromAgUiOptions } from "./from-messages.js";
import { parseInterruptId } from "./interrupts.js";
import { guarded } from "../run/guard.js";
import { underPath } from "../run/paths.js";
import { isObject } from "../wire/json-data.js";
import { loadAt } from "./items.js";

/** Options of {@link fromAgUiInput}: those of {@link fromAgUiMessages}. @example fromAgUiInput(input, { userSource: "user" }) */
export type FromAgUiInputOptions = FromAgUiOptions;

type Path = (string | number)[];

function fail(path: Path, message: string, code = "value_error"): never {
  throw new MessageValidationError(undefined, [{ path, code, message }], "AG-UI input");
}

function typeOf(v: unknown): string {
  if (v === null) return "null";
  try {
    if (Array.isArray(v)) return "an array";
  } catch {
    // a revoked proxy
  }
  return `a ${typeof v}`;
}

/** A resume payload as AutoGen text: a string as it is, nothing as "", any other JSON value as JSON. */
function textOf(payload: unknown, path: Path): string {
  if (typeof payload === "string") return payload;
  if (payload === undefined) return "";
  let json: string | undefined;
  try {
    json = JSON.stringify(payload);
  } catch {
    json = undefined;
  }
  if (json === undefined) fail(path, `expected a JSON value, got ${typeOf(payload)}`, "json_type");
  return json;
}

/** The entries of `input.resume`, checked: `[]` when there are none. */
function entriesOf(resume: unknown): { id: string; status: "resolved" | "cancelled"; payload: unknown }[] {
  if (resume === undefined) return [];
  if (!Array.isArray(resume)) fail(["resume"], `expected an array of resume entries, got ${typeOf(resume)}`, "list_type");
  const out: { id: string; status: "resolved" | "cancelled"; payload: unknown }[] = [];
  const seen = new Map<string, number>();
  const n = resume.length;
  for (let i = 0; i < n; i++) {
    const e: unknown = resume[i];
    if (!isObject(e)) fail(["resume", i], `expected a resume entry object, got ${typeOf(e)}`, "model_type");
    // Each field read once: a getter cannot change it between the check and the use.
    const id = e.interruptId;
    const status = e.status;
    const payload = e.payload;
    if (typeof id !== "string") fail(["resume", i, "interruptId"], `expected a string, got ${typeOf(id)}`, "string_type");
    if (parseInterruptId(id) === undefined) {
      fail(["resume", i, "interruptId"], `not an interrupt of this AutoGen back end (expected "autogen:handoff:…" or "autogen:input:…"), got ${JSON.stringify(id.slice(0, 60))}`, "unknown_interrupt");
    }
    const first = seen.get(id);
    if (first !== undefined) fail(["resume", i, "interruptId"], `a second answer to the interrupt resume[${first}] answers`, "duplicate");
    seen.set(id, i);
    if (status !== "resolved" && status !== "cancelled") {
      fail(["resume", i, "status"], `expected "resolved" or "cancelled", got ${typeof status === "string" ? JSON.stringify(status.slice(0, 40)) : typeOf(status)}`, "literal_error");
    }
    if (payload === null) fail(["resume", i, "payload"], "null is not a payload (AG-UI: omit it instead)", "none_forbidden");
    out.push({ id, status, payload });
  }
  return out;
}

/**
 * The AutoGen task of an AG-UI `RunAgentInput`: {@link fromAgUiMessages} of its `messages`,
 * then one message per `resume` entry, in order:
 *
 * - a resolved handoff interrupt (a Swarm's handoff to the user) → the `HandoffMessage` a Swarm
 *   resumes from: `source` the handoff's target (the user), `target` the agent that handed off,
 *   `content` the payload as text (a string as it is, any other JSON value as JSON, none as "");
 * - a resolved input interrupt (`autogen:input:…`) → the reply as a `TextMessage` of the user
 *   (`userSource`), what a `UserProxyAgent` says with it;
 * - a `cancelled` entry → nothing: the question is abandoned, and the run goes on from the
 *   messages alone (as AG-UI says of a cancelled interrupt: the next run is an ordinary one).
 *
 * Each result is validated by `load`. A bad input throws `MessageValidationError` naming its
 * path: `messages[2].role: …`, `resume[1].interruptId: …` (not an id of this library, or a second
 * answer to one interrupt), `resume[0].status: …`, `resume: expected an array …`. The input is
 * never modified.
 *
 * @example
 * fromAgUiInput({ threadId: "t", runId: "r2", messages: [], tools: [], context: [],
 *   resume: [{ interruptId: "autogen:handoff:alice:user:m1", status: "resolved", payload: "Paris" }] })
 * // [{ type: "HandoffMessage", source: "user", target: "alice", content: "Paris", context: [], … }]
 */
export function fromAgUiInput(input: RunAgentInput, options: FromAgUiInputOptions = {}): AgentMessage[] {
  const { messagesIn, resume } = guarded([], () => {
    if (!isObject(input)) fail([], `expected an AG-UI RunAgentInput object, got ${typeOf(input)}`, "model_type");
    if (!isObject(options as unknown)) fail([], `expected an options object, got ${typeOf(options)}`, "model_type");
    const messagesIn: unknown = input.messages;
    const resume: unknown = input.resume;
    if (!Array.isArray(messagesIn)) fail(["messages"], `expected an array of AG-UI messages, got ${typeOf(messagesIn)}`, "list_type");
    return { messagesIn, resume };
  }, "AG-UI input");
  let messages: AgentMessage[];
  try {
    messages = fromAgUiMessages(messagesIn, options);
  } catch (e) {
    throw e instanceof MessageValidationError ? underPath(["messages"], e, "AG-UI input") : e;
  }
  const entries = guarded(["resume"], () => entriesOf(resume), "AG-UI input");
  if (entries.length === 0) return messages;
  // Checked by fromAgUiMessages above.
  const registry = options.registry ?? defaultRegistry;
  const userSource = options.userSource ?? "user";
  for (let i = 0; i < entries.length; i++) {
    const { id, status, payload } = entries[i]!;
    if (status === "cancelled") continue;
    const parts = parseInterruptId(id)!;
    const content = textOf(payload, ["resume", i, "payload"]);
    const dump =
      parts.kind === "handoff"
        ? { source: parts.target, target: parts.source, content, context: [], type: "HandoffMessage" }
        : { source: userSource, content, type: "TextMessage" };
    messages.push(loadAt(dump, registry, ["resume", i]));
  }
  return messages;
}
