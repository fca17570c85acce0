/**
 * AutoGen message or event → AgentScope `Msg`.
 */
import { createdAtToDate } from "../wire/datetime.js";
import { canonicalBase64, imageFormat, imageMimeType } from "../wire/image-data.js";
import { load } from "../load.js";
import { AgentScopeError } from "./errors.js";
import { agentScopeRoleFor, type InteropLoss, type InteropOptions } from "./interop-common.js";
import type { Msg, MsgRole } from "./msg-schema.js";
import { createMsg } from "./msg.js";
import { isDict } from "../python/types.js";
import { formatLocalTimestamp } from "./timestamp.js";
import { KIND } from "../kind-groups.js";

/**
 * Options of {@link toAgentScope}.
 *
 * @example toAgentScope(message, { role: "system", onLoss: (l) => lost.push(l) });
 */
export interface ToAgentScopeOptions extends InteropOptions {
  /** The role to give the `Msg`; default {@link agentScopeRoleFor}. */
  role?: MsgRole;
}

/**
 * Converts an AutoGen message or event (a loaded message or its JSON; validated with the
 * library's `load`) into an AgentScope `Msg`:
 *
 * - `TextMessage` → string content; other kinds with string content (`StopMessage`,
 *   `HandoffMessage`, `ToolCallSummaryMessage`, …) too, **losing their kind** (and e.g. a
 *   handoff's `target`/`context`);
 * - `MultiModalMessage` → text blocks and base64 image blocks (`media_type` sniffed from the bytes);
 * - `ToolCallRequestEvent` → `tool_use` blocks, `input` = the parsed `arguments` object and
 *   `raw_input` = `arguments` unchanged (arguments that are not a JSON object give `input: {}`);
 * - `ToolCallExecutionEvent` → `tool_result` blocks (`id` = `call_id`, `output` = content); a
 *   non-null `is_error` is kept as an extra block key, which AgentScope itself ignores;
 * - `ThoughtEvent` → one `thinking` block (no signature);
 * - `source` → `name`; role from `options.role` or {@link agentScopeRoleFor};
 * - `id` kept; `created_at` → local-time `timestamp` (microseconds cut to milliseconds);
 *   `metadata` kept; **`models_usage` dropped**; `invocation_id` is `null`.
 *
 * @throws AgentScopeError (`UnsupportedKind`) for other kinds; MessageValidationError for invalid input
 * @example toAgentScope({ type: "TextMessage", source: "user", content: "Hi" }).role // "user"
 */
export function toAgentScope(message: unknown, options: ToAgentScopeOptions = {}): Msg {
  const lose = (code: InteropLoss["code"], text: string) => options.onLoss?.({ code, message: text });
  const m = load(message) as unknown as Record<string, unknown> & { type: string; source: string; id: string; created_at: string; metadata: Record<string, string> };
  const content = agentScopeContent(m, lose);
  if (m.models_usage !== null && m.models_usage !== undefined) lose("models_usage", "models_usage has no AgentScope field; dropped");
  if (/\.\d{4,}/.test(m.created_at) && !/\.\d{3}0{3}/.test(m.created_at)) lose("created_at-precision", "created_at microseconds cut to milliseconds");
  const msg = createMsg({
    name: m.source,
    content,
    role: options.role ?? agentScopeRoleFor(m.type, m.source),
    metadata: { ...m.metadata },
    timestamp: formatLocalTimestamp(createdAtToDate(m.created_at)),
  });
  msg.id = m.id;
  return msg;
}

function agentScopeContent(m: Record<string, unknown> & { type: string }, lose: (c: InteropLoss["code"], t: string) => void): Msg["content"] {
  switch (m.type) {
    case KIND.MultiModalMessage:
      return (m.content as Array<string | { data: string }>).map((item) =>
        typeof item === "string"
          ? { type: "text" as const, text: item }
          : {
              type: "image" as const,
              // The same bytes in canonical base64 (AgentScope's formatters send it to provider APIs as is).
              source: { type: "base64" as const, media_type: imageMimeType(item.data), data: imageFormat(item.data) ? canonicalBase64(item.data) : item.data },
            },
      );
    case KIND.ToolCallRequestEvent:
      return (m.content as Array<{ id: string; name: string; arguments: string }>).map((call) => ({
        type: "tool_use" as const,
        id: call.id,
        name: call.name,
        input: parseArguments(call.arguments, lose),
        raw_input: call.arguments,
      }));
    case KIND.ToolCallExecutionEvent:
      return (m.content as Array<{ content: string; name: string; call_id: string; is_error: boolean | null }>).map((r) => ({
        type: "tool_result" as const,
        id: r.call_id,
        name: r.name,
        output: r.content,
        ...(r.is_error === null ? {} : { is_error: r.is_error }),
      }));
    case KIND.ThoughtEvent:
      return [{ type: "thinking" as const, thinking: m.content as string }];
    default:
      if (typeof m.content === "string") {
        if (m.type !== KIND.TextMessage) lose("message-kind", `${m.type} becomes plain text content`);
        return m.content;
      }
      throw new AgentScopeError("UnsupportedKind", "", `${m.type} has no AgentScope form`);
  }
}

function parseArguments(args: string, lose: (c: InteropLoss["code"], t: string) => void): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(args);
    if (isDict(v)) return v;
  } catch {
    // reported below
  }
  lose("tool-input", `arguments ${JSON.stringify(args)} are not a JSON object; input is {} (raw_input keeps them)`);
  return {};
}
