/**
 * Agents (`autogen_agentchat.agents`, `autogen_ext.agents`) and the structured-output factory
 * an `AssistantAgent` holds.
 */
import * as z from "zod/mini";
import { JsonObjectSchema, LaxBool, LaxFloat, LaxInt, StringMap } from "../../wire/fields.js";
import { isPlainObject } from "../../wire/json-data.js";
import { define } from "../../define.js";
import { preprocess } from "../../zod-def.js";
import { MessageFilterConfig } from "../../schemas/message-filter.js";
import { component, componentClass, type ComponentOf } from "../component.js";
import { identifier, isPythonIdentifier, model, nul, opt } from "../fields.js";
import { withMessageErrors } from "../../parse.js";

const AGENTS = "autogen_agentchat.agents";
const agent = { component_type: "agent", component_version: 1, roles: ["agent"] } as const;

/** `BaseChatAgent` refuses a name that is not a Python identifier. */
const agentName = /* @__PURE__ */ define(() => identifier("The agent name must be a valid Python identifier."));

/** `Handoff`'s `mode="before"` validator: fills empty fields from `target`, checks a given name. */
function handoffDefaults(value: unknown, ctx: z.core.ParsePayload): unknown {
  if (!isPlainObject(value) || typeof value.target !== "string") return value;
  const out: Record<string, unknown> = { ...value };
  const target = value.target;
  if (!out.description) out.description = `Handoff to ${target}.`;
  if (!out.name) out.name = `transfer_to_${target}`.toLowerCase();
  else if (typeof out.name === "string" && !isPythonIdentifier(out.name)) {
    ctx.issues.push({ code: "custom", input: out.name, path: ["name"], message: `Handoff name must be a valid identifier: ${out.name}` });
  }
  if (!out.message) out.message = `Transferred to ${target}, adopting the role of ${target} immediately.`;
  return out;
}

/**
 * `autogen_agentchat.base.Handoff`: a handoff target of an `AssistantAgent`. Empty
 * `description`, `name` and `message` are filled from `target` as AutoGen's validator does.
 *
 * @example Handoff.parse({ target: "flights" }).name // "transfer_to_flights"
 */
export const Handoff = /* @__PURE__ */ define(() => withMessageErrors("Handoff", preprocess(handoffDefaults, model("Handoff", {
  target: z.string(),
  description: opt(z.string(), ""),
  name: opt(z.string(), ""),
  message: opt(z.string(), ""),
}))));
/** `autogen_agentchat.base.Handoff`. */
export type Handoff = z.output<typeof Handoff>;

/**
 * `StructureMessageConfig` (sic): the JSON Schema of an `AssistantAgent`'s `output_content_type`,
 * its model name and format string.
 *
 * @example StructureMessageConfig.parse({ json_schema: { type: "object", properties: {} }, content_model_name: "Plan" })
 */
export const StructureMessageConfig = /* @__PURE__ */ define(() => model("StructureMessageConfig", {
  json_schema: JsonObjectSchema,
  format_string: nul(z.string()),
  content_model_name: z.string(),
}));
/** `StructureMessageConfig`. */
export interface StructureMessageConfig extends z.output<typeof StructureMessageConfig> {}
/** A `StructuredMessageFactory` component. */
export interface StructuredMessageFactoryComponent extends ComponentOf<"autogen_agentchat.messages.StructuredMessageFactory", StructureMessageConfig> {}
/** The `StructuredMessageFactory` class. */
export const StructuredMessageFactory = /* @__PURE__ */ componentClass<StructuredMessageFactoryComponent>("autogen_agentchat.messages.StructuredMessageFactory", "autogen_agentchat.messages", {
  component_type: "structured_message",
  component_version: 1,
  roles: ["structured_message"],
  description: ":meta private:",
  config: StructureMessageConfig,
});

/**
 * `AssistantAgentConfig`. Since AutoGen 0.5.5 an agent's tools are dumped inside `workbench`
 * (`tools` stays for older configs); AutoGen refuses a config with both.
 *
 * @example AssistantAgentConfig.parse({ name: "writer", model_client, description: "…", reflect_on_tool_use: false, tool_call_summary_format: "{result}" })
 */
export const AssistantAgentConfig = /* @__PURE__ */ define(() => model("AssistantAgentConfig", {
  name: agentName,
  model_client: component("model_client"),
  tools: nul(z.array(component("tool"))),
  workbench: nul(z.array(component("workbench"))),
  handoffs: nul(z.array(z.union([Handoff, z.string()]))),
  model_context: nul(component("model_context")),
  memory: nul(z.array(component("memory"))),
  description: z.string(),
  system_message: nul(z.string()),
  model_client_stream: opt(LaxBool, false),
  reflect_on_tool_use: LaxBool,
  tool_call_summary_format: z.string(),
  max_tool_iterations: opt(LaxInt, 1),
  metadata: nul(StringMap),
  structured_message_factory: nul(component("structured_message")),
}, z.refine((c) => !(c.tools?.length && c.workbench?.length), { message: "Tools cannot be used with a workbench.", path: ["tools"] })));
/** `AssistantAgentConfig`. */
export interface AssistantAgentConfig extends z.output<typeof AssistantAgentConfig> {}
/** An `AssistantAgent` component. */
export interface AssistantAgentComponent extends ComponentOf<"autogen_agentchat.agents.AssistantAgent", AssistantAgentConfig> {}
/** The `AssistantAgent` class (component version 2). */
export const AssistantAgent = /* @__PURE__ */ componentClass<AssistantAgentComponent>("autogen_agentchat.agents.AssistantAgent", `${AGENTS}._assistant_agent`, {
  ...agent,
  component_version: 2,
  description: "An agent that provides assistance with tool use.\n    The :meth:`on_messages` returns a :class:`~autogen_agentchat.base.Response`\n    in which :attr:`~autogen_agentchat.base.Response.chat_message` is the final\n    response message.",
  config: AssistantAgentConfig,
});

/** A `MagenticOneCoderAgent` component: an `AssistantAgent` subclass with the same config. */
export interface MagenticOneCoderAgentComponent extends ComponentOf<"autogen_ext.agents.magentic_one.MagenticOneCoderAgent", AssistantAgentConfig> {}
/** The `MagenticOneCoderAgent` class. */
export const MagenticOneCoderAgent = /* @__PURE__ */ componentClass<MagenticOneCoderAgentComponent>("autogen_ext.agents.magentic_one.MagenticOneCoderAgent", "autogen_ext.agents.magentic_one._magentic_one_coder_agent", {
  ...agent,
  component_version: 2,
  description: "An agent, used by MagenticOne that provides coding assistance using an LLM model client.",
  config: AssistantAgentConfig,
});

/**
 * `CodeExecutorAgentConfig`.
 *
 * @example CodeExecutorAgentConfig.parse({ name: "executor", code_executor: localCodeExecutor() })
 */
export const CodeExecutorAgentConfig = /* @__PURE__ */ define(() => model("CodeExecutorAgentConfig", {
  name: agentName,
  code_executor: component("code_executor"),
  model_client: nul(component("model_client")),
  description: nul(z.string()),
  sources: nul(z.array(z.string())),
  system_message: nul(z.string()),
  model_client_stream: opt(LaxBool, false),
  model_context: nul(component("model_context")),
  supported_languages: nul(z.array(z.string())),
}));
/** `CodeExecutorAgentConfig`. */
export interface CodeExecutorAgentConfig extends z.output<typeof CodeExecutorAgentConfig> {}
/** A `CodeExecutorAgent` component. */
export interface CodeExecutorAgentComponent extends ComponentOf<"autogen_agentchat.agents.CodeExecutorAgent", CodeExecutorAgentConfig> {}
/** The `CodeExecutorAgent` class. */
export const CodeExecutorAgent = /* @__PURE__ */ componentClass<CodeExecutorAgentComponent>("autogen_agentchat.agents.CodeExecutorAgent", `${AGENTS}._code_executor_agent`, {
  ...agent,
  description: "(Experimental) An agent that generates and executes code snippets based on user instructions.",
  config: CodeExecutorAgentConfig,
});

/**
 * `SocietyOfMindAgentConfig`: an inner team and the model client that summarises its work.
 *
 * @example SocietyOfMindAgentConfig.parse({ name: "society", team, model_client })
 */
export const SocietyOfMindAgentConfig = /* @__PURE__ */ define(() => model("SocietyOfMindAgentConfig", {
  name: agentName,
  team: component("team"),
  model_client: component("model_client"),
  description: nul(z.string()),
  instruction: nul(z.string()),
  response_prompt: nul(z.string()),
  model_context: nul(component("model_context")),
}));
/** `SocietyOfMindAgentConfig`. */
export interface SocietyOfMindAgentConfig extends z.output<typeof SocietyOfMindAgentConfig> {}
/** A `SocietyOfMindAgent` component. */
export interface SocietyOfMindAgentComponent extends ComponentOf<"autogen_agentchat.agents.SocietyOfMindAgent", SocietyOfMindAgentConfig> {}
/** The `SocietyOfMindAgent` class. */
export const SocietyOfMindAgent = /* @__PURE__ */ componentClass<SocietyOfMindAgentComponent>("autogen_agentchat.agents.SocietyOfMindAgent", `${AGENTS}._society_of_mind_agent`, {
  ...agent,
  description: "An agent that uses an inner team of agents to generate responses.",
  config: SocietyOfMindAgentConfig,
});

/**
 * `UserProxyAgentConfig` (`input_func` is the name of the input function, informational only).
 *
 * @example UserProxyAgentConfig.parse({ name: "user" }) // description defaults to "A human user" in AutoGen
 */
export const UserProxyAgentConfig = /* @__PURE__ */ define(() => model("UserProxyAgentConfig", {
  name: agentName,
  description: opt(z.string(), "A human user"),
  input_func: nul(z.string()),
}));
/** `UserProxyAgentConfig`. */
export interface UserProxyAgentConfig extends z.output<typeof UserProxyAgentConfig> {}
/** A `UserProxyAgent` component. */
export interface UserProxyAgentComponent extends ComponentOf<"autogen_agentchat.agents.UserProxyAgent", UserProxyAgentConfig> {}
/** The `UserProxyAgent` class. */
export const UserProxyAgent = /* @__PURE__ */ componentClass<UserProxyAgentComponent>("autogen_agentchat.agents.UserProxyAgent", `${AGENTS}._user_proxy_agent`, {
  ...agent,
  description: "An agent that can represent a human user through an input function.",
  config: UserProxyAgentConfig,
});

/**
 * `MessageFilterAgentConfig`: the wrapped agent and which messages reach it.
 *
 * @example MessageFilterAgentConfig.parse({ name: "filtered", wrapped_agent, filter: { per_source: [{ source: "user", position: "last", count: 1 }] } })
 */
export const MessageFilterAgentConfig = /* @__PURE__ */ define(() => model("MessageFilterAgentConfig", {
  name: agentName,
  wrapped_agent: component("agent"),
  filter: MessageFilterConfig,
}));
/** `MessageFilterAgentConfig`. */
export interface MessageFilterAgentConfig extends z.output<typeof MessageFilterAgentConfig> {}
/** A `MessageFilterAgent` component. */
export interface MessageFilterAgentComponent extends ComponentOf<"autogen_agentchat.agents.MessageFilterAgent", MessageFilterAgentConfig> {}
/** The `MessageFilterAgent` class. */
export const MessageFilterAgent = /* @__PURE__ */ componentClass<MessageFilterAgentComponent>("autogen_agentchat.agents.MessageFilterAgent", `${AGENTS}._message_filter_agent`, {
  ...agent,
  description: "A wrapper agent that filters incoming messages before passing them to the inner agent.",
  config: MessageFilterAgentConfig,
});

/**
 * `OpenAIAgentConfig` (the OpenAI Responses API agent; its `AsyncOpenAI` client is not part of the config).
 *
 * @example OpenAIAgentConfig.parse({ name: "responder", description: "…", model: "gpt-4.1", instructions: "…" })
 */
export const OpenAIAgentConfig = /* @__PURE__ */ define(() => model("OpenAIAgentConfig", {
  name: agentName,
  description: z.string(),
  model: z.string(),
  instructions: z.string(),
  tools: nul(z.array(z.union([JsonObjectSchema, z.string()]))),
  temperature: nul(LaxFloat, 1),
  max_output_tokens: nul(LaxInt),
  json_mode: opt(LaxBool, false),
  store: opt(LaxBool, true),
  truncation: opt(z.string(), "disabled"),
}));
/** `OpenAIAgentConfig`. */
export interface OpenAIAgentConfig extends z.output<typeof OpenAIAgentConfig> {}
/** An `OpenAIAgent` component. */
export interface OpenAIAgentComponent extends ComponentOf<"autogen_ext.agents.openai.OpenAIAgent", OpenAIAgentConfig> {}
/** The `OpenAIAgent` class. */
export const OpenAIAgent = /* @__PURE__ */ componentClass<OpenAIAgentComponent>("autogen_ext.agents.openai.OpenAIAgent", "autogen_ext.agents.openai._openai_agent", {
  ...agent,
  description: "An agent implementation that uses the OpenAI Responses API to generate responses.",
  config: OpenAIAgentConfig,
});

/**
 * `MultimodalWebSurferConfig`.
 *
 * @example MultimodalWebSurferConfig.parse({ name: "surfer", model_client, headless: true })
 */
export const MultimodalWebSurferConfig = /* @__PURE__ */ define(() => model("MultimodalWebSurferConfig", {
  name: agentName,
  model_client: component("model_client"),
  downloads_folder: nul(z.string()),
  description: nul(z.string()),
  debug_dir: nul(z.string()),
  headless: opt(LaxBool, true),
  start_page: nul(z.string(), "https://www.bing.com/"),
  animate_actions: opt(LaxBool, false),
  to_save_screenshots: opt(LaxBool, false),
  use_ocr: opt(LaxBool, false),
  browser_channel: nul(z.string()),
  browser_data_dir: nul(z.string()),
  to_resize_viewport: opt(LaxBool, true),
}));
/** `MultimodalWebSurferConfig`. */
export interface MultimodalWebSurferConfig extends z.output<typeof MultimodalWebSurferConfig> {}
/** A `MultimodalWebSurfer` component. */
export interface MultimodalWebSurferComponent extends ComponentOf<"autogen_ext.agents.web_surfer.MultimodalWebSurfer", MultimodalWebSurferConfig> {}
/** The `MultimodalWebSurfer` class. */
export const MultimodalWebSurfer = /* @__PURE__ */ componentClass<MultimodalWebSurferComponent>("autogen_ext.agents.web_surfer.MultimodalWebSurfer", "autogen_ext.agents.web_surfer._multimodal_web_surfer", {
  ...agent,
  description: "MultimodalWebSurfer is a multimodal agent that acts as a web surfer that can search the web and visit web pages.",
  config: MultimodalWebSurferConfig,
});

/**
 * `FileSurferConfig`.
 *
 * @example FileSurferConfig.parse({ name: "files", model_client })
 */
export const FileSurferConfig = /* @__PURE__ */ define(() => model("FileSurferConfig", {
  name: agentName,
  model_client: component("model_client"),
  description: nul(z.string()),
}));
/** `FileSurferConfig`. */
export interface FileSurferConfig extends z.output<typeof FileSurferConfig> {}
/** A `FileSurfer` component. */
export interface FileSurferComponent extends ComponentOf<"autogen_ext.agents.file_surfer.FileSurfer", FileSurferConfig> {}
/** The `FileSurfer` class. */
export const FileSurfer = /* @__PURE__ */ componentClass<FileSurferComponent>("autogen_ext.agents.file_surfer.FileSurfer", "autogen_ext.agents.file_surfer._file_surfer", {
  ...agent,
  description: "An agent, used by MagenticOne, that acts as a local file previewer. FileSurfer can open and read a variety of common file types, and can navigate the local file hierarchy.",
  config: FileSurferConfig,
});
