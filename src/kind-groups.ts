/**
 * The kind groups, derived from the kind table in `kinds.ts` (one home): chat messages and
 * events by `type`, with predicates, and a type helper for exhaustive per-kind tables.
 */
import { define } from "./define.js";
import { BUILTIN_KINDS, type AgentMessage } from "./kinds.js";

/** Every built-in AutoGen kind name. @example const k: Kind = "TextMessage" */
export type Kind = AgentMessage["type"];

/**
 * A table with one entry per built-in kind: adding a kind to `kinds.ts` fails to compile where a
 * table lacks it. Use with `satisfies` and UNQUOTED keys.
 *
 * @example const label = { TextMessage: "text", … } satisfies PerKind<string>;
 */
export type PerKind<T> = { readonly [K in Kind]: T };

/**
 * Every built-in kind's name as a constant, read from the kind table: code that dispatches on a
 * kind writes `m.type === KIND.TextMessage` (narrowing as the literal does) instead of spelling
 * the name, so the names live in `schemas/` alone. Per-kind tables use {@link PerKind}.
 *
 * @example KIND.ToolCallRequestEvent // "ToolCallRequestEvent"
 */
export const KIND: { readonly [K in Kind]: K } = /* @__PURE__ */ define(
  () => Object.freeze(Object.fromEntries([...BUILTIN_KINDS.keys()].map((type) => [type, type]))) as { readonly [K in Kind]: K },
);

const namesOf = (group: "chat" | "event"): ReadonlySet<string> =>
  new Set([...BUILTIN_KINDS.values()].filter((e) => e.group === group).map((e) => e.type));

let chat: ReadonlySet<string> | undefined;
let event: ReadonlySet<string> | undefined;

/** The built-in chat message kinds. @example chatMessageKinds().has("TextMessage") // true */
export function chatMessageKinds(): ReadonlySet<string> {
  return (chat ??= namesOf("chat"));
}

/** The built-in event kinds. @example eventKinds().has("ToolCallRequestEvent") // true */
export function eventKinds(): ReadonlySet<string> {
  return (event ??= namesOf("event"));
}

/** True when `type` names a built-in chat message kind. @example isChatMessageKind("StopMessage") // true */
export function isChatMessageKind(type: unknown): boolean {
  return typeof type === "string" && chatMessageKinds().has(type);
}

/** True when `type` names a built-in event kind. @example isEventKind("ThoughtEvent") // true */
export function isEventKind(type: unknown): boolean {
  return typeof type === "string" && eventKinds().has(type);
}
