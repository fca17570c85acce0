/**
 * The state helpers against the fixture runs: threads found where AutoGen keeps them, token
 * usage equal to what the runs streamed, `remove_images` on model contexts, and trimming that
 * keeps a state loadable and consistent (rule in src/state/truncate.ts).
 */
import { describe, expect, it } from "vitest";
import {
  dumpState,
  isState,
  loadState,
  mapThreads,
  removeImagesFromState,
  stateThreads,
  stateTokenUsage,
  truncateThreads,
  type AnyState,
} from "../../src/state/index.js";
import { deepFreeze, readJsonl } from "../helpers/fixtures.js";

interface SavedState {
  name: string;
  kind: string;
  state: Record<string, unknown>;
}
const records = readJsonl("autogen-teams/state.jsonl") as unknown as { name: string; states: SavedState[] }[];
const streams = new Map(readJsonl("autogen-teams/streams.jsonl").map((r) => [r.name, r as unknown as Stream]));
const saved = records.flatMap((r) => r.states.map((s) => ({ scenario: r.name, ...s })));
const raw = (scenario: string, name?: string): Record<string, any> =>
  records.find((r) => r.name === scenario)!.states.find((s) => name === undefined || s.name === name)!.state as Record<string, any>;
const load = (scenario: string, name?: string) => loadState(deepFreeze(JSON.parse(JSON.stringify(raw(scenario, name))))) as any;
const json = (v: unknown) => JSON.stringify(v);

/** The threads of a raw state found by AutoGen's key names (README of the fixtures), in document order. */
function rawThreads(v: unknown, path: (string | number)[] = [], agent: string | null = null, out: [string | null, string, string, string[]][] = []) {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return out;
  for (const [k, x] of Object.entries(v as Record<string, any>)) {
    if (k === "message_thread" || k === "message_buffer") out.push([agent, k, [...path, k].join("/"), x.map((m: any) => m.id)]);
    else if (k === "llm_context") out.push([agent, "llm_context", [...path, k, "messages"].join("/"), x.messages.map((m: any) => json(m))]);
    else if (k === "agent_states") for (const [name, s] of Object.entries(x)) rawThreads(s, [...path, k, name], name, out);
    else rawThreads(x, [...path, k], agent, out);
  }
  return out;
}

describe("stateThreads", () => {
  for (const s of saved) {
    it(`${s.scenario}: ${s.name} — every thread, where AutoGen keeps it`, () => {
      const threads = stateThreads(loadState(s.state)).map((t) => [
        t.agent,
        t.kind,
        t.path.join("/"),
        t.kind === "llm_context" ? t.messages.map((m) => json(m)) : t.messages.map((m) => m.id),
      ]);
      expect(threads).toEqual(rawThreads(s.state));
    });
  }

  it("names the holder of each thread in a team", () => {
    const threads = stateThreads(load("round-robin/text-mention-tools"));
    const manager = threads.find((t) => t.kind === "message_thread")!;
    expect(manager.agent).toBe("RoundRobinGroupChatManager");
    expect(manager.state).toBe("RoundRobinManagerState");
    expect(threads.filter((t) => t.kind === "llm_context").every((t) => t.state === "AssistantAgentState")).toBe(true);
    expect(threads.filter((t) => t.kind === "message_buffer").every((t) => t.state === "ChatAgentContainerState")).toBe(true);
  });

  it("a single agent's state has its model context, with no agent name", () => {
    const [t, ...rest] = stateThreads(load("assistant/tools-reflect"));
    expect(rest).toEqual([]);
    expect(t).toMatchObject({ agent: null, state: "AssistantAgentState", kind: "llm_context", path: ["llm_context", "messages"] });
  });
});

interface Stream {
  steps: { call: string; stream?: { item: string; dump?: { id: string; models_usage: { prompt_tokens: number; completion_tokens: number } | null } }[] }[];
}

/** Usage of every message a run streamed (after the team's last reset), each id once. */
function streamedUsage(scenario: string) {
  const steps = streams.get(scenario)!.steps;
  const lastReset = steps.map((s) => s.call).lastIndexOf("RoundRobinGroupChat.reset");
  const byId = new Map<string, { prompt_tokens: number; completion_tokens: number } | null>();
  for (const step of steps.slice(lastReset + 1)) for (const it of step.stream ?? []) if (it.dump) byId.set(it.dump.id, it.dump.models_usage);
  let prompt_tokens = 0;
  let completion_tokens = 0;
  for (const u of byId.values()) if (u) (prompt_tokens += u.prompt_tokens), (completion_tokens += u.completion_tokens);
  return { prompt_tokens, completion_tokens };
}

describe("stateTokenUsage", () => {
  // society-of-mind: the inner team is reset after its turn, so its messages (and their usage) are not in the state.
  const teams = saved.filter((s) => s.kind === "team" && s.scenario !== "society-of-mind");
  it("covers the team runs", () => expect(teams.length).toBe(26));
  for (const s of teams) {
    it(`${s.scenario}: equals the usage of the messages the run streamed`, () => {
      expect(stateTokenUsage(loadState(s.state))).toEqual(streamedUsage(s.scenario));
    });
  }
  it("is zero for an agent's own state (model contexts record no usage)", () => {
    expect(stateTokenUsage(load("assistant/plain"))).toEqual({ prompt_tokens: 0, completion_tokens: 0 });
  });
  it("counts a message once however many threads hold it", () => {
    const m = { type: "TextMessage", source: "a", content: "x", id: "m1", models_usage: { prompt_tokens: 5, completion_tokens: 2 } };
    const state = loadState({
      type: "TeamState",
      agent_states: { a: { type: "ChatAgentContainerState", message_buffer: [m] }, mgr: { type: "RoundRobinManagerState", message_thread: [m, { ...m, id: "m2" }] } },
    });
    expect(stateTokenUsage(state)).toEqual({ prompt_tokens: 10, completion_tokens: 4 });
  });
});

describe("removeImagesFromState", () => {
  it("replaces images in model contexts as AutoGen's remove_images does", () => {
    const state = load("assistant/multimodal");
    const out = removeImagesFromState(state) as any;
    const [user, assistant] = out.llm_context.messages;
    // content_to_str: text parts and "<image>" per image, joined by "\n"; a fresh UserMessage(content, source).
    expect(json(user)).toBe(json({ content: "Summary stream image?\n<image>\n🎉 party 🚀\n<image>", source: "user", type: "UserMessage" }));
    expect(assistant).toBe(state.llm_context.messages[1]);
    expect(json(dumpState(loadState(dumpState(out))))).toBe(json(dumpState(out)));
    // A context without list content: nothing to replace.
    const plain = load("assistant/tools-reflect");
    expect(removeImagesFromState(plain)).toBe(plain);
  });

  it("reports a content part that is neither text nor an image with its path", () => {
    const bad = { type: "AssistantAgentState", version: "1.0.0", llm_context: { messages: [{ type: "UserMessage", source: "u", content: ["a", 3] }] } };
    expect(() => removeImagesFromState(bad as never)).toThrow("llm_context.messages[0].content[1]: expected string or image object");
  });

  it("leaves message threads alone (a MultiModalMessage stays one) and never changes its input", () => {
    const image = raw("assistant/multimodal").llm_context.messages[0].content[1];
    const doc = deepFreeze({
      type: "RoundRobinManagerState",
      message_thread: [{ type: "MultiModalMessage", source: "user", content: ["look", image] }],
    });
    const state = loadState(doc);
    expect(removeImagesFromState(state)).toBe(state);
    const team = loadState({ type: "TeamState", agent_states: { a: { type: "ChatAgentContainerState", agent_state: { type: "AssistantAgentState", llm_context: { messages: [{ type: "UserMessage", source: "u", content: ["a", "b"] }] } } }, m: doc } }) as any;
    const out = removeImagesFromState(team) as any;
    expect(out.agent_states.a.agent_state.llm_context.messages[0].content).toBe("a\nb");
    expect(out.agent_states.m).toBe(team.agent_states.m);
    expect(team.agent_states.a.agent_state.llm_context.messages[0].content).toEqual(["a", "b"]);
  });
});

describe("truncateThreads", () => {
  it("keeps the last N model-context messages, without a leading tool result (BufferedChatCompletionContext's rule)", () => {
    const state = load("assistant/max-tool-iterations");
    const messages = raw("assistant/max-tool-iterations").llm_context.messages; // User, Assistant, Result, Assistant, Result, Assistant
    const kept = (n: number) => (truncateThreads(state, n) as any).llm_context.messages.map((m: unknown) => json(m));
    expect(kept(4)).toEqual(messages.slice(3).map(json));
    expect(kept(3)).toEqual(messages.slice(3).map(json));
    expect(kept(2)).toEqual(messages.slice(5).map(json));
    expect(kept(0)).toEqual([]);
  });

  it("a Swarm thread keeps its latest handoff; counters and speakers stay as saved", () => {
    const state = load("swarm/handoff-termination-resume");
    const thread = raw("swarm/handoff-termination-resume").agent_states.SwarmGroupChatManager.message_thread;
    // [Text, Request, Execution, Handoff→python, Thought, Request, Execution, Handoff→user, Handoff→python, Text]
    const one = truncateThreads(state, 1) as any;
    const manager = one.agent_states.SwarmGroupChatManager;
    expect(manager.message_thread.map((m: any) => m.id)).toEqual([thread[8].id, thread[9].id]);
    expect(truncateThreads(state, 2).agent_states.SwarmGroupChatManager.message_thread.map((m: any) => m.id)).toEqual([thread[8].id, thread[9].id]);
    const { message_thread: _a, ...before } = state.agent_states.SwarmGroupChatManager;
    const { message_thread: _b, ...after } = manager;
    expect(after).toEqual(before);
    // Buffers are trimmed as they are (no handoff rule outside Swarm's manager thread).
    expect(one.agent_states.model.message_buffer.map((m: any) => m.type)).toEqual(["TextMessage"]);
  });

  it("the result loads back and dumps the same (what Python's load_state reads)", () => {
    for (const s of saved) {
      for (const n of [0, 1, 2, 5]) {
        const trimmed = truncateThreads(loadState(deepFreeze(JSON.parse(JSON.stringify(s.state)))), n);
        const text = json(dumpState(trimmed));
        expect(json(dumpState(loadState(JSON.parse(text))))).toBe(text);
        for (const t of stateThreads(trimmed)) {
          expect(t.messages.length).toBeLessThanOrEqual(t.kind === "message_thread" && t.state === "SwarmManagerState" ? n + 1 : n);
          if (t.kind === "llm_context") expect(t.messages[0]?.type).not.toBe("FunctionExecutionResultMessage");
        }
      }
    }
  });

  it("trims only the threads selected, and returns a state with nothing to trim as it is", () => {
    const state = load("round-robin/text-mention-tools");
    const out = truncateThreads(state, 1, { only: (t) => t.kind === "message_thread" });
    const before = stateThreads(state);
    const after = stateThreads(out);
    for (let i = 0; i < before.length; i++) {
      if (before[i]!.kind === "message_thread") expect(after[i]!.messages).toEqual(before[i]!.messages.slice(-1));
      else expect(after[i]!.messages).toBe(before[i]!.messages);
    }
    expect(truncateThreads(state, 1000)).toBe(state);
  });

  it("refuses a keepLast that is not a non-negative integer", () => {
    const state = load("assistant/plain");
    for (const n of [-1, 1.5, Number.NaN, Infinity]) expect(() => truncateThreads(state, n)).toThrow(RangeError);
  });
});

describe("mapThreads", () => {
  it("copies only the objects on the way to a changed thread", () => {
    const state = load("round-robin/max-message");
    if (!isState(state, "TeamState")) throw new Error("expected a team");
    const out = mapThreads(state, (t) => (t.agent === "context" && t.kind === "message_buffer" ? [] : undefined)) as typeof state;
    expect(out).not.toBe(state);
    expect(out.agent_states.RoundRobinGroupChatManager).toBe(state.agent_states.RoundRobinGroupChatManager);
    const ctx = out.agent_states.context as any;
    expect(ctx.message_buffer).toEqual([]);
    expect(ctx.agent_state).toBe((state.agent_states.context as any).agent_state);
    expect((state.agent_states.context as any).message_buffer.length).toBe(1);
  });

  it("leaves an app's own state alone", () => {
    const own: AnyState = { type: "MyState", message_thread: [1, 2] };
    expect(mapThreads(loadState(own), () => [])).toEqual(own);
  });
});
