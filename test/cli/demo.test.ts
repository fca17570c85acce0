/**
 * `npm run demo` (issue 19.4): examples/demo.ts imports the package by its name (resolved to the
 * built dist/ through the package's own `exports`), runs on the recorded AutoGen run in
 * examples/data/ and checks itself against what Python recorded: dump() byte for byte, the
 * Console text, the agent's saved model context. Each of those prints "yes".
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT, builtBin } from "../helpers/dist.js";

beforeAll(() => void builtBin(), 300_000);

describe("npm run demo", { timeout: 120_000 }, () => {
  it("runs on the recorded run through the built package, and every check against Python's records holds", () => {
    expect(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts.demo).toBe("npm run build && tsx examples/demo.ts");
    const r = spawnSync(process.execPath, [join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"), "examples/demo.ts"], { cwd: ROOT, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const out = r.stdout;
    // The package by its name, from the build.
    expect(out.split("\n")[0]).toMatch(/^agentchat-messages \d+\.\d+\.\d+, imported by name: dist\/index\.js$/);
    // The per-kind counts, once: the recorded run's type_counts (examples/data/README.md).
    const recorded = { SelectSpeakerEvent: 3, TextMessage: 2, HandoffMessage: 2, ToolCallRequestEvent: 1, ToolCallExecutionEvent: 1, UserInputRequestedEvent: 1, TaskResult: 1 };
    for (const [kind, n] of Object.entries(recorded)) expect(out.match(new RegExp(`^ {3}${kind} +${n}$`, "gm"))).toHaveLength(1);
    expect(out).toContain("11 items from a Python Swarm team (AutoGen 0.7.5), all valid");
    expect(out).toContain("Written back by dump(), byte for byte as Python wrote them: yes");
    expect(out).toContain("   Invalid ToolCallRequestEvent: content[0].name: expected string, got number 42\n");
    expect(out).toContain("Identical to what Python's Console printed for this run: yes");
    expect(out).toContain(readFileSync(join(ROOT, "examples/data/swarm-run.console.txt"), "utf8").replace(/\n$/, "").replace(/^/gm, "   "));
    expect(out).toContain("the llm_context AutoGen saved for the agent: yes");
    expect(out).toContain('{"role":"assistant","content":"Answer call error token retry retry. TERMINATE"}');
    expect(out).toMatch(/^ {3}line 11 {2}TaskResult: 10 messages, stop reason "Text 'TERMINATE' mentioned"$/m);
    expect(out).toMatch(/^11 items from \d+ chunks/m);
    expect(out).not.toMatch(/\bNO\b/);
  });
});
