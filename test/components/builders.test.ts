/**
 * The builders against AutoGen: each case rebuilds a recorded object from its constructor
 * arguments (read back from the recorded dump's config) and must equal what Python's
 * `dump_component()` wrote, and `dumpComponentJson` must give AutoGen's exact text.
 */
import { describe, expect, it } from "vitest";
import * as B from "../../src/components/index.js";
import { dumpComponent, dumpComponentJson, loadComponent, MessageValidationError } from "./api.js";
import { recordedCase, type Dumped } from "./helpers.js";

type Cfg = Record<string, any>;
const cfgOf = (name: string): Cfg => recordedCase(name).dump.config as Cfg;
const load = (c: unknown) => loadComponent(c) as any;

/** The builder's output is the recorded dump, as JSON and as AutoGen's text. */
function same(name: string, built: unknown): void {
  const { dump, dump_json } = recordedCase(name);
  expect(dumpComponent(built as B.Component)).toEqual(dump);
  expect(JSON.stringify(dumpComponent(built as B.Component))).toBe(JSON.stringify(dump));
  expect(dumpComponentJson(built as B.Component)).toBe(dump_json);
}

describe("termination builders", () => {
  it("MaxMessageTermination with its include_agent_event default", () => {
    same("termination/max-message-default", B.maxMessages(cfgOf("termination/max-message-default").max_messages));
  });
  it("MaxMessageTermination with include_agent_event", () => {
    const c = cfgOf("termination/max-message");
    same("termination/max-message", B.maxMessages(c.max_messages, { includeAgentEvent: c.include_agent_event }));
  });
  it("TextMentionTermination, StopMessage, Handoff, External, SourceMatch, FunctionCall", () => {
    same("termination/text-mention", B.textMention(cfgOf("termination/text-mention").text));
    same("termination/stop-message", B.stopMessage());
    same("termination/handoff", B.handoffTermination(cfgOf("termination/handoff").target));
    same("termination/external", B.externalTermination());
    same("termination/source-match", B.sourceMatch(cfgOf("termination/source-match").sources));
    same("termination/function-call", B.functionCallTermination(cfgOf("termination/function-call").function_name));
  });
  it("TextMessageTermination with and without a source", () => {
    same("termination/text-message", B.textMessageTermination(cfgOf("termination/text-message").source));
    same("termination/text-message-any", B.textMessageTermination());
  });
  it("TimeoutTermination writes its float (440 → 440.0)", () => {
    same("termination/timeout-int", B.timeoutTermination(cfgOf("termination/timeout-int").timeout_seconds));
    same("termination/timeout", B.timeoutTermination(cfgOf("termination/timeout").timeout_seconds));
  });
  it("TokenUsageTermination with every limit, and with the total only (None limits dropped)", () => {
    const c = cfgOf("termination/token-usage");
    same("termination/token-usage", B.tokenUsage({ maxTotalToken: c.max_total_token, maxPromptToken: c.max_prompt_token, maxCompletionToken: c.max_completion_token }));
    same("termination/token-usage-total-only", B.tokenUsage({ maxTotalToken: cfgOf("termination/token-usage-total-only").max_total_token }));
  });
  it(".or() / .and() nest pairwise as Python's | and & do", () => {
    const cases = ["termination/or", "termination/and", "termination/or-chain", "termination/nested", "termination/all-or"];
    for (const name of cases) {
      // Rebuild the recorded tree: leaves through their builders, inner nodes with .and/.or.
      const rebuild = (c: Dumped): B.Termination => {
        const cfg = c.config as Cfg;
        const label = c.label as string;
        if (label === "OrTerminationCondition" || label === "AndTerminationCondition") {
          const [a, b] = (cfg.conditions as Dumped[]).map(rebuild);
          return label === "OrTerminationCondition" ? a!.or(b!) : a!.and(b!);
        }
        return B.combinable(load(c));
      };
      same(name, rebuild(recordedCase(name).dump));
    }
  });
  it("leaves .and/.or out of JSON, dumps and equality", () => {
    const t = B.maxMessages(3);
    expect(Object.keys(t)).toEqual(["provider", "component_type", "version", "component_version", "description", "label", "config"]);
    expect(JSON.parse(JSON.stringify(t))).toEqual(t);
  });
});

describe("model client builders", () => {
  it("OpenAIChatCompletionClient: the given arguments only, api_key masked", () => {
    same("model/openai/minimal", B.openAIClient({ model: cfgOf("model/openai/minimal").model, apiKey: "sk-proj-not-a-real-key" }));
    same("model/openai/key-from-env", B.openAIClient({ model: cfgOf("model/openai/key-from-env").model }));
  });
  it("OpenAIChatCompletionClient with client settings (floats written as floats)", () => {
    const c = cfgOf("model/openai/client-settings");
    same("model/openai/client-settings", B.openAIClient({
      model: c.model, apiKey: "k", timeout: c.timeout, maxRetries: c.max_retries, addNamePrefixes: c.add_name_prefixes,
      includeNameInMessage: c.include_name_in_message, defaultHeaders: c.default_headers, organization: c.organization, baseUrl: c.base_url,
    }));
  });
  it("AzureOpenAIChatCompletionClient with an AzureTokenProvider", () => {
    const c = cfgOf("model/azure/token-provider");
    const tp = c.azure_ad_token_provider.config;
    same("model/azure/token-provider", B.azureOpenAIClient({
      model: c.model, maxRetries: c.max_retries, azureEndpoint: c.azure_endpoint, azureDeployment: c.azure_deployment, apiVersion: c.api_version,
      azureAdTokenProvider: B.azureTokenProvider({ providerKind: tp.provider_kind, scopes: tp.scopes }),
    }));
  });
  it("AnthropicChatCompletionClient fills max_tokens 4096 and temperature 1.0", () => {
    same("model/anthropic/minimal", B.anthropicClient({ model: cfgOf("model/anthropic/minimal").model, apiKey: "sk-ant" }));
  });
  it("OllamaChatCompletionClient fills follow_redirects", () => {
    same("model/ollama/minimal", B.ollamaClient({ model: cfgOf("model/ollama/minimal").model }));
  });
  it("ReplayChatCompletionClient with strings and a CreateResult", () => {
    const c = cfgOf("model/replay");
    same("model/replay", B.replayClient({ chatCompletions: c.chat_completions, modelInfo: c.model_info }));
  });
  it("ChatCompletionCache leaves an in-memory store out", () => {
    const c = cfgOf("model/cache/in-memory");
    same("model/cache/in-memory", B.chatCompletionCache({ client: load(c.client), store: B.inMemoryStore() }));
    same("model/cache/default-store", B.chatCompletionCache({ client: load(cfgOf("model/cache/default-store").client) }));
    const r = cfgOf("model/cache/redis");
    same("model/cache/redis", B.chatCompletionCache({ client: load(r.client), store: load(r.store) }));
  });
});

describe("tool, workbench, context, memory and executor builders", () => {
  it("FunctionTool: name and cancellation support read from the source", () => {
    for (const name of ["tool/function/sync-defaults", "tool/function/async", "tool/function/global-imports", "tool/function/cancellation", "tool/function/strict"]) {
      const c = cfgOf(name);
      const sig = /def\s+(\w+)/.exec(c.source_code)![1];
      same(name, B.functionTool({ sourceCode: c.source_code, description: c.description, name: c.name === sig ? undefined : c.name, globalImports: c.global_imports }));
    }
  });
  it("FunctionTool dedents its source as inspect.getsource + textwrap.dedent", () => {
    const t = B.functionTool({ sourceCode: "    def f(x: int) -> int:\n\n        return x\n", description: "d" });
    expect(t.config.source_code).toBe("def f(x: int) -> int:\n\n    return x\n");
    expect(t.config.name).toBe("f");
    expect(B.functionTool({ sourceCode: "async def g(a: str, cancellation_token: CancellationToken) -> str:\n    return a\n", description: "d" }).config.has_cancellation_support).toBe(true);
  });
  it("StaticWorkbench and StaticStreamWorkbench", () => {
    const c = cfgOf("workbench/static");
    same("workbench/static", B.staticWorkbench({ tools: c.tools.map(load) }));
    const o = cfgOf("workbench/static-overrides");
    same("workbench/static-overrides", B.staticWorkbench({ tools: o.tools.map(load), toolOverrides: o.tool_overrides }));
    const s = cfgOf("workbench/static-stream");
    same("workbench/static-stream", B.staticStreamWorkbench({ tools: s.tools.map(load) }));
  });
  it("McpWorkbench over stdio (int defaults kept as AutoGen writes them), SSE and streamable HTTP", () => {
    const m = cfgOf("workbench/mcp/stdio-minimal").server_params;
    same("workbench/mcp/stdio-minimal", B.mcpWorkbench({ serverParams: B.stdioServer({ command: m.command }) }));
    const s = cfgOf("workbench/mcp/stdio").server_params;
    same("workbench/mcp/stdio", B.mcpWorkbench({ serverParams: B.stdioServer({ command: s.command, args: s.args, env: s.env, cwd: s.cwd, readTimeoutSeconds: s.read_timeout_seconds }) }));
    const e = cfgOf("workbench/mcp/sse").server_params;
    same("workbench/mcp/sse", B.mcpWorkbench({ serverParams: B.sseServer({ url: e.url, headers: e.headers, timeout: e.timeout, sseReadTimeout: e.sse_read_timeout }) }));
    const h = cfgOf("workbench/mcp/streamable-http").server_params;
    same("workbench/mcp/streamable-http", B.mcpWorkbench({ serverParams: B.streamableHttpServer({ url: h.url, headers: h.headers, timeout: h.timeout, sseReadTimeout: h.sse_read_timeout, terminateOnClose: h.terminate_on_close }) }));
  });
  it("model contexts", () => {
    same("context/unbounded", B.unboundedContext());
    same("context/unbounded-initial", B.unboundedContext({ initialMessages: cfgOf("context/unbounded-initial").initial_messages }));
    const b = cfgOf("context/buffered");
    same("context/buffered", B.bufferedContext({ bufferSize: b.buffer_size, initialMessages: b.initial_messages }));
    const h = cfgOf("context/head-and-tail");
    same("context/head-and-tail", B.headAndTailContext({ headSize: h.head_size, tailSize: h.tail_size, initialMessages: h.initial_messages }));
    const t = cfgOf("context/token-limited-no-limit");
    same("context/token-limited-no-limit", B.tokenLimitedContext({ modelClient: load(t.model_client) }));
  });
  it("ListMemory, empty and with contents", () => {
    same("memory/list-empty", B.listMemory());
    const m = cfgOf("memory/list");
    same("memory/list", B.listMemory({ name: m.name, memoryContents: m.memory_contents }));
  });
  it("code executors", () => {
    const l = cfgOf("code-executor/local");
    same("code-executor/local", B.localCodeExecutor({ timeout: l.timeout, workDir: l.work_dir, functionsModule: l.functions_module, cleanupTempFiles: l.cleanup_temp_files }));
    same("code-executor/docker-defaults", B.dockerCodeExecutor({ containerName: cfgOf("code-executor/docker-defaults").container_name }));
    expect(B.dockerCodeExecutor().config.container_name).toMatch(/^autogen-code-exec-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const j = cfgOf("code-executor/jupyter");
    same("code-executor/jupyter", B.jupyterCodeExecutor({ kernelName: j.kernel_name, timeout: j.timeout, outputDir: j.output_dir }));
  });
  it("AgentTool, TeamTool, PythonCodeExecutionTool", () => {
    same("tool/agent-tool-default", B.agentTool({ agent: load(cfgOf("tool/agent-tool-default").agent) }));
    const t = cfgOf("tool/team-tool");
    same("tool/team-tool", B.teamTool({ team: load(t.team), name: t.name, description: t.description, returnValueAsLastMessage: t.return_value_as_last_message }));
    same("tool/python-code-execution", B.pythonCodeExecutionTool({ executor: load(cfgOf("tool/python-code-execution").executor) }));
  });
});

describe("agent builders", () => {
  it("AssistantAgent(name, model_client): empty StaticStreamWorkbench, unbounded context, default texts", () => {
    const c = cfgOf("agent/assistant/minimal");
    same("agent/assistant/minimal", B.assistantAgent({ name: c.name, modelClient: load(c.model_client) }));
    const n = cfgOf("agent/assistant/system-message-none");
    same("agent/assistant/system-message-none", B.assistantAgent({ name: n.name, modelClient: load(n.model_client), systemMessage: null }));
  });
  it("AssistantAgent with tools, handoffs (strings and objects), context, memory and every option", () => {
    const c = cfgOf("agent/assistant/all-options");
    same("agent/assistant/all-options", B.assistantAgent({
      name: c.name,
      modelClient: load(c.model_client),
      tools: c.workbench[0].config.tools.map(load),
      handoffs: c.handoffs.map((h: Cfg) => (h.name === `transfer_to_${h.target}` && h.description === `Handoff to ${h.target}.` ? h.target : h)),
      modelContext: load(c.model_context),
      memory: c.memory.map(load),
      description: c.description,
      systemMessage: c.system_message,
      modelClientStream: c.model_client_stream,
      reflectOnToolUse: c.reflect_on_tool_use,
      maxToolIterations: c.max_tool_iterations,
      toolCallSummaryFormat: c.tool_call_summary_format,
      metadata: c.metadata,
    }));
  });
  it("AssistantAgent with workbenches, and with structured output (reflect_on_tool_use then defaults to true)", () => {
    const w = cfgOf("agent/assistant/workbenches");
    same("agent/assistant/workbenches", B.assistantAgent({ name: w.name, modelClient: load(w.model_client), workbench: w.workbench.map(load), description: w.description, systemMessage: w.system_message ?? null }));
    const s = cfgOf("agent/assistant/output-content-type");
    const f = s.structured_message_factory.config;
    same("agent/assistant/output-content-type", B.assistantAgent({
      name: s.name, modelClient: load(s.model_client), outputContentType: { name: f.content_model_name, jsonSchema: f.json_schema, format: f.format_string },
    }));
  });
  it("AssistantAgent refuses tools together with a workbench, as AutoGen does", () => {
    const c = cfgOf("agent/assistant/minimal");
    const tool = B.functionTool({ sourceCode: "def f() -> None:\n    pass\n", description: "f" });
    expect(() => B.assistantAgent({ name: c.name, modelClient: load(c.model_client), tools: [tool], workbench: B.staticWorkbench() })).toThrow(MessageValidationError);
  });
  it("UserProxyAgent, CodeExecutorAgent (terminal description without a model), SocietyOfMindAgent defaults", () => {
    const u = cfgOf("agent/user-proxy");
    same("agent/user-proxy", B.userProxyAgent({ name: u.name, description: u.description }));
    const t = cfgOf("agent/code-executor/terminal");
    same("agent/code-executor/terminal", B.codeExecutorAgent({ name: t.name, codeExecutor: load(t.code_executor) }));
    const m = cfgOf("agent/code-executor/model");
    same("agent/code-executor/model", B.codeExecutorAgent({
      name: m.name, codeExecutor: load(m.code_executor), modelClient: load(m.model_client), modelContext: load(m.model_context), sources: m.sources, supportedLanguages: m.supported_languages,
      description: m.description, systemMessage: m.system_message, modelClientStream: m.model_client_stream,
    }));
    const s = cfgOf("agent/society-of-mind-defaults");
    same("agent/society-of-mind-defaults", B.societyOfMindAgent({ name: s.name, team: load(s.team), modelClient: load(s.model_client) }));
  });
  it("MessageFilterAgent", () => {
    const c = cfgOf("agent/message-filter");
    same("agent/message-filter", B.messageFilterAgent({ name: c.name, wrappedAgent: load(c.wrapped_agent), filter: c.filter }));
  });
});

describe("team builders", () => {
  it("RoundRobinGroupChat: the class name as name, \"A team of agents.\"", () => {
    same("team/round-robin/minimal", B.roundRobinGroupChat({ participants: cfgOf("team/round-robin/minimal").participants.map(load) }));
    const c = cfgOf("team/round-robin/all-options");
    same("team/round-robin/all-options", B.roundRobinGroupChat({
      participants: c.participants.map(load), terminationCondition: load(c.termination_condition), maxTurns: c.max_turns,
      name: c.name, description: c.description, emitTeamEvents: c.emit_team_events,
    }));
  });
  it("SelectorGroupChat with AutoGen's default selector prompt", () => {
    const c = cfgOf("team/selector/defaults");
    same("team/selector/defaults", B.selectorGroupChat({ participants: c.participants.map(load), modelClient: load(c.model_client) }));
  });
  it("Swarm, and a termination built with .or()", () => {
    const c = cfgOf("team/swarm");
    const [h, m] = c.termination_condition.config.conditions;
    same("team/swarm", B.swarm({
      participants: c.participants.map(load),
      terminationCondition: B.handoffTermination(h.config.target).or(B.maxMessages(m.config.max_messages)),
      maxTurns: c.max_turns, emitTeamEvents: c.emit_team_events,
    }));
  });
  it("MagenticOneGroupChat with its max_turns 20, max_stalls 3 and final answer prompt", () => {
    const c = cfgOf("team/magentic-one-defaults");
    same("team/magentic-one-defaults", B.magenticOneGroupChat({ participants: c.participants.map(load), modelClient: load(c.model_client) }));
  });
  it("GraphFlow: node and edge defaults filled (activation_group = target)", () => {
    const c = cfgOf("team/graph-flow/sequential");
    const nodes: Cfg = {};
    for (const [k, n] of Object.entries<Cfg>(c.graph.nodes)) nodes[k] = { name: n.name, edges: n.edges.map((e: Cfg) => ({ target: e.target })) };
    same("team/graph-flow/sequential", B.graphFlow({
      participants: c.participants.map(load), graph: { nodes }, terminationCondition: load(c.termination_condition),
    }));
  });
});

it("a builder given a wrong-typed option throws MessageValidationError naming the field", () => {
  expect(() => B.openAIClient({ model: "gpt-4o", temperature: "hot" as unknown as number })).toThrow(/temperature: expected a number, got string/);
  expect(() => B.maxMessages("ten" as unknown as number)).toThrow(MessageValidationError);
});
