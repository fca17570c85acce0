/**
 * `toModelContext` against real AutoGen 0.7.5 runs (test/fixtures/autogen-teams): for every
 * AssistantAgent the context rebuilt from the run's stream (after the last reset) must equal the
 * `llm_context.messages` the agent saved. The declared deviations (the stream lacks the
 * information) must differ by default and match once that information is supplied, each from a
 * recorded source other than the expected state: the step's `task`, the model client's replies in
 * components.jsonl, the team's structure.
 */
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { MessageRegistry, createMessage } from "../../src/index.js";
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
const components = new Map(readJsonl("autogen-teams/components.jsonl").map((r) => [r.name, r as unknown as { components: Array<{ kind: string; name: string; component: { config: Record<string, unknown> } | null }> }]));
const deviations = readJson<Record<string, Record<string, string>>>("deviations.json")["autogen-teams/state.jsonl (toModelContext)"]!;

/** The steps after the last reset, as the conformance check takes them. */
function stepsOf(name: string): Step[] {
  const steps = streams.get(name)!.steps;
  const last = steps.map((s) => /\.reset$/.test(s.call ?? "")).lastIndexOf(true);
  return last >= 0 ? steps.slice(last + 1) : steps;
}

/** What a step streamed, as items; `withInput` also puts the task where the stream does not show it. */
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
  return items;
}

/** The model client's last text reply (a string or a CreateResult's text content) in components.jsonl. */
function lastTextReply(name: string): string {
  const client = components.get(name)!.components.find((c) => c.kind === "model_client")!;
  const replies = client.component!.config.chat_completions as Array<string | { content: unknown }>;
  const texts = replies.map((r) => (typeof r === "string" ? r : r.content)).filter((c): c is string => typeof c === "string");
  return texts[texts.length - 1]!;
}

function verdictRegistry(): MessageRegistry {
  const registry = new MessageRegistry();
  registry.registerStructuredMessage("Verdict", z.object({ approved: z.boolean(), score: z.number(), reason: z.string() }));
  return registry;
}

const speak = (...speakers: string[]) => createMessage("SelectSpeakerEvent", { source: "manager", content: speakers });

/** What each declared deviation needs, supplied from outside the stream. */
const SUPPLIED: Record<string, () => { items: unknown[]; options?: Partial<ToModelContextOptions> }> = {
  "assistant/on-messages-stream": () => ({ items: itemsOf("assistant/on-messages-stream", true) }),
  "assistant/streaming": () => ({ items: itemsOf("assistant/streaming", true) }),
  "round-robin/output-task-messages-false": () => ({ items: itemsOf("round-robin/output-task-messages-false", true) }),
  "assistant/structured-output-format": () => ({
    items: itemsOf("assistant/structured-output-format"),
    options: { structuredContent: () => lastTextReply("assistant/structured-output-format") },
  }),
  // The app's content model (Verdict: approved bool, score float, reason str) in a registry: the
  // float -0.0 then renders as pydantic writes it. Items parsed from the JSON text keep -0.
  "assistant/structured-output-tools": () => ({
    items: itemsOf("assistant/structured-output-tools"),
    options: { registry: verdictRegistry() },
  }),
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
  it("covers every AssistantAgent of the fixtures, and every declared deviation is one of them", () => {
    expect(cases.length).toBe(78);
    const keys = new Set(cases.map((c) => `${c.scenario}:${c.agent}`));
    for (const key of Object.keys(deviations)) expect(keys.has(key), key).toBe(true);
  });

  it.each(cases)("$scenario: $agent", ({ scenario, agent, want }) => {
    const key = `${scenario}:${agent}`;
    // As the conformance check passes them: plain JSON, items after the last reset.
    const got = toModelContext(JSON.parse(JSON.stringify(itemsOf(scenario))) as unknown[], { agent });
    if (!deviations[key]) {
      expect(JSON.stringify(got)).toBe(JSON.stringify(want));
      return;
    }
    expect(JSON.stringify(got)).not.toBe(JSON.stringify(want));
    const supplied = SUPPLIED[scenario]!();
    expect(JSON.stringify(toModelContext(supplied.items, { agent, ...supplied.options }))).toBe(JSON.stringify(want));
  });

  it("the supplied information leaves the other agents of those runs unchanged", () => {
    for (const c of cases) {
      if (!SUPPLIED[c.scenario] || deviations[`${c.scenario}:${c.agent}`]) continue;
      const supplied = SUPPLIED[c.scenario]!();
      expect(JSON.stringify(toModelContext(supplied.items, { agent: c.agent, ...supplied.options })), `${c.scenario}:${c.agent}`).toBe(JSON.stringify(c.want));
    }
  });
});
