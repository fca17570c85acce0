/**
 * The error the Gemini converters throw for input they cannot convert faithfully.
 */
import { formatPath, type IssuePath } from "../../errors.js";
import { ProviderConversionError } from "../conversion-error.js";

/**
 * Thrown by the `agentchat-messages/gemini` converters for input that has no faithful Gemini
 * form (tool-call arguments that are not a JSON object, an unknown message type, a later
 * system message with `laterSystemMessages: "error"`, …). `message` starts with the path of
 * the offending value, e.g. `messages[2].content[0].arguments: …`; `path` holds it as data.
 *
 * @example
 * try {
 *   toGeminiContents([{ type: "AssistantMessage", source: "a", content: [{ id: "c1", name: "f", arguments: "{bad" }], thought: null }]);
 * } catch (e) {
 *   if (e instanceof GeminiConversionError) e.path; // ["messages", 0, "content", 0, "arguments"]
 * }
 */
export class GeminiConversionError extends ProviderConversionError {
  static override readonly name: string = "GeminiConversionError"; // what Node prints, even when a bundler renames the class
  override readonly name = "GeminiConversionError";
  /** Where the problem is, from the argument's name: `["messages", 2, "content", 0, "arguments"]`. */
  readonly path: IssuePath;

  constructor(path: IssuePath, problem: string, hint?: string) {
    super(formatPath(path), problem, hint);
    this.path = path;
  }
}
