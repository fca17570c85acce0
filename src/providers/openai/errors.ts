/**
 * The error the OpenAI converters throw where AutoGen raises before sending a request.
 */

/**
 * The Python exception class AutoGen raises for the same input.
 *
 * @example const t: PythonErrorType = "IndexError"; // empty conversation for a claude- model
 */
export type PythonErrorType = "ValueError" | "IndexError";

/**
 * Thrown by {@link toOpenAIMessages} (and {@link defaultModelInfo}) where AutoGen's
 * `OpenAIChatCompletionClient` raises instead of sending. `message` is AutoGen's text, so
 * logs and tests can compare it with Python's; `pythonType` names the Python exception.
 *
 * @example
 * try {
 *   toOpenAIMessages([{ type: "UserMessage", source: "a b", content: "hi" }], { model: "gpt-4o" });
 * } catch (e) {
 *   if (e instanceof OpenAIConversionError) e.message; // "Invalid name: a b. Only letters, numbers, '_' and '-' are allowed."
 * }
 */
export class OpenAIConversionError extends Error {
  override readonly name = "OpenAIConversionError";
  /** The Python exception class AutoGen raises here. */
  readonly pythonType: PythonErrorType;

  constructor(message: string, pythonType: PythonErrorType = "ValueError") {
    super(message);
    this.pythonType = pythonType;
  }
}
