/**
 * `loadState` / `safeLoadState`: any JSON value as a saved AutoGen state, dispatched on `type`,
 * every message inside validated by a registry.
 */
import { MessageValidationError } from "../errors.js";
import { readKey, unreadableIssues, type SafeLoadResult } from "../parse.js";
import { defaultRegistry, type MessageRegistry } from "../registry.js";
import { isTypelessManagerState, walkState } from "./fields.js";
import { AnyState } from "./schemas.js";

/** Options of {@link loadState}. @example loadState(json, { registry: myRegistry }) */
export interface LoadStateOptions {
  /**
   * The registry the messages inside the state are validated with (custom kinds, registered
   * `StructuredMessage[<Name>]` content). Default: `defaultRegistry`, the one `load` uses.
   */
  readonly registry?: MessageRegistry;
}

/** The `type` an error names: the state's own, or the class the typeless rule recognises. */
function typeOf(json: unknown): string | undefined {
  if (json === null || typeof json !== "object" || Array.isArray(json)) return undefined;
  const o = json as Record<string, unknown>;
  const type = readKey(o, "type");
  if (typeof type === "string") return type;
  return type === undefined && isTypelessManagerState(o) ? "GraphFlowManagerState" : undefined;
}

/**
 * Like {@link loadState}, but returns `{ success, data | error }` instead of throwing.
 *
 * @example
 * const r = safeLoadState(JSON.parse(text));
 * if (!r.success) console.error(r.error.message); // Invalid TeamState: agent_states.writer.message_buffer[3].source: …
 */
export function safeLoadState(json: unknown, options: LoadStateOptions = {}): SafeLoadResult<AnyState> {
  const registry = options.registry ?? defaultRegistry;
  let type: string | undefined;
  try {
    type = typeOf(json);
    const r = walkState(AnyState, json, registry);
    if (r.ok) return { success: true, data: r.value as AnyState };
    return { success: false, error: new MessageValidationError(type, r.issues, "state") };
  } catch (e) {
    // Only hostile inputs get here (getters that throw, proxies, …).
    return { success: false, error: new MessageValidationError(type, unreadableIssues(e, [], "state"), "state") };
  }
}

/**
 * Validates any JSON value as a state AutoGen's `save_state()` wrote (a team's `TeamState`, an
 * agent's `AssistantAgentState`, …), dispatching on `type` at every level as the agents' own
 * `load_state` do, and returns it as the library holds it (defaults filled, unknown keys dropped,
 * every message normalised as `load` does). Messages in `message_buffer` / `message_thread` are
 * validated by the registry (`load`'s by default), model-context messages as `LLMMessage`; a
 * state with an unknown `type` (an app's own agent) is kept as a JSON object.
 * Throws {@link MessageValidationError} whose issues name their path from the top of `json`
 * (`agent_states.writer.message_buffer[3].source: expected string, got number 42`); never
 * anything else, and never changes `json`.
 *
 * @example
 * const state = loadState(JSON.parse(await readFile("team_state.json", "utf8")));
 * if (isState(state, "TeamState")) console.log(Object.keys(state.agent_states));
 */
export function loadState(json: unknown, options: LoadStateOptions = {}): AnyState {
  const r = safeLoadState(json, options);
  if (r.success) return r.data;
  throw r.error;
}
