/**
 * AutoGen 0.7.5's saved states (`autogen_agentchat.state`), as `save_state()` writes them: field
 * order and defaults of the pydantic models (`type` and `version` first, then the parent class's
 * fields, then the class's own), plus the model context (`ChatCompletionContextState`) and the
 * plain dict GraphFlow's manager saves.
 *
 * A state class's `type` is its own name (pydantic would keep any string there; the loader picks
 * the class by `type`, so another value means another class, or an app's own state).
 */
import * as z from "zod/mini";
import type { AgentMessage, AnyChatMessage } from "../kinds.js";
import { LLMMessage } from "../schemas/llm-messages.js";
import type { JsonObject } from "../wire/json-data.js";
import { LaxInt } from "../wire/fields.js";
import { define } from "../define.js";
import { withMessageErrors, type MessageSchema } from "../parse.js";
import { messageList, nameMapOf, nestedState, stateClassOf, type StateClassTable } from "./fields.js";

/** `type`: the class name, filled in when missing. */
const stateType = <const Name extends string>(name: Name) => z._default(z.literal(name), name);
const version = () => z._default(z.string(), "1.0.0");
const thread = () => z._default(messageList<AgentMessage>("any"), () => []);

/**
 * A nested agent or team state (`agent_states.<name>`, `agent_state`, `inner_team_state`): any
 * state class, chosen by its `type`; a typeless object with a `message_thread` is
 * {@link GraphFlowManagerState}; any other object (an app's own state) is kept as JSON.
 *
 * @example AnyState.parse({ type: "BaseState", version: "1.0.0" })
 */
export const AnyState: MessageSchema<z.ZodMiniType<AnyState, unknown>> = /* @__PURE__ */ withMessageErrors("AnyState", nestedState<AnyState>(() => STATE_TABLE));

/** A nested state field defaulting to `{}` as pydantic's `Field(default_factory=dict)` (annotated: the type is recursive). */
const stateOrEmpty = (): z.ZodMiniDefault<z.ZodMiniType<AnyState, unknown>> => z._default(AnyState, () => ({}));

/**
 * `autogen_agentchat.state.BaseState`: what a stateless agent saves (`UserProxyAgent`,
 * `CodeExecutorAgent`, `MessageFilterAgent`, any `BaseChatAgent` that does not override it).
 *
 * @example BaseState.parse({}) // { type: "BaseState", version: "1.0.0" }
 */
export const BaseState = /* @__PURE__ */ define(() => withMessageErrors("BaseState", z.object({ type: stateType("BaseState"), version: version() })));
/** `autogen_agentchat.state.BaseState`. */
export interface BaseState extends z.infer<typeof BaseState> {}

/**
 * `autogen_core.model_context.ChatCompletionContextState`: a model context's messages, as the
 * model sees them (other agents' messages as `UserMessage`s, tool calls and results, memory's
 * `SystemMessage`s). Every built-in model context saves all its messages (a buffered context
 * trims only when it reads them).
 *
 * @example ChatCompletionContextState.parse({ messages: [{ type: "SystemMessage", content: "Be brief." }] })
 */
export const ChatCompletionContextState = /* @__PURE__ */ define(() => withMessageErrors("ChatCompletionContextState", z.object({
  messages: z._default(z.array(LLMMessage), () => []),
})));
/** `autogen_core.model_context.ChatCompletionContextState`. */
export interface ChatCompletionContextState extends z.infer<typeof ChatCompletionContextState> {}

/**
 * `autogen_agentchat.state.AssistantAgentState`: an `AssistantAgent`'s model context.
 *
 * @example AssistantAgentState.parse({ llm_context: { messages: [] } }).type // "AssistantAgentState"
 */
export const AssistantAgentState = /* @__PURE__ */ define(() => withMessageErrors("AssistantAgentState", z.object({
  type: stateType("AssistantAgentState"),
  version: version(),
  llm_context: z._default(ChatCompletionContextState, () => ({ messages: [] })),
})));
/** `autogen_agentchat.state.AssistantAgentState`. */
export interface AssistantAgentState extends z.infer<typeof AssistantAgentState> {}

/**
 * `autogen_agentchat.state.TeamState`: a team's `save_state()`: the state of every participant
 * (a {@link ChatAgentContainerState}) and of the group chat manager, by name.
 *
 * @example TeamState.parse({ agent_states: {} }).version // "1.0.0"
 */
export const TeamState = /* @__PURE__ */ define(() => withMessageErrors("TeamState", z.object({
  type: stateType("TeamState"),
  version: version(),
  agent_states: z._default(nameMapOf(AnyState), () => ({})),
})));
/** `autogen_agentchat.state.TeamState`. */
export interface TeamState extends z.infer<typeof TeamState> {}

/**
 * `autogen_agentchat.state.ChatAgentContainerState`: a participant inside a team: its agent's
 * own state and the chat messages it has not seen yet (delivered on its next turn).
 *
 * @example ChatAgentContainerState.parse({ agent_state: { type: "BaseState" } }).message_buffer // []
 */
export const ChatAgentContainerState = /* @__PURE__ */ define(() => withMessageErrors("ChatAgentContainerState", z.object({
  type: stateType("ChatAgentContainerState"),
  version: version(),
  agent_state: stateOrEmpty(),
  message_buffer: z._default(messageList<AnyChatMessage>("chat"), () => []),
})));
/** `autogen_agentchat.state.ChatAgentContainerState`. */
export interface ChatAgentContainerState extends z.infer<typeof ChatAgentContainerState> {}

const managerFields = () => ({ version: version(), message_thread: thread(), current_turn: z._default(LaxInt, 0) });

/**
 * `autogen_agentchat.state.BaseGroupChatManagerState`: the team's message thread (chat messages
 * and events) and the turns taken in the current run (reset when the run terminates).
 *
 * @example BaseGroupChatManagerState.parse({}).current_turn // 0
 */
export const BaseGroupChatManagerState = /* @__PURE__ */ define(() => withMessageErrors("BaseGroupChatManagerState", z.object({
  type: stateType("BaseGroupChatManagerState"),
  ...managerFields(),
})));
/** `autogen_agentchat.state.BaseGroupChatManagerState`. */
export interface BaseGroupChatManagerState extends z.infer<typeof BaseGroupChatManagerState> {}

/**
 * `autogen_agentchat.state.RoundRobinManagerState`: `RoundRobinGroupChat`'s manager.
 *
 * @example RoundRobinManagerState.parse({ next_speaker_index: 1 }).next_speaker_index // 1
 */
export const RoundRobinManagerState = /* @__PURE__ */ define(() => withMessageErrors("RoundRobinManagerState", z.object({
  type: stateType("RoundRobinManagerState"),
  ...managerFields(),
  next_speaker_index: z._default(LaxInt, 0),
})));
/** `autogen_agentchat.state.RoundRobinManagerState`. */
export interface RoundRobinManagerState extends z.infer<typeof RoundRobinManagerState> {}

/**
 * `autogen_agentchat.state.SelectorManagerState`: `SelectorGroupChat`'s manager.
 *
 * @example SelectorManagerState.parse({}).previous_speaker // null
 */
export const SelectorManagerState = /* @__PURE__ */ define(() => withMessageErrors("SelectorManagerState", z.object({
  type: stateType("SelectorManagerState"),
  ...managerFields(),
  previous_speaker: z._default(z.nullable(z.string()), null),
})));
/** `autogen_agentchat.state.SelectorManagerState`. */
export interface SelectorManagerState extends z.infer<typeof SelectorManagerState> {}

/**
 * `autogen_agentchat.state.SwarmManagerState`: `Swarm`'s manager.
 *
 * @example SwarmManagerState.parse({ current_speaker: "alice" }).current_speaker // "alice"
 */
export const SwarmManagerState = /* @__PURE__ */ define(() => withMessageErrors("SwarmManagerState", z.object({
  type: stateType("SwarmManagerState"),
  ...managerFields(),
  current_speaker: z._default(z.string(), ""),
})));
/** `autogen_agentchat.state.SwarmManagerState`. */
export interface SwarmManagerState extends z.infer<typeof SwarmManagerState> {}

/**
 * `autogen_agentchat.state.MagenticOneOrchestratorState`: `MagenticOneGroupChat`'s orchestrator
 * (task ledger and progress counters).
 *
 * @example MagenticOneOrchestratorState.parse({ task: "Plan a trip" }).n_stalls // 0
 */
export const MagenticOneOrchestratorState = /* @__PURE__ */ define(() => withMessageErrors("MagenticOneOrchestratorState", z.object({
  type: stateType("MagenticOneOrchestratorState"),
  ...managerFields(),
  task: z._default(z.string(), ""),
  facts: z._default(z.string(), ""),
  plan: z._default(z.string(), ""),
  n_rounds: z._default(LaxInt, 0),
  n_stalls: z._default(LaxInt, 0),
})));
/** `autogen_agentchat.state.MagenticOneOrchestratorState`. */
export interface MagenticOneOrchestratorState extends z.infer<typeof MagenticOneOrchestratorState> {}

/**
 * `autogen_agentchat.state.SocietyOfMindAgentState`: a `SocietyOfMindAgent`: its inner team's
 * state (a {@link TeamState}; the inner team is reset after each turn, so its threads are empty).
 *
 * @example SocietyOfMindAgentState.parse({ inner_team_state: { type: "TeamState" } })
 */
export const SocietyOfMindAgentState = /* @__PURE__ */ define(() => withMessageErrors("SocietyOfMindAgentState", z.object({
  type: stateType("SocietyOfMindAgentState"),
  version: version(),
  inner_team_state: stateOrEmpty(),
})));
/** `autogen_agentchat.state.SocietyOfMindAgentState`. */
export interface SocietyOfMindAgentState extends z.infer<typeof SocietyOfMindAgentState> {}

/**
 * The state `GraphFlow`'s manager (`GraphFlowManager.save_state`) writes: a plain dict without
 * `type` or `version`, every field required (its `load_state` reads each key). `remaining` counts,
 * per node and activation group, the parents still to finish; `enqueued_any` marks "any"-activated
 * groups already queued; `ready` is the queue of nodes to run next. Recognised by the rule "no
 * `type`, and a `message_thread`". (AutoGen's own class of this name, with
 * `type: "GraphManagerState"` and `active_nodes`, is never saved; such a document is kept as an
 * unknown state.)
 *
 * @example GraphFlowManagerState.parse({ message_thread: [], current_turn: 0, remaining: {}, enqueued_any: {}, ready: ["a"] })
 */
export const GraphFlowManagerState = /* @__PURE__ */ define(() => withMessageErrors("GraphFlowManagerState", z.object({
  message_thread: messageList<AgentMessage>("any"),
  current_turn: z.int(),
  remaining: nameMapOf(nameMapOf(z.int())),
  enqueued_any: nameMapOf(nameMapOf(z.boolean())),
  ready: z.array(z.string()),
})));
/** The state of AutoGen's `GraphFlowManager` (no `type`: see {@link GraphFlowManagerState}). */
export interface GraphFlowManagerState extends z.infer<typeof GraphFlowManagerState> {
  /** Absent: the GraphFlow manager's state has no `type` (declared so `state.type` reads on any state). */
  readonly type?: undefined;
}

/**
 * An agent's or team's state that is none of AutoGen's state classes (an app's own agent, or a
 * model context that saves more than messages): kept as the JSON object it is.
 */
export type UnknownState = JsonObject;

/** Any state of AutoGen's state classes. */
export type KnownState =
  | BaseState
  | AssistantAgentState
  | TeamState
  | ChatAgentContainerState
  | BaseGroupChatManagerState
  | RoundRobinManagerState
  | SelectorManagerState
  | SwarmManagerState
  | MagenticOneOrchestratorState
  | SocietyOfMindAgentState
  | GraphFlowManagerState;

/** What {@link loadState} returns: a state of a known class, or an app's own state kept as JSON. */
export type AnyState = KnownState | UnknownState;

/** The state classes by name (the `type` they write; GraphFlow's manager has none). */
export interface StateClasses {
  BaseState: BaseState;
  AssistantAgentState: AssistantAgentState;
  TeamState: TeamState;
  ChatAgentContainerState: ChatAgentContainerState;
  BaseGroupChatManagerState: BaseGroupChatManagerState;
  RoundRobinManagerState: RoundRobinManagerState;
  SelectorManagerState: SelectorManagerState;
  SwarmManagerState: SwarmManagerState;
  MagenticOneOrchestratorState: MagenticOneOrchestratorState;
  SocietyOfMindAgentState: SocietyOfMindAgentState;
  GraphFlowManagerState: GraphFlowManagerState;
}

/** The name of a state class. */
export type StateClassName = keyof StateClasses;

/**
 * Every state class schema by its name, in the order of `autogen_agentchat.state` (GraphFlow's
 * manager state last). The one list the loader, the dumper, the helpers and the JSON Schemas use.
 *
 * @example STATE_SCHEMAS.get("TeamState") === TeamState // true
 */
export const STATE_SCHEMAS: ReadonlyMap<StateClassName, z.core.$ZodType> = /* @__PURE__ */ define(() => new Map<StateClassName, z.core.$ZodType>([
  ...[
    BaseState,
    AssistantAgentState,
    TeamState,
    BaseGroupChatManagerState,
    ChatAgentContainerState,
    RoundRobinManagerState,
    SelectorManagerState,
    SwarmManagerState,
    MagenticOneOrchestratorState,
    SocietyOfMindAgentState,
  ].map((schema) => [schema.shape.type._zod.def.defaultValue as StateClassName, schema] as const),
  ["GraphFlowManagerState", GraphFlowManagerState],
]));

/** The loader's dispatch table: the classes with a `type`, and GraphFlow's typeless one. */
export const STATE_TABLE: StateClassTable = /* @__PURE__ */ define(() => ({
  byType: new Map([...STATE_SCHEMAS].filter(([, schema]) => schema !== GraphFlowManagerState)),
  typeless: GraphFlowManagerState,
}));

/**
 * The state class of a state (as {@link loadState} dispatches: by `type`, or GraphFlow's typeless
 * manager state by its `message_thread`), or `undefined` for an app's own state or a non-object.
 * Reads only `type` (and `message_thread`): it does not validate.
 *
 * @example stateClassName({ type: "TeamState", version: "1.0.0", agent_states: {} }) // "TeamState"
 */
export function stateClassName(state: unknown): StateClassName | undefined {
  if (state === null || typeof state !== "object" || Array.isArray(state)) return undefined;
  const schema = stateClassOf(STATE_TABLE, state as Record<string, unknown>);
  if (!schema) return undefined;
  for (const [name, s] of STATE_SCHEMAS) if (s === schema) return name;
  return undefined;
}

/**
 * Narrows a state to one class: `isState(state, "TeamState")`. As {@link stateClassName}, it
 * reads only `type` (use it on values from `loadState`, which validated them).
 *
 * @example if (isState(state, "TeamState")) for (const name of Object.keys(state.agent_states)) console.log(name);
 */
export function isState<K extends StateClassName>(state: unknown, name: K): state is StateClasses[K] {
  return stateClassName(state) === name;
}
