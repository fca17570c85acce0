/**
 * The catalogue: every component class the library knows, given to the lookup table
 * (`known.ts`) that the catalogue's own nested component fields use. Import the lookups from
 * here, not from `known.ts`, so the catalogue is loaded whenever a lookup can run.
 */
import type { ComponentSpec } from "./component.js";
import { provideCatalog } from "./known.js";
import * as agents from "./catalog/agents.js";
import * as teams from "./catalog/teams.js";
import * as conditions from "./catalog/conditions.js";
import * as models from "./catalog/models.js";
import * as memory from "./catalog/memory.js";
import * as tools from "./catalog/tools.js";
import * as mcp from "./catalog/mcp.js";
import * as executors from "./catalog/code-executors.js";

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

// Feeds the table the catalogue modules validate nested components through (`known.ts`).
provideCatalog(allSpecs);

export { WELL_KNOWN_PROVIDERS, componentSpecs, resolveProvider, specFor } from "./known.js";
