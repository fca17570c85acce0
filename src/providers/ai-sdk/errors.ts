/**
 * The error the AI SDK converters throw for input they cannot convert faithfully.
 */
import { formatPath, type IssuePath } from "../../errors.js";
import { ProviderConversionError } from "../conversion-error.js";

/**
 * Thrown by {@link toModelMessages} and {@link fromModelMessages} for input with no faithful
 * counterpart on the other side: a file part, a URL image, a JSON tool output, unknown
 * `providerOptions`, tool-call arguments that are not JSON, … `message` starts with the path
 * of the offending value (`modelMessages[2].content[1]: …`); `path` holds it as data.
 *
 * @example
 * try {
 *   fromModelMessages([{ role: "user", content: [{ type: "file", data: "AA==", mediaType: "application/pdf" }] }]);
 * } catch (e) {
 *   if (e instanceof AISDKConversionError) e.path; // ["modelMessages", 0, "content", 0]
 * }
 */
export class AISDKConversionError extends ProviderConversionError {
  static override readonly name: string = "AISDKConversionError"; // what Node prints, even when a bundler renames the class
  override readonly name = "AISDKConversionError";
  /** Where the problem is: `["modelMessages", 2, "content", 1]`. */
  readonly path: IssuePath;

  constructor(path: IssuePath, problem: string, hint?: string) {
    super(formatPath(path), problem, hint);
    this.path = path;
  }
}
