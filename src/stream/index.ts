/**
 * Reading AutoGen message streams: JSON Lines from chunked text or bytes, and the assembly
 * of streamed model output into the messages it becomes.
 *
 * Import from `agentchat-messages/stream`.
 *
 * @packageDocumentation
 */
export { readLines, type NumberedLine, type StreamChunk, type ChunkSource } from "./lines.js";
export { readMessages, JsonLineSyntaxError, type MessageLine, type ReadMessagesOptions } from "./jsonl.js";
export { StreamAssembler, type StreamedText, type AssemblerUpdate } from "./assembler.js";
