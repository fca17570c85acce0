/** The recorded AutoGen team runs (test/fixtures/autogen-teams, copied from shared/fixtures). */
import { readJsonl } from "./fixtures.js";

/** One element of a recorded `stream`. */
export type StreamElement =
  | { item: "chat" | "event"; dump: Record<string, unknown> }
  | { item: "TaskResult"; messages: unknown[]; stop_reason: string | null }
  | { item: "Response"; chat_message: unknown; inner_messages: unknown[] | null };

export interface RunStep {
  label: string;
  stream?: StreamElement[];
}

export interface RunRecord {
  name: string;
  steps: RunStep[];
}

export interface ConsoleStep {
  label: string;
  output_stats_false: string;
  output_stats_true: string;
}

export const runs = readJsonl("autogen-teams/streams.jsonl") as unknown as RunRecord[];
export const consoles = new Map(
  (readJsonl("autogen-teams/console.jsonl") as unknown as { name: string; steps: ConsoleStep[] }[]).map((r) => [r.name, r.steps]),
);

/** The JSON an element was on the wire: a message dump, `{messages, stop_reason}` or `{chat_message, inner_messages}`. */
export function wireOf(el: StreamElement): Record<string, unknown> {
  if (el.item === "chat" || el.item === "event") return el.dump;
  if (el.item === "TaskResult") return { messages: el.messages, stop_reason: el.stop_reason };
  if (el.item === "Response") return { chat_message: el.chat_message, inner_messages: el.inner_messages };
  throw new Error(`unknown stream element ${JSON.stringify(el).slice(0, 80)}`);
}

/** The kind a reader must report for an element. */
export function kindOf(el: StreamElement): "message" | "TaskResult" | "Response" {
  return el.item === "chat" || el.item === "event" ? "message" : el.item;
}

/** Every item of a run, all steps in order. */
export const itemsOf = (run: RunRecord): StreamElement[] => run.steps.flatMap((s) => s.stream ?? []);

/** Console's `Duration:` line is masked in the fixtures. */
export const maskDuration = (text: string) => text.replace(/Duration: [0-9.]+ seconds/g, "Duration: <duration> seconds");
