/**
 * `promote_tool_result_images`: most chat APIs take images only in user messages, so
 * AgentScope can repeat a tool result's images in a user `Msg` right after the message.
 */
import type { Msg } from "./msg-schema.js";
import { createMsg } from "./msg.js";
import { pyGetItem } from "./subscript.js";
import type { ToolResultMedia } from "./tool-result-text.js";
import type { MediaHooks } from "./media.js";

/**
 * Options every chat formatter takes.
 *
 * @example formatOpenAI(msgs, { promoteToolResultImages: true, onWarning: console.warn });
 */
export interface FormatterOptions extends MediaHooks {
  /** AgentScope's `promote_tool_result_images` (default `false`). */
  promoteToolResultImages?: boolean;
}

/**
 * The user `Msg` AgentScope inserts after a tool result holding images, or `null`. AgentScope
 * points the image at its temp file and reads it back; this port reuses the original source,
 * which is the same bytes. Unlike AgentScope, the caller's list is never changed: the
 * formatters insert into their own copy.
 *
 * @example promotedImagesMsg({ name: "search" }, media, {})?.role // "user"
 */
export function promotedImagesMsg(toolResult: unknown, media: ToolResultMedia[], options: FormatterOptions): Msg | null {
  if (!options.promoteToolResultImages) return null;
  const parts: unknown[] = [];
  for (const { location, block } of media) {
    if (block.type !== "image") continue;
    parts.push({ type: "text", text: `\n- The image from '${location}': ` }, { type: "image", source: block.source });
  }
  if (parts.length === 0) return null;
  const header = `<system-info>The following are the image contents from the tool result of '${String(pyGetItem(toolResult, "name"))}':`;
  return createMsg({
    name: "user",
    role: "user",
    content: [{ type: "text", text: header }, ...parts, { type: "text", text: "</system-info>" }] as Msg["content"],
  });
}
