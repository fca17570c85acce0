/**
 * AutoGen's `remove_images` (`autogen_agentchat/utils/_utils.py`): what AutoGen's agents
 * (`AssistantAgent`, `CodeExecutorAgent`, MagenticOne, FileSurfer) do to their model context
 * before calling a model whose `model_info.vision` is falsy.
 */
import type { LLMMessage } from "../../schemas/llm-messages.js";
import { OpenAIConversionError } from "./errors.js";
import { removeImagesFrom } from "../../render/remove-images.js";

/**
 * Replaces the list content of every `UserMessage` with one string: its text parts and a
 * literal `<image>` per image, joined with `"\n"` (`content_to_str`). This applies to every
 * list, with or without images, as upstream; the new message keeps only `source` (and `type`).
 * Other messages are returned as they are. Returns a new array; the input is not changed.
 * Throws {@link OpenAIConversionError} (path `messages[i].content[j]`) for a part that is
 * neither a string nor an image.
 *
 * Use it as AutoGen's agents do: `modelInfo.vision ? messages : removeImages(messages)`.
 *
 * @example
 * removeImages([{ type: "UserMessage", source: "u", content: ["Look:", { data: "iVBORw0KGgo…" }] }])
 * // [{ content: "Look:\n<image>", source: "u", type: "UserMessage" }]
 */
export function removeImages(messages: readonly LLMMessage[]): LLMMessage[] {
  return removeImagesFrom(messages, (i, j) => {
    throw new OpenAIConversionError("expected a string or an image ({ data: base64 })", "TypeError", `messages[${i}].content[${j}]`);
  });
}
