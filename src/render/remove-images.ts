/**
 * AutoGen's `remove_images` (`autogen_agentchat/utils/_utils.py`): what AutoGen's agents
 * (`AssistantAgent`, `CodeExecutorAgent`, MagenticOne, FileSurfer) do to their model context
 * before calling a model whose `model_info.vision` is falsy. The rule's one home: the OpenAI
 * converter and the state helpers call it.
 */
import type { LLMMessage } from "../schemas/llm-messages.js";

/**
 * Replaces the list content of every `UserMessage` with one string: its text parts and a literal
 * `<image>` per image, joined with `"\n"` (`content_to_str`); the new message keeps only `source`
 * (and `type`), as upstream builds a fresh `UserMessage`. Every list is joined, with or without
 * images. Other messages are returned as they are. A part that is neither a string nor an image
 * goes to `badPart` (with the message's and the part's index), which throws.
 *
 * @example removeImagesFrom([{ type: "UserMessage", source: "u", content: ["Look:", { data: "iVBORw0KGgo…" }] }], fail)
 * // [{ content: "Look:\n<image>", source: "u", type: "UserMessage" }]
 */
export function removeImagesFrom(messages: readonly LLMMessage[], badPart: (message: number, part: number) => never): LLMMessage[] {
  return messages.map((m, i) => {
    if (m?.type !== "UserMessage" || !Array.isArray(m.content)) return m;
    const parts = m.content.map((part: unknown, j) => {
      if (typeof part === "string") return part;
      if (part !== null && typeof part === "object" && typeof (part as { data?: unknown }).data === "string") return "<image>";
      return badPart(i, j);
    });
    return { content: parts.join("\n"), source: m.source, type: "UserMessage" };
  });
}
