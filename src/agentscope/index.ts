/**
 * `agentchat-messages/agentscope`: AgentScope 1.x (`agentscope` 1.0.x, branch `v1`) messages in
 * TypeScript: block and `Msg` schemas, `Msg` construction and wire form, the query helpers,
 * the OpenAI/Anthropic/Gemini chat formatters, and conversion to and from AutoGen messages.
 *
 * @example
 * import { createMsg, msgToDict, formatOpenAI } from "agentchat-messages/agentscope";
 * const msg = createMsg({ name: "user", content: "Hello", role: "user" });
 * JSON.stringify(msgToDict(msg)); // {"id":"…","name":"user","role":"user","content":"Hello","metadata":{},"timestamp":"…"}
 * formatOpenAI([msg]); // [{ role: "user", name: "user", content: [{ type: "text", text: "Hello" }] }]
 *
 * @packageDocumentation
 */
export {
  TextBlock,
  ThinkingBlock,
  Base64Source,
  URLSource,
  MediaSource,
  ImageBlock,
  AudioBlock,
  VideoBlock,
  ToolUseBlock,
  ToolResultBlock,
  ToolOutputBlock,
  ContentBlock,
  CONTENT_BLOCK_TYPES,
  type ContentBlockType,
} from "./blocks.js";
export { Msg, LenientMsg, MsgRole, parseMsg, safeParseMsg } from "./msg-schema.js";
export { createMsg, msgFromDict, msgToDict, type MsgInit, type MsgDict } from "./msg.js";
export { getTextContent, getContentBlocks, hasContentBlocks, type BlockTypeFilter, type HasContent } from "./queries.js";
export { AgentScopeError, type AgentScopeErrorType } from "./errors.js";
export { newShortUuid, SHORTUUID_ALPHABET } from "./short-id.js";
export { formatLocalTimestamp, parseLocalTimestamp } from "./timestamp.js";
export { pyJsonDumps } from "./json-dumps.js";
export { toolResultToText, type ToolResultMedia } from "./tool-result-text.js";
export { type MediaHooks, dataUriLocation } from "./media.js";
export { type FormatterOptions } from "./promote.js";
export { formatOpenAI, openAIImagePart, openAIAudioData, type OpenAIMessageParam } from "./format-openai.js";
export { formatAnthropic, anthropicImageBlock, type AnthropicMessageParam } from "./format-anthropic.js";
export { formatGemini, geminiMediaPart, thoughtSignatureBase64, GEMINI_SUPPORTED_EXTENSIONS, type GeminiContent } from "./format-gemini.js";
export { fromAgentScope, type AutoGenFromAgentScope } from "./from-agentscope.js";
export { toAgentScope, type ToAgentScopeOptions } from "./to-agentscope.js";
export { agentScopeRoleFor, type InteropLoss, type InteropOptions } from "./interop-common.js";
