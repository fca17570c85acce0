/**
 * `OpenAIChatFormatter.format` (AgentScope 1.x, `formatter/_openai_formatter.py`): `Msg`s to
 * OpenAI Chat Completions message params.
 */
import { AgentScopeError } from "./errors.js";
import { download, isWebUrl, type MediaHooks } from "./media.js";
import type { LenientMsg, Msg } from "./msg-schema.js";
import { promotedImagesMsg, type FormatterOptions } from "./promote.js";
import { pyGet, pyGetItem } from "./subscript.js";
import { pyJsonDumps } from "./json-dumps.js";
import { getContentBlocks } from "./queries.js";
import { toolResultToText } from "./tool-result-text.js";
import { assertMsgList } from "./format-input.js";

/**
 * An OpenAI chat message param as AgentScope builds it (a plain JSON object).
 *
 * @example const p: OpenAIMessageParam = { role: "user", name: "user", content: [{ type: "text", text: "Hi" }] };
 */
export type OpenAIMessageParam = Record<string, unknown>;

/**
 * An image block as an OpenAI `image_url` part: base64 → data URI (the declared media type,
 * no `detail`); a web URL passes through. AgentScope also inlines local files; there is no
 * file system here, so a local path fails as a missing file does in Python (`ValueError`).
 *
 * @example openAIImagePart({ type: "image", source: { type: "url", url: "https://x/a.png" } })
 * // { type: "image_url", image_url: { url: "https://x/a.png" } }
 */
export function openAIImagePart(block: unknown): OpenAIMessageParam {
  const source = pyGetItem(block, "source");
  const type = pyGetItem(source, "type");
  let url: string;
  if (type === "url") {
    url = pyGetItem(source, "url") as string;
    if (!isWebUrl(url)) {
      throw new AgentScopeError("ValueError", `Invalid image URL: "${url}". It should be a local file or a web URL.`);
    }
  } else if (type === "base64") {
    url = `data:${pyGetItem(source, "media_type") as string};base64,${pyGetItem(source, "data") as string}`;
  } else {
    throw new AgentScopeError("ValueError", `Unsupported image source type: ${String(type)}`);
  }
  return { type: "image_url", image_url: { url } };
}

/**
 * An audio source as OpenAI `input_audio`: only wav and mp3; a web URL is downloaded through
 * `hooks.downloadMedia`.
 *
 * @example openAIAudioData({ type: "base64", media_type: "audio/wav", data: "UklGRg==" }, {}) // { data: "UklGRg==", format: "wav" }
 */
export function openAIAudioData(source: unknown, hooks: MediaHooks): { data: string; format: string } {
  const type = pyGetItem(source, "type");
  if (type === "url") {
    const url = pyGetItem(source, "url") as string;
    const raw = url.startsWith("file://") ? url.slice(7) : url;
    const extension = raw.split(".").pop()!.toLowerCase();
    if (extension !== "wav" && extension !== "mp3") {
      throw new AgentScopeError("TypeError", `Unsupported audio file extension: ${extension}, wav and mp3 are supported.`);
    }
    if (!isWebUrl(raw)) {
      throw new AgentScopeError("ValueError", `Unsupported audio source: ${url}, it should be a local file or a web URL.`);
    }
    return { data: download(url, hooks), format: extension };
  }
  if (type === "base64") {
    const mediaType = pyGetItem(source, "media_type") as string;
    if (mediaType !== "audio/wav" && mediaType !== "audio/mp3") {
      throw new AgentScopeError("TypeError", `Unsupported audio media type: ${mediaType}, only audio/wav and audio/mp3 are supported.`);
    }
    return { data: pyGetItem(source, "data") as string, format: mediaType.split("/").pop()! };
  }
  throw new AgentScopeError("TypeError", `Unsupported audio source: ${String(type)}.`);
}

/**
 * What AgentScope's `OpenAIChatFormatter` sends. Per message: text blocks copied (unknown keys
 * too), images as `image_url`, audio as `input_audio` (skipped in assistant messages), tool
 * uses as `tool_calls` (`arguments` = Python `json.dumps(input, ensure_ascii=False)`;
 * `raw_input` ignored), each tool result as its own `tool` message placed *before* the
 * message holding it (its text from {@link toolResultToText}); thinking and video are skipped
 * with a warning. `name` is sent unchecked; a message with neither content nor tool calls is
 * dropped. The input is not changed.
 *
 * @throws AgentScopeError where AgentScope raises (bad sources, unsupported audio, …)
 * @example
 * formatOpenAI([createMsg({ name: "user", content: "Hi", role: "user" })])
 * // [{ role: "user", name: "user", content: [{ type: "text", text: "Hi" }] }]
 */
export function formatOpenAI(msgs: ReadonlyArray<Msg | LenientMsg>, options: FormatterOptions = {}): OpenAIMessageParam[] {
  assertMsgList(msgs);
  const queue = [...msgs];
  const messages: OpenAIMessageParam[] = [];
  for (let i = 0; i < queue.length; i++) {
    const msg = queue[i]!;
    const parts: unknown[] = [];
    const toolCalls: unknown[] = [];
    for (const block of getContentBlocks(msg)) {
      const type = pyGet(block, "type");
      if (type === "text") {
        parts.push({ ...block });
      } else if (type === "tool_use") {
        toolCalls.push({
          id: pyGet(block, "id"),
          type: "function",
          function: { name: pyGet(block, "name"), arguments: pyJsonDumps(pyGet(block, "input", {})) },
        });
      } else if (type === "tool_result") {
        const { text, media } = toolResultToText(pyGetItem(block, "output"), options);
        messages.push({ role: "tool", tool_call_id: pyGet(block, "id"), content: text, name: pyGet(block, "name") });
        const promoted = promotedImagesMsg(block, media, options);
        if (promoted) queue.splice(i + 1, 0, promoted);
      } else if (type === "image") {
        parts.push(openAIImagePart(block));
      } else if (type === "audio") {
        // AgentScope drops audio the model itself produced, so it is not sent back as input.
        if (msg.role === "assistant") continue;
        parts.push({ type: "input_audio", input_audio: openAIAudioData(pyGetItem(block, "source"), options) });
      } else {
        options.onWarning?.(`Unsupported block type ${String(type)} in the message, skipped.`);
      }
    }
    const out: OpenAIMessageParam = { role: msg.role, name: msg.name, content: parts.length ? parts : null };
    if (toolCalls.length) out.tool_calls = toolCalls;
    if (parts.length || toolCalls.length) messages.push(out);
  }
  return messages;
}
