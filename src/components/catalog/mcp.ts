/**
 * MCP (`autogen_ext.tools.mcp`): server parameters, tool adapters, the MCP workbench, and the
 * session host with its sampler, elicitor and roots provider.
 */
import * as z from "zod/mini";
import { JsonObjectSchema, LaxBool, LaxFloat } from "../../wire/fields.js";
import { isPlainObject } from "../../wire/json-data.js";
import { define } from "../../define.js";
import { preprocess } from "../../zod-def.js";
import { componentClass, componentOrObject, type ComponentOf } from "../component.js";
import { SensitiveJsonObject, SensitiveStrMap, dict, floatWithIntDefault, looseModel, model, nul, nulRequired, opt } from "../fields.js";
import { ToolOverride } from "./tools.js";
import { withMessageErrors } from "../../parse.js";

const MCP = "autogen_ext.tools.mcp";
const tool = { component_type: "tool", component_version: 1, roles: ["tool"] } as const;

// A server-params class's `type` tag is defaulted on its own and required inside `McpServerParams`
// (a pydantic discriminated union needs the tag): each class is built with the tag schema it needs.

/** The defaulted `type` tag of a server-params class used on its own. */
function tag<const T extends string>(name: T) {
  return opt(z.literal(name), name);
}

function stdioParams<T extends z.core.$ZodType>(type: T) {
  return model("StdioServerParams", {
    command: z.string(),
    args: opt(z.array(z.string()), []),
    env: nul(SensitiveStrMap),
    cwd: nul(z.string()),
    encoding: opt(z.string(), "utf-8"),
    encoding_error_handler: opt(z.literal(["strict", "ignore", "replace"]), "strict"),
    type,
    read_timeout_seconds: floatWithIntDefault(5),
  });
}

function sseParams<T extends z.core.$ZodType>(type: T) {
  return model("SseServerParams", {
    type,
    url: z.string(),
    headers: nul(SensitiveJsonObject),
    timeout: floatWithIntDefault(5),
    sse_read_timeout: floatWithIntDefault(300),
  });
}

function streamableHttpParams<T extends z.core.$ZodType>(type: T) {
  return model("StreamableHttpServerParams", {
    type,
    url: z.string(),
    headers: nul(SensitiveJsonObject),
    timeout: opt(LaxFloat, 30),
    sse_read_timeout: opt(LaxFloat, 300),
    terminate_on_close: opt(LaxBool, true),
  });
}

/**
 * `StdioServerParams`: an MCP server started as a subprocess. `env` values are dumped in clear
 * by AutoGen; `redactSecrets` masks them.
 *
 * @example StdioServerParams.parse({ command: "uvx", args: ["mcp-server-fetch"] })
 */
export const StdioServerParams = /* @__PURE__ */ define(() => stdioParams(tag("StdioServerParams")));
/** `StdioServerParams`. */
export type StdioServerParams = z.output<typeof StdioServerParams>;

/**
 * `SseServerParams`: an MCP server over Server-Sent Events.
 *
 * @example SseServerParams.parse({ url: "http://localhost:8000/sse" })
 */
export const SseServerParams = /* @__PURE__ */ define(() => sseParams(tag("SseServerParams")));
/** `SseServerParams`. */
export type SseServerParams = z.output<typeof SseServerParams>;

/**
 * `StreamableHttpServerParams`: an MCP server over streamable HTTP.
 *
 * @example StreamableHttpServerParams.parse({ url: "http://localhost:8000/mcp" })
 */
export const StreamableHttpServerParams = /* @__PURE__ */ define(() => streamableHttpParams(tag("StreamableHttpServerParams")));
/** `StreamableHttpServerParams`. */
export type StreamableHttpServerParams = z.output<typeof StreamableHttpServerParams>;

/**
 * `McpServerParams`: one of the three, tagged by `type` (required here, as pydantic's discriminator requires it).
 *
 * @example McpServerParams.parse({ type: "SseServerParams", url: "http://localhost:8000/sse" })
 */
export const McpServerParams = /* @__PURE__ */ define(() => withMessageErrors("McpServerParams", z.discriminatedUnion("type", [
  stdioParams(z.literal("StdioServerParams")),
  sseParams(z.literal("SseServerParams")),
  streamableHttpParams(z.literal("StreamableHttpServerParams")),
])));
/** `McpServerParams`. */
export type McpServerParams = z.output<typeof McpServerParams>;

/** mcp's `_meta` is an alias of the field `meta`, which pydantic dumps under its field name. */
function metaAlias(value: unknown): unknown {
  if (!isPlainObject(value) || !Object.hasOwn(value, "_meta")) return value;
  const { _meta, ...rest } = value;
  return { ...rest, meta: _meta };
}

/** mcp's `ToolAnnotations` (extra keys allowed). */
const ToolAnnotations = /* @__PURE__ */ define(() => looseModel("ToolAnnotations", {
  title: nul(z.string()),
  readOnlyHint: nul(LaxBool),
  destructiveHint: nul(LaxBool),
  idempotentHint: nul(LaxBool),
  openWorldHint: nul(LaxBool),
}));

/**
 * `mcp.types.Tool`: an MCP tool's definition (extra keys allowed; `_meta` is written `meta`, as pydantic dumps it).
 *
 * @example McpTool.parse({ name: "fetch", inputSchema: { type: "object", properties: {} } })
 */
export const McpTool = /* @__PURE__ */ define(() => withMessageErrors("Tool", preprocess(metaAlias, looseModel("Tool", {
  name: z.string(),
  title: nul(z.string()),
  description: nul(z.string()),
  inputSchema: JsonObjectSchema,
  outputSchema: nul(JsonObjectSchema),
  annotations: nul(ToolAnnotations),
  meta: nul(JsonObjectSchema),
}))));

/** The adapter config classes: server params of one transport and the tool. */
function adapterConfig<S extends z.core.$ZodType>(name: string, server_params: S) {
  return model(name, { server_params, tool: McpTool });
}

/**
 * `StdioMcpToolAdapterConfig`.
 *
 * @example StdioMcpToolAdapterConfig.parse({ server_params: { command: "uvx", args: ["mcp-server-fetch"] }, tool: { name: "fetch", inputSchema: {} } })
 */
export const StdioMcpToolAdapterConfig = /* @__PURE__ */ define(() => adapterConfig("StdioMcpToolAdapterConfig", StdioServerParams));
/** `StdioMcpToolAdapterConfig`. */
export interface StdioMcpToolAdapterConfig extends z.output<typeof StdioMcpToolAdapterConfig> {}
/** A `StdioMcpToolAdapter` component. */
export interface StdioMcpToolAdapterComponent extends ComponentOf<"autogen_ext.tools.mcp.StdioMcpToolAdapter", StdioMcpToolAdapterConfig> {}
/** The `StdioMcpToolAdapter` class. */
export const StdioMcpToolAdapter = /* @__PURE__ */ componentClass<StdioMcpToolAdapterComponent>("autogen_ext.tools.mcp.StdioMcpToolAdapter", `${MCP}._stdio`, {
  ...tool,
  description: "Allows you to wrap an MCP tool running over STDIO and make it available to AutoGen.",
  config: StdioMcpToolAdapterConfig,
});

/**
 * `SseMcpToolAdapterConfig`.
 *
 * @example SseMcpToolAdapterConfig.parse({ server_params: { url: "http://localhost:8000/sse" }, tool: { name: "fetch", inputSchema: {} } })
 */
export const SseMcpToolAdapterConfig = /* @__PURE__ */ define(() => adapterConfig("SseMcpToolAdapterConfig", SseServerParams));
/** `SseMcpToolAdapterConfig`. */
export interface SseMcpToolAdapterConfig extends z.output<typeof SseMcpToolAdapterConfig> {}
/** An `SseMcpToolAdapter` component. */
export interface SseMcpToolAdapterComponent extends ComponentOf<"autogen_ext.tools.mcp.SseMcpToolAdapter", SseMcpToolAdapterConfig> {}
/** The `SseMcpToolAdapter` class. */
export const SseMcpToolAdapter = /* @__PURE__ */ componentClass<SseMcpToolAdapterComponent>("autogen_ext.tools.mcp.SseMcpToolAdapter", `${MCP}._sse`, {
  ...tool,
  description: "Allows you to wrap an MCP tool running over Server-Sent Events (SSE) and make it available to AutoGen.",
  config: SseMcpToolAdapterConfig,
});

/**
 * `StreamableHttpMcpToolAdapterConfig`.
 *
 * @example StreamableHttpMcpToolAdapterConfig.parse({ server_params: { url: "http://localhost:8000/mcp" }, tool: { name: "fetch", inputSchema: {} } })
 */
export const StreamableHttpMcpToolAdapterConfig = /* @__PURE__ */ define(() => adapterConfig("StreamableHttpMcpToolAdapterConfig", StreamableHttpServerParams));
/** `StreamableHttpMcpToolAdapterConfig`. */
export interface StreamableHttpMcpToolAdapterConfig extends z.output<typeof StreamableHttpMcpToolAdapterConfig> {}
/** A `StreamableHttpMcpToolAdapter` component. */
export interface StreamableHttpMcpToolAdapterComponent extends ComponentOf<"autogen_ext.tools.mcp.StreamableHttpMcpToolAdapter", StreamableHttpMcpToolAdapterConfig> {}
/** The `StreamableHttpMcpToolAdapter` class. */
export const StreamableHttpMcpToolAdapter = /* @__PURE__ */ componentClass<StreamableHttpMcpToolAdapterComponent>("autogen_ext.tools.mcp.StreamableHttpMcpToolAdapter", `${MCP}._streamable_http`, {
  ...tool,
  description: "Allows you to wrap an MCP tool running over Streamable HTTP and make it available to AutoGen.",
  config: StreamableHttpMcpToolAdapterConfig,
});

/**
 * `McpWorkbenchConfig`: an MCP server's tools as a workbench, with optional overrides and a session host.
 *
 * @example McpWorkbenchConfig.parse({ server_params: { type: "StdioServerParams", command: "uvx", args: ["mcp-server-fetch"] } })
 */
export const McpWorkbenchConfig = /* @__PURE__ */ define(() => model("McpWorkbenchConfig", {
  server_params: McpServerParams,
  tool_overrides: opt(dict(ToolOverride), {}),
  host: nul(componentOrObject("mcp_session_host")),
}));
/** `McpWorkbenchConfig`. */
export interface McpWorkbenchConfig extends z.output<typeof McpWorkbenchConfig> {}
/** An `McpWorkbench` component. */
export interface McpWorkbenchComponent extends ComponentOf<"autogen_ext.tools.mcp.McpWorkbench", McpWorkbenchConfig> {}
/** The `McpWorkbench` class. */
export const McpWorkbench = /* @__PURE__ */ componentClass<McpWorkbenchComponent>("autogen_ext.tools.mcp.McpWorkbench", `${MCP}._workbench`, {
  component_type: "workbench",
  component_version: 1,
  roles: ["workbench"],
  description: "A workbench that wraps an MCP server and provides an interface\n    to list and call tools provided by the server.",
  config: McpWorkbenchConfig,
});

/**
 * `McpSessionHostConfig`: the sampler, elicitor and roots an MCP session host offers the server.
 * AutoGen requires the three keys but omits `None` ones from dumps; each may be absent here.
 *
 * @example McpSessionHostConfig.parse({ sampler: { provider: "autogen_ext.tools.mcp.ChatCompletionClientSampler", config: { client_config: client } } })
 */
export const McpSessionHostConfig = /* @__PURE__ */ define(() => model("McpSessionHostConfig", {
  sampler: nulRequired(componentOrObject("mcp_sampler")),
  elicitor: nulRequired(componentOrObject("mcp_elicitor")),
  roots: nulRequired(componentOrObject("mcp_roots_provider")),
}));
/** `McpSessionHostConfig`. */
export interface McpSessionHostConfig extends z.output<typeof McpSessionHostConfig> {}
/** An `McpSessionHost` component. */
export interface McpSessionHostComponent extends ComponentOf<"autogen_ext.tools.mcp.McpSessionHost", McpSessionHostConfig> {}
/** The `McpSessionHost` class. */
export const McpSessionHost = /* @__PURE__ */ componentClass<McpSessionHostComponent>("autogen_ext.tools.mcp.McpSessionHost", `${MCP}._host._session_host`, {
  component_type: "mcp_session_host",
  component_version: 1,
  roles: ["mcp_session_host"],
  description: "Host component that provides MCP server capabilities.",
  config: McpSessionHostConfig,
});

/**
 * `ChatCompletionClientSamplerConfig`: answers the server's sampling requests with a model client.
 *
 * @example ChatCompletionClientSamplerConfig.parse({ client_config: openAIClient({ model: "gpt-4.1" }) })
 */
export const ChatCompletionClientSamplerConfig = /* @__PURE__ */ define(() => model("ChatCompletionClientSamplerConfig", {
  client_config: componentOrObject("model_client"),
}));
/** `ChatCompletionClientSamplerConfig`. */
export interface ChatCompletionClientSamplerConfig extends z.output<typeof ChatCompletionClientSamplerConfig> {}
/** A `ChatCompletionClientSampler` component. */
export interface ChatCompletionClientSamplerComponent extends ComponentOf<"autogen_ext.tools.mcp.ChatCompletionClientSampler", ChatCompletionClientSamplerConfig> {}
/** The `ChatCompletionClientSampler` class (no docstring: no description). */
export const ChatCompletionClientSampler = /* @__PURE__ */ componentClass<ChatCompletionClientSamplerComponent>("autogen_ext.tools.mcp.ChatCompletionClientSampler", `${MCP}._host._sampling`, {
  component_type: "mcp_sampler",
  component_version: 1,
  roles: ["mcp_sampler"],
  description: null,
  config: ChatCompletionClientSamplerConfig,
});

/**
 * `StdioElicitorConfig` (`timeout` required by AutoGen, read as `None` when absent).
 *
 * @example StdioElicitorConfig.parse({ timeout: 30 })
 */
export const StdioElicitorConfig = /* @__PURE__ */ define(() => model("StdioElicitorConfig", {
  timeout: nulRequired(LaxFloat),
}));
/** `StdioElicitorConfig`. */
export interface StdioElicitorConfig extends z.output<typeof StdioElicitorConfig> {}
/** A `StdioElicitor` component. */
export interface StdioElicitorComponent extends ComponentOf<"autogen_ext.tools.mcp.StdioElicitor", StdioElicitorConfig> {}
/** The `StdioElicitor` class. */
export const StdioElicitor = /* @__PURE__ */ componentClass<StdioElicitorComponent>("autogen_ext.tools.mcp.StdioElicitor", `${MCP}._host._elicitation`, {
  component_type: "mcp_elicitor",
  component_version: 1,
  roles: ["mcp_elicitor"],
  description: "Handle MCP elicitation requests by reading/writing to stdio",
  config: StdioElicitorConfig,
});

/** A `file:` URL (pydantic's `FileUrl`; kept as written). */
const FileUrl = /* @__PURE__ */ define(() => z.string().check(z.refine((s) => /^file:/i.test(s), { message: "URL scheme should be 'file'" })));

/**
 * `mcp.types.Root`: a file-system root offered to the server (extra keys allowed).
 *
 * @example McpRoot.parse({ uri: "file:///srv/projects", name: "projects" })
 */
export const McpRoot = /* @__PURE__ */ define(() => withMessageErrors("Root", preprocess(metaAlias, looseModel("Root", {
  uri: FileUrl,
  name: nul(z.string()),
  meta: nul(JsonObjectSchema),
}))));

/**
 * `StaticRootsProviderConfig`.
 *
 * @example StaticRootsProviderConfig.parse({ roots: [{ uri: "file:///srv/projects" }] })
 */
export const StaticRootsProviderConfig = /* @__PURE__ */ define(() => model("StaticRootsProviderConfig", {
  roots: z.array(McpRoot),
}));
/** `StaticRootsProviderConfig`. */
export interface StaticRootsProviderConfig extends z.output<typeof StaticRootsProviderConfig> {}
/** A `StaticRootsProvider` component. */
export interface StaticRootsProviderComponent extends ComponentOf<"autogen_ext.tools.mcp.StaticRootsProvider", StaticRootsProviderConfig> {}
/** The `StaticRootsProvider` class (no docstring: no description). */
export const StaticRootsProvider = /* @__PURE__ */ componentClass<StaticRootsProviderComponent>("autogen_ext.tools.mcp.StaticRootsProvider", `${MCP}._host._roots`, {
  component_type: "mcp_roots_provider",
  component_version: 1,
  roles: ["mcp_roots_provider"],
  description: null,
  config: StaticRootsProviderConfig,
});

/**
 * `McpSessionActorConfig`.
 *
 * @example McpSessionActorConfig.parse({ server_params: { type: "StdioServerParams", command: "uvx" } })
 */
export const McpSessionActorConfig = /* @__PURE__ */ define(() => model("McpSessionActorConfig", {
  server_params: McpServerParams,
}));
/** `McpSessionActorConfig`. */
export interface McpSessionActorConfig extends z.output<typeof McpSessionActorConfig> {}
/** An `McpSessionActor` component. */
export interface McpSessionActorComponent extends ComponentOf<"autogen_ext.tools.mcp.McpSessionActor", McpSessionActorConfig> {}
/** The `McpSessionActor` class. */
export const McpSessionActor = /* @__PURE__ */ componentClass<McpSessionActorComponent>("autogen_ext.tools.mcp.McpSessionActor", `${MCP}._actor`, {
  component_type: "mcp_session_actor",
  component_version: 1,
  roles: ["mcp_session_actor"],
  description: "Actor that manages an MCP session and handles asynchronous MCP operations.",
  config: McpSessionActorConfig,
});
