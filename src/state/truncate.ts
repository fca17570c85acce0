/**
 * `truncateThreads`: keep the last N messages of a state's threads, so that AutoGen loads the
 * result and carries on with it.
 *
 * The rule (why nothing else changes): AutoGen's `load_state` never checks a thread against the
 * other fields, and none of them is an index into a thread. `current_turn` counts the turns of the
 * run under way (reset to 0 when a run terminates, compared with `max_turns`);
 * `next_speaker_index`, `previous_speaker`, `current_speaker`, MagenticOne's ledger and counters
 * and GraphFlow's `remaining` / `enqueued_any` / `ready` describe who speaks next, not what was
 * said; all stay as saved, so the team resumes where it stopped, with less history. A
 * participant's `message_buffer` holds the newest messages of the team's thread, so trimming both
 * to N keeps it a tail of the thread.
 * Two things do read a thread's past, and the trim keeps them:
 * - Swarm: the latest `HandoffMessage` in the thread picks the next speaker and is checked when a
 *   run resumes (`current_speaker` may still name the agent before it, when the run stopped right
 *   at the handoff). A Swarm thread whose cut part holds its latest handoff keeps that message
 *   first (N + 1 messages).
 * - Model contexts: a `FunctionExecutionResultMessage` must follow the `AssistantMessage` with its
 *   calls (OpenAI rejects a tool result without its call), so a trimmed context that would start
 *   with one drops it, as AutoGen's `BufferedChatCompletionContext` does.
 */
import type { AgentMessage } from "../kinds.js";
import type { AnyState } from "./schemas.js";
import { mapThreads, type StateThread } from "./threads.js";

const isHandoff = (m: AgentMessage): boolean => m.type === "HandoffMessage";

/** Options of {@link truncateThreads}. @example truncateThreads(state, 20, { only: (t) => t.kind === "llm_context" }) */
export interface TruncateOptions {
  /** Which threads to trim (default: every thread). */
  readonly only?: (thread: StateThread) => boolean;
}

/**
 * A new state whose threads ({@link stateThreads}) keep only their last `keepLast` messages
 * (`0` empties them); a model context that would then start with a
 * `FunctionExecutionResultMessage` drops it too (its tool call was cut), and a Swarm thread keeps
 * its latest `HandoffMessage` (it picks the next speaker). Every other field stays
 * as saved (see the module's rule), so Python's `load_state` takes the result and the team
 * resumes where it stopped. Never changes `state` (a state with nothing to trim is returned as it
 * is). Throws a `RangeError` unless `keepLast` is a
 * non-negative integer.
 *
 * @example
 * const trimmed = truncateThreads(state, 20); // every thread
 * const lighter = truncateThreads(state, 10, { only: (t) => t.kind === "llm_context" && t.agent === "writer" });
 */
export function truncateThreads<S extends AnyState>(state: S, keepLast: number, options: TruncateOptions = {}): S {
  if (!Number.isSafeInteger(keepLast) || keepLast < 0) throw new RangeError(`keepLast must be a non-negative integer, got ${String(keepLast)}`);
  const only = options.only;
  return mapThreads(state, (t) => {
    if (t.messages.length <= keepLast || (only && !only(t))) return undefined;
    const cut = t.messages.length - keepLast;
    if (t.kind === "llm_context") {
      const kept = t.messages.slice(cut);
      return kept[0]?.type === "FunctionExecutionResultMessage" ? kept.slice(1) : kept;
    }
    const kept = t.messages.slice(cut);
    if (t.state === "SwarmManagerState" && !kept.some(isHandoff)) {
      for (let i = cut - 1; i >= 0; i--) {
        if (isHandoff(t.messages[i]!)) {
          kept.unshift(t.messages[i]!);
          break;
        }
      }
    }
    return kept;
  });
}
