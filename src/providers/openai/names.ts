/**
 * AutoGen's `assert_valid_name` (`autogen_ext/models/openai/_utils.py`), run on the
 * `source` of every user and assistant message.
 */
import { OpenAIConversionError } from "./errors.js";

// Python's `re.match(r"^[a-zA-Z0-9_-]+$", name)`: `$` also matches just before one final
// "\n", so "agent\n" passes (and is sent with its newline), as upstream.
const VALID_NAME = /^[a-zA-Z0-9_-]+\n?$/;

/**
 * Returns `name` unchanged when AutoGen accepts it, else throws {@link OpenAIConversionError}
 * with AutoGen's message. Up to 64 characters pass, although the message says "less than 64".
 *
 * @example assertValidName("writer_1") // "writer_1"
 * @example assertValidName("a.b") // throws "Invalid name: a.b. Only letters, numbers, '_' and '-' are allowed."
 */
export function assertValidName(name: string): string {
  if (!VALID_NAME.test(name)) {
    throw new OpenAIConversionError(`Invalid name: ${name}. Only letters, numbers, '_' and '-' are allowed.`);
  }
  // Every accepted character is one code point, so .length equals Python's len().
  if (name.length > 64) {
    throw new OpenAIConversionError(`Invalid name: ${name}. Name must be less than 64 characters.`);
  }
  return name;
}
