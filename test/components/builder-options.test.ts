/**
 * Builders check their options at run time (issue 27.3), as the schemas check a payload: from
 * plain JavaScript (or behind `as any`) a misspelt option is a `MessageValidationError` naming the
 * class and the option, with a did-you-mean, instead of being dropped while the class's default
 * is dumped in its place. Every builder that takes an options object is covered: the list below
 * must name every builder the module exports.
 */
import { describe, expect, it } from "vitest";
import * as B from "../../src/components/index.js";
import { MessageValidationError } from "../../src/errors.js";

type Options = Record<string, unknown>;
const client = B.openAIClient({ model: "gpt-4o" });
const agent = B.assistantAgent({ name: "writer", modelClient: client });

/** How each builder that takes options gets them (with the valid arguments it needs besides). */
const WITH_OPTIONS: Record<string, (options: Options) => unknown> = {
  maxMessages: (o) => B.maxMessages(3, o as never),
  tokenUsage: (o) => B.tokenUsage({ maxTotalToken: 100, ...o }),
  openAIClient: (o) => B.openAIClient({ model: "gpt-4o", ...o }),
  azureOpenAIClient: (o) => B.azureOpenAIClient({ model: "gpt-4o", azureEndpoint: "https://my.openai.azure.com/", azureDeployment: "gpt-4o", apiVersion: "2024-06-01", ...o } as never),
  anthropicClient: (o) => B.anthropicClient({ model: "claude-3-7-sonnet-20250219", ...o } as never),
  anthropicBedrockClient: (o) => B.anthropicBedrockClient({ model: "m", ...o } as never),
  ollamaClient: (o) => B.ollamaClient({ model: "llama3.2", ...o } as never),
  replayClient: (o) => B.replayClient({ chatCompletions: ["hi"], ...o } as never),
  chatCompletionCache: (o) => B.chatCompletionCache({ client, ...o } as never),
  diskCacheStore: (o) => B.diskCacheStore({ directory: "cache", ...o } as never),
  redisStore: (o) => B.redisStore({ host: "localhost", ...o } as never),
  azureTokenProvider: (o) => B.azureTokenProvider({ providerKind: "DefaultAzureCredential", scopes: ["s"], ...o } as never),
  assistantAgent: (o) => B.assistantAgent({ name: "w", modelClient: client, ...o }),
  userProxyAgent: (o) => B.userProxyAgent({ name: "user", ...o }),
  codeExecutorAgent: (o) => B.codeExecutorAgent({ name: "x", codeExecutor: B.localCodeExecutor({ workDir: "w" }), ...o }),
  societyOfMindAgent: (o) => B.societyOfMindAgent({ name: "s", team: B.roundRobinGroupChat({ participants: [agent] }), modelClient: client, ...o }),
  messageFilterAgent: (o) => B.messageFilterAgent({ name: "f", wrappedAgent: agent, filter: { per_source: [] }, ...o } as never),
  roundRobinGroupChat: (o) => B.roundRobinGroupChat({ participants: [agent], ...o }),
  selectorGroupChat: (o) => B.selectorGroupChat({ participants: [agent], modelClient: client, ...o }),
  swarm: (o) => B.swarm({ participants: [agent], ...o }),
  magenticOneGroupChat: (o) => B.magenticOneGroupChat({ participants: [agent], modelClient: client, ...o }),
  graphFlow: (o) => B.graphFlow({ participants: [agent], graph: { nodes: { writer: { name: "writer" } } }, ...o }),
  agentTool: (o) => B.agentTool({ agent, ...o } as never),
  teamTool: (o) => B.teamTool({ team: B.roundRobinGroupChat({ participants: [agent] }), name: "t", description: "d", ...o } as never),
  functionTool: (o) => B.functionTool({ sourceCode: "def f():\n    return 1\n", description: "d", ...o }),
  pythonCodeExecutionTool: (o) => B.pythonCodeExecutionTool({ executor: B.localCodeExecutor({ workDir: "w" }), ...o } as never),
  httpTool: (o) => B.httpTool({ name: "h", host: "example.com", port: 443, path: "/", jsonSchema: {}, ...o } as never),
  staticWorkbench: (o) => B.staticWorkbench({ tools: [], ...o }),
  staticStreamWorkbench: (o) => B.staticStreamWorkbench({ tools: [], ...o }),
  stdioServer: (o) => B.stdioServer({ command: "uvx", ...o } as never),
  sseServer: (o) => B.sseServer({ url: "https://example.com/sse", ...o } as never),
  streamableHttpServer: (o) => B.streamableHttpServer({ url: "https://example.com/mcp", ...o } as never),
  mcpWorkbench: (o) => B.mcpWorkbench({ serverParams: B.stdioServer({ command: "uvx" }), ...o } as never),
  unboundedContext: (o) => B.unboundedContext(o as never),
  bufferedContext: (o) => B.bufferedContext({ bufferSize: 5, ...o } as never),
  headAndTailContext: (o) => B.headAndTailContext({ headSize: 1, tailSize: 2, ...o } as never),
  tokenLimitedContext: (o) => B.tokenLimitedContext({ modelClient: client, ...o } as never),
  listMemory: (o) => B.listMemory(o as never),
  localCodeExecutor: (o) => B.localCodeExecutor(o as never),
  dockerCodeExecutor: (o) => B.dockerCodeExecutor(o as never),
  jupyterCodeExecutor: (o) => B.jupyterCodeExecutor(o as never),
};

/** Builders whose arguments are positional only: nothing to misspell. */
const POSITIONAL = [
  "textMention",
  "stopMessage",
  "handoffTermination",
  "timeoutTermination",
  "externalTermination",
  "sourceMatch",
  "textMessageTermination",
  "functionCallTermination",
  "inMemoryStore",
];

/** Exports of the module that are not builders. */
const NOT_BUILDERS = [
  "componentSpec",
  "componentSpecs",
  "dumpComponent",
  "dumpComponentJson",
  "isComponent",
  "isPythonIdentifier",
  "loadComponent",
  "redactSecrets",
  "resolveProvider",
  "safeLoadComponent",
  "combinable",
];

function errorOf(fn: () => unknown): MessageValidationError {
  try {
    fn();
  } catch (e) {
    if (e instanceof MessageValidationError) return e;
    throw e;
  }
  throw new Error("no error");
}

describe("builders refuse options they do not take", () => {
  it("the cases cover every builder the module exports", () => {
    const functions = Object.entries(B)
      .filter(([name, v]) => typeof v === "function" && /^[a-z]/.test(name))
      .map(([name]) => name);
    expect([...Object.keys(WITH_OPTIONS), ...POSITIONAL, ...NOT_BUILDERS].sort()).toEqual(functions.sort());
  });

  it("AssistantAgent's system_message (Python's spelling) and OpenAI's temprature, with did-you-mean", () => {
    const a = errorOf(() => B.assistantAgent({ name: "w", modelClient: client, system_message: "Be brief." } as never));
    expect(a.message).toBe('Invalid AssistantAgent: system_message: unknown option (did you mean "systemMessage"?)');
    expect(a.issues).toEqual([{ path: ["system_message"], code: "extra_forbidden", message: "unknown option", hint: 'did you mean "systemMessage"?' }]);
    const o = errorOf(() => B.openAIClient({ model: "gpt-4o", temprature: 0.3 } as never));
    expect(o.message).toBe('Invalid OpenAIChatCompletionClient: temprature: unknown option (did you mean "temperature"?)');
  });

  it.each(Object.keys(WITH_OPTIONS))("%s: a misspelt option is an error at its name; a far-off one lists the options", (name) => {
    const build = WITH_OPTIONS[name]!;
    expect(() => build({})).not.toThrow(); // the valid call
    const e = errorOf(() => build({ zzUnknownOptionName: 1 }));
    expect(e.issues).toHaveLength(1);
    expect(e.issues[0]).toMatchObject({ path: ["zzUnknownOptionName"], code: "extra_forbidden", message: "unknown option" });
    expect(e.issues[0]!.hint).toMatch(/^known options: /);
    // Python's snake_case spelling of an option the builder takes points at the camelCase one.
    const option = (e.issues[0]!.hint!.slice("known options: ".length).split(", ")).find((n) => /[A-Z]/.test(n));
    if (option !== undefined) {
      const snake = option.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      expect(errorOf(() => build({ [snake]: undefined })).issues[0]!.hint).toBe(`did you mean ${JSON.stringify(option)}?`);
    }
  });

  it("does not change what the options give (the options object is not modified)", () => {
    const options = { name: "w", modelClient: client, systemMessage: "Be brief." };
    const before = structuredClone(options);
    expect(B.assistantAgent(options).config.system_message).toBe("Be brief.");
    expect(options).toEqual(before);
  });
});
