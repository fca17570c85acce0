/**
 * Team builders: each team's constructor defaults (its class name as `name`, "A team of agents."
 * as description, the default prompts) and `_to_config`.
 */
import * as T from "../catalog/teams.js";
import type { ComponentsByRole } from "../roles.js";
import { checkOptions, instantiate } from "./build.js";

type Of<R extends keyof ComponentsByRole> = ComponentsByRole[R];

/** What every team builder takes. */
export interface TeamOptions<P> {
  /** The participants, in order. */
  readonly participants: readonly P[];
  /** When the run stops. */
  readonly terminationCondition?: Of<"termination">;
  /** At most this many turns per run. */
  readonly maxTurns?: number;
  /** The team's name (default: the class name). */
  readonly name?: string;
  /** Its description (default: "A team of agents."). */
  readonly description?: string;
  /** Emit `SelectSpeakerEvent`s and the like. */
  readonly emitTeamEvents?: boolean;
}

const TEAM_DESCRIPTION = "A team of agents.";

function head(options: TeamOptions<unknown>, name: string, description = TEAM_DESCRIPTION) {
  return {
    name: options.name ?? name,
    description: options.description ?? description,
    participants: [...options.participants],
    termination_condition: options.terminationCondition,
    max_turns: options.maxTurns,
  };
}

/**
 * `RoundRobinGroupChat(participants, termination_condition=None, max_turns=None, …)`.
 *
 * @example roundRobinGroupChat({ participants: [writer, critic], terminationCondition: maxMessages(10).or(textMention("TERMINATE")) })
 */
export function roundRobinGroupChat(options: TeamOptions<Of<"agent"> | Of<"team">>): T.RoundRobinGroupChatComponent {
  checkOptions(T.RoundRobinGroupChat, options);
  return instantiate(T.RoundRobinGroupChat, { ...head(options, "RoundRobinGroupChat"), emit_team_events: options.emitTeamEvents ?? false });
}

const SELECTOR_PROMPT =
  "You are in a role play game. The following roles are available:\n{roles}.\nRead the following conversation. Then select the next role from {participants} to play. Only return the role.\n\n{history}\n\nRead the above conversation. Then select the next role from {participants} to play. Only return the role.\n";

/**
 * `SelectorGroupChat(participants, model_client, …)` with AutoGen's default selector prompt
 * (`selector_func` / `candidate_func` are Python callables: not part of a config).
 *
 * @example selectorGroupChat({ participants: [planner, coder], modelClient: openAIClient({ model: "gpt-4o" }) })
 */
export function selectorGroupChat(options: TeamOptions<Of<"agent"> | Of<"team">> & {
  modelClient: Of<"model_client">;
  selectorPrompt?: string;
  allowRepeatedSpeaker?: boolean;
  maxSelectorAttempts?: number;
  modelClientStreaming?: boolean;
  modelContext?: Of<"model_context">;
}): T.SelectorGroupChatComponent {
  checkOptions(T.SelectorGroupChat, options);
  return instantiate(T.SelectorGroupChat, {
    ...head(options, "SelectorGroupChat"),
    model_client: options.modelClient,
    selector_prompt: options.selectorPrompt ?? SELECTOR_PROMPT,
    allow_repeated_speaker: options.allowRepeatedSpeaker ?? false,
    max_selector_attempts: options.maxSelectorAttempts ?? 3,
    emit_team_events: options.emitTeamEvents ?? false,
    model_client_streaming: options.modelClientStreaming ?? false,
    model_context: options.modelContext,
  });
}

/**
 * `Swarm(participants, termination_condition=None, …)`: speakers change on handoffs.
 *
 * @example swarm({ participants: [alice, bob], terminationCondition: handoffTermination("user") })
 */
export function swarm(options: TeamOptions<Of<"agent">>): T.SwarmComponent {
  checkOptions(T.Swarm, options);
  return instantiate(T.Swarm, { ...head(options, "Swarm"), emit_team_events: options.emitTeamEvents ?? false });
}

const FINAL_ANSWER_PROMPT =
  "\nWe are working on the following task:\n{task}\n\nWe have completed the task.\n\nThe above messages contain the conversation that took place to complete the task.\n\nBased on the information gathered, provide the final answer to the original request.\nThe answer should be phrased as if you were speaking to the user.\n";

/**
 * `MagenticOneGroupChat(participants, model_client, max_turns=20, max_stalls=3, …)`.
 *
 * @example magenticOneGroupChat({ participants: [surfer, coder], modelClient })
 */
export function magenticOneGroupChat(options: TeamOptions<Of<"agent">> & {
  modelClient: Of<"model_client">;
  maxStalls?: number;
  finalAnswerPrompt?: string;
}): T.MagenticOneGroupChatComponent {
  checkOptions(T.MagenticOneGroupChat, options);
  return instantiate(T.MagenticOneGroupChat, {
    ...head({ ...options, maxTurns: options.maxTurns ?? 20 }, "MagenticOneGroupChat"),
    model_client: options.modelClient,
    max_stalls: options.maxStalls ?? 3,
    final_answer_prompt: options.finalAnswerPrompt ?? FINAL_ANSWER_PROMPT,
    emit_team_events: options.emitTeamEvents ?? false,
  });
}

/**
 * `GraphFlow(participants, graph, …)`: `graph` as `DiGraphBuilder().build()` holds it (node and
 * edge defaults are filled: `activation: "all"`, an edge's `activation_group` its target).
 *
 * @example graphFlow({ participants: [writer, reviewer], graph: { nodes: { writer: { name: "writer", edges: [{ target: "reviewer" }] }, reviewer: { name: "reviewer" } } } })
 */
export function graphFlow(options: Omit<TeamOptions<Of<"agent">>, "emitTeamEvents"> & { graph: unknown }): T.GraphFlowComponent {
  checkOptions(T.GraphFlow, options);
  return instantiate(T.GraphFlow, { ...head(options, "GraphFlow", "A team of agents"), graph: options.graph });
}
