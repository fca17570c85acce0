/** Reading the caller's value: what a getter or proxy trap throws becomes an error naming the path. */
import { MessageValidationError, type IssuePath } from "../errors.js";

/** A path, or how to make it: built only for an error (a long run's messages are not each given an array). @example const where: Where = () => [4, "messages", 2] */
export type Where = IssuePath | (() => IssuePath);

/** The path a {@link Where} names. @example pathOf(() => [1]) // [1] */
export const pathOf = (w: Where): IssuePath => (typeof w === "function" ? w() : w);

/** What a getter or proxy trap of the caller's value that threw is reported as (its message is not repeated: it may hold anything). */
const READ_ERROR = "reading it threw (a getter or proxy): not an AutoGen value";

/**
 * Runs `read` (which reads the caller's value) and turns what a getter or proxy trap throws, or
 * the engine's stack overflowing on a deep value, into a `MessageValidationError` at `path`
 * (its subject `what`). The library's own errors pass through.
 *
 * @example guarded(["items"], () => [...items])
 */
export function guarded<T>(path: Where, read: () => T, what = "item"): T {
  try {
    return read();
  } catch (e) {
    if (MessageValidationError.isInstance(e)) throw e;
    const deep = e instanceof RangeError;
    throw new MessageValidationError(undefined, [{ path: pathOf(path), code: deep ? "recursion_error" : "read_error", message: deep ? "nested too deeply" : READ_ERROR }], what);
  }
}
