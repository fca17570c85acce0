/** The token usage a saved state records. */
import type { RequestUsage } from "../schemas/core.js";
import type { AnyState } from "./schemas.js";
import { stateThreads } from "./threads.js";

/**
 * The total token usage recorded in a state: the `models_usage` of every message in its message
 * threads and buffers (inner teams included), each message counted once by `id` (a team's manager
 * thread and its participants' buffers hold the same messages). For a team that was not reset
 * this is the sum over its runs' `TaskResult` messages, as Console's summary counts it. Model
 * contexts record no usage (a single agent's state has none: 0 and 0).
 *
 * @example stateTokenUsage(teamState) // { prompt_tokens: 97, completion_tokens: 19 }
 */
export function stateTokenUsage(state: AnyState): RequestUsage {
  const seen = new Set<unknown>();
  let prompt = 0;
  let completion = 0;
  for (const thread of stateThreads(state)) {
    if (thread.kind === "llm_context") continue;
    for (const m of thread.messages) {
      // A message without an id (a custom kind may lack one) is counted where it appears.
      if (m.id !== undefined) {
        if (seen.has(m.id)) continue;
        seen.add(m.id);
      }
      if (m.models_usage) {
        prompt += m.models_usage.prompt_tokens;
        completion += m.models_usage.completion_tokens;
      }
    }
  }
  return { prompt_tokens: prompt, completion_tokens: completion };
}
