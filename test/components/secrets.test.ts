/**
 * Secrets: `SecretStr` fields are dumped as AutoGen dumps them ("**********", "" for an empty
 * key); no error message or error data ever holds a secret or credential value; `redactSecrets`
 * masks the `SecretStr` fields and the credentials AutoGen dumps in clear.
 */
import { describe, expect, it } from "vitest";
import * as B from "../../src/components/index.js";
import { dumpComponent, dumpComponentJson, loadComponent, redactSecrets, safeLoadComponent } from "./api.js";

const KEY = "sk-live-0123456789abcdef";

describe("SecretStr fields in dumps", () => {
  it("api_key is written \"**********\" (an empty one \"\"), in the JSON and the text", () => {
    expect(dumpComponent(B.openAIClient({ model: "gpt-4o", apiKey: KEY })).config).toEqual({ model: "gpt-4o", api_key: "**********" });
    expect(dumpComponentJson(B.openAIClient({ model: "gpt-4o", apiKey: KEY }))).not.toContain(KEY);
    expect(dumpComponent(B.openAIClient({ model: "gpt-4o", apiKey: "" })).config).toEqual({ model: "gpt-4o", api_key: "" });
  });
  it("revealSecrets writes the key itself, for an app that deliberately hands it over", () => {
    expect(dumpComponent(B.openAIClient({ model: "gpt-4o", apiKey: KEY }), { revealSecrets: true }).config).toEqual({ model: "gpt-4o", api_key: KEY });
  });
  it("the Bedrock keys are SecretStr too; the region is not", () => {
    const c = B.anthropicBedrockClient({ model: "m", bedrockInfo: { aws_access_key: KEY, aws_secret_key: KEY, aws_session_token: KEY, aws_region: "us-east-1" } });
    expect(dumpComponent(c).config).toMatchObject({ bedrock_info: { aws_access_key: "**********", aws_session_token: "**********", aws_region: "us-east-1", aws_secret_key: "**********" } });
  });
  it("the credentials AutoGen writes in clear stay in clear in dumps (wire-exact)", () => {
    const c = B.azureOpenAIClient({ model: "m", azureEndpoint: "https://x/", apiVersion: "v", azureAdToken: KEY });
    expect(dumpComponent(c).config).toMatchObject({ azure_ad_token: KEY });
  });
});

describe("errors never hold a secret", () => {
  const leaks = (input: unknown): void => {
    const r = safeLoadComponent(input);
    expect(r.success).toBe(false);
    const text = `${r.error!.message}\n${JSON.stringify(r.error!.issues)}\n${String(r.error!.stack)}`;
    expect(text).not.toContain(KEY);
    expect(text).not.toContain("0123456789abcdef");
  };
  const openai = (config: Record<string, unknown>) => ({ provider: "autogen_ext.models.openai.OpenAIChatCompletionClient", config: { model: "gpt-4o", ...config } });
  it.each([
    ["api_key as a list", openai({ api_key: [KEY] })],
    ["api_key as an object", openai({ api_key: { key: KEY } })],
    ["api_key as a number", openai({ api_key: 123 })],
    ["a header value that is not a string", openai({ default_headers: { Authorization: [`Bearer ${KEY}`] } })],
    ["headers that are not an object", openai({ default_headers: `Bearer ${KEY}` })],
    ["a valid key next to another error", openai({ api_key: KEY, temperature: "hot" })],
    ["azure_ad_token of the wrong type", { provider: "autogen_ext.models.openai.AzureOpenAIChatCompletionClient", config: { model: "m", azure_endpoint: "e", api_version: "v", azure_ad_token: [KEY] } }],
    ["a Bedrock key of the wrong type", { provider: "autogen_ext.models.anthropic.AnthropicBedrockChatCompletionClient", config: { model: "m", bedrock_info: { aws_access_key: [KEY], aws_secret_key: KEY, aws_session_token: KEY, aws_region: 1 } } }],
    ["a Redis password of the wrong type", { provider: "autogen_ext.cache_store.redis.RedisStore", config: { password: { p: KEY } } }],
    ["MCP env with a non-string value", { provider: "autogen_ext.tools.mcp.McpWorkbench", config: { server_params: { type: "StdioServerParams", command: "x", env: { TOKEN: [KEY] } } } }],
    ["SSE headers that are a string", { provider: "autogen_ext.tools.mcp.McpWorkbench", config: { server_params: { type: "SseServerParams", url: "u", headers: `Bearer ${KEY}` } } }],
    ["a Jupyter token of the wrong type", { provider: "autogen_ext.code_executors.docker_jupyter.DockerJupyterCodeExecutor", config: { jupyter_server: { host: "h", use_https: false, token: [KEY] } } }],
    ["a nested client's key, deep in a team", { provider: "autogen_agentchat.teams.RoundRobinGroupChat", config: { participants: [{ provider: "autogen_agentchat.agents.AssistantAgent", config: { name: "a", model_client: openai({ api_key: [KEY] }) } }] } }],
  ])("%s", (_, input) => leaks(input));
  it("still names the path and the problem", () => {
    const r = safeLoadComponent(openai({ api_key: [KEY] }));
    expect(r.error!.message).toBe("Invalid OpenAIChatCompletionClient: config.api_key: expected string, got array");
  });
});

describe("redactSecrets", () => {
  const team = () =>
    B.roundRobinGroupChat({
      participants: [
        B.assistantAgent({
          name: "a",
          modelClient: B.azureOpenAIClient({ model: "m", apiKey: KEY, azureEndpoint: "https://x/", apiVersion: "v", azureAdToken: KEY, defaultHeaders: { "X-Key": KEY } }),
          workbench: [B.mcpWorkbench({ serverParams: B.stdioServer({ command: "uvx", env: { TOKEN: KEY, HOME: "/home/u" } }) })],
        }),
      ],
    });
  it("masks SecretStr fields and the credentials AutoGen writes in clear, everywhere in the tree", () => {
    const t = team();
    const r = redactSecrets(t);
    expect(JSON.stringify(r)).not.toContain(KEY);
    const agent = (r.config.participants[0] as B.AssistantAgentComponent).config;
    expect((agent.model_client as B.AzureOpenAIChatCompletionClientComponent).config).toMatchObject({
      api_key: "**********", azure_ad_token: "**********", default_headers: { "X-Key": "**********" },
    });
    expect(((agent.workbench![0] as B.McpWorkbenchComponent).config.server_params as { env: unknown }).env).toEqual({ TOKEN: "**********", HOME: "**********" });
  });
  it("changes nothing else, keeps the component loadable, and leaves its input untouched", () => {
    const t = team();
    const before = structuredClone(t);
    const r = redactSecrets(t);
    expect(t).toEqual(before);
    expect(dumpComponent(loadComponent(r))).toEqual(dumpComponent(r));
    const masked = JSON.stringify(before).replaceAll(KEY, "**********").replace('"HOME":"/home/u"', '"HOME":"**********"');
    expect(JSON.stringify(r)).toBe(masked);
  });
  it("masks Redis, Mem0, HTTP tool and Jupyter credentials", () => {
    const redis = redactSecrets(B.redisStore({ password: KEY }));
    expect(redis.config.password).toBe("**********");
    const mem0 = redactSecrets(loadComponent({ provider: "autogen_ext.memory.mem0.Mem0Memory", config: { api_key: KEY } }));
    expect(JSON.stringify(mem0)).not.toContain(KEY);
    const http = redactSecrets(B.httpTool({ name: "h", description: null, host: "x", port: 1, headers: { Authorization: KEY }, jsonSchema: {} }));
    expect(http.config.headers).toEqual({ Authorization: "**********" });
    const jup = redactSecrets(loadComponent({ provider: "autogen_ext.code_executors.docker_jupyter.DockerJupyterCodeExecutor", config: { jupyter_server: { host: "h", use_https: false, token: KEY } } }));
    expect(JSON.stringify(jup)).not.toContain(KEY);
  });
});
