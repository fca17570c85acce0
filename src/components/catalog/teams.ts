/**
 * Teams (`autogen_agentchat.teams`): round-robin, selector, swarm, Magentic-One and graph flows.
 */
import * as z from "zod/mini";
import { LaxBool, LaxInt } from "../../wire/fields.js";
import { define } from "../../define.js";
import { preprocess } from "../../zod-def.js";
import { isPlainObject } from "../../wire/json-data.js";
import { component, componentClass, type ComponentOf } from "../component.js";
import { dict, model, nul, opt } from "../fields.js";
import { withMessageErrors } from "../../parse.js";

const GROUP_CHAT = "autogen_agentchat.teams._group_chat";
const team = { component_type: "team", component_version: 1, roles: ["team"] } as const;

/** The fields every group chat config starts with, in AutoGen's order. */
const teamHead = /* @__PURE__ */ define(() => ({
  name: nul(z.string()),
  description: nul(z.string()),
}));

/**
 * `RoundRobinGroupChatConfig`: participants are agents or teams (a nested team takes a turn as one participant).
 *
 * @example RoundRobinGroupChatConfig.parse({ participants: [agent], termination_condition: maxMessages(10) })
 */
export const RoundRobinGroupChatConfig = /* @__PURE__ */ define(() => model("RoundRobinGroupChatConfig", {
  ...teamHead,
  participants: z.array(component("agent", "team")),
  termination_condition: nul(component("termination")),
  max_turns: nul(LaxInt),
  emit_team_events: opt(LaxBool, false),
}));
/** `RoundRobinGroupChatConfig`. */
export interface RoundRobinGroupChatConfig extends z.output<typeof RoundRobinGroupChatConfig> {}
/** A `RoundRobinGroupChat` component. */
export interface RoundRobinGroupChatComponent extends ComponentOf<"autogen_agentchat.teams.RoundRobinGroupChat", RoundRobinGroupChatConfig> {}
/** The `RoundRobinGroupChat` class. */
export const RoundRobinGroupChat = /* @__PURE__ */ componentClass<RoundRobinGroupChatComponent>("autogen_agentchat.teams.RoundRobinGroupChat", `${GROUP_CHAT}._round_robin_group_chat`, {
  ...team,
  description: "A team that runs a group chat with participants taking turns in a round-robin fashion\n    to publish a message to all.",
  config: RoundRobinGroupChatConfig,
});

/**
 * `SelectorGroupChatConfig` (`selector_func` and `candidate_func` are Python callables: never in a config).
 *
 * @example SelectorGroupChatConfig.parse({ participants, model_client, selector_prompt, allow_repeated_speaker: false })
 */
export const SelectorGroupChatConfig = /* @__PURE__ */ define(() => model("SelectorGroupChatConfig", {
  ...teamHead,
  participants: z.array(component("agent", "team")),
  model_client: component("model_client"),
  termination_condition: nul(component("termination")),
  max_turns: nul(LaxInt),
  selector_prompt: z.string(),
  allow_repeated_speaker: LaxBool,
  max_selector_attempts: opt(LaxInt, 3),
  emit_team_events: opt(LaxBool, false),
  model_client_streaming: opt(LaxBool, false),
  model_context: nul(component("model_context")),
}));
/** `SelectorGroupChatConfig`. */
export interface SelectorGroupChatConfig extends z.output<typeof SelectorGroupChatConfig> {}
/** A `SelectorGroupChat` component. */
export interface SelectorGroupChatComponent extends ComponentOf<"autogen_agentchat.teams.SelectorGroupChat", SelectorGroupChatConfig> {}
/** The `SelectorGroupChat` class. */
export const SelectorGroupChat = /* @__PURE__ */ componentClass<SelectorGroupChatComponent>("autogen_agentchat.teams.SelectorGroupChat", `${GROUP_CHAT}._selector_group_chat`, {
  ...team,
  description: "A group chat team that have participants takes turn to publish a message\n    to all, using a ChatCompletion model to select the next speaker after each message.",
  config: SelectorGroupChatConfig,
});

/**
 * `SwarmConfig`: participants are agents.
 *
 * @example SwarmConfig.parse({ participants: [alice, bob], termination_condition: handoffTermination("user") })
 */
export const SwarmConfig = /* @__PURE__ */ define(() => model("SwarmConfig", {
  ...teamHead,
  participants: z.array(component("agent")),
  termination_condition: nul(component("termination")),
  max_turns: nul(LaxInt),
  emit_team_events: opt(LaxBool, false),
}));
/** `SwarmConfig`. */
export interface SwarmConfig extends z.output<typeof SwarmConfig> {}
/** A `Swarm` component. */
export interface SwarmComponent extends ComponentOf<"autogen_agentchat.teams.Swarm", SwarmConfig> {}
/** The `Swarm` class. */
export const Swarm = /* @__PURE__ */ componentClass<SwarmComponent>("autogen_agentchat.teams.Swarm", `${GROUP_CHAT}._swarm_group_chat`, {
  ...team,
  description: "A group chat team that selects the next speaker based on handoff message only.",
  config: SwarmConfig,
});

/**
 * `MagenticOneGroupChatConfig`.
 *
 * @example MagenticOneGroupChatConfig.parse({ participants, model_client, max_stalls: 3, final_answer_prompt: "…" })
 */
export const MagenticOneGroupChatConfig = /* @__PURE__ */ define(() => model("MagenticOneGroupChatConfig", {
  ...teamHead,
  participants: z.array(component("agent")),
  model_client: component("model_client"),
  termination_condition: nul(component("termination")),
  max_turns: nul(LaxInt),
  max_stalls: LaxInt,
  final_answer_prompt: z.string(),
  emit_team_events: opt(LaxBool, false),
}));
/** `MagenticOneGroupChatConfig`. */
export interface MagenticOneGroupChatConfig extends z.output<typeof MagenticOneGroupChatConfig> {}
/** A `MagenticOneGroupChat` component. */
export interface MagenticOneGroupChatComponent extends ComponentOf<"autogen_agentchat.teams.MagenticOneGroupChat", MagenticOneGroupChatConfig> {}
/** The `MagenticOneGroupChat` class. */
export const MagenticOneGroupChat = /* @__PURE__ */ componentClass<MagenticOneGroupChatComponent>("autogen_agentchat.teams.MagenticOneGroupChat", `${GROUP_CHAT}._magentic_one._magentic_one_group_chat`, {
  ...team,
  description: "A team that runs a group chat with participants managed by the MagenticOneOrchestrator.",
  config: MagenticOneGroupChatConfig,
});

const ACTIVATION = /* @__PURE__ */ define(() => z.literal(["all", "any"]));

/** `DiGraphEdge`'s validator: an empty `activation_group` becomes the target's name. */
function activationGroup(value: unknown): unknown {
  if (!isPlainObject(value) || value.activation_group || typeof value.target !== "string") return value;
  return { ...value, activation_group: value.target };
}

/**
 * `DiGraphEdge`: an edge of a {@link DiGraph}. `condition` is a string the message must contain
 * (a Python callable cannot be dumped: AutoGen raises); an empty `activation_group` is the target.
 *
 * @example DiGraphEdge.parse({ target: "reviewer", condition: "APPROVE" }).activation_group // "reviewer"
 */
export const DiGraphEdge = /* @__PURE__ */ define(() => withMessageErrors("DiGraphEdge", preprocess(activationGroup, model("DiGraphEdge", {
  target: z.string(),
  condition: nul(z.string()),
  activation_group: opt(z.string(), ""),
  activation_condition: opt(ACTIVATION, "all"),
}))));
/** `DiGraphEdge`. */
export interface DiGraphEdge extends z.output<typeof DiGraphEdge> {}

/**
 * `DiGraphNode`: a participant's node and its outgoing edges.
 *
 * @example DiGraphNode.parse({ name: "writer", edges: [{ target: "reviewer" }] })
 */
export const DiGraphNode = /* @__PURE__ */ define(() => model("DiGraphNode", {
  name: z.string(),
  edges: opt(z.array(DiGraphEdge), []),
  activation: opt(ACTIVATION, "all"),
}));
/** `DiGraphNode`. */
export interface DiGraphNode extends z.output<typeof DiGraphNode> {}

/**
 * `DiGraph`: the execution graph of a {@link GraphFlowConfig}, nodes by participant name.
 *
 * @example DiGraph.parse({ nodes: { a: { name: "a", edges: [{ target: "b" }] }, b: { name: "b" } } })
 */
export const DiGraph = /* @__PURE__ */ define(() => model("DiGraph", {
  nodes: dict(DiGraphNode),
  default_start_node: nul(z.string()),
}));
/** `DiGraph`. */
export interface DiGraph extends z.output<typeof DiGraph> {}

/**
 * `GraphFlowConfig`: participants (agents) and the graph that orders them.
 *
 * @example GraphFlowConfig.parse({ participants: [writer, reviewer], graph })
 */
export const GraphFlowConfig = /* @__PURE__ */ define(() => model("GraphFlowConfig", {
  ...teamHead,
  participants: z.array(component("agent")),
  termination_condition: nul(component("termination")),
  max_turns: nul(LaxInt),
  graph: DiGraph,
}));
/** `GraphFlowConfig`. */
export interface GraphFlowConfig extends z.output<typeof GraphFlowConfig> {}
/** A `GraphFlow` component. */
export interface GraphFlowComponent extends ComponentOf<"autogen_agentchat.teams.GraphFlow", GraphFlowConfig> {}
/** The `GraphFlow` class. */
export const GraphFlow = /* @__PURE__ */ componentClass<GraphFlowComponent>("autogen_agentchat.teams.GraphFlow", `${GROUP_CHAT}._graph._digraph_group_chat`, {
  ...team,
  description: "A team that runs a group chat following a Directed Graph execution pattern.",
  config: GraphFlowConfig,
});
