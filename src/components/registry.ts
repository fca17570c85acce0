/**
 * The component classes the library knows, by provider, and the other names AutoGen resolves to
 * them: its `WELL_KNOWN_PROVIDERS` short aliases and each class's defining module path.
 */
import type { ComponentSpec } from "./component.js";
import * as agents from "./catalog/agents.js";
import * as teams from "./catalog/teams.js";
import * as conditions from "./catalog/conditions.js";
import * as models from "./catalog/models.js";
import * as memory from "./catalog/memory.js";
import * as tools from "./catalog/tools.js";
import * as mcp from "./catalog/mcp.js";
import * as executors from "./catalog/code-executors.js";

/**
 * `autogen_core._component_config.WELL_KNOWN_PROVIDERS`: short names `load_component` accepts.
 *
 * @example WELL_KNOWN_PROVIDERS.OpenAIChatCompletionClient // "autogen_ext.models.openai.OpenAIChatCompletionClient"
 */
export const WELL_KNOWN_PROVIDERS: Readonly<Record<string, string>> = {
  azure_openai_chat_completion_client: "autogen_ext.models.openai.AzureOpenAIChatCompletionClient",
  AzureOpenAIChatCompletionClient: "autogen_ext.models.openai.AzureOpenAIChatCompletionClient",
  openai_chat_completion_client: "autogen_ext.models.openai.OpenAIChatCompletionClient",
  OpenAIChatCompletionClient: "autogen_ext.models.openai.OpenAIChatCompletionClient",
  OllamaChatCompletionClient: "autogen_ext.models.ollama.OllamaChatCompletionClient",
};

/** Every known component class, in catalogue order (agents, teams, conditions, models, …). */
function allSpecs(): ComponentSpec[] {
  return [
    agents.AssistantAgent,
    agents.MagenticOneCoderAgent,
    agents.CodeExecutorAgent,
    agents.SocietyOfMindAgent,
    agents.UserProxyAgent,
    agents.MessageFilterAgent,
    agents.OpenAIAgent,
    agents.MultimodalWebSurfer,
    agents.FileSurfer,
    agents.StructuredMessageFactory,
    teams.RoundRobinGroupChat,
    teams.SelectorGroupChat,
    teams.Swarm,
    teams.MagenticOneGroupChat,
    teams.GraphFlow,
    conditions.StopMessageTermination,
    conditions.MaxMessageTermination,
    conditions.TextMentionTermination,
    conditions.TokenUsageTermination,
    conditions.HandoffTermination,
    conditions.TimeoutTermination,
    conditions.ExternalTermination,
    conditions.SourceMatchTermination,
    conditions.TextMessageTermination,
    conditions.FunctionCallTermination,
    conditions.AndTerminationCondition,
    conditions.OrTerminationCondition,
    models.OpenAIChatCompletionClient,
    models.AzureOpenAIChatCompletionClient,
    models.AnthropicChatCompletionClient,
    models.AnthropicBedrockChatCompletionClient,
    models.OllamaChatCompletionClient,
    models.ReplayChatCompletionClient,
    models.ChatCompletionCache,
    models.AzureTokenProvider,
    models.InMemoryStore,
    models.DiskCacheStore,
    models.RedisStore,
    memory.UnboundedChatCompletionContext,
    memory.BufferedChatCompletionContext,
    memory.HeadAndTailChatCompletionContext,
    memory.TokenLimitedChatCompletionContext,
    memory.ListMemory,
    memory.ChromaDBVectorMemory,
    memory.Mem0Memory,
    memory.RedisMemory,
    tools.FunctionTool,
    tools.StaticWorkbench,
    tools.StaticStreamWorkbench,
    tools.AgentTool,
    tools.TeamTool,
    tools.PythonCodeExecutionTool,
    tools.HttpTool,
    mcp.StdioMcpToolAdapter,
    mcp.SseMcpToolAdapter,
    mcp.StreamableHttpMcpToolAdapter,
    mcp.McpWorkbench,
    mcp.McpSessionHost,
    mcp.ChatCompletionClientSampler,
    mcp.StdioElicitor,
    mcp.StaticRootsProvider,
    mcp.McpSessionActor,
    executors.LocalCommandLineCodeExecutor,
    executors.DockerCommandLineCodeExecutor,
    executors.JupyterCodeExecutor,
    executors.DockerJupyterCodeExecutor,
  ] as ComponentSpec[];
}

interface Table {
  readonly specs: readonly ComponentSpec[];
  readonly byProvider: ReadonlyMap<string, ComponentSpec>;
  readonly aliases: ReadonlyMap<string, string>;
}

// Built on first use: the catalogue modules import this one's users, so nothing here may run at load time.
let table: Table | undefined;

function getTable(): Table {
  if (table) return table;
  const specs = Object.freeze(allSpecs());
  const byProvider = new Map(specs.map((s) => [s.provider, s] as const));
  const aliases = new Map(Object.entries(WELL_KNOWN_PROVIDERS));
  for (const s of specs) for (const a of s.aliases) if (!byProvider.has(a)) aliases.set(a, s.provider);
  return (table = { specs, byProvider, aliases });
}

/**
 * The provider `dump_component()` writes for a provider string AutoGen would load as the same
 * class (a `WELL_KNOWN_PROVIDERS` alias, the class's defining module path); others unchanged.
 *
 * @example resolveProvider("OpenAIChatCompletionClient") // "autogen_ext.models.openai.OpenAIChatCompletionClient"
 */
export function resolveProvider(provider: string): string {
  return getTable().aliases.get(provider) ?? provider;
}

/**
 * The known component class of a provider (after {@link resolveProvider}), if any.
 *
 * @example specFor("autogen_agentchat.agents.AssistantAgent")?.component_version // 2
 */
export function specFor(provider: string): ComponentSpec | undefined {
  return getTable().byProvider.get(provider);
}

/**
 * Every component class the library knows (AutoGen 0.7.5's agentchat, core and ext).
 *
 * @example componentSpecs().length
 */
export function componentSpecs(): readonly ComponentSpec[] {
  return getTable().specs;
}
