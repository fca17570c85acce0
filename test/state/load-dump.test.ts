/**
 * `agentchat-messages/state` against the saved states of real AutoGen 0.7.5 runs
 * (fixtures/autogen-teams/state.jsonl): byte-identical round trips without touching the input,
 * dispatch agreeing with the fixture's recorded state classes, errors with their path from the
 * top of the document, and the rules for defaults, unknown states and GraphFlow's typeless state.
 */
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { MessageRegistry, MessageValidationError, baseMessageFields, messageType } from "../../src/index.js";
import {
  AnyState,
  BaseState,
  GraphFlowManagerState,
  STATE_SCHEMAS,
  TeamState,
  dumpState,
  isState,
  loadState,
  safeLoadState,
  stateClassName,
  type StateClassName,
} from "../../src/state/index.js";
import { deepFreeze, readJsonl } from "../helpers/fixtures.js";
import { thrownBy } from "../helpers/values.js";

interface SavedState {
  name: string;
  kind: string;
  class: string;
  state: Record<string, unknown>;
  state_types: { path: string; type: string; class: string }[];
}

const records = readJsonl("autogen-teams/state.jsonl") as unknown as { name: string; states: SavedState[] }[];
const saved = records.flatMap((r) => r.states.map((s) => ({ scenario: r.name, ...s })));
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** The value at a fixture path (`$.agent_states.writer.agent_state`). */
function at(root: unknown, path: string): unknown {
  return path === "$" ? root : path.slice(2).split(".").reduce((o: any, k) => o?.[k], root);
}

/** Every message dump (type, source, created_at) in a raw state, with its path, in document order. */
function messagesIn(v: unknown, path: (string | number)[] = [], out: { path: (string | number)[]; msg: Record<string, unknown> }[] = []) {
  if (Array.isArray(v)) v.forEach((x, i) => messagesIn(x, [...path, i], out));
  else if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    if (typeof o.type === "string" && "created_at" in o && "source" in o) out.push({ path, msg: o });
    else for (const k of Object.keys(o)) messagesIn(o[k], [...path, k], out);
  }
  return out;
}

/** `a.b[3].c` as the library writes paths (the fixture names are identifiers). */
const dotted = (path: (string | number)[]) => path.map((k, i) => (typeof k === "number" ? `[${k}]` : i ? `.${k}` : k)).join("");

describe("every saved state of the fixture runs", () => {
  it("covers the fixture set", () => {
    expect(saved.length).toBe(114);
  });

  for (const s of saved) {
    const label = `${s.scenario}: ${s.name} (${s.class})`;
    it(`${label} loads and dumps back byte-identical without touching its input`, () => {
      const input = deepFreeze(clone(s.state));
      const state = loadState(input);
      expect(JSON.stringify(dumpState(state))).toBe(JSON.stringify(s.state));
      // The schema of its class (zod, default registry) agrees with loadState.
      const cls = stateClassName(input)!;
      const viaSchema = z.parse(STATE_SCHEMAS.get(cls)!, input);
      expect(JSON.stringify(dumpState(viaSchema as never))).toBe(JSON.stringify(s.state));
    });

    it(`${label} dispatches every nested state as the fixture records its class`, () => {
      const state = loadState(s.state);
      for (const t of s.state_types) expect(stateClassName(at(state, t.path)), t.path).toBe(t.class);
    });

    const first = messagesIn(s.state)[0];
    if (first) {
      it(`${label} rejects a message with source 42 at ${dotted(first.path)}`, () => {
        const broken = clone(s.state);
        (at(broken, "$." + first.path.join(".")) as Record<string, unknown>).source = 42;
        const e = thrownBy(() => loadState(broken), MessageValidationError);
        expect(e.issues[0]).toEqual({ path: [...first.path, "source"], code: "string_type", message: "expected string, got number 42" });
        expect(e.message).toBe(`Invalid ${String(s.state.type)}: ${dotted([...first.path, "source"])}: expected string, got number 42`);
      });
    }
  }

  it("GraphFlow's manager state (no type) is recognised under its team name", () => {
    const graphs = saved.filter((s) => s.scenario.startsWith("graph/") && s.kind === "team");
    expect(graphs.length).toBe(3);
    for (const g of graphs) {
      const state = loadState(g.state);
      if (!isState(state, "TeamState")) throw new Error("expected a TeamState");
      expect(stateClassName(state.agent_states.GraphManager)).toBe("GraphFlowManagerState");
      expect(isState(state.agent_states.GraphManager, "GraphFlowManagerState")).toBe(true);
    }
  });
});

// A small team state written out by hand (the shape AutoGen's README and the fixtures show).
const text = (source: string, content: string, id: string) => ({
  id,
  source,
  models_usage: null,
  metadata: {},
  created_at: "2025-03-14T09:26:53Z",
  content,
  type: "TextMessage",
});
const team = () => ({
  type: "TeamState",
  version: "1.0.0",
  agent_states: {
    writer: {
      type: "ChatAgentContainerState",
      version: "1.0.0",
      agent_state: { type: "AssistantAgentState", version: "1.0.0", llm_context: { messages: [{ content: "Hi", source: "user", type: "UserMessage" }] } },
      message_buffer: [text("user", "a", "1"), text("critic", "b", "2"), text("critic", "c", "3"), text("critic", "d", "4")],
    },
    RoundRobinGroupChatManager: {
      type: "RoundRobinManagerState",
      version: "1.0.0",
      message_thread: [text("user", "a", "1")],
      current_turn: 1,
      next_speaker_index: 0,
    },
  },
});

function errorOf(json: unknown) {
  const r = safeLoadState(json);
  if (r.success) throw new Error("expected a rejection");
  expect(MessageValidationError.isInstance(r.error)).toBe(true);
  return r.error;
}

describe("errors name their path from the top of the document", () => {
  it("the issue's example: a bad source in a participant's buffer", () => {
    const doc = team();
    (doc.agent_states.writer.message_buffer[3] as Record<string, unknown>).source = 42;
    expect(errorOf(doc).message).toBe("Invalid TeamState: agent_states.writer.message_buffer[3].source: expected string, got number 42");
  });

  it("a model-context message is validated as an LLMMessage", () => {
    const doc = team();
    (doc.agent_states.writer.agent_state.llm_context.messages[0] as Record<string, unknown>).content = 7;
    const e = errorOf(doc);
    expect(e.issues[0]!.path).toEqual(["agent_states", "writer", "agent_state", "llm_context", "messages", 0, "content"]);
  });

  it("an event in a message buffer is refused (AutoGen's container raises at load_state)", () => {
    const doc = team();
    (doc.agent_states.writer.message_buffer as unknown[])[1] = { type: "ThoughtEvent", source: "critic", content: "hmm" };
    expect(errorOf(doc).issues).toEqual([
      { path: ["agent_states", "writer", "message_buffer", 1, "type"], code: "model_type", message: "expected a chat message, got the event ThoughtEvent" },
    ]);
  });

  it("reports every problem, in document order", () => {
    const doc = team();
    (doc.agent_states.writer.message_buffer[0] as Record<string, unknown>).content = null;
    (doc.agent_states.RoundRobinGroupChatManager as Record<string, unknown>).current_turn = "x";
    expect(errorOf(doc).issues.map((i) => [i.path.join("/"), i.code])).toEqual([
      ["agent_states/writer/message_buffer/0/content", "string_type"],
      ["agent_states/RoundRobinGroupChatManager/current_turn", "int_parsing"],
    ]);
  });

  it("a nested state whose type is not a string", () => {
    const doc = team();
    (doc.agent_states.writer.agent_state as Record<string, unknown>).type = 42;
    expect(errorOf(doc).message).toBe("Invalid TeamState: agent_states.writer.agent_state.type: expected string, got number 42");
  });

  it("a missing field of GraphFlow's state, and a non-object participant", () => {
    const graph = { message_thread: [], current_turn: 0, remaining: {}, enqueued_any: {} };
    expect(errorOf({ type: "TeamState", agent_states: { GraphManager: graph } }).issues).toEqual([
      { path: ["agent_states", "GraphManager", "ready"], code: "missing", message: "Field required" },
    ]);
    expect(errorOf(graph).message).toBe("Invalid GraphFlowManagerState: ready: Field required");
    expect(errorOf({ type: "TeamState", agent_states: { a: 42 } }).message).toBe("Invalid TeamState: agent_states.a: expected object, got number 42");
  });

  it("non-object documents", () => {
    for (const v of [null, 42, "TeamState", [], undefined]) {
      const e = errorOf(v);
      expect(e.issues[0]!.path).toEqual([]);
      expect(e.message.startsWith("Invalid state: ")).toBe(true);
    }
  });

  it("a hostile getter or a state nested past the depth limit gives the library's error", () => {
    const hostile = { type: "TeamState", get agent_states(): unknown { throw new Error("boom"); } };
    expect(errorOf(hostile).message).toContain("boom");
    let deep: Record<string, unknown> = { type: "BaseState" };
    for (let i = 0; i < 20_000; i++) deep = { type: "SocietyOfMindAgentState", inner_team_state: deep };
    expect(errorOf(deep).issues[0]!.code).toBe("recursion_loop");
  });
});

describe("what loading keeps, fills and drops", () => {
  it("fills Python's defaults (TeamState().model_dump() is {type, version, agent_states: {}})", () => {
    expect(loadState({ type: "TeamState" })).toEqual({ type: "TeamState", version: "1.0.0", agent_states: {} });
    expect(JSON.stringify(dumpState(loadState({ type: "SelectorManagerState" })))).toBe(
      '{"type":"SelectorManagerState","version":"1.0.0","message_thread":[],"current_turn":0,"previous_speaker":null}',
    );
    expect(JSON.stringify(dumpState(loadState({ type: "ChatAgentContainerState" })))).toBe(
      '{"type":"ChatAgentContainerState","version":"1.0.0","agent_state":{},"message_buffer":[]}',
    );
    expect(JSON.stringify(dumpState(loadState({ type: "MagenticOneOrchestratorState", n_rounds: "2" })))).toBe(
      '{"type":"MagenticOneOrchestratorState","version":"1.0.0","message_thread":[],"current_turn":0,"task":"","facts":"","plan":"","n_rounds":2,"n_stalls":0}',
    );
  });

  it("normalises the messages inside as load does, and drops unknown keys as pydantic ignores them", () => {
    const doc = { type: "RoundRobinManagerState", team_id: "old", message_thread: [{ type: "TextMessage", source: "u", content: "x", created_at: "2025-03-14 09:26:53+00:00" }] };
    const state = loadState(doc) as Record<string, any>;
    expect(Object.keys(state)).toEqual(["type", "version", "message_thread", "current_turn", "next_speaker_index"]);
    expect(state.message_thread[0].created_at).toBe("2025-03-14T09:26:53Z");
  });

  it("keeps an app's own state (unknown type, or a typeless dict) as a copy of its JSON", () => {
    const own = { type: "MyAgentState", version: "2", counter: 3, nested: { __proto__: null, list: [1, "a"] } };
    const doc = { type: "TeamState", version: "1.0.0", agent_states: { mine: { type: "ChatAgentContainerState", version: "1.0.0", agent_state: own, message_buffer: [] }, bare: { counter: 1 } } };
    const state = loadState(deepFreeze(doc)) as any;
    expect(state.agent_states.mine.agent_state).toEqual({ type: "MyAgentState", version: "2", counter: 3, nested: { list: [1, "a"] } });
    expect(state.agent_states.mine.agent_state).not.toBe(own);
    expect(stateClassName(state.agent_states.mine.agent_state)).toBeUndefined();
    expect(JSON.stringify(dumpState(state))).toBe(JSON.stringify(doc));
    // GraphFlowManagerState's own Python class (type "GraphManagerState") is never saved: kept as JSON too.
    const graphClass = { type: "GraphManagerState", version: "1.0.0", message_thread: [42], current_turn: 0, active_nodes: [] };
    expect(loadState(graphClass)).toEqual(graphClass);
  });

  it("keeps ±inf from 1e400 in an app's own state (Python's Any holds it) and dumps it null, as pydantic's JSON writer (issue 22)", () => {
    const doc = JSON.parse('{"type":"TeamState","version":"1.0.0","agent_states":{"bare":{"score":1e400,"list":[-1e400,2]}}}');
    const state = loadState(doc) as any;
    expect(state.agent_states.bare).toEqual({ score: Infinity, list: [-Infinity, 2] });
    const dumped = dumpState(state) as any;
    expect(dumped.agent_states.bare).toEqual({ score: null, list: [null, 2] });
    expect(JSON.stringify(dumped)).toBe('{"type":"TeamState","version":"1.0.0","agent_states":{"bare":{"score":null,"list":[null,2]}}}');
  });

  it("keeps participant names as data, __proto__ included", () => {
    const doc = JSON.parse('{"type":"TeamState","version":"1.0.0","agent_states":{"__proto__":{"type":"BaseState","version":"1.0.0"}}}');
    const state = loadState(doc) as any;
    expect(Object.keys(state.agent_states)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(state.agent_states)).toBe(Object.prototype);
    expect(JSON.stringify(dumpState(state))).toBe(JSON.stringify(doc));
  });

  it("validates messages with the registry given, as load would", () => {
    const doc = { type: "SwarmManagerState", message_thread: [{ type: "StructuredMessage[Weather]", source: "bot", content: { city: "Oslo", temperature: "cold" } }] };
    const registry = new MessageRegistry();
    registry.registerStructuredMessage("Weather", z.object({ city: z.string(), temperature: z.number() }));
    expect(thrownBy(() => loadState(doc, { registry }), MessageValidationError).message).toBe(
      "Invalid SwarmManagerState: message_thread[0].content.temperature: expected number, got string \"cold\"",
    );
    // The default registry knows no Weather content: the generic structured message takes it.
    expect(() => loadState(doc)).not.toThrow();
    const progress = { type: "ProgressEvent", source: "bot", content: 50 };
    registry.register({ type: "ProgressEvent", group: "event", schema: z.object({ ...baseMessageFields, content: z.number(), type: messageType("ProgressEvent") }), toText: (m) => `${m.content}%` });
    expect((loadState({ type: "BaseGroupChatManagerState", message_thread: [progress] }, { registry }) as any).message_thread[0].content).toBe(50);
    expect(errorOf({ type: "BaseGroupChatManagerState", message_thread: [progress] }).issues[0]).toMatchObject({ path: ["message_thread", 0, "type"], code: "unknown_type" });
  });

  it("GraphFlow's state takes its counters strictly (its load_state uses them as they are)", () => {
    const graph = { message_thread: [], current_turn: 0, remaining: { b: { b: 1 } }, enqueued_any: { b: { b: false } }, ready: ["a"] };
    expect(GraphFlowManagerState.parse(graph)).toEqual(graph);
    expect(errorOf({ ...graph, remaining: { b: { b: "1" } } }).issues[0]!.path).toEqual(["remaining", "b", "b"]);
    expect(errorOf({ ...graph, enqueued_any: { b: { b: 0 } } }).issues[0]!.path).toEqual(["enqueued_any", "b", "b"]);
  });

  it("the exported schemas are zod schemas with the same rules (default registry)", () => {
    expect(BaseState.parse({})).toEqual({ type: "BaseState", version: "1.0.0" });
    expect(() => BaseState.parse({ type: "TeamState" })).toThrow();
    const r = z.safeParse(TeamState, { agent_states: { w: { type: "ChatAgentContainerState", message_buffer: [{ type: "TextMessage", source: 1, content: "x" }] } } });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(["agent_states", "w", "message_buffer", 0, "source"]);
    expect(AnyState.parse({ x: 1 })).toEqual({ x: 1 });
  });

  it("every state class is listed once under its Python name", () => {
    const names: StateClassName[] = [...STATE_SCHEMAS.keys()];
    expect(names.sort()).toEqual(
      [
        "AssistantAgentState",
        "BaseGroupChatManagerState",
        "BaseState",
        "ChatAgentContainerState",
        "GraphFlowManagerState",
        "MagenticOneOrchestratorState",
        "RoundRobinManagerState",
        "SelectorManagerState",
        "SocietyOfMindAgentState",
        "SwarmManagerState",
        "TeamState",
      ].sort(),
    );
    for (const name of names) if (name !== "GraphFlowManagerState") expect(stateClassName(loadState({ type: name }))).toBe(name);
  });
});
