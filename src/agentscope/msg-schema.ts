/**
 * Zod schemas of AgentScope 1.x `Msg` in its stored form (the `to_dict()` keys plus the
 * in-memory `invocation_id`): a lenient one that accepts what `Msg(...)` accepts, and a
 * strict one that also validates the blocks.
 */
import * as z from "zod/mini";
import { ContentBlock } from "./blocks.js";
import { literalEnum } from "../zod-def.js";

/**
 * The three roles `Msg` accepts.
 *
 * @example MsgRole.parse("assistant")
 */
export const MsgRole = literalEnum(["user", "assistant", "system"]);
/** `"user" | "assistant" | "system"`. */
export type MsgRole = z.infer<typeof MsgRole>;

/**
 * A `Msg` checked as strictly as its type hints say: string `id`/`name`/`timestamp`, a known
 * role, string or valid-block content, object metadata. Unknown block keys are kept.
 *
 * @example Msg.parse({ id: "x", name: "bot", role: "assistant", content: "hi", metadata: {}, timestamp: "2025-01-01 00:00:00.000" })
 */
export const Msg = z.object({
  id: z.string(),
  name: z.string(),
  role: MsgRole,
  content: z.union([z.string(), z.array(ContentBlock)]),
  metadata: z.record(z.string(), z.unknown()),
  timestamp: z.string(),
  invocation_id: z._default(z.nullable(z.string()), null),
});
/** An AgentScope 1.x `Msg` as a plain object (the `to_dict()` form plus `invocation_id`). */
export type Msg = z.output<typeof Msg>;

/**
 * What AgentScope itself lets through: only the content's kind (string or list) and the role
 * are checked; `name`, `id`, `metadata`, `timestamp` and the list items may be anything.
 *
 * @example LenientMsg.parse({ id: null, name: 42, role: "user", content: [null], metadata: [1], timestamp: "x" })
 */
export const LenientMsg = z.object({
  id: z.unknown(),
  name: z.unknown(),
  role: MsgRole,
  content: z.union([z.string(), z.array(z.unknown())]),
  metadata: z.unknown(),
  timestamp: z.unknown(),
  invocation_id: z._default(z.unknown(), null),
});
/** A `Msg` as AgentScope may hold it (see {@link LenientMsg}). */
export type LenientMsg = z.output<typeof LenientMsg>;

/**
 * Validates a `Msg` object strictly (blocks included); throws zod's `ZodError`.
 *
 * @example parseMsg(msgToDict(createMsg({ name: "u", content: "hi", role: "user" }))).content // "hi"
 */
export function parseMsg(value: unknown): Msg {
  return Msg.parse(value);
}

/**
 * {@link parseMsg} without throwing: zod's `{ success, data | error }`.
 *
 * @example safeParseMsg({ name: "u" }).success // false
 */
export function safeParseMsg(value: unknown): z.util.SafeParseResult<Msg> {
  return Msg.safeParse(value);
}
