/**
 * Small response-side helpers AutoGen shares between its clients: stop-reason mapping,
 * tool-name sanitising and R1 `<think>` parsing.
 */
import type { FinishReasons } from "../../schemas/core.js";
import { pyStrip } from "../../python/str.js";

const STOP_REASONS: Readonly<Record<string, FinishReasons>> = {
  stop: "stop",
  length: "length",
  content_filter: "content_filter",
  function_calls: "function_calls",
  end_turn: "stop",
  tool_calls: "function_calls",
};

/**
 * AutoGen's `normalize_stop_reason` (`autogen_ext/models/_utils`): lower-cased lookup, anything
 * unknown (or null) becomes `"unknown"`.
 *
 * @example normalizeStopReason("TOOL_CALLS") // "function_calls"
 */
export function normalizeStopReason(reason: string | null | undefined): FinishReasons {
  if (reason === null || reason === undefined) return "unknown";
  const key = reason.toLowerCase();
  return Object.hasOwn(STOP_REASONS, key) ? STOP_REASONS[key]! : "unknown";
}

/**
 * AutoGen's `normalize_name` for tool names in responses: every code point outside
 * `[a-zA-Z0-9_-]` becomes `_`, then the name is cut to 64 code points.
 *
 * @example normalizeToolName("get weather!") // "get_weather_"
 */
export function normalizeToolName(name: string): string {
  // Array.from walks code points, as Python's re does: an emoji becomes one "_", not two.
  return Array.from(name, (ch) => (/^[a-zA-Z0-9_-]$/.test(ch) ? ch : "_"))
    .slice(0, 64)
    .join("");
}

/**
 * AutoGen's `parse_r1_content`: splits `<think>…</think>` off a reply, both parts stripped.
 * Returns `[thought, content]`; the thought is null (and `warning` set to AutoGen's warning
 * text) when the tags are missing or reversed.
 *
 * @example parseR1Content("<think> hmm </think> Answer") // { thought: "hmm", content: "Answer" }
 */
export function parseR1Content(content: string): { thought: string | null; content: string; warning?: string } {
  const start = content.indexOf("<think>");
  const end = content.indexOf("</think>");
  if (start === -1 || end === -1) {
    return {
      thought: null,
      content,
      warning: "Could not find <think>..</think> field in model response content. No thought was extracted.",
    };
  }
  if (end < start) {
    return { thought: null, content, warning: "Found </think> before <think> in model response content. No thought was extracted." };
  }
  return {
    thought: pyStrip(content.slice(start + "<think>".length, end)),
    content: pyStrip(content.slice(end + "</think>".length)),
  };
}
