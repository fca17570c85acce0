/**
 * `agentchat-messages/gemini`: AutoGen model-client messages → the native Gemini
 * `generateContent` request (`systemInstruction`, `contents`, `tools`), and a response back to
 * AutoGen's `CreateResult`. AutoGen 0.7 has no native Gemini client; the mapping follows the
 * Gemini API's documented shapes (see the README section "Gemini").
 *
 * @example
 * import { toGeminiContents } from "agentchat-messages/gemini";
 * const { systemInstruction, contents } = toGeminiContents([
 *   { type: "SystemMessage", content: "Be brief." },
 *   { type: "UserMessage", source: "user", content: "Hi" },
 * ]);
 * // systemInstruction: { parts: [{ text: "Be brief." }] }, contents: [{ role: "user", parts: [{ text: "Hi" }] }]
 *
 * @packageDocumentation
 */
export { toGeminiContents, type ToGeminiContentsOptions, type GeminiRequestContents } from "./to-gemini-contents.js";
export { toGeminiTools, type AutoGenToolSchema, type GeminiFunctionDeclaration } from "./to-gemini-tools.js";
export { fromGeminiResponse, geminiFinishReason, type GeminiResponse, type GeminiResponsePart, type FromGeminiResponseOptions } from "./from-gemini-response.js";
export { GeminiConversionError } from "./errors.js";
export { ProviderConversionError } from "../conversion-error.js";
export type { GeminiContent, GeminiPart, GeminiSystemInstruction } from "./types.js";
