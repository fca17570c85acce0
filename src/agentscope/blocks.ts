/**
 * Zod schemas of AgentScope 1.x content blocks (`agentscope.message._message_block`).
 *
 * AgentScope's blocks are `TypedDict`s: nothing checks them at run time and unknown keys
 * (Gemini's `thought_signature`, Anthropic's `signature`) travel with the block. These schemas
 * are the *strict* reading: required fields are checked, unknown keys are kept
 * (`z.looseObject`), so a parsed block is still exactly what AgentScope would hold.
 */
import * as z from "zod/mini";

/**
 * `Base64Source`: inline media, `{type: "base64", media_type, data}`.
 *
 * @example Base64Source.parse({ type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" })
 */
export const Base64Source = z.looseObject({
  type: z.literal("base64"),
  media_type: z.string(),
  data: z.string(),
});
/** `agentscope.message.Base64Source`. */
export type Base64Source = z.infer<typeof Base64Source>;

/**
 * `URLSource`: media by URL (a web URL, a local path or a `file://` URL in Python).
 *
 * @example URLSource.parse({ type: "url", url: "https://example.com/cat.png" })
 */
export const URLSource = z.looseObject({
  type: z.literal("url"),
  url: z.string(),
});
/** `agentscope.message.URLSource`. */
export type URLSource = z.infer<typeof URLSource>;

/**
 * The `source` of an image, audio or video block.
 *
 * @example MediaSource.parse({ type: "url", url: "https://example.com/a.mp3" }).type // "url"
 */
export const MediaSource = z.discriminatedUnion("type", [Base64Source, URLSource]);
/** A `Base64Source` or a `URLSource`. */
export type MediaSource = z.infer<typeof MediaSource>;

/**
 * `TextBlock`: `{type: "text", text}`.
 *
 * @example TextBlock.parse({ type: "text", text: "Hello" })
 */
export const TextBlock = z.looseObject({ type: z.literal("text"), text: z.string() });
/** `agentscope.message.TextBlock`. */
export type TextBlock = z.infer<typeof TextBlock>;

/**
 * `ThinkingBlock`: `{type: "thinking", thinking}`; Anthropic models also store `signature`.
 *
 * @example ThinkingBlock.parse({ type: "thinking", thinking: "Let me see", signature: "sig" })
 */
export const ThinkingBlock = z.looseObject({
  type: z.literal("thinking"),
  thinking: z.string(),
  signature: z.optional(z.string()),
});
/** `agentscope.message.ThinkingBlock`. */
export type ThinkingBlock = z.infer<typeof ThinkingBlock>;

/**
 * `ImageBlock`: `{type: "image", source}`.
 *
 * @example ImageBlock.parse({ type: "image", source: { type: "url", url: "https://example.com/a.png" } })
 */
export const ImageBlock = z.looseObject({ type: z.literal("image"), source: MediaSource });
/** `agentscope.message.ImageBlock`. */
export type ImageBlock = z.infer<typeof ImageBlock>;

/**
 * `AudioBlock`: `{type: "audio", source}`.
 *
 * @example AudioBlock.parse({ type: "audio", source: { type: "base64", media_type: "audio/wav", data: "UklGRg==" } })
 */
export const AudioBlock = z.looseObject({ type: z.literal("audio"), source: MediaSource });
/** `agentscope.message.AudioBlock`. */
export type AudioBlock = z.infer<typeof AudioBlock>;

/**
 * `VideoBlock`: `{type: "video", source}`.
 *
 * @example VideoBlock.parse({ type: "video", source: { type: "url", url: "https://example.com/a.mp4" } })
 */
export const VideoBlock = z.looseObject({ type: z.literal("video"), source: MediaSource });
/** `agentscope.message.VideoBlock`. */
export type VideoBlock = z.infer<typeof VideoBlock>;

/**
 * `ToolUseBlock`: a tool call, `{type: "tool_use", id, name, input}`; `input` is an object
 * (not a JSON string as in OpenAI/AutoGen), `raw_input` optionally keeps the model's string.
 *
 * @example ToolUseBlock.parse({ type: "tool_use", id: "call_1", name: "add", input: { a: 1 } })
 */
export const ToolUseBlock = z.looseObject({
  type: z.literal("tool_use"),
  id: z.string(),
  name: z.string(),
  input: z.record(z.string(), z.unknown()),
  raw_input: z.optional(z.string()),
});
/** `agentscope.message.ToolUseBlock`. */
export type ToolUseBlock = z.infer<typeof ToolUseBlock>;

/**
 * What a tool result's `output` list may hold: text, image, audio or video blocks.
 *
 * @example ToolOutputBlock.parse({ type: "text", text: "42" }).type // "text"
 */
export const ToolOutputBlock = z.discriminatedUnion("type", [TextBlock, ImageBlock, AudioBlock, VideoBlock]);
/** A block allowed in `ToolResultBlock.output`. */
export type ToolOutputBlock = z.infer<typeof ToolOutputBlock>;

/**
 * `ToolResultBlock`: `{type: "tool_result", id, name, output}`; `output` is a string or a list
 * of text/media blocks. It has no error flag.
 *
 * @example ToolResultBlock.parse({ type: "tool_result", id: "call_1", name: "add", output: "3" })
 */
export const ToolResultBlock = z.looseObject({
  type: z.literal("tool_result"),
  id: z.string(),
  name: z.string(),
  output: z.union([z.string(), z.array(ToolOutputBlock)]),
});
/** `agentscope.message.ToolResultBlock`. */
export type ToolResultBlock = z.infer<typeof ToolResultBlock>;

/**
 * `ContentBlock`: any block, discriminated on `type`.
 *
 * @example ContentBlock.parse({ type: "thinking", thinking: "hmm" }).type // "thinking"
 */
export const ContentBlock = z.discriminatedUnion("type", [
  TextBlock,
  ThinkingBlock,
  ImageBlock,
  AudioBlock,
  VideoBlock,
  ToolUseBlock,
  ToolResultBlock,
]);
/** `agentscope.message.ContentBlock`. */
export type ContentBlock = z.infer<typeof ContentBlock>;

/**
 * The `type` of a content block (`ContentBlockTypes` in AgentScope).
 *
 * @example const t: ContentBlockType = "tool_use";
 */
export type ContentBlockType = ContentBlock["type"];

/**
 * Every block `type` AgentScope 1.x defines.
 *
 * @example CONTENT_BLOCK_TYPES.includes("tool_use") // true
 */
export const CONTENT_BLOCK_TYPES: readonly ContentBlockType[] = [
  "text",
  "thinking",
  "image",
  "audio",
  "video",
  "tool_use",
  "tool_result",
];
