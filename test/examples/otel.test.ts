/**
 * examples/otel as a person runs it: a stored run through `traceRun` and the real OpenTelemetry
 * SDK, its span tree printed. The expected tree is worked out here from the run's items by the
 * rules of docs/otel.md (one root; an agent span per run of consecutive items of one agent, its
 * tokens the sum of their `models_usage`, from the item before it to its last; an `execute_tool`
 * span per requested call, from the request to its result), not taken from the example's output.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { finish, node } from "../helpers/example-process.js";

interface Item { type?: string; source?: string; created_at?: string; models_usage?: { prompt_tokens: number; completion_tokens: number } | null; content?: unknown }

const read = (file: string): Item[] =>
  readFileSync(new URL(`../../${file}`, import.meta.url), "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l) as Item);

const secs = (from: string, to: string) => `${(Date.parse(to) - Date.parse(from)) / 1000}s`;

/** The span tree of a run, by the documented rules, as the example prints it. */
function expectedTree(items: Item[]): { lines: string[]; spans: number } {
  const msgs = items.filter((m) => typeof m.source === "string");
  const agents = new Set(msgs.filter((m) => m.source !== "user").map((m) => m.source));
  const root = agents.size === 1 ? `invoke_agent ${[...agents][0]}` : "invoke_workflow";
  const lines = [`${root}  ${secs(msgs[0]!.created_at!, msgs.at(-1)!.created_at!)}`];
  let spans = 1;
  for (let i = 0; i < msgs.length; ) {
    const source = msgs[i]!.source;
    let j = i;
    while (j < msgs.length && msgs[j]!.source === source) j++;
    if (source !== "user") {
      const turn = msgs.slice(i, j);
      const sum = (k: "prompt_tokens" | "completion_tokens") => turn.reduce((n, m) => n + (m.models_usage?.[k] ?? 0), 0);
      lines.push(`  invoke_agent ${source}  ${secs(msgs[i - 1]!.created_at!, turn.at(-1)!.created_at!)}  in=${sum("prompt_tokens")} out=${sum("completion_tokens")}`);
      spans++;
      turn.forEach((m, k) => {
        if (m.type !== "ToolCallRequestEvent") return;
        const result = turn.slice(k + 1).find((r) => r.type === "ToolCallExecutionEvent")!;
        for (const call of m.content as { name: string }[]) (lines.push(`    execute_tool ${call.name}  ${secs(m.created_at!, result.created_at!)}`), spans++);
      });
    }
    i = j;
  }
  return { lines, spans };
}

describe("examples/otel", { timeout: 60_000 }, () => {
  for (const file of ["examples/data/weather-run.jsonl", "examples/data/team-run.jsonl", "examples/data/run-streaming-tools.jsonl"]) {
    it(`prints the span tree of ${file}`, async () => {
      const items = read(file);
      const r = await finish(node(["examples/otel/trace.ts", file]));
      expect(r.code).toBe(0);
      const { lines, spans } = expectedTree(items);
      expect(r.out.trimEnd().split("\n")).toEqual(lines);
      expect(r.err).toBe(`${spans} spans from ${items.length} items\n`);
    });
  }

  it("the default run is a team of two agents, one tool call (a hand-checked tree)", async () => {
    const r = await finish(node(["examples/otel/trace.ts", "--content"]));
    expect(r.code).toBe(0);
    expect(r.out).toBe("invoke_workflow  7.5s\n  invoke_agent weather_agent  5s  in=142 out=21\n    execute_tool get_weather  1.25s\n  invoke_agent reviewer  2.5s  in=31 out=5\n");
  });

  it("--console also prints the spans as the SDK's ConsoleSpanExporter does", async () => {
    const r = await finish(node(["examples/otel/trace.ts", "--console", "--content"]));
    expect(r.code).toBe(0);
    expect(r.out).toContain("name: 'execute_tool get_weather'");
    expect(r.out).toContain("'gen_ai.tool.call.arguments': '{\"city\": \"Paris\"}'");
  });
});
