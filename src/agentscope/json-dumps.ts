/**
 * `json.dumps` as AgentScope's OpenAI formatter calls it for tool-call `arguments`:
 * `ensure_ascii=False`, Python's default separators (src/python/json.ts has the rules).
 */
import * as json from "../python/json.js";
import { AgentScopeError } from "./errors.js";

/**
 * Serialises a JSON value as Python's `json.dumps(v, ensure_ascii=False)` does. Numbers that
 * are integral print as ints (JSON cannot tell `1.0` from `1`), others as Python floats; an
 * integral number beyond 2^53 prints as the float it most likely was (`1e+21`). A value JSON
 * cannot hold (a function) throws {@link AgentScopeError} `TypeError`, as Python raises.
 *
 * @example pyJsonDumps({ q: "日本", n: [1, 2.5, null, true] }) // '{"q": "日本", "n": [1, 2.5, null, true]}'
 */
export function pyJsonDumps(value: unknown): string {
  try {
    return json.dumps(value, { ensureAscii: false, unsafeIntegers: "float" });
  } catch (e) {
    if (e instanceof json.PyJsonError) throw new AgentScopeError("TypeError", e.message); // dumps raises no other
    throw e;
  }
}
