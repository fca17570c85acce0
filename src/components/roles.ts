/**
 * The component types by role: what a nested component field holds (`model_client` → every model
 * client component, or an unknown provider's). Type-level only; `registry.ts` holds the same
 * classes at run time, and a type test checks that the two agree.
 */
import type { UnknownComponent } from "./component.js";
import type * as agents from "./catalog/agents.js";
import type * as teams from "./catalog/teams.js";
import type * as conditions from "./catalog/conditions.js";
import type * as models from "./catalog/models.js";
import type * as memory from "./catalog/memory.js";
import type * as tools from "./catalog/tools.js";
import type * as mcp from "./catalog/mcp.js";
import type * as executors from "./catalog/code-executors.js";

/** The components each role admits (an app's own provider included, as {@link UnknownComponent}). */
export interface ComponentsByRole {
  /** Agents (`ChatAgent` / `BaseChatAgent`). */
  agent:
    | agents.AssistantAgentComponent
    | agents.MagenticOneCoderAgentComponent
    | agents.CodeExecutorAgentComponent
    | agents.SocietyOfMindAgentComponent
    | agents.UserProxyAgentComponent
    | agents.MessageFilterAgentComponent
    | agents.OpenAIAgentComponent
    | agents.MultimodalWebSurferComponent
    | agents.FileSurferComponent
    | UnknownComponent;
  /** Teams (`Team` / `BaseGroupChat`). */
  team:
    | teams.RoundRobinGroupChatComponent
    | teams.SelectorGroupChatComponent
    | teams.SwarmComponent
    | teams.MagenticOneGroupChatComponent
    | teams.GraphFlowComponent
    | UnknownComponent;
  /** Model clients (`ChatCompletionClient`). */
  model_client:
    | models.OpenAIChatCompletionClientComponent
    | models.AzureOpenAIChatCompletionClientComponent
    | models.AnthropicChatCompletionClientComponent
    | models.AnthropicBedrockChatCompletionClientComponent
    | models.OllamaChatCompletionClientComponent
    | models.ReplayChatCompletionClientComponent
    | models.ChatCompletionCacheComponent
    | UnknownComponent;
  /** Termination conditions (`TerminationCondition`). */
  termination:
    | conditions.StopMessageTerminationComponent
    | conditions.MaxMessageTerminationComponent
    | conditions.TextMentionTerminationComponent
    | conditions.TokenUsageTerminationComponent
    | conditions.HandoffTerminationComponent
    | conditions.TimeoutTerminationComponent
    | conditions.ExternalTerminationComponent
    | conditions.SourceMatchTerminationComponent
    | conditions.TextMessageTerminationComponent
    | conditions.FunctionCallTerminationComponent
    | conditions.AndTerminationConditionComponent
    | conditions.OrTerminationConditionComponent
    | UnknownComponent;
  /** Tools (`BaseTool`). */
  tool:
    | tools.FunctionToolComponent
    | tools.AgentToolComponent
    | tools.TeamToolComponent
    | tools.PythonCodeExecutionToolComponent
    | tools.HttpToolComponent
    | mcp.StdioMcpToolAdapterComponent
    | mcp.SseMcpToolAdapterComponent
    | mcp.StreamableHttpMcpToolAdapterComponent
    | UnknownComponent;
  /** Workbenches (`Workbench`). */
  workbench: tools.StaticWorkbenchComponent | tools.StaticStreamWorkbenchComponent | mcp.McpWorkbenchComponent | UnknownComponent;
  /** Model contexts (`ChatCompletionContext`). */
  model_context:
    | memory.UnboundedChatCompletionContextComponent
    | memory.BufferedChatCompletionContextComponent
    | memory.HeadAndTailChatCompletionContextComponent
    | memory.TokenLimitedChatCompletionContextComponent
    | UnknownComponent;
  /** Memories (`Memory`). */
  memory: memory.ListMemoryComponent | memory.ChromaDBVectorMemoryComponent | memory.Mem0MemoryComponent | memory.RedisMemoryComponent | UnknownComponent;
  /** Code executors (`CodeExecutor`). */
  code_executor:
    | executors.LocalCommandLineCodeExecutorComponent
    | executors.DockerCommandLineCodeExecutorComponent
    | executors.JupyterCodeExecutorComponent
    | executors.DockerJupyterCodeExecutorComponent
    | UnknownComponent;
  /** Cache stores (`CacheStore`). */
  cache_store: models.InMemoryStoreComponent | models.DiskCacheStoreComponent | models.RedisStoreComponent | UnknownComponent;
  /** Azure AD token providers. */
  token_provider: models.AzureTokenProviderComponent | UnknownComponent;
  /** `StructuredMessageFactory`. */
  structured_message: agents.StructuredMessageFactoryComponent | UnknownComponent;
  /** MCP session hosts. */
  mcp_session_host: mcp.McpSessionHostComponent | UnknownComponent;
  /** MCP samplers. */
  mcp_sampler: mcp.ChatCompletionClientSamplerComponent | UnknownComponent;
  /** MCP elicitors. */
  mcp_elicitor: mcp.StdioElicitorComponent | UnknownComponent;
  /** MCP roots providers. */
  mcp_roots_provider: mcp.StaticRootsProviderComponent | UnknownComponent;
  /** MCP session actors. */
  mcp_session_actor: mcp.McpSessionActorComponent | UnknownComponent;
}

/** Every component class the library knows, as its component type. */
export type KnownComponent = Exclude<ComponentsByRole[keyof ComponentsByRole], UnknownComponent>;

/** Every provider the library knows. */
export type KnownProvider = KnownComponent["provider"];

/** The component type of a known provider. */
export type ComponentFor<P extends KnownProvider> = Extract<KnownComponent, { provider: P }>;

/** A component model: a known class's, with its typed config, or an unknown provider's. */
export type AnyComponent = KnownComponent | UnknownComponent;
