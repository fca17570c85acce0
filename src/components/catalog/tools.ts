/**
 * Tools and static workbenches (`autogen_core.tools`, `autogen_agentchat.tools`,
 * `autogen_ext.tools.code_execution`, `autogen_ext.tools.http`).
 */
import * as z from "zod/mini";
import { JsonObjectSchema, LaxBool, LaxFloat, LaxInt } from "../../wire/fields.js";
import { define } from "../../define.js";
import { component, componentClass, type ComponentOf } from "../component.js";
import { SensitiveJsonObject, dict, model, nul, nulRequired, opt } from "../fields.js";

const tool = { component_type: "tool", component_version: 1, roles: ["tool"] } as const;
const workbench = { component_type: "workbench", component_version: 1, roles: ["workbench"] } as const;

/** `autogen_core.code_executor.Alias`: `import name as alias`. */
const Alias = /* @__PURE__ */ define(() => model("Alias", { name: z.string(), alias: z.string() }));

/**
 * `autogen_core.code_executor.ImportFromModule`: `from module import a, b as c`.
 *
 * @example ImportFromModule.parse({ module: "math", imports: ["sqrt", { name: "pi", alias: "PI" }] })
 */
export const ImportFromModule = /* @__PURE__ */ define(() => model("ImportFromModule", {
  module: z.string(),
  imports: z.array(z.union([z.string(), Alias])),
}));

/**
 * `FunctionToolConfig`: a Python function as source code (AutoGen `exec`s it on load, with the
 * `global_imports` in scope).
 *
 * @example FunctionToolConfig.parse({ source_code: "def add(a: int, b: int) -> int:\n    return a + b\n", name: "add", description: "Add.", global_imports: [], has_cancellation_support: false })
 */
export const FunctionToolConfig = /* @__PURE__ */ define(() => model("FunctionToolConfig", {
  source_code: z.string(),
  name: z.string(),
  description: z.string(),
  global_imports: z.array(z.union([z.string(), ImportFromModule, Alias])),
  has_cancellation_support: LaxBool,
}));
/** `FunctionToolConfig`. */
export interface FunctionToolConfig extends z.output<typeof FunctionToolConfig> {}
/** A `FunctionTool` component. */
export interface FunctionToolComponent extends ComponentOf<"autogen_core.tools.FunctionTool", FunctionToolConfig> {}
/** The `FunctionTool` class. */
export const FunctionTool = /* @__PURE__ */ componentClass<FunctionToolComponent>("autogen_core.tools.FunctionTool", "autogen_core.tools._function_tool", {
  ...tool,
  description: "Create custom tools by wrapping standard Python functions.",
  config: FunctionToolConfig,
});

/**
 * `autogen_core.tools.ToolOverride`: a new name and/or description for one tool of a workbench.
 *
 * @example ToolOverride.parse({ description: "Search the docs." })
 */
export const ToolOverride = /* @__PURE__ */ define(() => model("ToolOverride", {
  name: nul(z.string()),
  description: nul(z.string()),
}));

/**
 * `StaticWorkbenchConfig`: the config of `StaticWorkbench` and `StaticStreamWorkbench`.
 *
 * @example StaticWorkbenchConfig.parse({ tools: [tool], tool_overrides: { add: { name: "plus" } } })
 */
export const StaticWorkbenchConfig = /* @__PURE__ */ define(() => model("StaticWorkbenchConfig", {
  tools: opt(z.array(component("tool")), []),
  tool_overrides: opt(dict(ToolOverride), {}),
}));
/** `StaticWorkbenchConfig`. */
export interface StaticWorkbenchConfig extends z.output<typeof StaticWorkbenchConfig> {}
/** A `StaticWorkbench` component. */
export interface StaticWorkbenchComponent extends ComponentOf<"autogen_core.tools.StaticWorkbench", StaticWorkbenchConfig> {}
/** The `StaticWorkbench` class. */
export const StaticWorkbench = /* @__PURE__ */ componentClass<StaticWorkbenchComponent>("autogen_core.tools.StaticWorkbench", "autogen_core.tools._static_workbench", {
  ...workbench,
  description: "A workbench that provides a static set of tools that do not change after\n    each tool execution.",
  config: StaticWorkbenchConfig,
});
/** A `StaticStreamWorkbench` component (what an `AssistantAgent` puts its tools in). */
export interface StaticStreamWorkbenchComponent extends ComponentOf<"autogen_core.tools.StaticStreamWorkbench", StaticWorkbenchConfig> {}
/** The `StaticStreamWorkbench` class. */
export const StaticStreamWorkbench = /* @__PURE__ */ componentClass<StaticStreamWorkbenchComponent>("autogen_core.tools.StaticStreamWorkbench", "autogen_core.tools._static_workbench", {
  ...workbench,
  description: "A workbench that provides a static set of tools that do not change after\n    each tool execution, and supports streaming results.",
  config: StaticWorkbenchConfig,
});

/**
 * `AgentToolConfig`: an agent used as a tool.
 *
 * @example AgentToolConfig.parse({ agent: writer })
 */
export const AgentToolConfig = /* @__PURE__ */ define(() => model("AgentToolConfig", {
  agent: component("agent"),
  return_value_as_last_message: opt(LaxBool, false),
}));
/** `AgentToolConfig`. */
export interface AgentToolConfig extends z.output<typeof AgentToolConfig> {}
/** An `AgentTool` component. */
export interface AgentToolComponent extends ComponentOf<"autogen_agentchat.tools.AgentTool", AgentToolConfig> {}
/** The `AgentTool` class. */
export const AgentTool = /* @__PURE__ */ componentClass<AgentToolComponent>("autogen_agentchat.tools.AgentTool", "autogen_agentchat.tools._agent", {
  ...tool,
  description: "Tool that can be used to run a task using an agent.",
  config: AgentToolConfig,
});

/**
 * `TeamToolConfig`: a team used as a tool.
 *
 * @example TeamToolConfig.parse({ name: "research", description: "Research a topic.", team })
 */
export const TeamToolConfig = /* @__PURE__ */ define(() => model("TeamToolConfig", {
  name: z.string(),
  description: z.string(),
  team: component("team"),
  return_value_as_last_message: opt(LaxBool, false),
}));
/** `TeamToolConfig`. */
export interface TeamToolConfig extends z.output<typeof TeamToolConfig> {}
/** A `TeamTool` component. */
export interface TeamToolComponent extends ComponentOf<"autogen_agentchat.tools.TeamTool", TeamToolConfig> {}
/** The `TeamTool` class. */
export const TeamTool = /* @__PURE__ */ componentClass<TeamToolComponent>("autogen_agentchat.tools.TeamTool", "autogen_agentchat.tools._team", {
  ...tool,
  description: "Tool that can be used to run a task.",
  config: TeamToolConfig,
});

/**
 * `PythonCodeExecutionToolConfig`: a code executor used as a tool.
 *
 * @example PythonCodeExecutionToolConfig.parse({ executor: localCodeExecutor() })
 */
export const PythonCodeExecutionToolConfig = /* @__PURE__ */ define(() => model("PythonCodeExecutionToolConfig", {
  executor: component("code_executor"),
  description: opt(z.string(), "Execute Python code blocks."),
}));
/** `PythonCodeExecutionToolConfig`. */
export interface PythonCodeExecutionToolConfig extends z.output<typeof PythonCodeExecutionToolConfig> {}
/** A `PythonCodeExecutionTool` component. */
export interface PythonCodeExecutionToolComponent extends ComponentOf<"autogen_ext.tools.code_execution.PythonCodeExecutionTool", PythonCodeExecutionToolConfig> {}
/** The `PythonCodeExecutionTool` class. */
export const PythonCodeExecutionTool = /* @__PURE__ */ componentClass<PythonCodeExecutionToolComponent>("autogen_ext.tools.code_execution.PythonCodeExecutionTool", "autogen_ext.tools.code_execution._code_execution", {
  ...tool,
  description: "A tool that executes Python code in a code executor and returns output.",
  config: PythonCodeExecutionToolConfig,
});

/**
 * `HttpToolConfig`: an HTTP endpoint as a tool. `headers` are dumped in clear by AutoGen;
 * `redactSecrets` masks their values.
 *
 * @example HttpToolConfig.parse({ name: "weather", description: null, host: "api.example.com", port: 443, scheme: "https", headers: null, json_schema: { type: "object", properties: {} } })
 */
export const HttpToolConfig = /* @__PURE__ */ define(() => model("HttpToolConfig", {
  name: z.string(),
  description: nulRequired(z.string()),
  scheme: opt(z.literal(["http", "https"]), "http"),
  host: z.string(),
  port: LaxInt,
  path: opt(z.string(), "/"),
  method: nul(z.literal(["GET", "POST", "PUT", "DELETE", "PATCH"]), "POST"),
  headers: nulRequired(SensitiveJsonObject),
  json_schema: JsonObjectSchema,
  return_type: nul(z.literal(["text", "json"]), "text"),
  timeout: opt(LaxFloat, 5),
}));
/** `HttpToolConfig`. */
export interface HttpToolConfig extends z.output<typeof HttpToolConfig> {}
/** An `HttpTool` component. */
export interface HttpToolComponent extends ComponentOf<"autogen_ext.tools.http.HttpTool", HttpToolConfig> {}
/** The `HttpTool` class. */
export const HttpTool = /* @__PURE__ */ componentClass<HttpToolComponent>("autogen_ext.tools.http.HttpTool", "autogen_ext.tools.http._http_tool", {
  ...tool,
  description: "A wrapper for using an HTTP server as a tool.",
  config: HttpToolConfig,
});
