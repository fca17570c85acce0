/**
 * Issue 34.1: a saved `TaskResult` (what `team.run()` returns) or `Response` (what `on_messages()` returns),
 * written as Python's `json.dump(indent=2)` writes it, is a run: `stats` counts its messages and tokens and
 * `render` prints each message, through the BUILT bin as a process. Expected values are computed here from
 * the recorded fixtures (test/fixtures/autogen-teams/streams.jsonl), not from the CLI.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtBin } from "../helpers/dist.js";

type Json = Record<string, unknown>;
interface Message { type: string; source: string; id: string; models_usage: { prompt_tokens: number; completion_tokens: number } | null }
interface StreamItem { item: string; messages?: Message[]; stop_reason?: string | null; chat_message?: Message; inner_messages?: Message[] | null }
interface Scenario { name: string; steps: { label: string; stream?: StreamItem[] }[] }

const SCENARIOS = readFileSync(new URL("../fixtures/autogen-teams/streams.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as Scenario);

interface Saved { name: string; document: Json; messages: Message[] }
const saved: Saved[] = [];
for (const s of SCENARIOS) {
  for (const step of s.steps) {
    for (const it of step.stream ?? []) {
      if (it.item === "TaskResult") saved.push({ name: `${s.name}/${step.label} TaskResult`, document: { messages: it.messages, stop_reason: it.stop_reason }, messages: it.messages! });
      if (it.item === "Response") {
        const inner = it.inner_messages ?? [];
        saved.push({ name: `${s.name}/${step.label} Response`, document: { chat_message: it.chat_message, inner_messages: it.inner_messages }, messages: [...inner, it.chat_message!] });
      }
    }
  }
}

/** Python's `json.dump(obj, f, indent=2)`: ensure_ascii escapes beyond ASCII. */
const pythonDump = (v: unknown) => JSON.stringify(v, null, 2).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

let bin: string;
const dir = mkdtempSync(join(tmpdir(), "agentchat-saved-results-"));
beforeAll(() => {
  bin = builtBin();
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cli = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });

describe("a saved TaskResult or Response is a run (issue 34.1)", { timeout: 300_000 }, () => {
  it("the fixtures hold both kinds of result", () => {
    expect(saved.filter((s) => s.name.endsWith("TaskResult")).length).toBeGreaterThan(10);
    expect(saved.filter((s) => s.name.endsWith("Response")).length).toBeGreaterThan(0);
  });

  it("stats counts every message of the result once, and its tokens", () => {
    let withTokens = 0;
    saved.forEach((s, i) => {
      const path = join(dir, `result-${i}.json`);
      writeFileSync(path, pythonDump(s.document));
      const ids = new Set<string>();
      const distinct = s.messages.filter((m) => (ids.has(m.id) ? false : (ids.add(m.id), true)));
      const prompt = distinct.reduce((n, m) => n + (m.models_usage?.prompt_tokens ?? 0), 0);
      const completion = distinct.reduce((n, m) => n + (m.models_usage?.completion_tokens ?? 0), 0);
      if (prompt > 0) withTokens++;
      const r = cli(["stats", path]);
      expect(r.status, `${s.name}: ${r.stderr}`).toBe(0);
      expect(r.stdout, s.name).toContain(`Messages: ${distinct.length} (`);
      expect(r.stdout, s.name).toContain(`Tokens: ${prompt} prompt, ${completion} completion\n`);
    });
    expect(withTokens).toBeGreaterThan(0); // the token sums are really tested on non-zero values
  });

  it("render prints a header for each message of the result, in order, then the result", () => {
    saved.forEach((s, i) => {
      const path = join(dir, `render-${i}.json`);
      writeFileSync(path, pythonDump(s.document));
      const r = cli(["render", path]);
      expect(r.status, `${s.name}: ${r.stderr}`).toBe(0);
      // Console's header line: `---------- <Kind> (<source>) ----------` (a Response's own block: `---------- <source> ----------`).
      let from = 0;
      for (const [j, m] of s.messages.entries()) {
        if (m.type === "UserInputRequestedEvent") continue; // Console prints nothing for it (autogen_agentchat/ui/_console.py)
        const last = j === s.messages.length - 1 && s.name.endsWith("Response");
        const header = last ? `---------- ${m.source} ----------` : `---------- ${m.type.replace(/^StructuredMessage\[.*\]$/, "StructuredMessage")}`;
        const at = r.stdout.indexOf(header, from);
        expect(at, `${s.name}: message ${j} (${m.type}) in\n${r.stdout.slice(0, 800)}`).toBeGreaterThanOrEqual(from);
        from = at + header.length;
      }
    });
  });

  it("a result after its own streamed messages prints and counts them once (the stream's JSON Lines)", () => {
    const s = saved.find((x) => x.name.endsWith("TaskResult") && x.messages.length >= 2)!;
    const path = join(dir, "stream.jsonl");
    writeFileSync(path, [...s.messages, s.document].map((v) => JSON.stringify(v)).join("\n") + "\n");
    const r = cli(["stats", path]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Messages: ${s.messages.length} (`);
    const text = cli(["render", path]).stdout;
    const first = `---------- ${s.messages[1]!.type}`;
    expect(text.split(first).length - 1).toBe(s.messages.filter((m) => m.type === s.messages[1]!.type).length);
  });
});
