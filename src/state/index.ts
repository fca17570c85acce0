/**
 * `agentchat-messages/state`: AutoGen 0.7.5's saved agent and team states (`save_state()` /
 * `load_state()`): a schema per state class, `loadState` / `dumpState` (wire-exact, every message
 * inside validated by the registry `load` uses), and the helpers an app that stores states needs
 * (threads, token usage, images, trimming).
 *
 * @packageDocumentation
 */
export {
  AnyState,
  BaseState,
  ChatCompletionContextState,
  AssistantAgentState,
  TeamState,
  ChatAgentContainerState,
  BaseGroupChatManagerState,
  RoundRobinManagerState,
  SelectorManagerState,
  SwarmManagerState,
  MagenticOneOrchestratorState,
  SocietyOfMindAgentState,
  GraphFlowManagerState,
  STATE_SCHEMAS,
  stateClassName,
  isState,
  type KnownState,
  type UnknownState,
  type StateClasses,
  type StateClassName,
} from "./schemas.js";
export { loadState, safeLoadState, type LoadStateOptions } from "./load.js";
export { dumpState } from "./dump.js";
export { stateThreads, mapThreads, type StateThread, type StateThreadPlace, type ThreadUpdate } from "./threads.js";
export { stateTokenUsage } from "./usage.js";
export { removeImagesFromState } from "./images.js";
export { truncateThreads, type TruncateOptions } from "./truncate.js";
