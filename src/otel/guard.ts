/** Reading the caller's value where a getter or proxy trap (a revoked proxy) may throw: the library's error, never the trap's. */
import { MessageValidationError, type IssuePath } from "../errors.js";

/** What a throwing read is reported as (the thrown text is not repeated: it may hold anything, a secret too). */
const READ_ERROR = "reading it threw (a getter or proxy): not an AutoGen value";

/**
 * Runs `read`; what it throws (other than the library's own errors) becomes a
 * `MessageValidationError` at `path`, code `read_error` (`recursion_error` for a stack overflow).
 *
 * @example guardRead([], () => Array.isArray(messages), "OTel input")
 */
export function guardRead<T>(path: IssuePath, read: () => T, what: string): T {
  try {
    return read();
  } catch (e) {
    if (MessageValidationError.isInstance(e)) throw e;
    const deep = e instanceof RangeError;
    throw new MessageValidationError(undefined, [{ path, code: deep ? "recursion_error" : "read_error", message: deep ? "nested too deeply" : READ_ERROR }], what);
  }
}
