/**
 * Agent builders: the constructor's defaults and `_to_config` of each agent class, so the result
 * is what Python's `dump_component()` writes for the same agent.
 */
import { MessageValidationError } from "../../errors.js";
import { parseWith } from "../../parse.js";
import * as A from "../catalog/agents.js";
import type { ComponentsByRole } from "../roles.js";
import { checkOptions, instantiate } from "./build.js";
import { staticStreamWorkbench } from "./tools.js";
import { unboundedContext } from "./tools.js";

type Of<R extends keyof ComponentsByRole> = ComponentsByRole[R];

/** A handoff target: the agent's name, or a `Handoff` (empty fields are derived from `target`). */
export type HandoffOption = string | { target: string; description?: string; name?: string; message?: string };

/** The structured output of an `AssistantAgent` (Python's `output_content_type`, a pydantic model). */
export interface StructuredOutput {
  /** The model's class name (`content_model_name`). */
  readonly name: string;
  /** Its JSON Schema (`model_json_schema()`). */
  readonly jsonSchema: Record<string, unknown>;
  /** `output_content_type_format`: a `str.format` template for the message's text. */
  readonly format?: string;
}

/** Options of {@link assistantAgent}, as `AssistantAgent.__init__` takes them. */
export interface AssistantAgentOptions {
  /** The agent's name (a Python identifier). */
  readonly name: string;
  /** The model client. */
  readonly modelClient: Of<"model_client">;
  /** Tools, put in a `StaticStreamWorkbench` as AutoGen does (not together with `workbench`). */
  readonly tools?: readonly Of<"tool">[];
  /** Workbenches instead of tools. */
  readonly workbench?: Of<"workbench"> | readonly Of<"workbench">[];
  /** Handoff targets. */
  readonly handoffs?: readonly HandoffOption[];
  /** The model context (default an `UnboundedChatCompletionContext`). */
  readonly modelContext?: Of<"model_context">;
  /** Memories. */
  readonly memory?: readonly Of<"memory">[];
  /** Default `"An agent that provides assistance with ability to use tools."`. */
  readonly description?: string;
  /** Default AutoGen's helpful-assistant prompt; `null` for none. */
  readonly systemMessage?: string | null;
  /** Stream the model's tokens. */
  readonly modelClientStream?: boolean;
  /** Default `false`, or `true` with `outputContentType`. */
  readonly reflectOnToolUse?: boolean;
  /** Default `"{result}"`. */
  readonly toolCallSummaryFormat?: string;
  /** Default 1. */
  readonly maxToolIterations?: number;
  /** Structured output. */
  readonly outputContentType?: StructuredOutput;
  /** Free string metadata. */
  readonly metadata?: Readonly<Record<string, string>>;
}

const ASSISTANT_DESCRIPTION = "An agent that provides assistance with ability to use tools.";
const ASSISTANT_SYSTEM_MESSAGE =
  "You are a helpful AI assistant. Solve tasks using your tools. Reply with TERMINATE when the task has been completed.";

function fail(label: string, path: string, message: string): never {
  throw new MessageValidationError(label, [{ path: [path], code: "value_error", message }]);
}

/**
 * `AssistantAgent(name, model_client, …)` as `dump_component()` writes it: tools inside a
 * `StaticStreamWorkbench` (an empty one without tools), an `UnboundedChatCompletionContext` by
 * default, handoffs as `Handoff` objects (one per name), the default description and system message.
 *
 * @example assistantAgent({ name: "writer", modelClient: openAIClient({ model: "gpt-4o" }), handoffs: ["critic"] })
 */
export function assistantAgent(options: AssistantAgentOptions): A.AssistantAgentComponent {
  checkOptions(A.AssistantAgent, options, ["outputContentType"]);
  if (options.tools?.length && options.workbench !== undefined) fail("AssistantAgent", "tools", "Tools cannot be used with a workbench.");
  const workbench = options.workbench === undefined ? [staticStreamWorkbench({ tools: options.tools ?? [] })] : [options.workbench].flat();
  // Handoffs are kept in a dict by name: a later one with the same name replaces the earlier in place.
  const handoffs = new Map<string, A.Handoff>();
  for (const h of options.handoffs ?? []) {
    const parsed = parseWith(A.Handoff, typeof h === "string" ? { target: h } : h, "Handoff");
    handoffs.set(parsed.name ?? "", parsed);
  }
  const structured = options.outputContentType;
  return instantiate(A.AssistantAgent, {
    name: options.name,
    model_client: options.modelClient,
    workbench: workbench.length ? workbench : undefined,
    handoffs: handoffs.size ? [...handoffs.values()] : undefined,
    model_context: options.modelContext ?? unboundedContext(),
    memory: options.memory?.length ? [...options.memory] : undefined,
    description: options.description ?? ASSISTANT_DESCRIPTION,
    system_message: options.systemMessage === undefined ? ASSISTANT_SYSTEM_MESSAGE : options.systemMessage,
    model_client_stream: options.modelClientStream ?? false,
    reflect_on_tool_use: options.reflectOnToolUse ?? structured !== undefined,
    tool_call_summary_format: options.toolCallSummaryFormat ?? "{result}",
    max_tool_iterations: options.maxToolIterations ?? 1,
    metadata: options.metadata ?? {},
    structured_message_factory: structured
      ? instantiate(A.StructuredMessageFactory, { json_schema: structured.jsonSchema, format_string: structured.format, content_model_name: structured.name })
      : undefined,
  });
}

/**
 * `UserProxyAgent(name, description="A human user")` (its input function is not part of the config).
 *
 * @example userProxyAgent({ name: "user" })
 */
export function userProxyAgent(options: { name: string; description?: string }): A.UserProxyAgentComponent {
  checkOptions(A.UserProxyAgent, options);
  return instantiate(A.UserProxyAgent, { name: options.name, description: options.description ?? "A human user" });
}

const TERMINAL_DESCRIPTION =
  "A computer terminal that performs no other action than running Python scripts (provided to it quoted in ```python code blocks), or sh shell scripts (provided to it quoted in ```sh code blocks).";
const CODE_AGENT_DESCRIPTION =
  "A Code Execution Agent that generates and executes Python and shell scripts based on user instructions. It ensures correctness, efficiency, and minimal errors while gracefully handling edge cases.";
const CODE_AGENT_SYSTEM_MESSAGE =
  "You are a Code Execution Agent. Your role is to generate and execute Python code and shell scripts based on user instructions, ensuring correctness, efficiency, and minimal errors. Handle edge cases gracefully. Python code should be provided in ```python code blocks, and sh shell scripts should be provided in ```sh code blocks for execution.";

/**
 * `CodeExecutorAgent(name, code_executor, model_client=None, …)`: without a model client its
 * default description is AutoGen's "computer terminal" text.
 *
 * @example codeExecutorAgent({ name: "executor", codeExecutor: localCodeExecutor({ workDir: "coding" }) })
 */
export function codeExecutorAgent(options: {
  name: string;
  codeExecutor: Of<"code_executor">;
  modelClient?: Of<"model_client">;
  modelContext?: Of<"model_context">;
  modelClientStream?: boolean;
  description?: string;
  systemMessage?: string | null;
  sources?: readonly string[];
  supportedLanguages?: readonly string[];
}): A.CodeExecutorAgentComponent {
  checkOptions(A.CodeExecutorAgent, options);
  return instantiate(A.CodeExecutorAgent, {
    name: options.name,
    model_client: options.modelClient,
    code_executor: options.codeExecutor,
    description: options.description ?? (options.modelClient ? CODE_AGENT_DESCRIPTION : TERMINAL_DESCRIPTION),
    sources: options.sources ? [...options.sources] : undefined,
    system_message: options.systemMessage === undefined ? CODE_AGENT_SYSTEM_MESSAGE : options.systemMessage,
    model_client_stream: options.modelClientStream ?? false,
    model_context: options.modelContext ?? unboundedContext(),
    supported_languages: options.supportedLanguages ? [...options.supportedLanguages] : ["python", "sh"],
  });
}

/**
 * `SocietyOfMindAgent(name, team, model_client, …)`: AutoGen's default description, instruction
 * and response prompt are dumped.
 *
 * @example societyOfMindAgent({ name: "society", team: roundRobinGroupChat({ participants }), modelClient })
 */
export function societyOfMindAgent(options: {
  name: string;
  team: Of<"team">;
  modelClient: Of<"model_client">;
  description?: string;
  instruction?: string;
  responsePrompt?: string;
  modelContext?: Of<"model_context">;
}): A.SocietyOfMindAgentComponent {
  checkOptions(A.SocietyOfMindAgent, options);
  return instantiate(A.SocietyOfMindAgent, {
    name: options.name,
    team: options.team,
    model_client: options.modelClient,
    description: options.description ?? "An agent that uses an inner team of agents to generate responses.",
    instruction:
      options.instruction ??
      "Earlier you were asked to fulfill a request. You and your team worked diligently to address that request. Here is a transcript of that conversation:",
    response_prompt:
      options.responsePrompt ?? "Output a standalone response to the original request, without mentioning any of the intermediate discussion.",
    model_context: options.modelContext ?? unboundedContext(),
  });
}

/**
 * `MessageFilterAgent(name, wrapped_agent, filter)`.
 *
 * @example messageFilterAgent({ name: "filtered", wrappedAgent: writer, filter: { per_source: [{ source: "user", position: "last", count: 1 }] } })
 */
export function messageFilterAgent(options: { name: string; wrappedAgent: Of<"agent">; filter: A.MessageFilterAgentConfig["filter"] }): A.MessageFilterAgentComponent {
  checkOptions(A.MessageFilterAgent, options);
  return instantiate(A.MessageFilterAgent, { name: options.name, wrapped_agent: options.wrappedAgent, filter: options.filter });
}
