/** The one path-prefix helper: an error's issue paths re-rooted under the place the value came from. */
import { MessageValidationError, type IssuePath, type MessageIssue } from "../errors.js";

/**
 * The same error with every issue path starting with `prefix` (`data.content[0]` for an
 * envelope's data, `[4].messages[2]` for an item of a list), and, when `subject` is given, that
 * subject for an error without a type (`Invalid item: …`). The input error is not modified.
 *
 * @example underPath(["data"], error).issues[0].path // ["data", "content", 0]
 */
export function underPath(prefix: IssuePath, error: MessageValidationError, subject?: string): MessageValidationError {
  if (prefix.length === 0 && subject === undefined) return error;
  const issues: MessageIssue[] = error.issues.map((i) => ({ ...i, path: [...prefix, ...i.path] }));
  return new MessageValidationError(error.type, issues, subject);
}
