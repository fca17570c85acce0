/**
 * How `loadComponent` validates, checked against AutoGen's rules: typed configs (pydantic's lax
 * coercions, wrong types rejected with their path), provider dispatch with AutoGen's aliases,
 * nested components of the right kind, `component_version` as `ComponentLoader` treats it, unknown
 * providers kept, and the constructor checks AutoGen runs on load.
 */
import { describe, expect, it } from "vitest";
import { componentSpecs } from "../../src/components/registry.js";
import { fieldMeta } from "../../src/components/fields.js";
import { zodDef } from "../../src/zod-def.js";
import * as B from "../../src/components/index.js";
import { dumpComponent, loadComponent, MessageValidationError, safeLoadComponent } from "./api.js";
import { allComponents, recordedCase, recordedComponents, type Dumped } from "./helpers.js";

/** The error `loadComponent` throws for `input` (fails the test when it does not throw one). */
function errorOf(input: unknown): MessageValidationError {
  const r = safeLoadComponent(input);
  if (r.success) throw new Error(`expected an error, loaded ${JSON.stringify(r.data).slice(0, 200)}`);
  expect(MessageValidationError.isInstance(r.error)).toBe(true);
  return r.error;
}

const firstByProvider = new Map<string, Dumped>();
for (const r of recordedComponents()) for (const c of allComponents(r.dump)) if (!firstByProvider.has(c.provider)) firstByProvider.set(c.provider, c);

/** The config field's schema with its optional/nullable wrappers removed. */
function core(s: z.core.$ZodType): z.core.$ZodType {
  const d = zodDef(s);
  return d.type === "optional" || d.type === "nullable" ? core(d.innerType!) : s;
}
import type * as z from "zod/mini";

describe("every recorded provider's config is typed: each field given a wrong type is rejected at config.<field>", () => {
  it("covers every provider of the fixtures (59)", () => expect(firstByProvider.size).toBe(59));
  for (const [provider, sample] of firstByProvider) {
    it(provider, () => {
      const spec = componentSpecs().find((s) => s.provider === provider)!;
      expect(spec).toBeDefined();
      let checked = 0;
      for (const [key, value] of Object.entries(sample.config)) {
        const shape = zodDef(zodDef(spec.config as z.core.$ZodType).type === "pipe" ? zodDef(spec.config as z.core.$ZodType).out! : (spec.config as z.core.$ZodType)).shape;
        const field = shape ? shape[key] : undefined;
        if (field && fieldMeta.get(core(field))?.kind === "json") continue; // `Any`: every value is valid
        const wrong = typeof value === "string" || (typeof value === "object" && value !== null) ? 12345 : "twelve";
        const broken = structuredClone(sample);
        broken.config[key] = wrong;
        const e = errorOf(broken);
        expect(e.issues[0]!.path.slice(0, 2)).toEqual(["config", key]);
        expect(e.message).toContain(`config.${key}`);
        checked++;
      }
      if (Object.keys(sample.config).length) expect(checked).toBeGreaterThan(0);
    });
  }
});

describe("pydantic's lax coercions", () => {
  const client = (config: Record<string, unknown>) => ({ provider: "autogen_ext.models.openai.OpenAIChatCompletionClient", config: { model: "gpt-4o", ...config } });
  it("float fields take numeric strings, int fields integral floats and numeric strings, bool fields \"yes\"/\"off\"", () => {
    const c = loadComponent(client({ temperature: "0.5", max_tokens: 512.0, seed: " 7 ", parallel_tool_calls: "yes", add_name_prefixes: "off" })) as B.OpenAIChatCompletionClientComponent;
    expect(c.config).toMatchObject({ temperature: 0.5, max_tokens: 512, seed: 7, parallel_tool_calls: true, add_name_prefixes: false });
    const m = loadComponent({ provider: "autogen_agentchat.conditions.MaxMessageTermination", config: { max_messages: "10", include_agent_event: 1 } });
    expect(m.config).toEqual({ max_messages: 10, include_agent_event: true });
  });
  it("strings never come from numbers; a fractional int, a word for a number, an unknown literal are rejected", () => {
    expect(errorOf(client({ model: 4 })).message).toBe("Invalid OpenAIChatCompletionClient: config.model: expected string, got number 4");
    expect(errorOf(client({ max_tokens: 1.5 })).issues[0]!.path).toEqual(["config", "max_tokens"]);
    expect(errorOf(client({ temperature: "hot" })).message).toMatch(/config\.temperature: expected a number, got string "hot"/);
    expect(errorOf(client({ reasoning_effort: "extreme" })).issues[0]!.path).toEqual(["config", "reasoning_effort"]);
  });
});

describe("nested components", () => {
  const team = () => {
    const agent = (name: string, temperature: unknown) =>
      B.assistantAgent({ name, modelClient: { ...B.openAIClient({ model: "gpt-4o" }), config: { model: "gpt-4o", temperature } } as never });
    return structuredClone(B.roundRobinGroupChat({ participants: [agent("writer", 0.2), agent("critic", 0.1)] })) as Record<string, any>;
  };
  it("are validated in turn: the error names the full path from the document's root", () => {
    const t = team();
    t.config.participants[1].config.model_client.config.temperature = "hot";
    expect(errorOf(t).message).toBe(
      'Invalid RoundRobinGroupChat: config.participants[1].config.model_client.config.temperature: expected a number, got string "hot"',
    );
  });
  it("must be of the kind the field holds (a termination condition is not a model client)", () => {
    const t = team();
    t.config.participants[0].config.model_client = B.maxMessages(3);
    const e = errorOf(t);
    expect(e.issues[0]!.path).toEqual(["config", "participants", 0, "config", "model_client", "provider"]);
    expect(e.issues[0]!.message).toMatch(/expected a model client component, got MaxMessageTermination/);
  });
  it("a team may hold a team (RoundRobinGroupChat, SelectorGroupChat), a Swarm only agents", () => {
    const inner = B.roundRobinGroupChat({ participants: [B.userProxyAgent({ name: "user" })] });
    expect(() => loadComponent(B.roundRobinGroupChat({ participants: [inner] }))).not.toThrow();
    const s = structuredClone(B.swarm({ participants: [B.userProxyAgent({ name: "user" })] })) as Record<string, any>;
    s.config.participants.push(inner);
    expect(errorOf(s).issues[0]!.path).toEqual(["config", "participants", 1, "provider"]);
  });
  it("an unknown provider is kept with its config as JSON, wherever it sits", () => {
    const custom = { provider: "my_company.agents.Reviewer", component_type: "agent", config: { name: "rev", rubric: { strict: true, weights: [1, 2.5] }, nothing: null } };
    const t = B.roundRobinGroupChat({ participants: [custom as never] });
    const back = dumpComponent(loadComponent(t));
    expect((back.config as any).participants[0]).toEqual(custom);
    expect(dumpComponent(loadComponent(custom))).toEqual({ ...custom, version: null, component_version: null, description: null, label: null, config: custom.config, provider: custom.provider, component_type: "agent" });
  });
});

describe("provider names AutoGen resolves", () => {
  const minimal = { config: { model: "gpt-4o" } };
  it.each([
    ["OpenAIChatCompletionClient", "autogen_ext.models.openai.OpenAIChatCompletionClient"],
    ["openai_chat_completion_client", "autogen_ext.models.openai.OpenAIChatCompletionClient"],
    ["AzureOpenAIChatCompletionClient", "autogen_ext.models.openai.AzureOpenAIChatCompletionClient"],
    ["azure_openai_chat_completion_client", "autogen_ext.models.openai.AzureOpenAIChatCompletionClient"],
    ["OllamaChatCompletionClient", "autogen_ext.models.ollama.OllamaChatCompletionClient"],
    ["autogen_ext.models.openai._openai_client.OpenAIChatCompletionClient", "autogen_ext.models.openai.OpenAIChatCompletionClient"],
  ])("%s → %s (WELL_KNOWN_PROVIDERS, or the defining module)", (alias, provider) => {
    const config = provider.includes("Azure") ? { model: "gpt-4o", azure_endpoint: "https://x/", api_version: "2024-06-01" } : minimal.config;
    const c = loadComponent({ provider: alias, config });
    expect(c.provider).toBe(provider);
    expect(B.resolveProvider(alias)).toBe(provider);
  });
  it("the defining module path of every class resolves to its provider, and its config is typed", () => {
    for (const spec of componentSpecs()) for (const alias of spec.aliases) expect(B.resolveProvider(alias)).toBe(spec.provider);
    expect(errorOf({ provider: "autogen_agentchat.agents._assistant_agent.AssistantAgent", config: { name: 5 } }).message).toMatch(/^Invalid AssistantAgent: config\.name/);
  });
  it("a provider without a module (no dot) is refused: AutoGen cannot import it", () => {
    expect(errorOf({ provider: "MyAgent", config: {} }).issues[0]!.path).toEqual(["provider"]);
  });
});

describe("envelope: component_type, version, component_version as ComponentLoader reads them", () => {
  const agent = () => structuredClone(B.userProxyAgent({ name: "user" })) as unknown as Record<string, unknown>;
  const assistant = () => structuredClone(B.assistantAgent({ name: "a", modelClient: B.openAIClient({ model: "gpt-4o" }) })) as unknown as Record<string, unknown>;
  it("component_type is not checked (any string, or absent)", () => {
    expect(loadComponent({ ...agent(), component_type: "something_else" }).component_type).toBe("something_else");
    const { component_type: _, ...rest } = agent();
    expect(dumpComponent(loadComponent(rest)).component_type).toBeNull();
    expect(errorOf({ ...agent(), component_type: 3 }).issues[0]!.path).toEqual(["component_type"]);
  });
  it("an older component_version is refused (no class implements _from_config_past_version)", () => {
    const e = errorOf({ ...assistant(), component_version: 1 });
    expect(e.issues[0]!.path).toEqual(["component_version"]);
    expect(e.message).toMatch(/AssistantAgent is at component version 2; AutoGen cannot load a version 1 config/);
  });
  it("a newer component_version is validated against the 0.7.5 config, as AutoGen does", () => {
    expect(loadComponent({ ...assistant(), component_version: 3 }).component_version).toBe(3);
  });
  it("component_version 0 or absent means the class's own version; lax ints accepted", () => {
    expect(() => loadComponent({ ...assistant(), component_version: 0 })).not.toThrow();
    expect(() => loadComponent({ ...assistant(), component_version: null, version: null })).not.toThrow();
    expect(loadComponent({ ...assistant(), component_version: "2" }).component_version).toBe(2);
  });
  it("provider and config are required; unknown envelope and config keys are dropped as pydantic does", () => {
    expect(errorOf({ config: {} }).issues[0]).toMatchObject({ path: ["provider"], code: "missing" });
    expect(errorOf({ provider: "autogen_agentchat.agents.UserProxyAgent" }).issues[0]!.path).toEqual(["config"]);
    const c = loadComponent({ ...agent(), extra: 1, config: { name: "user", description: "A human user", surprise: true } });
    expect(dumpComponent(c)).toEqual(dumpComponent(B.userProxyAgent({ name: "user" })));
  });
});

describe("None-valued fields", () => {
  it("a field AutoGen requires but whose None dump_component() omits may be absent (TokenUsageTermination)", () => {
    const { dump } = recordedCase("termination/token-usage-total-only");
    expect(dumpComponent(loadComponent(dump))).toEqual(dump);
  });
  it("explicit nulls load and are left out of the dump (exclude_none); nulls inside Any data stay", () => {
    const c = loadComponent({ provider: "autogen_ext.models.openai.OpenAIChatCompletionClient", config: { model: "m", temperature: null, default_headers: null } });
    expect(c.config).toMatchObject({ temperature: null });
    expect(dumpComponent(c).config).toEqual({ model: "m" });
  });
});

describe("the constructor checks AutoGen runs while loading", () => {
  it("an agent name must be a Python identifier", () => {
    expect(errorOf({ provider: "autogen_agentchat.agents.UserProxyAgent", config: { name: "my agent" } }).message).toMatch(
      /config\.name: The agent name must be a valid Python identifier/,
    );
    expect(() => loadComponent({ provider: "autogen_agentchat.agents.UserProxyAgent", config: { name: "café_é" } })).not.toThrow();
  });
  it("an AssistantAgent cannot have both tools and a workbench", () => {
    const a = structuredClone(B.assistantAgent({ name: "a", modelClient: B.openAIClient({ model: "m" }) })) as Record<string, any>;
    a.config.tools = [B.functionTool({ sourceCode: "def f() -> None:\n    pass\n", description: "f" })];
    expect(errorOf(a).message).toMatch(/config\.tools: Tools cannot be used with a workbench\./);
  });
  it("a handoff is completed from its target; a given handoff name must be an identifier", () => {
    const a = structuredClone(B.assistantAgent({ name: "a", modelClient: B.openAIClient({ model: "m" }) })) as Record<string, any>;
    a.config.handoffs = ["Flight Desk", { target: "x", name: "go to x" }];
    expect(errorOf(a).issues[0]!.path).toEqual(["config", "handoffs", 1, "name"]);
    a.config.handoffs = ["Flight_Desk", { target: "Flight_Desk" }];
    // `List[Handoff | str]`: a string stays a string (the agent's constructor makes it a Handoff).
    expect((loadComponent(a).config as any).handoffs[0]).toBe("Flight_Desk");
    expect((loadComponent(a).config as any).handoffs[1]).toEqual({
      target: "Flight_Desk", description: "Handoff to Flight_Desk.", name: "transfer_to_flight_desk",
      message: "Transferred to Flight_Desk, adopting the role of Flight_Desk immediately.",
    });
  });
  it("code executors refuse a timeout below 1 and a functions_module that is not an identifier", () => {
    const local = { provider: "autogen_ext.code_executors.local.LocalCommandLineCodeExecutor", config: { timeout: 0 } };
    expect(errorOf(local).message).toBe("Invalid LocalCommandLineCodeExecutor: config.timeout: Timeout must be greater than or equal to 1.");
    expect(errorOf({ ...local, config: { functions_module: "my-functions" } }).issues[0]!.path).toEqual(["config", "functions_module"]);
    expect(() => B.dockerCodeExecutor({ timeout: 0 })).toThrow(/timeout: Timeout must be greater than or equal to 1/);
  });
});

it("a graph edge's empty activation_group is its target; mcp's _meta is written meta", () => {
  const g = B.graphFlow({ participants: [B.userProxyAgent({ name: "a" })], graph: { nodes: { a: { name: "a", edges: [{ target: "a", condition: "AGAIN" }] } } } });
  expect((g.config.graph.nodes.a as any).edges[0]).toEqual({ target: "a", condition: "AGAIN", activation_group: "a", activation_condition: "all" });
  const t = loadComponent({
    provider: "autogen_ext.tools.mcp.StdioMcpToolAdapter",
    config: { server_params: { command: "uvx" }, tool: { name: "t", inputSchema: {}, _meta: { x: 1 }, vendor: "extra kept" } },
  });
  expect(dumpComponent(t).config).toEqual({
    server_params: { command: "uvx" },
    tool: { name: "t", inputSchema: {}, meta: { x: 1 }, vendor: "extra kept" },
  });
});

describe("non-finite floats (issue 22)", () => {
  it("a float field given pydantic's lax \"inf\" loads, and both dumps write it null as pydantic's JSON writer does", async () => {
    const { dumpComponentJson } = await import("./api.js");
    const timeout = loadComponent({
      provider: "autogen_agentchat.conditions.TimeoutTermination",
      component_type: "termination",
      version: 1,
      component_version: 1,
      config: { timeout_seconds: "inf" },
    });
    expect((dumpComponent(timeout).config as Record<string, unknown>).timeout_seconds).toBeNull();
    expect(dumpComponentJson(timeout)).toContain('"config":{"timeout_seconds":null}');
  });
});
