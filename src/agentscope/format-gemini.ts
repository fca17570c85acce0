/**
 * `GeminiChatFormatter.format` (AgentScope 1.x, `formatter/_gemini_formatter.py`): `Msg`s to
 * Gemini `contents`.
 */
import { AgentScopeError } from "./errors.js";
import { download, isWebUrl, parseDataUri, type MediaHooks } from "./media.js";
import type { LenientMsg, Msg } from "./msg-schema.js";
import { promotedImagesMsg, type FormatterOptions } from "./promote.js";
import { pyGet, pyGetItem } from "./subscript.js";
import { getContentBlocks } from "./queries.js";
import { toolResultToText } from "./tool-result-text.js";
import { decodeBase64 } from "../wire/image-data.js";
import { assertMsgList } from "./format-input.js";

/**
 * A Gemini `Content` as AgentScope builds it (snake_case keys, as the Python SDK takes them).
 *
 * @example const c: GeminiContent = { role: "model", parts: [{ text: "Hi" }] };
 */
export type GeminiContent = Record<string, unknown>;

/**
 * `GeminiChatFormatter.supported_extensions`: the extensions a media URL may have. `jpg` is
 * not among them (AgentScope rejects `.jpg` URLs).
 *
 * @example GEMINI_SUPPORTED_EXTENSIONS.image // ["png", "jpeg", "webp", "heic", "heif"]
 */
export const GEMINI_SUPPORTED_EXTENSIONS: Readonly<Record<"image" | "video" | "audio", readonly string[]>> = {
  image: ["png", "jpeg", "webp", "heic", "heif"],
  video: ["mp4", "mpeg", "mov", "avi", "x-flv", "mpg", "webm", "wmv", "3gpp"],
  audio: ["mp3", "wav", "aiff", "aac", "ogg", "flac"],
};

/**
 * A media block as Gemini `inline_data`: base64 as is; a data URI (what this port puts where
 * AgentScope has a temp file) split; a web URL downloaded through `hooks.downloadMedia`, its
 * mime type `{kind}/{extension}` from {@link GEMINI_SUPPORTED_EXTENSIONS} (`TypeError` otherwise).
 *
 * @example geminiMediaPart({ type: "image", source: { type: "base64", media_type: "image/png", data: "iVBO" } }, {})
 * // { inline_data: { data: "iVBO", mime_type: "image/png" } }
 */
export function geminiMediaPart(block: unknown, hooks: MediaHooks): GeminiContent {
  const source = pyGetItem(block, "source");
  const type = pyGetItem(source, "type");
  if (type === "base64") {
    return { inline_data: { data: pyGetItem(source, "data"), mime_type: pyGetItem(source, "media_type") } };
  }
  if (type !== "url") throw new AgentScopeError("ValueError", `Unsupported source type: ${String(type)}`);
  const url = pyGetItem(source, "url") as string;
  const inline = parseDataUri(url);
  if (inline) return { inline_data: { data: inline.data, mime_type: inline.mediaType } };
  const raw = url.startsWith("file://") ? url.slice(7) : url;
  const extension = raw.split(".").pop()!.toLowerCase();
  const kind = (Object.keys(GEMINI_SUPPORTED_EXTENSIONS) as Array<keyof typeof GEMINI_SUPPORTED_EXTENSIONS>).find((k) =>
    GEMINI_SUPPORTED_EXTENSIONS[k].includes(extension),
  );
  if (!isWebUrl(raw)) throw new AgentScopeError("ValueError", `The URL \`${url}\` is not a valid image URL or local file.`);
  if (!kind) {
    throw new AgentScopeError(
      "TypeError",
      `Unsupported file extension: ${extension}, expected {'image': ['png', 'jpeg', 'webp', 'heic', 'heif'], 'video': ['mp4', 'mpeg', 'mov', 'avi', 'x-flv', 'mpg', 'webm', 'wmv', '3gpp'], 'audio': ['mp3', 'wav', 'aiff', 'aac', 'ogg', 'flac']}`,
    );
  }
  return { inline_data: { data: download(url, hooks), mime_type: `${kind}/${extension}` } };
}

/**
 * A `thought_signature` as sent. AgentScope passes `base64.b64decode(sig)` (Python `bytes`);
 * the JSON form of bytes in the Gemini API is base64, so this returns the signature decoded
 * and re-encoded: the same string for a well-formed signature, a `ValueError` for bad base64
 * (Python's `binascii.Error` is a `ValueError`).
 *
 * @example thoughtSignatureBase64("adGh1LSh3naPpATW") // "adGh1LSh3naPpATW"
 */
export function thoughtSignatureBase64(signature: unknown): string {
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64(String(signature));
  } catch (e) {
    throw new AgentScopeError("ValueError", (e as Error).message);
  }
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/**
 * What AgentScope's `GeminiChatFormatter` sends: role `model` for assistant, `user` for
 * everything else (system included); text as `{text}`, tool uses as
 * `{function_call: {id: null, name, args}}` (the id is *not* sent), both with
 * `thought_signature` when the block has one; each tool result as its own user content
 * `{function_response: {id, name, response: {output}}}` before the message holding it;
 * image/audio/video as `inline_data`; thinking skipped with a warning. The input is not changed.
 *
 * @example
 * formatGemini([createMsg({ name: "bot", content: "Hi", role: "assistant" })])
 * // [{ role: "model", parts: [{ text: "Hi" }] }]
 */
export function formatGemini(msgs: ReadonlyArray<Msg | LenientMsg>, options: FormatterOptions = {}): GeminiContent[] {
  assertMsgList(msgs);
  const queue = [...msgs];
  const messages: GeminiContent[] = [];
  for (let i = 0; i < queue.length; i++) {
    const msg = queue[i]!;
    const parts: unknown[] = [];
    for (const block of getContentBlocks(msg)) {
      const type = pyGet(block, "type");
      if (type === "text") {
        const part: GeminiContent = { text: pyGet(block, "text") };
        const sig = pyGet(block, "thought_signature");
        if (sig !== null) part.thought_signature = thoughtSignatureBase64(sig);
        parts.push(part);
      } else if (type === "tool_use") {
        const part: GeminiContent = {
          function_call: { id: null, name: pyGetItem(block, "name"), args: pyGetItem(block, "input") },
        };
        const sig = pyGet(block, "thought_signature");
        if (sig !== null) part.thought_signature = thoughtSignatureBase64(sig);
        parts.push(part);
      } else if (type === "tool_result") {
        const { text, media } = toolResultToText(pyGetItem(block, "output"), options);
        messages.push({
          role: "user",
          parts: [{ function_response: { id: pyGetItem(block, "id"), name: pyGetItem(block, "name"), response: { output: text } } }],
        });
        const promoted = promotedImagesMsg(block, media, options);
        if (promoted) queue.splice(i + 1, 0, promoted);
      } else if (type === "image" || type === "audio" || type === "video") {
        parts.push(geminiMediaPart(block, options));
      } else {
        options.onWarning?.(`Unsupported block type: ${String(type)} in the message, skipped. `);
      }
    }
    if (parts.length) messages.push({ role: msg.role === "assistant" ? "model" : "user", parts });
  }
  return messages;
}
