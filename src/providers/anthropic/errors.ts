/**
 * The error the Anthropic converters throw where AutoGen's `AnthropicChatCompletionClient`
 * raises instead of sending a request (or instead of returning a result).
 */
import { PyJsonError } from "../../python/json.js";
import { ProviderConversionError } from "../conversion-error.js";

/**
 * The Python exception class AutoGen raises for the same input.
 *
 * @example const t: AnthropicPythonErrorType = "IndexError"; // an empty conversation
 */
export type AnthropicPythonErrorType = "ValueError" | "IndexError" | "KeyError" | "TypeError" | "RecursionError" | "APIStatusError";

/**
 * Thrown by the `agentchat-messages/anthropic` functions where AutoGen raises. `message` names
 * where the problem is (`messages[2]: …`, `tools[0]: …`) followed by AutoGen's own text, which is
 * also kept alone in `pythonMessage`; `pythonType` names the Python exception class and `index`
 * the caller's message index when one message is at fault.
 *
 * @example
 * try {
 *   toAnthropicMessages([{ type: "UserMessage", source: "a b", content: "hi" }], { model: "claude-3-5-sonnet-20241022" });
 * } catch (e) {
 *   if (e instanceof AnthropicConversionError) e.message; // "messages[0]: Invalid name: a b. Only letters, numbers, '_' and '-' are allowed."
 * }
 */
export class AnthropicConversionError extends ProviderConversionError {
  static override readonly name: string = "AnthropicConversionError"; // what Node prints, even when a bundler renames the class
  override readonly name = "AnthropicConversionError";
  /** The Python exception class AutoGen raises here. */
  readonly pythonType: AnthropicPythonErrorType;
  /** AutoGen's message (Python's `str(exception)`), without the location prefix. */
  readonly pythonMessage: string;
  /** Index of the offending message in the caller's list, when one message is at fault. */
  readonly index: number | undefined;

  constructor(pythonMessage: string, options: { pythonType?: AnthropicPythonErrorType; where?: string; index?: number; hint?: string } = {}) {
    const where = options.where ?? (options.index === undefined ? undefined : `messages[${options.index}]`);
    super(where, pythonMessage, options.hint);
    this.pythonType = options.pythonType ?? "ValueError";
    this.pythonMessage = pythonMessage;
    this.index = options.index;
  }
}

/**
 * Runs `run`, re-raising Python's `json` exceptions (src/python/json.ts: RecursionError,
 * ValueError, TypeError) as {@link AnthropicConversionError}, as AutoGen's client lets them
 * through. `JSONDecodeError` passes unchanged: callers catch it, as AutoGen does.
 */
export function withJsonErrors<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof PyJsonError) throw new AnthropicConversionError(e.message, { pythonType: e.pythonType });
    throw e;
  }
}
