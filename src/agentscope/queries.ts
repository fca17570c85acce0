/**
 * `Msg.get_text_content`, `Msg.get_content_blocks` and `Msg.has_content_blocks` with
 * AgentScope 1.x's exact semantics, including where malformed content makes Python raise.
 */
import type { ContentBlock, ContentBlockType } from "./blocks.js";
import { AgentScopeError } from "./errors.js";
import type { LenientMsg, Msg } from "./msg-schema.js";
import { pyGet, pyGetItem } from "./subscript.js";
import { pyTypeName } from "../python/types.js";

/** Anything with a `content` as a `Msg` holds it. */
/** Anything with a `content` like a `Msg` (strict or lenient). */
export type HasContent = Pick<Msg, "content"> | Pick<LenientMsg, "content">;

/**
 * A block type filter: one type, a list of types (any string, unknown ones match nothing), or none.
 *
 * @example getContentBlocks(msg, ["image", "audio"]); // BlockTypeFilter as a list
 */
export type BlockTypeFilter = ContentBlockType | (string & {}) | readonly string[] | null | undefined;

/**
 * The message's text: string content as it is (even `""`); for a block list, the `text` of
 * every `type: "text"` block (empty ones included) joined with `separator`; `null` when there
 * is no text block. Thinking and tool output are not text.
 *
 * @throws AgentScopeError where Python raises: `AttributeError` for a non-dict item, `KeyError`
 *   for a text block without `text`, `TypeError` for a non-string `text`.
 * @example getTextContent(createMsg({ name: "a", role: "assistant", content: [{ type: "text", text: "a" }, { type: "thinking", thinking: "x" }, { type: "text", text: "b" }] }), " ") // "a b"
 */
export function getTextContent(msg: HasContent, separator = "\n"): string | null {
  const content: unknown = msg.content;
  if (typeof content === "string") return content;
  const gathered: unknown[] = [];
  for (const block of content as unknown[]) {
    if (pyGet(block, "type") === "text") gathered.push(pyGetItem(block, "text"));
  }
  if (gathered.length === 0) return null;
  // str.join accepts only strings.
  gathered.forEach((t, i) => {
    if (typeof t !== "string") {
      throw new AgentScopeError("TypeError", `sequence item ${i}: expected str instance, ${pyTypeName(t)} found`);
    }
  });
  return gathered.join(separator);
}

/**
 * The content as blocks: a string becomes one text block (even `""`), a list is returned as
 * is (a new array holding the same blocks). With `blockType` a string, only blocks of that
 * type; with a list, blocks whose type is in it (`[]` matches nothing). Unknown types just
 * match nothing.
 *
 * @throws AgentScopeError when filtering meets a non-dict item (`TypeError`) or a dict without
 *   `type` (`KeyError`), as Python's `block["type"]` does.
 * @example getContentBlocks(createMsg({ name: "u", role: "user", content: "hi" })) // [{ type: "text", text: "hi" }]
 * @example getContentBlocks(msg, ["image", "audio"])
 */
export function getContentBlocks(msg: HasContent, blockType?: BlockTypeFilter): ContentBlock[] {
  const content: unknown = msg.content;
  const blocks: unknown[] = typeof content === "string" ? [{ type: "text", text: content }] : [...((content as unknown[]) ?? [])];
  if (typeof blockType === "string") return blocks.filter((b) => pyGetItem(b, "type") === blockType) as ContentBlock[];
  if (Array.isArray(blockType)) return blocks.filter((b) => blockType.includes(pyGetItem(b, "type") as string)) as ContentBlock[];
  return blocks as ContentBlock[];
}

/**
 * Whether {@link getContentBlocks} finds at least one block (so string content, even `""`,
 * always has a text block).
 *
 * @example hasContentBlocks(createMsg({ name: "u", role: "user", content: "" }), "text") // true
 */
export function hasContentBlocks(msg: HasContent, blockType?: BlockTypeFilter): boolean {
  return getContentBlocks(msg, blockType).length > 0;
}
