/**
 * The agents of a saved state that `convert --to maf` has nothing to carry over for: an agent whose
 * state holds no model context (a `CodeExecutorAgent` or `UserProxyAgent` saves a bare `BaseState`),
 * so `toMafSessions` gives it no session. Not an error (the state is valid): the CLI names them.
 * Found by the state's shape (a participant's `agent_state`, a team's `agent_states`, a
 * `SocietyOfMindAgent`'s `inner_team_state`, an `AssistantAgent`'s `llm_context`), at any depth.
 */
import type { IssuePath } from "../errors.js";
import type { AnyState } from "../state/schemas.js";
import { isObject } from "../wire/json-data.js";

/** An agent with no model context: its name in its team (`null`: the state is its own), where its state is, and its class. @example const a: NoContextAgent = { agent: "tool", path: ["agent_states", "tool", "agent_state"], type: "BaseState" } */
export interface NoContextAgent {
  readonly agent: string | null;
  readonly path: IssuePath;
  readonly type: string;
}


/**
 * Every agent of `state` that holds no model context, in document order (managers are not agents:
 * their thread is the team's, documented as not carried over).
 *
 * @example agentsWithoutContext(codeExecutorTeamState) // [{ agent: "tool", path: ["agent_states", "tool", "agent_state"], type: "BaseState" }]
 */
export function agentsWithoutContext(state: AnyState): NoContextAgent[] {
  const out: NoContextAgent[] = [];
  const agent = (s: unknown, name: string | null, path: IssuePath) => {
    if (!isObject(s)) return;
    if (isObject(s.agent_states)) return team(s.agent_states, [...path, "agent_states"]); // a team as a participant
    if (isObject(s.inner_team_state)) return agent(s.inner_team_state, name, [...path, "inner_team_state"]); // a SocietyOfMindAgent
    if (Array.isArray(s.message_thread)) return; // a group chat manager's state, saved on its own
    if (!isObject(s.llm_context)) out.push({ agent: name, path, type: typeof s.type === "string" ? s.type : "state" });
  };
  const team = (agents: Record<string, unknown>, path: IssuePath) => {
    for (const [name, v] of Object.entries(agents)) {
      if (isObject(v) && "agent_state" in v) agent(v.agent_state, name, [...path, name, "agent_state"]);
    }
  };
  agent(state, null, []);
  return out;
}
