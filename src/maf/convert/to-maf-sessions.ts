/**
 * `toMafSessions`: every `AssistantAgent` of a saved AutoGen team → a MAF `AgentSession` each.
 */
import type { IssuePath } from "../../errors.js";
import { loadState } from "../../state/load.js";
import { stateThreads } from "../../state/threads.js";
import { toMafSession } from "./to-maf-session.js";
import { callback, checkOptions, guarded } from "./options.js";
import type { AgentSession } from "../session.js";

/**
 * One agent's session from {@link toMafSessions}.
 *
 * @example const { agent, path, session }: MafAgentSession = toMafSessions(teamState)[0];
 */
export interface MafAgentSession {
  /** The agent's name in its team's `agent_states` (`null` for a state that is one agent's own). */
  readonly agent: string | null;
  /** Where the agent's `AssistantAgentState` is, from the top of the state (`["agent_states", "writer", "agent_state"]`). */
  readonly path: IssuePath;
  /** Its model context as a MAF `AgentSession` ({@link toMafSession}). */
  readonly session: AgentSession;
}

/**
 * Options of {@link toMafSessions}.
 *
 * @example toMafSessions(state, { sessionId: ({ agent }) => `migrated-${agent}` })
 */
export interface ToMafSessionsOptions {
  /** Each session's `session_id`. Default: a new uuid4 each. */
  readonly sessionId?: (place: { readonly agent: string | null; readonly path: IssuePath }) => string;
}

/**
 * Converts every `AssistantAgentState` in a saved AutoGen state (a team's `save_state()`, inner
 * teams and `SocietyOfMindAgent`s included, or one agent's own) into a MAF `AgentSession`
 * ({@link toMafSession}), in document order. Other participants (user proxies, code executors,
 * managers) have no model context and give no session; their message buffers and the manager's
 * thread are not carried over. The state is validated as `loadState` does (errors name the
 * path, e.g. `agent_states.writer.agent_state.llm_context.messages[1].source: …`) and not changed.
 *
 * @example
 * const sessions = toMafSessions(JSON.parse(await readFile("team_state.json", "utf8")), {
 *   sessionId: ({ agent }) => `team-1/${agent}`,
 * });
 * for (const { agent, session } of sessions) await writeFile(`${agent}.session.json`, dumpMafJson(session));
 */
export function toMafSessions(teamState: unknown, given?: ToMafSessionsOptions): MafAgentSession[] {
  return guarded("toMafSessions", () => convert(teamState, given));
}

function convert(teamState: unknown, given?: ToMafSessionsOptions): MafAgentSession[] {
  const options = checkOptions<ToMafSessionsOptions>(given, "toMafSessions", { sessionId: "function" });
  const state = loadState(teamState);
  const out: MafAgentSession[] = [];
  for (const thread of stateThreads(state)) {
    if (thread.kind !== "llm_context" || thread.state !== "AssistantAgentState") continue;
    const place = { agent: thread.agent, path: thread.path.slice(0, -2) };
    const sessionId = callback(options.sessionId, place);
    checkOptions({ sessionId }, "toMafSessions", { sessionId: "string" }); // what the function returned
    out.push({ ...place, session: toMafSession(thread.messages, sessionId === undefined ? {} : { sessionId }) });
  }
  return out;
}
