/** The AG-UI runs of the recorded team fixtures, and @ag-ui/client's own pipeline to check events with. */
import { defaultApplyEvents, enforceEvents, transformChunks, verifyEvents, type AbstractAgent, type BaseEvent, type Message, type RunAgentInput } from "@ag-ui/client";
import { EventSchemas } from "@ag-ui/core/schemas";
import { from, lastValueFrom, toArray } from "rxjs";
import { runs, wireOf } from "./team-runs.js";

/** One `run_stream` / `on_messages_stream` step after the scenario's last reset: one AG-UI run. */
export interface AgUiRun {
  readonly name: string;
  readonly threadId: string;
  readonly runId: string;
  readonly items: Record<string, unknown>[];
  readonly errored: boolean;
}

export const agUiRuns: AgUiRun[] = runs.flatMap((r) => {
  let steps = r.steps as (typeof r.steps[number] & { call?: string; error?: unknown })[];
  const lastReset = steps.map((s) => /\.reset$/.test(s.call ?? "")).lastIndexOf(true);
  if (lastReset >= 0) steps = steps.slice(lastReset + 1);
  return steps
    .filter((s) => /\.(run_stream|on_messages_stream)$/.test(s.call ?? ""))
    .map((s) => ({ name: `${r.name}/${s.label}`, threadId: r.name, runId: s.label, items: (s.stream ?? []).map(wireOf), errored: s.error != null }));
});

/** Every event parses with @ag-ui/core's EventSchemas; returns the first problem or null. */
export function schemaProblem(events: readonly unknown[]): string | null {
  for (const [i, e] of events.entries()) {
    const r = EventSchemas.safeParse(e);
    if (!r.success) return `#${i}: ${JSON.stringify(r.error.issues[0])}`;
  }
  return null;
}

/** The events through `enforceEvents` → `transformChunks` → `verifyEvents`, as `runAgent` runs them; warnings captured. */
export async function verify(events: readonly BaseEvent[]): Promise<{ events: BaseEvent[]; warnings: string[] }> {
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...a: unknown[]) => warnings.push(a.map(String).join(" "));
  try {
    const out = await lastValueFrom(from(events).pipe(enforceEvents(), transformChunks(), verifyEvents(), toArray()), { defaultValue: [] });
    return { events: out, warnings };
  } finally {
    console.warn = warn;
  }
}

/** The messages `defaultApplyEvents` builds from the events. */
export async function applied(events: readonly BaseEvent[], threadId = "t", runId = "r"): Promise<Message[]> {
  const input: RunAgentInput = { threadId, runId, messages: [], tools: [], context: [], state: {}, forwardedProps: {} };
  const agent = { messages: [], state: {} } as unknown as AbstractAgent;
  let messages: Message[] = [];
  const muts = await lastValueFrom(defaultApplyEvents(input, from(events), agent, []).pipe(toArray()), { defaultValue: [] });
  for (const m of muts) if (m.messages !== undefined) messages = m.messages;
  return messages;
}

/** Freezes a value and everything in it (to prove a function does not mutate its input). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * The `RUN_FINISHED.usage` a run's items call for, summed here independently of the translator:
 * `models_usage` of each distinct message or event (by id; a TaskResult / Response repeats them),
 * as one `{ inputTokens, outputTokens, totalTokens }` entry; `{}` when nothing reports any.
 */
export function usageOf(items: readonly unknown[], skipIds: readonly string[] = []): { usage?: { inputTokens: number; outputTokens: number; totalTokens: number }[] } {
  const seen = new Set<string>(skipIds);
  let input = 0;
  let output = 0;
  let any = false;
  const add = (d: unknown) => {
    const m = d as { id?: string; models_usage?: { prompt_tokens: number; completion_tokens: number } | null } | null;
    if (!m || typeof m !== "object") return;
    if (typeof m.id === "string") {
      if (seen.has(m.id)) return;
      seen.add(m.id);
    }
    if (!m.models_usage) return;
    any = true;
    input += m.models_usage.prompt_tokens;
    output += m.models_usage.completion_tokens;
  };
  for (const it of items as Record<string, unknown>[]) {
    if (Array.isArray(it?.messages)) (it.messages as unknown[]).forEach(add);
    else if (it && "chat_message" in it) {
      ((it.inner_messages as unknown[] | null) ?? []).forEach(add);
      add(it.chat_message);
    } else add(it);
  }
  return any ? { usage: [{ inputTokens: input, outputTokens: output, totalTokens: input + output }] } : {};
}
