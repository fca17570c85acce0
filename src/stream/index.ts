/**
 * Reading live AutoGen runs: JSON Lines, Server-Sent Events and WebSocket frames (bare items or
 * AutoGen Studio envelopes) from chunked text or bytes, every frame classified as a message,
 * `TaskResult`, `Response` or control frame; and the assembly of streamed model output into the
 * messages it becomes.
 *
 * Import from `agentchat-messages/stream`.
 *
 * @packageDocumentation
 */
export { readLines, textChunks, type NumberedLine, type StreamChunk, type ChunkSource } from "./lines.js";
export { readMessages, JsonLineSyntaxError, type MessageLine, type ReadMessagesOptions } from "./jsonl.js";
export { readSSE, readServerSentEvents, type ServerSentEvent, type SSEItem, type SSEFields } from "./sse.js";
export { readFrames, readFrame, type Frame, type FrameSource, type FrameItem, type WebSocketLike, type SocketListener } from "./frames.js";
export {
  loadRunItem,
  type RunItem,
  type RunItemResult,
  type RunItemError,
  type RunItemOptions,
  type MessageItem,
  type TaskResultItem,
  type ResponseItem,
  type ControlItem,
} from "./run-items.js";
export {
  StudioControlFrame,
  StudioItemEnvelopeType,
  restoreStudioImages,
  type StudioEnvelope,
} from "./studio.js";
export { FrameSyntaxError, ForeignFrameError } from "./errors.js";
export { StreamAssembler, type StreamedText, type AssemblerUpdate } from "./assembler.js";
