/**
 * Building and (de)serialising AgentScope 1.x `Msg`s exactly as `Msg.__init__`,
 * `Msg.from_dict` and `Msg.to_dict` do (`agentscope/message/_message_base.py`).
 */
import { AgentScopeError } from "./errors.js";
import type { Msg, MsgRole } from "./msg-schema.js";
import { pyGetItem } from "./subscript.js";
import { pyTruthy, pyTypeName } from "../python/types.js";
import { newShortUuid } from "./short-id.js";
import { formatLocalTimestamp } from "./timestamp.js";

/**
 * The keyword arguments of `Msg(...)`. Typed as the docs say; at run time AgentScope (and this port) only checks `content` and `role`.
 *
 * @example const init: MsgInit = { name: "user", content: "Hello", role: "user", metadata: { lang: "en" } };
 */
export interface MsgInit {
  name: string;
  content: Msg["content"];
  role: MsgRole;
  metadata?: Record<string, unknown> | null;
  timestamp?: string | null;
  invocation_id?: string | null;
}

/**
 * `Msg.to_dict()`: the wire form, without `invocation_id`.
 *
 * @example const wire: MsgDict = msgToDict(msg); JSON.stringify(wire);
 */
export type MsgDict = Omit<Msg, "invocation_id">;

const ROLES: readonly unknown[] = ["user", "assistant", "system"];

/**
 * `Msg(name, content, role, metadata=None, timestamp=None, invocation_id=None)`: checks that
 * `content` is a string or a list and that `role` is `user`/`assistant`/`system` (else an
 * `AssertionError`), turns falsy `metadata` into `{}`, draws a new 22-character `id`, and uses
 * the local time when `timestamp` is missing or empty. Nothing else is checked, as in Python:
 * use {@link parseMsg} for a strict check. The input is not changed.
 *
 * @throws AgentScopeError (`AssertionError`)
 * @example
 * const msg = createMsg({ name: "user", content: "Hello", role: "user" });
 * msg.id        // e.g. "nG4J8JmZvEGP2kheJHkuNY"
 * msg.timestamp // e.g. "2025-01-12 10:38:48.256" (local time)
 */
export function createMsg(init: MsgInit): Msg {
  const { name, content, role, metadata = null, timestamp = null, invocation_id = null } = init as unknown as Record<string, unknown>;
  if (typeof content !== "string" && !Array.isArray(content)) {
    throw new AgentScopeError("AssertionError", "The content must be a string or a list of content blocks.");
  }
  if (!ROLES.includes(role)) {
    throw new AgentScopeError(
      "AssertionError",
      "",
      `role must be "user", "assistant" or "system", got ${typeof role === "string" ? JSON.stringify(role) : pyTypeName(role)}`,
    );
  }
  // Key order is to_dict()'s, then invocation_id, so the object prints like the wire form.
  return {
    id: newShortUuid(),
    name,
    role,
    content,
    metadata: pyTruthy(metadata) ? metadata : {},
    timestamp: pyTruthy(timestamp) ? timestamp : formatLocalTimestamp(),
    invocation_id: invocation_id ?? null,
  } as Msg;
}

/**
 * `Msg.from_dict(d)`: `name`, `content` and `role` are required (`KeyError` otherwise, in that
 * order), `metadata`/`timestamp`/`invocation_id` optional; the constructor's checks apply;
 * then `id` is taken from the dict whenever the key is present (even `null` or `""`). Other
 * keys are ignored.
 *
 * @throws AgentScopeError (`KeyError`, `AssertionError`, `TypeError` for a non-object)
 * @example msgFromDict({ id: "abc", name: "bot", role: "assistant", content: "hi" }).id // "abc"
 */
export function msgFromDict(dict: Record<string, unknown>): Msg {
  // Python reads d["name"], d["content"], d["role"] before constructing: same errors, same order.
  const name = pyGetItem(dict, "name");
  const content = pyGetItem(dict, "content");
  const role = pyGetItem(dict, "role");
  const msg = createMsg({
    name,
    content,
    role,
    metadata: dict.metadata ?? null,
    timestamp: dict.timestamp ?? null,
    invocation_id: dict.invocation_id ?? null,
  } as MsgInit);
  if (Object.hasOwn(dict, "id")) msg.id = dict.id as string;
  return msg;
}

/**
 * `Msg.to_dict()`: `id`, `name`, `role`, `content`, `metadata`, `timestamp`, in that order.
 * `invocation_id` is not written (so it does not survive a `to_dict`/`from_dict` round trip,
 * as in AgentScope). Values are shared with the message, not copied.
 *
 * @example Object.keys(msgToDict(createMsg({ name: "u", content: "hi", role: "user" })))
 * // ["id", "name", "role", "content", "metadata", "timestamp"]
 */
export function msgToDict(msg: Msg): MsgDict {
  return {
    id: msg.id,
    name: msg.name,
    role: msg.role,
    content: msg.content,
    metadata: msg.metadata,
    timestamp: msg.timestamp,
  };
}
