/**
 * `toModelContext(items, { agent, team })`: the team's component config decides what the stream
 * cannot. Small hand-written runs; each expected context is worked out by hand from AutoGen
 * 0.7.5's managers (`BaseGroupChatManager`, `RoundRobinGroupChatManager`, `SwarmGroupChatManager`,
 * `GraphFlowManager`) and `ChatAgentContainer`, and each case also shows what the items alone give.
 */
import { describe, expect, it } from "vitest";
import { MessageValidationError } from "../../src/index.js";
import { toModelContext } from "../../src/context/index.js";

let n = 0;
const text = (source: string, content: string) => ({ type: "TextMessage", id: `t-${++n}`, source, content });
const handoff = (source: string, target: string, content: string) => ({ type: "HandoffMessage", id: `h-${++n}`, source, target, content, context: [] });
const speak = (...speakers: string[]) => ({ type: "SelectSpeakerEvent", id: `s-${++n}`, source: "manager", content: speakers });
const done = (stop_reason = "Digraph execution is complete") => ({ messages: [], stop_reason });
const user = (content: string, source: string) => ({ content, source, type: "UserMessage" });
const assistant = (content: string, source: string) => ({ content, thought: null, source, type: "AssistantMessage" });

// Component configs as dump_component() writes them (only the fields the reader uses, plus the envelope).
const agent = (name: string) => ({ provider: "autogen_agentchat.agents.AssistantAgent", component_type: "agent", version: 2, component_version: 2, config: { name } });
const team = (cls: string, participants: unknown[], extra: Record<string, unknown> = {}) => ({
  provider: `autogen_agentchat.teams.${cls}`,
  component_type: "team",
  version: 1,
  component_version: 1,
  config: { name: cls, participants, ...extra },
});
const edge = (target: string, extra: Record<string, unknown> = {}) => ({ target, activation_group: target, activation_condition: "all", ...extra });
/** GraphFlow over `edges` (`{ node: [edges] }`); every node is an AssistantAgent of that name. */
const graphFlow = (edges: Record<string, unknown[]>, default_start_node?: string) =>
  team("GraphFlow", Object.keys(edges).map(agent), { graph: { nodes: Object.fromEntries(Object.entries(edges).map(([name, e]) => [name, { name, edges: e, activation: "all" }])), default_start_node } });
const filterAgent = (name: string, wrapped: unknown, filter: unknown) => ({ provider: "autogen_agentchat.agents.MessageFilterAgent", component_type: "agent", config: { name, wrapped_agent: wrapped, filter } });
const societyOfMind = (name: string, inner: unknown) => ({ provider: "autogen_agentchat.agents.SocietyOfMindAgent", component_type: "agent", config: { name, team: inner, instruction: "…", response_prompt: "…" } });

describe("GraphFlow: the graph decides which speakers start together", () => {
  // s → a, s → b (fan-out), a → j, b → j (join: j waits for both).
  const fanOut = graphFlow({ s: [edge("a"), edge("b")], a: [edge("j")], b: [edge("j")], j: [] });
  const run1 = [text("user", "t"), text("s", "s1"), text("a", "a1"), text("b", "b1"), text("j", "j1"), done()];
  const run2 = [text("user", "t2"), text("s", "s2"), text("a", "a2"), text("b", "b2"), text("j", "j2"), done()];

  it("a fan-out's targets are started together: neither is given the other's reply", () => {
    expect(toModelContext(run1, { agent: "b", team: fanOut })).toStrictEqual([user("t", "user"), user("s1", "s"), assistant("b1", "b")]);
    // The items alone stream exactly what a chain s → a → b → j streams.
    expect(toModelContext(run1, { agent: "b" })).toStrictEqual([user("t", "user"), user("s1", "s"), user("a1", "a"), assistant("b1", "b")]);
    expect(toModelContext(run1, { agent: "a", team: fanOut })).toStrictEqual([user("t", "user"), user("s1", "s"), assistant("a1", "a")]);
    // The join is selected once both answered.
    expect(toModelContext(run1, { agent: "j", team: fanOut })).toStrictEqual([user("t", "user"), user("s1", "s"), user("a1", "a"), user("b1", "b"), assistant("j1", "j")]);
  });

  it("a completed graph starts again from its start nodes on the next run", () => {
    // b's second turn: a1 arrived during its first turn, so it waited in b's buffer with j1, t2, s2.
    expect(toModelContext([...run1, ...run2], { agent: "b", team: fanOut })).toStrictEqual([
      user("t", "user"), user("s1", "s"), assistant("b1", "b"),
      user("a1", "a"), user("j1", "j"), user("t2", "user"), user("s2", "s"), assistant("b2", "b"),
    ]);
    // The same without the first run's TaskResult: the start node speaking again shows the new run.
    expect(toModelContext([...run1.slice(0, -1), ...run2], { agent: "b", team: fanOut })).toStrictEqual(toModelContext([...run1, ...run2], { agent: "b", team: fanOut }));
    expect(toModelContext([...run1.slice(0, -1), ...run2], { agent: "b", team: fanOut })).not.toStrictEqual(toModelContext([...run1, ...run2], { agent: "b" }));
  });

  it("a run stopped by its termination condition resumes the ready nodes after the next task", () => {
    const stopped = [text("user", "t"), text("s", "s1"), done("Maximum number of messages 2 reached, current message count: 2")];
    const resumed = [text("user", "t2"), text("a", "a1"), text("b", "b1"), done()];
    expect(toModelContext([...stopped, ...resumed], { agent: "b", team: fanOut })).toStrictEqual([user("t", "user"), user("s1", "s"), user("t2", "user"), assistant("b1", "b")]);
  });

  it("string conditions and activation groups decide who is ready", () => {
    // s → x if "x" is in s's reply, s → y if "y" is; x → y in another group. s says "just x" (no "y"):
    // only x runs, then y (after x). Without the conditions, x and y would both start after s.
    const graph = graphFlow({ s: [edge("x", { condition: "x" }), edge("y", { condition: "y" })], x: [edge("y", { activation_group: "after-x" })], y: [] }, "s");
    const run = [text("user", "t"), text("s", "just x"), text("x", "x1"), text("y", "y1"), done()];
    expect(toModelContext(run, { agent: "y", team: graph })).toStrictEqual([user("t", "user"), user("just x", "s"), user("x1", "x"), assistant("y1", "y")]);
    // s says "x and y": both conditions hold, x and y start together.
    const both = [text("user", "t"), text("s", "x and y"), text("x", "x1"), text("y", "y1"), done()];
    expect(toModelContext(both, { agent: "y", team: graph })).toStrictEqual([user("t", "user"), user("x and y", "s"), assistant("y1", "y")]);
  });

  it("a stream with its own SelectSpeakerEvents (emit_team_events=True) is followed as it is", () => {
    // The recorded events say b started after a: the config does not override the stream.
    const run = [text("user", "t"), speak("s"), text("s", "s1"), speak("a"), text("a", "a1"), speak("b"), text("b", "b1")];
    expect(toModelContext(run, { agent: "b", team: fanOut })).toStrictEqual([user("t", "user"), user("s1", "s"), user("a1", "a"), assistant("b1", "b")]);
  });
});

describe("RoundRobinGroupChat and Swarm: the order decides who held a failed turn", () => {
  const roundRobin = team("RoundRobinGroupChat", [agent("a"), agent("b")]);

  it("a run that raised (no TaskResult) had selected the next speaker, whose buffer was already in its context", () => {
    const failed = [text("user", "t"), text("a", "a1")];
    expect(toModelContext(failed, { agent: "b", team: roundRobin })).toStrictEqual([user("t", "user"), user("a1", "a")]);
    expect(toModelContext(failed, { agent: "b" })).toStrictEqual([]); // the items name no agent for the failed turn
    // The first turn failed: the first participant had been given the task.
    expect(toModelContext([text("user", "t")], { agent: "a", team: roundRobin })).toStrictEqual([user("t", "user")]);
    expect(toModelContext([text("user", "t")], { agent: "b", team: roundRobin })).toStrictEqual([]);
  });

  it("a run that ended with its TaskResult terminated: no next speaker was selected", () => {
    expect(toModelContext([text("user", "t"), text("a", "a1"), done("Maximum number of messages 2 reached")], { agent: "b", team: roundRobin })).toStrictEqual([]);
  });

  it("the order continues across runs: the turn after the last one of the previous run", () => {
    const runs = [text("user", "t1"), text("a", "a1"), done("max"), text("user", "t2"), text("b", "b1"), done("max"), text("user", "t3")];
    expect(toModelContext(runs, { agent: "a", team: roundRobin })).toStrictEqual([user("t1", "user"), assistant("a1", "a"), user("t2", "user"), user("b1", "b"), user("t3", "user")]);
    expect(toModelContext(runs, { agent: "b", team: roundRobin })).toStrictEqual([user("t1", "user"), user("a1", "a"), user("t2", "user"), assistant("b1", "b")]);
  });

  it("a MessageFilterAgent participant starts the agent it wraps, and its filter is applied", () => {
    const filter = { per_source: [{ source: "user", position: "first", count: 1 }] };
    const config = team("RoundRobinGroupChat", [agent("a"), filterAgent("f", agent("w"), filter)]);
    // w is handed its buffer [t, a1] through the filter: only the first "user" message passes.
    expect(toModelContext([text("user", "t"), text("a", "a1")], { agent: "w", team: config })).toStrictEqual([user("t", "user")]);
    const run = [text("user", "t"), text("a", "a1"), text("w", "w1"), done()];
    expect(toModelContext(run, { agent: "w", team: config })).toStrictEqual([user("t", "user"), assistant("w1", "w")]);
    expect(toModelContext(run, { agent: "w" })).toStrictEqual([user("t", "user"), user("a1", "a"), assistant("w1", "w")]);
    // messageFilter, when given, is used instead.
    const mine = { per_source: [{ source: "a", position: "last" as const, count: 1 }] };
    expect(toModelContext(run, { agent: "w", team: config, messageFilter: mine })).toStrictEqual([user("a1", "a"), assistant("w1", "w")]);
  });

  it("Swarm: the first participant, then the target of the last handoff", () => {
    const swarm = team("Swarm", [agent("a"), agent("b")]);
    expect(toModelContext([text("user", "t")], { agent: "a", team: swarm })).toStrictEqual([user("t", "user")]);
    const handedOff = [text("user", "t"), handoff("a", "b", "Transferred to b")];
    expect(toModelContext(handedOff, { agent: "b", team: swarm })).toStrictEqual([user("t", "user"), user("Transferred to b", "a")]);
    expect(toModelContext(handedOff, { agent: "a", team: swarm })).toStrictEqual([user("t", "user")]); // a's own handoff adds nothing
    // Resumed after a HandoffTermination: b, the target, takes the new task.
    const resumed = [...handedOff, done("Handoff to user from b detected."), text("user", "t2")];
    expect(toModelContext(resumed, { agent: "b", team: swarm })).toStrictEqual([user("t", "user"), user("Transferred to b", "a"), user("t2", "user")]);
  });

  it("SelectorGroupChat: the model picks the speaker, so the config adds no turn", () => {
    const selector = team("SelectorGroupChat", [agent("a"), agent("b")]);
    expect(toModelContext([text("user", "t"), text("a", "a1")], { agent: "b", team: selector })).toStrictEqual([]);
  });
});

describe("SocietyOfMindAgent: the config names its inner team", () => {
  const inner = team("RoundRobinGroupChat", [agent("in1"), agent("in2")]);
  const run = [text("user", "t"), text("in1", "i1"), text("in2", "i2"), text("som", "summary"), text("out", "o1"), done()];

  it("inner messages are not published to the other participants, and the inner team is reset after each turn", () => {
    const config = team("RoundRobinGroupChat", [societyOfMind("som", inner), agent("out")]);
    expect(toModelContext(run, { agent: "out", team: config })).toStrictEqual([user("t", "user"), user("summary", "som"), assistant("o1", "out")]);
    expect(toModelContext(run, { agent: "in2", team: config })).toStrictEqual([]);
    // The items alone stream what a round-robin of in1, in2, som and out streams.
    expect(toModelContext(run, { agent: "out" })).toStrictEqual([user("t", "user"), user("i1", "in1"), user("i2", "in2"), user("summary", "som"), assistant("o1", "out")]);
    // innerTeams, when given, is used instead.
    expect(toModelContext(run, { agent: "out", team: config, innerTeams: { som: ["in1"] } })).toStrictEqual([user("t", "user"), user("i2", "in2"), user("summary", "som"), assistant("o1", "out")]);
  });

  it("a SocietyOfMindAgent's own config (run alone) is read alike", () => {
    const items = [text("user", "t"), text("in1", "i1"), text("in2", "i2"), text("som", "summary")];
    expect(toModelContext(items, { agent: "in2", team: societyOfMind("som", inner) })).toStrictEqual([]);
    expect(toModelContext(items.slice(0, 3), { agent: "in2", team: societyOfMind("som", inner) })).toStrictEqual([user("t", "user"), user("i1", "in1"), assistant("i2", "in2")]);
  });
});

describe("a bad team config: the library's error, with the path under team", () => {
  const failure = (config: unknown, extra: Record<string, unknown> = {}) => {
    try {
      toModelContext([text("user", "t")], { agent: "a", team: config as never, ...extra });
    } catch (e) {
      if (!MessageValidationError.isInstance(e)) throw e;
      return { message: e.message, paths: e.issues.map((i) => i.path.join(".")) };
    }
    throw new Error("no error");
  };

  it("names each bad field", () => {
    expect(failure("RoundRobinGroupChat").message).toBe('Invalid toModelContext options: team: expected a component { provider, config }, got string "RoundRobinGroupChat"');
    expect(failure({ provider: 7, config: {} }).message).toBe("Invalid toModelContext options: team.provider: expected a string, got number 7");
    expect(failure({ provider: "autogen_agentchat.teams.Swarm", config: { participants: "a, b" } }).message).toBe(
      'Invalid toModelContext options: team.config.participants: expected a list of components, got string "a, b"',
    );
    expect(failure(team("RoundRobinGroupChat", [agent("a"), { provider: "autogen_agentchat.agents.AssistantAgent", config: { name: 3 } }])).message).toBe(
      "Invalid toModelContext options: team.config.participants[1].config.name: expected a string, got number 3",
    );
    expect(failure(team("GraphFlow", [agent("s")])).message).toBe("Invalid toModelContext options: team.config.graph: expected the graph { nodes, default_start_node }, got nothing");
    expect(failure(graphFlow({ s: [edge("nope")] })).paths).toStrictEqual(["team.config.graph.nodes.s.edges.0.target"]);
    expect(failure(graphFlow({ s: [edge("t", { activation_condition: "some" })], t: [] })).message).toBe(
      'Invalid toModelContext options: team.config.graph.nodes.s.edges[0].activation_condition: expected "all" | "any", got string "some"',
    );
    expect(failure(graphFlow({ s: [edge("t")], t: [] }, "u")).paths).toStrictEqual(["team.config.graph.default_start_node"]);
    expect(failure(team("RoundRobinGroupChat", [filterAgent("f", agent("w"), { per_source: [{ source: 3 }] })])).message).toBe(
      "Invalid toModelContext options: team.config.participants[0].config.filter.per_source[0].source: expected string, got number 3",
    );
    expect(failure(team("RoundRobinGroupChat", [societyOfMind("som", null)])).paths).toStrictEqual(["team.config.participants.0.config.team"]);
  });

  it("every bad option at once, before any item is read; the config is not changed", () => {
    const config = team("RoundRobinGroupChat", [agent("a"), { provider: "autogen_agentchat.agents.AssistantAgent", config: {} }]);
    const copy = structuredClone(config);
    expect(failure(config, { vision: 1 }).paths).toStrictEqual(["vision", "team.config.participants.1.config.name"]);
    expect(config).toStrictEqual(copy);
    const good = team("RoundRobinGroupChat", [agent("a"), agent("b")]);
    const goodCopy = structuredClone(good);
    toModelContext([text("user", "t"), text("a", "a1")], { agent: "b", team: good });
    expect(good).toStrictEqual(goodCopy);
  });

  it("a config that contains itself is refused with its path; an agent named __proto__ is an agent", () => {
    const loop = team("RoundRobinGroupChat", [agent("a")]);
    (loop.config.participants as unknown[]).push(loop);
    expect(failure(loop).message).toBe("Invalid toModelContext options: team.config.participants[1]: expected a component that does not contain itself, got object");
    const config = team("RoundRobinGroupChat", [societyOfMind("__proto__", team("RoundRobinGroupChat", [agent("in1")])), agent("out")]);
    const run = [text("user", "t"), text("in1", "i1"), text("__proto__", "summary"), text("out", "o1")];
    expect(toModelContext(run, { agent: "out", team: config })).toStrictEqual([user("t", "user"), user("summary", "__proto__"), assistant("o1", "out")]);
  });

  it("null is no config (a team whose dump_component() raised), as is an unknown class's", () => {
    const failed = [text("user", "t"), text("a", "a1")];
    expect(toModelContext(failed, { agent: "b", team: null })).toStrictEqual([]);
    expect(toModelContext(failed, { agent: "b", team: { provider: "my_app.MyTeam", config: {} } })).toStrictEqual([]);
  });
});
