/**
 * The one error type of the AgentScope module. AgentScope 1.x reports bad input through
 * plain Python exceptions (`AssertionError`, `KeyError`, …); the golden fixtures record their
 * class and `str()`, so this error carries both, unchanged, next to a readable message.
 */

/**
 * The Python exception class AgentScope would raise; or `DownloadRequired` for the one thing
 * this port cannot do by itself (fetch a web URL's bytes synchronously in a browser), and
 * `UnsupportedKind` for an AutoGen message with no AgentScope form ({@link toAgentScope}).
 *
 * @example const t: AgentScopeErrorType = "KeyError";
 */
export type AgentScopeErrorType =
  | "AssertionError"
  | "KeyError"
  | "TypeError"
  | "AttributeError"
  | "ValueError"
  | "DownloadRequired"
  | "UnsupportedKind";

/**
 * Thrown where AgentScope raises. `type` is the Python exception class, `pythonMessage` its
 * exact `str()` (often `""` for bare `assert`s), `message` the same text or, when Python's is
 * empty, an explanation.
 *
 * @example
 * try { createMsg({ name: "a", content: "hi", role: "tool" }); }
 * catch (e) { if (e instanceof AgentScopeError) e.type; } // "AssertionError"
 */
export class AgentScopeError extends Error {
  static override readonly name: string = "AgentScopeError"; // what Node prints, even when a bundler renames the class
  override readonly name = "AgentScopeError";
  /** The Python exception class. */
  readonly type: AgentScopeErrorType;
  /** Python's `str(exception)`, exactly as recorded in the fixtures. */
  readonly pythonMessage: string;

  constructor(type: AgentScopeErrorType, pythonMessage: string, explanation?: string) {
    super(pythonMessage || explanation || type);
    this.type = type;
    this.pythonMessage = pythonMessage;
  }
}

/**
 * Python's `KeyError(key)`: its `str()` is the key's repr, e.g. `'name'`.
 *
 * @example keyError("name").pythonMessage // "'name'"
 */
export function keyError(key: string): AgentScopeError {
  return new AgentScopeError("KeyError", `'${key}'`, `missing key "${key}"`);
}
