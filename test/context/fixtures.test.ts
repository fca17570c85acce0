/**
 * `toModelContext` against real AutoGen 0.7.5 runs (test/fixtures/autogen-teams): for every
 * AssistantAgent the context rebuilt from the run's stream (after the last reset) must equal the
 * `llm_context.messages` the agent saved, given the team's own component config (`team`, from
 * components.jsonl, as `check-model-context.mjs --with-team` passes it). The declared deviations
 * (neither the stream nor the config has the information) must differ and match once that
 * information is supplied, each from a recorded source other than the expected state: the step's
 * `task`, the model client's replies in components.jsonl. Without `team`, the cases the config
 * decides (declared apart) must differ, and match once the same facts are supplied by hand.
 */
import { describe, expect, it } from "vitest";
import { createMessage } from "../../src/index.js";
import { loadComponent } from "../../src/components/index.js";
import { toModelContext, type ToModelContextOptions } from "../../src/context/index.js";
import { readJson, readJsonl } from "../helpers/fixtures.js";

interface Step {
  label: string;
  call?: string;
  task?: { str?: string; message?: unknown; messages?: unknown[] } | null;
  kwargs?: { output_task_messages?: boolean };
  stream?: Array<{ item: string; dump?: unknown; messages?: unknown[]; stop_reason?: unknown; chat_message?: unknown; inner_messages?: unknown }>;
}
interface AgentState { kind: string; class: string; name: string; state: { type: string; llm_context?: { messages: unknown[] } } }

const streams = new Map(readJsonl("autogen-teams/streams.jsonl").map((r) => [r.name, r as unknown as { steps: Step[] }]));
const states = readJsonl("autogen-teams/state.jsonl") as unknown as Array<{ name: string; states: AgentState[] }>;
interface ComponentRecord { kind: string; class: string; name: string; component: { config: Record<string, unknown> } | null }
const components = new Map(readJsonl("autogen-teams/components.jsonl").map((r) => [r.name, r as unknown as { components: ComponentRecord[] }]));
const declared = readJson<Record<string, Record<string, string>>>("deviations.json");
const deviations = declared["autogen-teams/state.jsonl (toModelContext)"]!;
const withoutTeam = declared["autogen-teams/state.jsonl (toModelContext without options.team)"]!;

/** The team's component config as the conformance check picks it: the component of kind "team", else the SocietyOfMindAgent. */
function teamOf(name: string): ComponentRecord["component"] | undefined {
  const cs = components.get(name)?.components ?? [];
  return (cs.find((c) => c.kind === "team") ?? cs.find((c) => c.class === "SocietyOfMindAgent"))?.component;
}

/** The steps after the last reset, as the conformance check takes them. */
function stepsOf(name: string): Step[] {
  const steps = streams.get(name)!.steps;
  const last = steps.map((s) => /\.reset$/.test(s.call ?? "")).lastIndexOf(true);
  return last >= 0 ? steps.slice(last + 1) : steps;
}

/**
 * What a step streamed, as items (fresh copies of the values `JSON.parse` gives for the recorded
 * text: a float `-0.0` stays `-0`); `withInput` also puts the task where the stream does not show it.
 */
function itemsOf(name: string, withInput = false): unknown[] {
  const items: unknown[] = [];
  for (const step of stepsOf(name)) {
    const hidden = step.call?.endsWith(".on_messages_stream") || step.kwargs?.output_task_messages === false;
    if (withInput && hidden && step.task) {
      if (step.task.str !== undefined) items.push(createMessage("TextMessage", { source: "user", content: step.task.str }));
      else items.push(...(step.task.messages ?? [step.task.message]));
    }
    for (const it of step.stream ?? []) {
      if (it.dump) items.push(it.dump);
      else if (it.item === "TaskResult") items.push({ messages: it.messages, stop_reason: it.stop_reason });
      else if (it.item === "Response") items.push({ chat_message: it.chat_message, inner_messages: it.inner_messages });
    }
  }
  return structuredClone(items);
}

/** The model client's last text reply (a string or a CreateResult's text content) in components.jsonl. */
function lastTextReply(name: string): string {
  const client = components.get(name)!.components.find((c) => c.kind === "model_client")!;
  const replies = client.component!.config.chat_completions as Array<string | { content: unknown }>;
  const texts = replies.map((r) => (typeof r === "string" ? r : r.content)).filter((c): c is string => typeof c === "string");
  return texts[texts.length - 1]!;
}

const speak = (...speakers: string[]) => createMessage("SelectSpeakerEvent", { source: "manager", content: speakers });

/** What each declared deviation needs, supplied from outside the stream and the team's config. */
const SUPPLIED: Record<string, () => { items: unknown[]; options?: Partial<ToModelContextOptions> }> = {
  "assistant/on-messages-stream": () => ({ items: itemsOf("assistant/on-messages-stream", true) }),
  "assistant/streaming": () => ({ items: itemsOf("assistant/streaming", true) }),
  "round-robin/output-task-messages-false": () => ({ items: itemsOf("round-robin/output-task-messages-false", true) }),
  "assistant/structured-output-format": () => ({
    items: itemsOf("assistant/structured-output-format"),
    options: { structuredContent: () => lastTextReply("assistant/structured-output-format") },
  }),
};

/** What the team's config decides, supplied by hand instead (README, differences 10). */
const BY_HAND: Record<string, () => { items: unknown[]; options?: Partial<ToModelContextOptions> }> = {
  // RoundRobin order (components: participants [planner_error, planner_image]): the failing turn was planner_image's.
  "round-robin/team-error": () => ({ items: [...itemsOf("round-robin/team-error"), speak("planner_image")] }),
  // The graph (components): selector → agent and selector → vector_team, both started by selector's message.
  "graph/fan-out-join": () => ({
    items: itemsOf("graph/fan-out-join").flatMap((m) => ((m as { type?: string; source?: string }).type === "TextMessage" && (m as { source: string }).source === "selector" ? [m, speak("agent", "vector_team")] : [m])),
  }),
  // The SocietyOfMindAgent "search" wraps a team of stream_function and summary_python_python (components).
  "society-of-mind": () => ({ items: itemsOf("society-of-mind"), options: { innerTeams: { search: ["stream_function", "summary_python_python"] } } }),
};

const cases = states.flatMap((rec) =>
  rec.states
    .filter((s) => s.kind === "agent" && s.class === "AssistantAgent" && s.state.type === "AssistantAgentState")
    .map((s) => ({ scenario: rec.name, agent: s.name, want: s.state.llm_context!.messages })),
);

describe("toModelContext rebuilds every recorded AssistantAgent's model context", () => {
  it("covers every AssistantAgent of the fixtures, and every declared case is one of them", () => {
    expect(cases.length).toBe(78);
    const keys = new Set(cases.map((c) => `${c.scenario}:${c.agent}`));
    for (const key of [...Object.keys(deviations), ...Object.keys(withoutTeam)]) expect(keys.has(key), key).toBe(true);
    // 73 of 78 with the team's config, 68 from the items alone.
    expect(cases.length - Object.keys(deviations).length).toBe(73);
    expect(cases.length - Object.keys(deviations).length - Object.keys(withoutTeam).length).toBe(68);
  });

  it.each(cases)("with the team's config: $scenario: $agent", ({ scenario, agent, want }) => {
    const key = `${scenario}:${agent}`;
    const team = teamOf(scenario);
    const got = toModelContext(itemsOf(scenario), { agent, team });
    if (!deviations[key]) {
      expect(JSON.stringify(got)).toBe(JSON.stringify(want));
      return;
    }
    expect(JSON.stringify(got)).not.toBe(JSON.stringify(want));
    const supplied = SUPPLIED[scenario]!();
    expect(JSON.stringify(toModelContext(supplied.items, { agent, team, ...supplied.options }))).toBe(JSON.stringify(want));
  });

  it.each(cases)("from the items alone: $scenario: $agent", ({ scenario, agent, want }) => {
    const key = `${scenario}:${agent}`;
    const got = JSON.stringify(toModelContext(itemsOf(scenario), { agent }));
    if (deviations[key] || withoutTeam[key]) expect(got).not.toBe(JSON.stringify(want));
    else expect(got).toBe(JSON.stringify(want));
    if (withoutTeam[key]) {
      const byHand = BY_HAND[scenario]!();
      expect(JSON.stringify(toModelContext(byHand.items, { agent, ...byHand.options }))).toBe(JSON.stringify(want));
    }
  });

  it("the team's config as loadComponent returns it gives the same contexts as its JSON", () => {
    let compared = 0;
    for (const c of cases) {
      const team = teamOf(c.scenario);
      if (!team) continue;
      const copy = structuredClone(team);
      const got = toModelContext(itemsOf(c.scenario), { agent: c.agent, team: loadComponent(team) });
      expect(JSON.stringify(got), `${c.scenario}:${c.agent}`).toBe(JSON.stringify(toModelContext(itemsOf(c.scenario), { agent: c.agent, team })));
      expect(team).toStrictEqual(copy); // the caller's config is not changed
      compared++;
    }
    expect(compared).toBeGreaterThan(40);
  });

  it("the supplied information leaves the other agents of those runs unchanged", () => {
    for (const c of cases) {
      const key = `${c.scenario}:${c.agent}`;
      for (const [supply, options] of [[SUPPLIED, { team: teamOf(c.scenario) }], [BY_HAND, {}]] as const) {
        if (!supply[c.scenario] || deviations[key] || withoutTeam[key]) continue;
        const supplied = supply[c.scenario]!();
        expect(JSON.stringify(toModelContext(supplied.items, { agent: c.agent, ...options, ...supplied.options })), key).toBe(JSON.stringify(c.want));
      }
    }
  });
});
