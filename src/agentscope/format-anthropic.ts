/**
 * `AnthropicChatFormatter.format` (AgentScope 1.x, `formatter/_anthropic_formatter.py`):
 * `Msg`s to Anthropic Messages API messages.
 */
import { AgentScopeError } from "./errors.js";
import { isWebUrl } from "./media.js";
import type { LenientMsg, Msg } from "./msg-schema.js";
import type { FormatterOptions } from "./promote.js";
import { pyGet, pyGetItem } from "./subscript.js";
import { pyStr } from "../python/repr.js";
import { getContentBlocks } from "./queries.js";
import { assertMsgList } from "./format-input.js";

/**
 * An Anthropic message param as AgentScope builds it.
 *
 * @example const p: AnthropicMessageParam = { role: "user", content: [{ type: "text", text: "Hi" }] };
 */
export type AnthropicMessageParam = Record<string, unknown>;

/**
 * An image block for Anthropic: a base64 block is copied as is, a web URL becomes a `url`
 * source. (AgentScope inlines local files; with no file system a local path is a `ValueError`.)
 *
 * @example anthropicImageBlock({ type: "image", source: { type: "url", url: "https://x/a.png" } })
 * // { type: "image", source: { type: "url", url: "https://x/a.png" } }
 */
export function anthropicImageBlock(block: unknown): Record<string, unknown> {
  const source = pyGetItem(block, "source");
  if (pyGetItem(source, "type") === "base64") return { ...(block as Record<string, unknown>) };
  const url = pyGetItem(source, "url") as string;
  if (isWebUrl(url)) return { type: "image", source: { type: "url", url } };
  throw new AgentScopeError("ValueError", `Invalid image URL: "${url}". It should be a local file or a web URL.`);
}

/**
 * What AgentScope's `AnthropicChatFormatter` sends: text *and thinking* blocks copied as they
 * are (so `signature` and unknown keys survive), images as above, tool uses as
 * `{id, type: "tool_use", name, input}`, and each tool result as its own user message
 * `{type: "tool_result", tool_use_id, content: [...]}` before the message holding it (no
 * `is_error`; `null` output → one empty text block, a string → one text block, a list → its
 * items with images formatted). Audio and video are skipped with a warning. A system message
 * that is not first becomes `user`; same-role messages are not merged; empty messages are
 * dropped. The input is not changed.
 *
 * @example
 * formatAnthropic([createMsg({ name: "user", content: "Hi", role: "user" })])
 * // [{ role: "user", content: [{ type: "text", text: "Hi" }] }]
 */
export function formatAnthropic(msgs: ReadonlyArray<Msg | LenientMsg>, options: FormatterOptions = {}): AnthropicMessageParam[] {
  assertMsgList(msgs);
  const messages: AnthropicMessageParam[] = [];
  msgs.forEach((msg, index) => {
    const parts: unknown[] = [];
    for (const block of getContentBlocks(msg)) {
      const type = pyGet(block, "type");
      if (type === "thinking" || type === "text") {
        parts.push({ ...block });
      } else if (type === "image") {
        parts.push(anthropicImageBlock(block));
      } else if (type === "tool_use") {
        parts.push({ id: pyGet(block, "id"), type: "tool_use", name: pyGet(block, "name"), input: pyGet(block, "input", {}) });
      } else if (type === "tool_result") {
        messages.push({
          role: "user",
          content: [{ type: "tool_result", tool_use_id: pyGet(block, "id"), content: toolResultContent(pyGet(block, "output")) }],
        });
      } else {
        options.onWarning?.(`Unsupported block type ${String(type)} in the message, skipped.`);
      }
    }
    // Anthropic takes a system prompt only at the start; AgentScope demotes later ones.
    const role = msg.role === "system" && index !== 0 ? "user" : msg.role;
    if (parts.length) messages.push({ role, content: parts });
  });
  return messages;
}

function toolResultContent(output: unknown): unknown[] {
  if (output === null || output === undefined) return [{ type: "text", text: "" }];
  if (Array.isArray(output)) return output.map((item) => (pyGet(item, "type") === "image" ? anthropicImageBlock(item) : item));
  return [{ type: "text", text: pyStr(output) }];
}
