/**
 * `npm run demo` (issues 19.4, 27.5, 34.3): it builds only when dist/ is stale, quietly
 * (scripts/ensure-built.mjs, test/package/first-run.test.ts), so the demo's output is the first thing on screen; examples/demo.ts
 * imports the package by its name (resolved to the built dist/ through the package's own
 * `exports`), runs on the recorded AutoGen team run in examples/data/ (words replaced by a
 * scripted conversation, scripts/demo-data.mjs) and checks itself against what Python recorded:
 * the Console text, dump() byte for byte, the agent's saved model context. Each prints "yes".
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT, builtBin } from "../helpers/dist.js";

beforeAll(() => void builtBin(), 300_000);

const node = (args: string[]) => spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8" });

describe("npm run demo", { timeout: 120_000 }, () => {
  it("runs on a team run that reads as a conversation, derived from the recorded fixture by scripts/demo-data.mjs", () => {
    const check = node(["scripts/demo-data.mjs", "--check"]);
    expect(check.stderr).toBe("");
    expect(check.status).toBe(0);
    // The words a reader sees are the conversation's, not the replay model's random ones.
    const run = readFileSync(join(ROOT, "examples/data/weather-run.jsonl"), "utf8");
    expect(run).toContain('"content":"What is the weather in Paris today, and do I need a jacket?"');
    expect(run).not.toContain("Json json budget draft!");
  });

  it("shows the run first, through the built package, and every check against Python's records holds", () => {
    const r = spawnSync(process.execPath, [join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"), "examples/demo.ts"], { cwd: ROOT, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const out = r.stdout;
    const lines = out.split("\n");
    // The package by its name, from the build; then, first, the run as the Console shows it.
    expect(lines[0]).toMatch(/^agentchat-messages \d+\.\d+\.\d+, imported by name: dist\/index\.js$/);
    expect(lines[2]).toMatch(/^== 1\. The run, as AutoGen's Console shows it/);
    expect(lines[3]).toBe("   ---------- TextMessage (user) ----------");
    expect(out).toContain(readFileSync(join(ROOT, "examples/data/weather-run.console.txt"), "utf8").replace(/\n$/, "").replace(/^/gm, "   "));
    expect(out).toContain("Identical to what Python's Console printed for this run: yes");
    // The per-kind counts, once: the recorded run's type_counts (test/fixtures/autogen-teams/streams.jsonl).
    const recorded = { TextMessage: 3, ToolCallRequestEvent: 1, ToolCallExecutionEvent: 1, TaskResult: 1 };
    for (const [kind, n] of Object.entries(recorded)) expect(out.match(new RegExp(`^ {3}${kind} +${n}$`, "gm"))).toHaveLength(1);
    expect(out).toContain("6 items from a Python team run (AutoGen 0.7.5), all valid");
    expect(out).toContain("Written back by dump(), byte for byte as Python wrote them: yes");
    expect(out).toContain("   Invalid ToolCallRequestEvent: content[0].name: expected string, got number 42\n");
    expect(out).toContain("the llm_context AutoGen saved for the agent: yes");
    expect(out).toContain('{"role":"assistant","content":"It is 18 degrees Celsius in Paris. A light jacket is enough for the evening."}');
    expect(out).toMatch(/^ {3}line {2}6 {2}TaskResult: 5 messages, stop reason "Text 'TERMINATE' mentioned"$/m);
    expect(out).toMatch(/^6 items from \d+ chunks/m);
    expect(out).not.toMatch(/\bNO\b/);
  });
});
