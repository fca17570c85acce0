/**
 * The subset of the Gemini `generateContent` request and response shapes this module reads and
 * writes, with the field names of the REST API and of `@google/genai` (camelCase). They are
 * structurally assignable to `@google/genai`'s `Content`, `Part`, `Tool` (checked by the tests).
 */

/**
 * A Gemini `Part` as produced by {@link toGeminiContents}: exactly one data field is set.
 *
 * @example const p: GeminiPart = { functionCall: { id: "c1", name: "add", args: { a: 1 } } };
 */
export interface GeminiPart {
  /** Text; with `thought: true` it is the model's reasoning. */
  text?: string;
  /** Marks a text part as reasoning (a thought summary). */
  thought?: boolean;
  /** Opaque signature Gemini 3 models require on replayed function calls (base64). */
  thoughtSignature?: string;
  /** Inline media: base64 bytes and their IANA MIME type. */
  inlineData?: { mimeType: string; data: string };
  /** A function call the model requested. */
  functionCall?: { id?: string; name: string; args: Record<string, unknown> };
  /** The result of a function call, sent back by the user side. */
  functionResponse?: { id?: string; name: string; response: Record<string, unknown> };
}

/**
 * A Gemini `Content`: one turn, `role` `"user"` or `"model"`.
 *
 * @example const c: GeminiContent = { role: "user", parts: [{ text: "Hi" }] };
 */
export interface GeminiContent {
  /** `"user"` (user input and function results) or `"model"` (assistant turns). */
  role: "user" | "model";
  /** The turn's parts, never empty. */
  parts: GeminiPart[];
}

/**
 * The `systemInstruction` {@link toGeminiContents} builds: one text part per system message.
 *
 * @example const s: GeminiSystemInstruction = { parts: [{ text: "Be brief." }] };
 */
export interface GeminiSystemInstruction {
  /** One `{ text }` part per `SystemMessage`, in order. */
  parts: Array<{ text: string }>;
}
