/**
 * What the AutoGen ↔ AgentScope conversions share: how losses are reported and which
 * AgentScope role an AutoGen message gets back.
 */
import type { MsgRole } from "./msg-schema.js";
import { KIND } from "../kind-groups.js";

/**
 * One piece of information a conversion could not carry over. `code` is stable (for tests and
 * filtering), `message` says what happened.
 *
 * @example { code: "image-url", message: "an image given by URL has no AutoGen form; dropped" }
 */
export interface InteropLoss {
  code:
    | "role"
    | "name"
    | "id"
    | "timestamp"
    | "metadata"
    | "invocation_id"
    | "text-blocks-joined"
    | "image-url"
    | "audio"
    | "video"
    | "unknown-block"
    | "extra-block-keys"
    | "thinking-signature"
    | "tool-output-media"
    | "tool-input"
    | "message-kind"
    | "models_usage"
    | "created_at-precision"
    | "empty";
  message: string;
}

/**
 * Options of both conversions.
 *
 * @example fromAgentScope(msg, { onLoss: (l) => console.warn(l.code, l.message) });
 */
export interface InteropOptions {
  /** Called once per loss; default: losses are silent. */
  onLoss?: (loss: InteropLoss) => void;
}

/**
 * The AgentScope role given to an AutoGen message, which has none: tool results `system` (as
 * AgentScope's `ReActAgent` records them), a message from source `"user"` `user`, everything
 * else `assistant`.
 *
 * @example agentScopeRoleFor("ToolCallExecutionEvent", "assistant") // "system"
 */
export function agentScopeRoleFor(type: string, source: string): MsgRole {
  if (type === KIND.ToolCallExecutionEvent) return "system";
  return source === "user" ? "user" : "assistant";
}
