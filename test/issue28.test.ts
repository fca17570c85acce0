/**
 * Issue 28's findings (an independent fuzz of states, components and stream readers), one
 * `describe` each: every safe API ends in a result or the library's `MessageValidationError`
 * naming the path, for values a TypeScript caller can hand over in-process. (Finding 5, the HTML
 * view's page size, is tested with the HTML view.)
 */
import { describe, expect, it } from "vitest";
import { MessageValidationError, load, safeLoad, type SafeLoadResult } from "../src/index.js";
import { safeLoadState } from "../src/state/index.js";
import { dumpComponent, dumpComponentJson, loadComponent, redactSecrets, safeLoadComponent } from "../src/components/index.js";
import { loadRunItem, type RunItemResult } from "../src/stream/index.js";

/** The error of a failed result (safe APIs and loadRunItem alike); fails the test on success. */
function errorOf(r: SafeLoadResult<unknown> | RunItemResult): MessageValidationError {
  const error = "success" in r ? (r.success ? undefined : r.error) : r.ok ? undefined : r.error;
  if (error === undefined) throw new Error("accepted");
  expect(MessageValidationError.isInstance(error)).toBe(true);
  return error as MessageValidationError;
}

/** A TextMessage whose content is `content`. */
const text = (content: unknown) => ({ type: "TextMessage", source: "s", content });
/** A TeamState whose one agent's model context holds `message`. */
const state = (message: unknown) => ({
  type: "TeamState",
  agent_states: { writer: { type: "ChatAgentContainerState", agent_state: { type: "AssistantAgentState", llm_context: { messages: [message] } }, message_buffer: [] } },
});
const MAX = "autogen_agentchat.conditions.MaxMessageTermination";
/** An OR of termination conditions whose second condition's config is `config`. */
const component = (config: unknown) => ({
  provider: "autogen_agentchat.base.OrTerminationCondition",
  config: { conditions: [{ provider: MAX, config: { max_messages: 3 } }, { provider: MAX, config }] },
});

const WRITER = ["agent_states", "writer", "agent_state", "llm_context", "messages", 0];
const SECOND = ["config", "conditions", 1, "config"];

describe("1. a cyclic value is the library's error, with its path, from every loader", () => {
  const selfList = () => {
    const a: unknown[] = [];
    a.push(a);
    return a;
  };
  const doubleList = () => {
    const a: unknown[] = [];
    a.push(a, a); // 2^512 paths to a depth guard: the issue's hang
    return a;
  };
  for (const [name, cyclic] of [["[a]", selfList], ["[a, a]", doubleList]] as const) {
    it(`safeLoad, load, safeLoadState, safeLoadComponent, loadRunItem: ${name}`, () => {
      const cycle = { code: "recursion_loop", message: "cyclic reference: the value contains itself" };
      expect(errorOf(safeLoad(text(cyclic()))).issues[0]).toMatchObject({ path: ["content", 0], ...cycle });
      expect(() => load(text(cyclic()))).toThrow("content[0]: cyclic reference");
      expect(errorOf(safeLoadState(state({ type: "UserMessage", source: "u", content: cyclic() }))).issues[0]).toMatchObject({ path: [...WRITER, "content", 0], ...cycle });
      expect(errorOf(safeLoadComponent(component({ max_messages: cyclic() }))).issues[0]).toMatchObject({ path: [...SECOND, "max_messages", 0], ...cycle });
      expect(errorOf(loadRunItem(text(cyclic()))).issues[0]).toMatchObject({ path: ["content", 0], ...cycle });
    });
  }

  it("an object that holds itself, and a state that holds itself", () => {
    const o: Record<string, unknown> = { type: "TextMessage", source: "s" };
    o.content = o;
    expect(errorOf(safeLoad(o)).issues[0]).toMatchObject({ path: ["content"], code: "recursion_loop" });
    const s: Record<string, unknown> = { type: "TeamState", agent_states: {} };
    (s.agent_states as Record<string, unknown>).a = s;
    (s.agent_states as Record<string, unknown>).b = s;
    const issues = errorOf(safeLoadState(s)).issues;
    expect(issues.map((i) => [i.path.join("."), i.code])).toStrictEqual([
      ["agent_states.a", "recursion_loop"],
      ["agent_states.b", "recursion_loop"],
    ]);
  });

  it("a shared object that is not a cycle still loads, read once per place", () => {
    const part = { data: "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7" };
    const m = load({ type: "MultiModalMessage", source: "u", content: [part, part, "and", part] }) as { content: unknown[] };
    expect(m.content).toStrictEqual([part, part, "and", part]);
    expect(m.content[0]).not.toBe(part);
  });
});

describe("2. a throwing getter on the dispatch key is the library's error", () => {
  const boom = () => {
    throw new Error("boom");
  };
  it("`provider` for safeLoadComponent and loadComponent", () => {
    const payload = { get provider() { return boom(); }, config: {} };
    expect(errorOf(safeLoadComponent(payload)).issues[0]).toMatchObject({ path: ["provider"], code: "value_error", message: "could not read the value: Error: boom" });
    expect(() => loadComponent(payload)).toThrow(MessageValidationError);
  });
  it("`type` for loadRunItem, bare and inside an AutoGen Studio envelope", () => {
    expect(errorOf(loadRunItem({ get type() { return boom(); } })).issues[0]).toMatchObject({ path: ["type"], code: "value_error", message: "could not read the value: Error: boom" });
    expect(errorOf(loadRunItem({ type: "message", data: { get type() { return boom(); } } })).issues[0]).toMatchObject({ path: ["type"], code: "value_error" });
  });
  it("`type` for safeLoadState", () => {
    expect(errorOf(safeLoadState({ get type() { return boom(); } })).issues[0]).toMatchObject({ path: ["type"], code: "value_error" });
  });
});

describe("3. a thrown value that String() cannot convert is described, not rethrown", () => {
  const oddValues: Array<[string, unknown]> = [
    ["Object.create(null)", Object.create(null)],
    ["an object whose toString throws", { toString() { throw new Error("no"); } }],
    ["an Error whose message getter throws", Object.defineProperty(new Error(), "message", { get() { throw new Error("no"); } })],
    ["a symbol", Symbol("s")],
  ];
  for (const [name, odd] of oddValues) {
    it(name, () => {
      const thrower = () => {
        throw odd;
      };
      const expected = { code: "value_error", message: expect.stringMatching(/^could not read the (value|payload|state): /) as unknown };
      expect(errorOf(safeLoad({ type: "TextMessage", get source() { return thrower(); }, content: "x" })).issues[0]).toMatchObject({ path: ["source"], ...expected });
      expect(errorOf(safeLoad({ get type() { return thrower(); } })).issues[0]).toMatchObject({ path: ["type"], ...expected });
      expect(errorOf(safeLoadState({ type: "TeamState", get agent_states() { return thrower(); } })).issues[0]).toMatchObject({ path: ["agent_states"], ...expected });
      expect(errorOf(safeLoadComponent({ provider: MAX, get config() { return thrower(); } })).issues[0]).toMatchObject({ path: ["config"], ...expected });
      expect(errorOf(loadRunItem({ type: "TextMessage", get source() { return thrower(); }, content: "x" })).issues[0]).toMatchObject({ path: ["source"], ...expected });
      expect(errorOf(loadRunItem({ get type() { return thrower(); } })).issues[0]).toMatchObject({ path: ["type"], ...expected });
    });
  }
});

describe("4. loose models keep their extras as validated, copied JSON data", () => {
  const OPENAI = "autogen_ext.models.openai.OpenAIChatCompletionClient";
  const modelInfo = (extra: Record<string, unknown>) => ({
    provider: OPENAI,
    config: { model: "m", model_info: { vision: false, function_calling: true, json_output: false, family: "unknown", structured_output: false, ...extra } },
  });
  const mcpTool = (extra: Record<string, unknown>) => ({
    provider: "autogen_ext.tools.mcp.StdioMcpToolAdapter",
    config: { server_params: { type: "StdioServerParams", command: "x" }, tool: { name: "t", inputSchema: { type: "object" }, annotations: { title: "T", ...extra }, ...extra } },
  });
  let deep: unknown = 1;
  for (let i = 0; i < 300; i++) deep = [deep];
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  class Point {
    x = 1;
  }
  const refused: Array<[string, unknown, RegExp]> = [
    ["nested 300 levels", deep, /nested deeper than 256 levels/],
    ["a BigInt", 10n, /expected JSON data, got bigint/],
    ["a Map", new Map(), /expected JSON data, got an instance of Map/],
    ["a Date", new Date(0), /expected JSON data, got an instance of Date/],
    ["a class instance", new Point(), /expected JSON data, got an instance of Point/],
    ["a cycle", cyclic, /cyclic reference|nested deeper/],
  ];
  for (const [name, value, message] of refused) {
    it(`model_info and MCP Tool / ToolAnnotations refuse ${name} in an extra key`, () => {
      expect(errorOf(safeLoadComponent(modelInfo({ x: value }))).issues[0]!.path.slice(0, 3)).toStrictEqual(["config", "model_info", "x"]);
      expect(errorOf(safeLoadComponent(modelInfo({ x: value }))).message).toMatch(message);
      expect(errorOf(safeLoadComponent(mcpTool({ x: value }))).issues[0]!.path.slice(0, 2)).toStrictEqual(["config", "tool"]);
    });
  }
  it("accepted extras are copies that dump, dump as JSON and redact", () => {
    const input = modelInfo({ x: { y: [1, { z: null }] } });
    const c = loadComponent(input) as unknown as { config: { model_info: { x: unknown } } };
    expect(c.config.model_info.x).toStrictEqual({ y: [1, { z: null }] });
    expect(c.config.model_info.x).not.toBe((input.config.model_info as Record<string, unknown>).x);
    expect((dumpComponent(c as never) as { config: { model_info: unknown } }).config.model_info).toMatchObject({ x: { y: [1, { z: null }] } });
    expect(dumpComponentJson(c as never)).toContain('"x":{"y":[1,{"z":null}]}');
    expect((redactSecrets(c as never) as unknown as typeof c).config.model_info.x).toStrictEqual({ y: [1, { z: null }] });
    const tool = loadComponent(mcpTool({ extra: { k: ["v"] } })) as unknown as { config: { tool: { extra: unknown; annotations: { extra: unknown } } } };
    expect(tool.config.tool.extra).toStrictEqual({ k: ["v"] });
    expect(tool.config.tool.annotations.extra).toStrictEqual({ k: ["v"] });
    expect(JSON.parse(dumpComponentJson(tool as never))).toMatchObject({ config: { tool: { extra: { k: ["v"] }, annotations: { extra: { k: ["v"] } } } } });
  });
  it("a hand-built component that cannot be written is the library's error, not a TypeError", () => {
    const built = loadComponent(modelInfo({})) as unknown as { config: { model_info: Record<string, unknown> } };
    built.config.model_info.x = 10n;
    expect(() => dumpComponent(built as never)).toThrow(MessageValidationError);
    expect(() => dumpComponentJson(built as never)).toThrow(MessageValidationError);
    expect(() => redactSecrets(built as never)).toThrow(MessageValidationError);
    expect(() => dumpComponent({} as never)).toThrow(MessageValidationError);
  });
});

describe("6. a secret pasted as a credential-map key is not echoed", () => {
  const SECRET = "sk-proj-abcdefghijklmnopqrstuvwxyz0123";
  const cases: Array<[string, unknown]> = [
    ["MCP env", { provider: "autogen_ext.tools.mcp.McpWorkbench", config: { server_params: { type: "StdioServerParams", command: "x", env: { [SECRET]: 1 } } } }],
    ["MCP headers", { provider: "autogen_ext.tools.mcp.McpWorkbench", config: { server_params: { type: "SseServerParams", url: "https://x", headers: { [SECRET]: 10n } } } }],
    ["default_headers", { provider: "autogen_ext.models.openai.OpenAIChatCompletionClient", config: { model: "m", default_headers: { [SECRET]: 1 } } }],
    ["HttpTool headers", { provider: "autogen_ext.tools.http.HttpTool", config: { name: "w", host: "h", port: 1, scheme: "https", json_schema: { type: "object", properties: {} }, headers: { [SECRET]: { deep: 10n } } } }],
  ];
  for (const [name, payload] of cases) {
    it(name, () => {
      const error = errorOf(safeLoadComponent(payload));
      expect(error.message).not.toContain(SECRET.slice(0, 12));
      expect(JSON.stringify(error.issues)).not.toContain(SECRET.slice(0, 12));
      expect(error.message).toContain('["**********"]');
    });
  }
  it("nor when the value under it cannot be read (a cycle, a throwing getter: reported before any schema runs)", () => {
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    const env = { [SECRET]: cyclic };
    const throwing = Object.defineProperty({}, SECRET, { enumerable: true, get: () => { throw new Error("no"); } });
    for (const map of [env, throwing]) {
      const error = errorOf(safeLoadComponent({ provider: "autogen_ext.tools.mcp.McpWorkbench", config: { server_params: { type: "StdioServerParams", command: "x", env: map } } }));
      expect(error.message).not.toContain(SECRET.slice(0, 12));
      expect(error.issues[0]!.path.slice(0, 4)).toStrictEqual(["config", "server_params", "env", "**********"]);
    }
    // An object with a secret key put where a secret string belongs.
    const inKey = errorOf(safeLoadComponent({ provider: "autogen_ext.models.openai.OpenAIChatCompletionClient", config: { model: "m", api_key: env } }));
    expect(inKey.message).not.toContain(SECRET.slice(0, 12));
    expect(inKey.issues[0]!.path.slice(0, 3)).toStrictEqual(["config", "api_key", "**********"]);
  });
});

describe("7. class instances: typed models read own properties, free-form JSON names the class", () => {
  const GIF = "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";
  class Img {
    constructor(readonly data: string) {}
  }
  class Foo {
    a = "x";
  }
  it("a typed Image given as a class instance loads by its own enumerable properties", () => {
    const m = load({ type: "MultiModalMessage", source: "u", content: ["see", new Img(GIF)] }) as { content: unknown[] };
    expect(m.content).toStrictEqual(["see", { data: GIF }]);
  });
  it("an Image whose data is inherited is missing it", () => {
    const inherited = Object.create({ data: GIF }) as object;
    expect(errorOf(safeLoad({ type: "MultiModalMessage", source: "u", content: [inherited] })).issues[0]!.path).toStrictEqual(["content", 0, "data"]);
  });
  it("metadata given a class instance names the class", () => {
    expect(errorOf(safeLoad({ type: "TextMessage", source: "u", content: "x", metadata: new Foo() })).issues[0]).toMatchObject({
      path: ["metadata"],
      message: "expected an object, got an instance of Foo",
    });
  });
});
