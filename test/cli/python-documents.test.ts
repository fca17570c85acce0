/**
 * The CLI takes documents as Python writes them (issue 27.2): one JSON document, pretty-printed by
 * `json.dump(obj, f, indent=2)` or not, as well as JSON Lines and arrays; gzip input; saved states
 * (`team.save_state()`) and component configs (`team.dump_component()`) recognised by `validate`,
 * `render` (text and `--html`) and `stats`, which say which they found; `-o` written only when the
 * command ran; `convert --as` with an agent not in the run exits 2 listing the agents.
 *
 * The states and configs are the golden fixtures recorded from Python AutoGen 0.7.5
 * (test/fixtures/autogen-teams), written here as Python's `json.dump` writes them.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { jsonl, runCli } from "./helpers.js";

const FIXTURES = new URL("../fixtures/autogen-teams/", import.meta.url);
const dir = mkdtempSync(join(tmpdir(), "agentchat-cli-documents-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Json = Record<string, unknown>;
interface StateRecord {
  name: string;
  states: { name: string; kind: string; state: Json; state_types: { path: string; type: string }[] }[];
}
interface ComponentRecord {
  name: string;
  components: { name: string; kind: string; component: Json }[];
}
const read = <T>(file: string): T[] =>
  readFileSync(new URL(file, FIXTURES), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as T);
const STATES = read<StateRecord>("state.jsonl");
const COMPONENTS = read<ComponentRecord>("components.jsonl");

/** What Python's `json.dump(obj, f, indent=2)` writes: `ensure_ascii` escapes, `": "` and `","` separators. */
function pythonDump(value: unknown, indent?: number): string {
  const text = indent === undefined ? JSON.stringify(value, null, 1).replace(/\n\s*/g, " ").replace(/([[{]) /g, "$1").replace(/ ([\]}])/g, "$1") : JSON.stringify(value, null, indent);
  return text.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

let n = 0;
function file(text: string | Buffer, name = `doc${n++}.json`): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const teamState = (scenario: string) => STATES.find((r) => r.name === scenario)!.states.find((s) => s.kind === "team")!.state;
const teamConfig = (scenario: string) => COMPONENTS.find((r) => r.name === scenario)!.components.find((c) => c.kind === "team")!.component;

describe("validate: saved states and component configs, as json.dump writes them", () => {
  it("every recorded state, pretty-printed (indent=2) and on one line, is one valid saved state of its class", async () => {
    let checked = 0;
    for (const record of STATES) {
      for (const s of record.states) {
        const type = s.state_types.find((t) => t.path === "$")!.type;
        for (const text of [pythonDump(s.state, 2), pythonDump(s.state)]) {
          const r = await runCli(["validate", file(text)]);
          expect(r.err, `${record.name} ${s.name}`).toBe("");
          expect(r.code).toBe(0);
          expect(r.out).toBe(`1 item: 1 valid, 0 invalid\nValid items per kind:\n  ${type} (saved state)  1\n`);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it("every recorded component config, pretty-printed, is one valid component config of its provider", async () => {
    for (const record of COMPONENTS) {
      // A class Python cannot dump (an `error` recorded instead) has no config to read.
      for (const c of record.components.filter((x) => x.component !== null)) {
        const r = await runCli(["validate", file(pythonDump(c.component, 2))]);
        expect(r.err, `${record.name} ${c.name}`).toBe("");
        expect(r.code).toBe(0);
        expect(r.out).toBe(`1 item: 1 valid, 0 invalid\nValid items per kind:\n  ${String(c.component.provider)} (component config)  1\n`);
      }
    }
  });

  it("an invalid state is one invalid document, its error at the path inside the state", async () => {
    const state = structuredClone(teamState("round-robin/user-proxy")) as { agent_states: Record<string, { message_thread?: Json[] }> };
    const manager = Object.keys(state.agent_states).find((k) => state.agent_states[k]!.message_thread)!;
    state.agent_states[manager]!.message_thread![1]!.source = 42;
    const r = await runCli(["validate", file(pythonDump(state, 2))]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`document: TeamState: agent_states.${manager}.message_thread[1].source: expected string, got number 42`);
    expect(r.out).toMatch(/^1 item: 0 valid, 1 invalid\n/);
    const json = await runCli(["validate", "--format", "json", file(pythonDump(state, 2))]);
    expect(JSON.parse(json.out.split("\n")[0]!)).toMatchObject({ report: "invalid", document: true, type: "TeamState" });
  });

  it("a pretty-printed message, TaskResult and array; JSON Lines with a bad first line stay JSON Lines", async () => {
    const message = { type: "TextMessage", source: "writer", content: "Hello — ünïcode" };
    const r = await runCli(["validate", file(pythonDump(message, 2))]);
    expect([r.code, r.out]).toEqual([0, "1 item: 1 valid, 0 invalid\nValid items per kind:\n  TextMessage  1\n"]);
    const result = await runCli(["validate", file(pythonDump({ messages: [message, message], stop_reason: null }, 4))]);
    expect(result.out).toBe("1 item: 1 valid, 0 invalid\nValid items per kind:\n  TaskResult  1\n");
    const array = await runCli(["validate", file(pythonDump([message, teamConfig("round-robin/user-proxy")], 2))]);
    const label = "autogen_agentchat.teams.RoundRobinGroupChat (component config)";
    expect(array.out).toBe(`2 items: 2 valid, 0 invalid\nValid items per kind:\n  ${"TextMessage".padEnd(label.length)}  1\n  ${label}  1\n`);
    const lines = await runCli(["validate", file(`{"type": "TextMessage",\n${JSON.stringify(message)}\n`)]);
    expect(lines.code).toBe(1);
    expect(lines.err).toMatch(/^line 1: not valid JSON/);
    expect(lines.out).toMatch(/^2 items: 1 valid, 1 invalid\n/);
  });
});

describe("gzip input", () => {
  it("a gzip file is read as what it holds: JSON Lines, a pretty-printed state", async () => {
    const run = jsonl([{ type: "TextMessage", source: "user", content: "hi" }, { type: "TextMessage", source: "writer", content: "yo" }]);
    const r = await runCli(["validate", file(gzipSync(run), "run.jsonl.gz")]);
    expect([r.code, r.out]).toEqual([0, "2 items: 2 valid, 0 invalid\nValid items per kind:\n  TextMessage  2\n"]);
    const s = await runCli(["stats", file(gzipSync(pythonDump(teamState("round-robin/user-proxy"), 2)), "state.json.gz")]);
    expect(s.code).toBe(0);
    expect(s.out).toMatch(/^Found: TeamState \(saved state\) 1\n/);
  });

  it("a damaged or cut gzip file is an input error (exit 2)", async () => {
    const r = await runCli(["validate", file(gzipSync("{}\n").subarray(0, 12), "bad.gz")]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^agentchat-messages: .*bad\.gz is cut off: its gzip stream ends early/);
    const damaged = Buffer.concat([gzipSync("{}\n").subarray(0, 10), Buffer.alloc(20, 0xff)]);
    const d = await runCli(["validate", file(damaged, "bad2.gz")]);
    expect(d.code).toBe(2);
    expect(d.err).toMatch(/^agentchat-messages: cannot read .*bad2\.gz: not a valid gzip stream/);
  });
});

/** The messages of a team state's manager thread, from the recorded JSON itself. */
function managerThread(state: Json): { type: string; source: string; content: unknown; id: string; models_usage?: { prompt_tokens: number } | null }[] {
  const agents = (state as { agent_states: Record<string, { message_thread?: never[] }> }).agent_states;
  return Object.values(agents).find((a) => a.message_thread)!.message_thread!;
}

describe("render and stats of a saved state and a component config", () => {
  const state = teamState("round-robin/user-proxy");
  const config = teamConfig("round-robin/user-proxy");

  it("render: a state's threads with their messages as the Console prints them, saying what it is", async () => {
    const r = await runCli(["render", file(pythonDump(state, 2))]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^TeamState \(saved state\): \d+ threads\n/);
    const thread = managerThread(state);
    expect(thread.length).toBeGreaterThan(2);
    const console = thread.map((m) => `---------- ${m.type} (${m.source}) ----------\n${String(m.content)}\n`).join("");
    expect(r.out).toContain(`(${thread.length} messages) ====\n${console}`);
  });

  it("render: a component config as the outline of its components", async () => {
    const r = await runCli(["render", file(pythonDump(config, 2))]);
    expect(r.code).toBe(0);
    const lines = r.out.split("\n");
    expect(lines[0]).toBe(`${String(config.provider)} (component config)`);
    expect(lines[1]).toBe(`${String(config.provider)} [team] name="${String((config.config as Json).name)}"`);
    const participants = (config.config as { participants: { provider: string; config: { name: string } }[] }).participants;
    participants.forEach((p, i) => expect(lines).toContain(`  participants[${i}]: ${p.provider} [agent] name="${p.config.name}"`));
  });

  it("render --html: the page is titled with what was found and shows the state's messages", async () => {
    const r = await runCli(["render", "--html", file(pythonDump(state, 2), "team_state.json")]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("<title>team_state.json: TeamState (saved state)</title>");
    for (const m of managerThread(state)) expect(r.out).toContain(String(m.content));
    const c = await runCli(["render", "--html", file(pythonDump(config, 2), "team.json")]);
    expect(c.out).toContain("<title>team.json: autogen_agentchat.teams.RoundRobinGroupChat (component config)</title>");
  });

  it("stats: what was found, the state's messages counted once, its token usage", async () => {
    const r = await runCli(["stats", file(pythonDump(state, 2))]);
    expect(r.code).toBe(0);
    const thread = managerThread(state);
    const prompt = thread.reduce((n, m) => n + (m.models_usage?.prompt_tokens ?? 0), 0);
    expect(r.out).toMatch(new RegExp(`^Found: TeamState \\(saved state\\) 1\\nMessages: ${thread.length} \\(`));
    expect(r.out).toContain(`Tokens: ${prompt} prompt, `);
    const c = await runCli(["stats", file(pythonDump(config, 2))]);
    expect(c.out).toMatch(/^Found: autogen_agentchat\.teams\.RoundRobinGroupChat \(component config\) 1\n/);
    expect(c.out).toContain("  autogen_agentchat.agents.UserProxyAgent ");
  });
});

describe("-o writes only when the command ran", () => {
  it("an input error leaves no file behind, and an existing file untouched", async () => {
    const out = join(dir, "page.html");
    const missing = await runCli(["render", "--html", join(dir, "no-such-run.jsonl"), "-o", out]);
    expect(missing.code).toBe(2);
    expect(existsSync(out)).toBe(false);
    writeFileSync(out, "earlier page");
    const notJson = await runCli(["render", "--html", file("not json at all"), "-o", out]);
    expect(notJson.code).toBe(2);
    expect(readFileSync(out, "utf8")).toBe("earlier page");
    const ok = await runCli(["render", "--html", file(pythonDump(teamState("round-robin/user-proxy"), 2)), "-o", out]);
    expect(ok.code).toBe(0);
    expect(readFileSync(out, "utf8")).toMatch(/^<!doctype html>/);
    expect(readdirSync(dir).filter((f) => f.includes("partial"))).toEqual([]);
  });
});

describe("convert --as an agent that is not in the run", () => {
  const run = jsonl([
    { type: "TextMessage", source: "user", content: "Plan a trip" },
    { type: "TextMessage", source: "planner", content: "Day 1: Oslo" },
    { messages: [{ type: "TextMessage", source: "critic", content: "Too short" }], stop_reason: null },
  ]);
  it.each(["openai", "anthropic", "gemini", "ai-sdk"])("--to %s exits 2 naming the agents in the run", async (to) => {
    const r = await runCli(["convert", "--to", to, "--as", "planer", file(run, `run-${to}.jsonl`)]);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toBe('agentchat-messages: no agent "planer" in the run (--as names the source of an agent\'s messages).\nThe agents in the run: user, planner, critic.\n');
    const ok = await runCli(["convert", "--to", to, "--as", "planner", file(run, `run-${to}-ok.jsonl`)]);
    expect(ok.code).toBe(0);
  });
});
