/**
 * Builders for tools, workbenches, MCP server parameters, model contexts, memory and code executors.
 */
import * as z from "zod/mini";
import * as T from "../catalog/tools.js";
import * as P from "../catalog/mcp.js";
import * as Mem from "../catalog/memory.js";
import * as X from "../catalog/code-executors.js";
import type { ComponentsByRole } from "../roles.js";
import { checkOptions, instantiate, simpleBuilder, withDefaults, type CamelOptions, type OptionsOf } from "./build.js";
import { parseWith } from "../../parse.js";

/** Python's `textwrap.dedent`: removes the longest common leading whitespace; whitespace-only lines become empty. */
function dedent(text: string): string {
  const cleaned = text.replace(/^[ \t]+$/gm, "");
  let margin: string | undefined;
  for (const m of cleaned.matchAll(/^([ \t]*)[^ \t\n]/gm)) {
    const indent = m[1]!;
    if (margin === undefined) margin = indent;
    else if (indent.startsWith(margin)) continue;
    else if (margin.startsWith(indent)) margin = indent;
    else {
      let i = 0;
      while (margin[i] === indent[i]) i++;
      margin = margin.slice(0, i);
    }
  }
  if (!margin) return cleaned;
  const cut = margin;
  return cleaned.split("\n").map((line) => (line.startsWith(cut) ? line.slice(cut.length) : line)).join("\n");
}

/** The function name and whether it takes `cancellation_token`, from the first `def` of the source. */
function signature(source: string): { name?: string; cancellable: boolean } {
  const m = /^[ \t]*(?:async[ \t]+)?def[ \t]+([^\W\d]\w*)[ \t]*\(/mu.exec(source);
  if (!m) return { cancellable: false };
  let depth = 1;
  let i = m.index + m[0].length;
  const start = i;
  for (; i < source.length && depth > 0; i++) {
    const c = source[i];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
  }
  const params = source.slice(start, i - 1);
  return { name: m[1], cancellable: /(?:^|[,(*\s])cancellation_token\s*(?:[:=,)]|$)/.test(params) };
}

/**
 * `FunctionTool(func, description, name=None, global_imports=[])` from the function's Python
 * source: the source is dedented as AutoGen does, `name` defaults to the function's name and
 * `has_cancellation_support` is whether it takes a `cancellation_token` parameter.
 *
 * @example functionTool({ sourceCode: "def add(a: int, b: int) -> int:\n    return a + b\n", description: "Add two numbers." })
 */
export function functionTool(options: {
  sourceCode: string;
  description: string;
  name?: string;
  globalImports?: T.FunctionToolConfig["global_imports"];
}): T.FunctionToolComponent {
  checkOptions(T.FunctionTool, options);
  const source = dedent(options.sourceCode);
  const sig = signature(source);
  return instantiate(T.FunctionTool, {
    source_code: source,
    name: options.name ?? sig.name,
    description: options.description,
    global_imports: options.globalImports ?? [],
    has_cancellation_support: sig.cancellable,
  });
}

/** Options of the static workbench builders. */
export interface StaticWorkbenchOptions {
  /** The tools. */
  readonly tools?: readonly ComponentsByRole["tool"][];
  /** New names / descriptions by tool name. */
  readonly toolOverrides?: Readonly<Record<string, { name?: string | null; description?: string | null }>>;
}

/**
 * `StaticWorkbench(tools, tool_overrides=None)`.
 *
 * @example staticWorkbench({ tools: [functionTool({ … })] })
 */
export function staticWorkbench(options: StaticWorkbenchOptions = {}): T.StaticWorkbenchComponent {
  checkOptions(T.StaticWorkbench, options);
  return instantiate(T.StaticWorkbench, { tools: options.tools ? [...options.tools] : [], tool_overrides: options.toolOverrides });
}

/**
 * `StaticStreamWorkbench(tools, tool_overrides=None)` (what an `AssistantAgent` wraps its tools in).
 *
 * @example staticStreamWorkbench({ tools })
 */
export function staticStreamWorkbench(options: StaticWorkbenchOptions = {}): T.StaticStreamWorkbenchComponent {
  checkOptions(T.StaticStreamWorkbench, options);
  return instantiate(T.StaticStreamWorkbench, { tools: options.tools ? [...options.tools] : [], tool_overrides: options.toolOverrides });
}

/**
 * `AgentTool(agent, return_value_as_last_message=False)`.
 *
 * @example agentTool({ agent: writer })
 */
export const agentTool: (options: OptionsOf<T.AgentToolComponent>) => T.AgentToolComponent = /* @__PURE__ */ simpleBuilder(T.AgentTool);

/**
 * `TeamTool(team, name, description, return_value_as_last_message=False)`.
 *
 * @example teamTool({ team, name: "research", description: "Research a topic." })
 */
export const teamTool: (options: OptionsOf<T.TeamToolComponent>) => T.TeamToolComponent = /* @__PURE__ */ simpleBuilder(T.TeamTool);

/**
 * `PythonCodeExecutionTool(executor, description=…)`.
 *
 * @example pythonCodeExecutionTool({ executor: localCodeExecutor({ workDir: "coding" }) })
 */
export const pythonCodeExecutionTool: (options: OptionsOf<T.PythonCodeExecutionToolComponent>) => T.PythonCodeExecutionToolComponent =
  /* @__PURE__ */ simpleBuilder(T.PythonCodeExecutionTool);

/**
 * `HttpTool(name, host, port, json_schema, …)`.
 *
 * @example httpTool({ name: "weather", description: "Get the weather.", host: "api.example.com", port: 443, scheme: "https", headers: null, jsonSchema: { type: "object", properties: {} } })
 */
export const httpTool: (options: OptionsOf<T.HttpToolComponent>) => T.HttpToolComponent = /* @__PURE__ */ simpleBuilder(T.HttpTool);

/** Server params with their defaults filled (the `type` tag included), as the Python object holds them. */
function params<S extends z.core.$ZodType, T>(schema: S, name: string, options: object): T {
  checkOptions({ config: schema, label: name }, options);
  const snake: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) if (v !== undefined) snake[k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = v;
  return parseWith(schema, withDefaults(schema, snake), name) as T;
}

/**
 * `StdioServerParams(command, args=[], env=None, …)` with pydantic's defaults filled, as the
 * Python object holds them (`read_timeout_seconds` 5, `type` tag included).
 *
 * @example stdioServer({ command: "uvx", args: ["mcp-server-fetch"] })
 */
export function stdioServer(options: CamelOptions<P.StdioServerParams>): Extract<P.McpServerParams, { type: "StdioServerParams" }> {
  return params(P.StdioServerParams, "StdioServerParams", options);
}

/**
 * `SseServerParams(url, headers=None, timeout=5, sse_read_timeout=300)`.
 *
 * @example sseServer({ url: "http://localhost:8000/sse" })
 */
export function sseServer(options: CamelOptions<P.SseServerParams>): Extract<P.McpServerParams, { type: "SseServerParams" }> {
  return params(P.SseServerParams, "SseServerParams", options);
}

/**
 * `StreamableHttpServerParams(url, headers=None, timeout=30.0, …)`.
 *
 * @example streamableHttpServer({ url: "http://localhost:8000/mcp" })
 */
export function streamableHttpServer(options: CamelOptions<P.StreamableHttpServerParams>): Extract<P.McpServerParams, { type: "StreamableHttpServerParams" }> {
  return params(P.StreamableHttpServerParams, "StreamableHttpServerParams", options);
}

/**
 * `McpWorkbench(server_params, tool_overrides=None, host=None)`.
 *
 * @example mcpWorkbench({ serverParams: stdioServer({ command: "uvx", args: ["mcp-server-fetch"] }) })
 */
export const mcpWorkbench: (options: OptionsOf<P.McpWorkbenchComponent>) => P.McpWorkbenchComponent = /* @__PURE__ */ simpleBuilder(P.McpWorkbench);

/**
 * `UnboundedChatCompletionContext(initial_messages=None)`.
 *
 * @example unboundedContext()
 */
export function unboundedContext(options: OptionsOf<Mem.UnboundedChatCompletionContextComponent> = {}): Mem.UnboundedChatCompletionContextComponent {
  checkOptions(Mem.UnboundedChatCompletionContext, options);
  return instantiate(Mem.UnboundedChatCompletionContext, { initial_messages: options.initialMessages });
}

/**
 * `BufferedChatCompletionContext(buffer_size, initial_messages=None)`.
 *
 * @example bufferedContext({ bufferSize: 5 })
 */
export const bufferedContext: (options: OptionsOf<Mem.BufferedChatCompletionContextComponent>) => Mem.BufferedChatCompletionContextComponent =
  /* @__PURE__ */ simpleBuilder(Mem.BufferedChatCompletionContext);

/**
 * `HeadAndTailChatCompletionContext(head_size, tail_size, initial_messages=None)`.
 *
 * @example headAndTailContext({ headSize: 1, tailSize: 5 })
 */
export const headAndTailContext: (options: OptionsOf<Mem.HeadAndTailChatCompletionContextComponent>) => Mem.HeadAndTailChatCompletionContextComponent =
  /* @__PURE__ */ simpleBuilder(Mem.HeadAndTailChatCompletionContext);

/**
 * `TokenLimitedChatCompletionContext(model_client, token_limit=None, tool_schema=None, initial_messages=None)`.
 *
 * @example tokenLimitedContext({ modelClient: openAIClient({ model: "gpt-4o" }), tokenLimit: 8000 })
 */
export function tokenLimitedContext(options: OptionsOf<Mem.TokenLimitedChatCompletionContextComponent>): Mem.TokenLimitedChatCompletionContextComponent {
  checkOptions(Mem.TokenLimitedChatCompletionContext, options);
  return instantiate(Mem.TokenLimitedChatCompletionContext, {
    model_client: options.modelClient,
    token_limit: options.tokenLimit,
    tool_schema: options.toolSchema ?? [], // the constructor's `tool_schema or []`
    initial_messages: options.initialMessages,
  });
}

/**
 * `ListMemory(name=None, memory_contents=None)` (AutoGen names it `default_list_memory`).
 *
 * @example listMemory({ memoryContents: [{ content: "The user prefers metric units.", mime_type: "text/plain" }] })
 */
export function listMemory(options: OptionsOf<Mem.ListMemoryComponent> = {}): Mem.ListMemoryComponent {
  checkOptions(Mem.ListMemory, options);
  return instantiate(Mem.ListMemory, { name: options.name ?? "default_list_memory", memory_contents: options.memoryContents ?? [] });
}

/**
 * `LocalCommandLineCodeExecutor(timeout=60, work_dir=None, functions_module="functions", cleanup_temp_files=True)`.
 * Without `workDir` the config has none (AutoGen writes the temporary directory it created; a
 * backend loading this config creates its own).
 *
 * @example localCodeExecutor({ workDir: "coding" })
 */
export const localCodeExecutor: (options?: OptionsOf<X.LocalCommandLineCodeExecutorComponent>) => X.LocalCommandLineCodeExecutorComponent = (options = {}) =>
  simpleBuilder(X.LocalCommandLineCodeExecutor)(options);

/**
 * `DockerCommandLineCodeExecutor(image="python:3-slim", container_name=None, …)`: without a
 * `containerName`, one is generated as AutoGen does (`autogen-code-exec-<uuid4>`).
 *
 * @example dockerCodeExecutor({ image: "python:3.12-slim", workDir: "coding" })
 */
export function dockerCodeExecutor(options: OptionsOf<X.DockerCommandLineCodeExecutorComponent> = {}): X.DockerCommandLineCodeExecutorComponent {
  const containerName = options.containerName ?? `autogen-code-exec-${crypto.randomUUID()}`;
  return simpleBuilder(X.DockerCommandLineCodeExecutor)({ ...options, containerName });
}

/**
 * `JupyterCodeExecutor(kernel_name="python3", timeout=60, output_dir=None)`.
 *
 * @example jupyterCodeExecutor({ outputDir: "out" })
 */
export const jupyterCodeExecutor: (options?: OptionsOf<X.JupyterCodeExecutorComponent>) => X.JupyterCodeExecutorComponent = (options = {}) =>
  simpleBuilder(X.JupyterCodeExecutor)(options);
