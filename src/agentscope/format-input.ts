/**
 * `FormatterBase.assert_list_of_msgs`: formatters take a list of messages.
 */
import { AgentScopeError } from "./errors.js";
import { isDict } from "../python/types.js";

/**
 * Throws `TypeError` unless `msgs` is an array of message objects (anything with a `role` and
 * a `content`; there is no `Msg` class to check against here).
 *
 * @example assertMsgList([createMsg({ name: "u", content: "hi", role: "user" })]) // passes
 */
export function assertMsgList(msgs: unknown): void {
  if (!Array.isArray(msgs)) throw new AgentScopeError("TypeError", "Input must be a list of Msg objects.");
  for (const msg of msgs) {
    if (!isDict(msg) || !("role" in msg) || !("content" in msg)) {
      throw new AgentScopeError("TypeError", `Expected Msg object, got ${typeof msg} instead.`);
    }
  }
}
