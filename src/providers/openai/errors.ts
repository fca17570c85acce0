/**
 * The error the OpenAI converters throw where AutoGen raises before sending a request, or
 * where the input is not something AutoGen could have been given.
 */
import { ProviderConversionError } from "../conversion-error.js";

/**
 * The Python exception class AutoGen raises for the same input (`TypeError` / `KeyError` for
 * input of the wrong shape, which AutoGen's own types would have rejected earlier).
 *
 * @example const t: PythonErrorType = "IndexError"; // empty conversation for a claude- model
 */
export type PythonErrorType = "ValueError" | "IndexError" | "KeyError" | "TypeError";

/**
 * Thrown by the OpenAI converters where AutoGen's `OpenAIChatCompletionClient` raises instead
 * of sending. `pythonMessage` is AutoGen's text (compare it with Python's `str(e)`),
 * `pythonType` names the Python exception, and `path` says where in the input the problem is
 * (`messages[3].source`, `tools[0].name`); `message` is `"<path>: <pythonMessage>"`.
 *
 * @example
 * try {
 *   toOpenAIMessages([{ type: "UserMessage", source: "a b", content: "hi" }], { model: "gpt-4o" });
 * } catch (e) {
 *   if (e instanceof OpenAIConversionError) {
 *     e.message;       // "messages[0].source: Invalid name: a b. Only letters, numbers, '_' and '-' are allowed."
 *     e.pythonMessage; // "Invalid name: a b. Only letters, numbers, '_' and '-' are allowed."
 *     e.path;          // "messages[0].source"
 *   }
 * }
 */
export class OpenAIConversionError extends ProviderConversionError {
  static override readonly name: string = "OpenAIConversionError"; // what Node prints, even when a bundler renames the class
  override readonly name = "OpenAIConversionError";
  /** The Python exception class AutoGen raises here. */
  readonly pythonType: PythonErrorType;
  /** AutoGen's error text, without the path. */
  readonly pythonMessage: string;
  /** Where in the input the problem is, or undefined when it concerns the whole call. */
  readonly path: string | undefined;

  constructor(pythonMessage: string, pythonType: PythonErrorType = "ValueError", path?: string, hint?: string) {
    super(path || undefined, pythonMessage, hint); // an empty path names no place
    this.pythonType = pythonType;
    this.pythonMessage = pythonMessage;
    this.path = path;
  }

  /**
   * The same error located under `prefix` (`"messages[2]"` + `"source"` → `"messages[2].source"`).
   *
   * @example new OpenAIConversionError("bad", "ValueError", "source").under("messages[2]").path // "messages[2].source"
   */
  under(prefix: string): OpenAIConversionError {
    const path = this.path === undefined ? prefix : this.path.startsWith("[") ? prefix + this.path : `${prefix}.${this.path}`;
    return new OpenAIConversionError(this.pythonMessage, this.pythonType, path, this.hint);
  }
}

/**
 * Runs `f`, re-throwing an {@link OpenAIConversionError} located under `prefix`.
 *
 * @example atPath("messages[1]", () => assertValidName("a b")) // throws with path "messages[1]"
 */
export function atPath<T>(prefix: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof OpenAIConversionError) throw e.under(prefix);
    throw e;
  }
}
