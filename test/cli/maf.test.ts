/**
 * The CLI on Microsoft Agent Framework documents: `convert --to maf` (a run → MAF messages, a saved
 * state → one AgentSession per AssistantAgent, `--as` → one session), and `validate`, `render`,
 * `render --html` and `stats` on MAF files, pretty-printed ones included.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { dumpMaf, loadMaf } from "../../src/maf/index.js";
import { jsonl, runCli } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "agentchat-cli-maf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fixture = (f: string) => fileURLToPath(new URL(`../fixtures/${f}`, import.meta.url));
const readJsonl = (f: string): any[] => readFileSync(fixture(f), "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const recorded = readJsonl("maf/sessions.jsonl").find((r) => r.scenario === "tool_single")!;
const nested = readJsonl("autogen-teams/state.jsonl").find((r) => r.name === "round-robin/nested-team")!.states[0].state;

const run = [
  { type: "TextMessage", id: "t", source: "user", content: "Weather in Paris?" },
  { type: "ToolCallRequestEvent", id: "r", source: "bot", content: [{ id: "c1", name: "weather", arguments: '{"city": "Paris"}' }] },
  { type: "ToolCallExecutionEvent", id: "e", source: "bot", content: [{ content: "sunny", name: "weather", call_id: "c1", is_error: false }] },
  { type: "TextMessage", id: "a", source: "bot", content: "Sunny." },
];

describe("convert --to maf", () => {
  it("a run: one MAF Message per line, in MAF's own text", async () => {
    const r = await runCli(["convert", "--to", "maf", write("run.jsonl", jsonl(run))]);
    expect([r.code, r.err]).toEqual([0, ""]);
    const lines = r.out.trimEnd().split("\n");
    expect(lines.map((l) => JSON.parse(l).role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(lines[1]).toBe('{"type": "message", "role": "assistant", "contents": [{"type": "function_call", "call_id": "c1", "name": "weather", "arguments": "{\\"city\\": \\"Paris\\"}", "additional_properties": {}}], "author_name": "bot", "message_id": "r", "additional_properties": {}}');
  });

  it("a pretty-printed team state: one AgentSession per AssistantAgent, named by its place in the team", async () => {
    const r = await runCli(["convert", "--to", "maf", write("team_state.json", JSON.stringify(nested, null, 2))]);
    expect([r.code, r.err]).toEqual([0, ""]);
    const sessions = r.out.trimEnd().split("\n").map((l) => JSON.parse(l));
    expect(sessions.map((s) => s.session_id)).toEqual(["assistant_vector/weather_tool_context", "assistant_vector/error_vector", "agent_python"]);
    const writer = nested.agent_states.agent_python.agent_state.llm_context.messages;
    expect(sessions[2].state.in_memory.messages).toHaveLength(writer.length);
    // Each line is a session loadMaf reads, written back exactly.
    for (const line of r.out.trimEnd().split("\n")) expect(JSON.stringify(dumpMaf(loadMaf(JSON.parse(line), "AgentSession")))).toBe(JSON.stringify(JSON.parse(line)));
  });

  it("--as <agent>: that agent's model context as one session", async () => {
    const r = await runCli(["convert", "--to", "maf", "--as", "bot"], { stdin: jsonl(run) });
    expect(r.code).toBe(0);
    const session = JSON.parse(r.out);
    expect(session.session_id).toBe("bot");
    expect(session.state.in_memory.messages.map((m: any) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
  });

  it("--as <agent> on a team state: that agent's session only", async () => {
    const r = await runCli(["convert", "--to", "maf", "--as", "agent_python", write("team_state_as.json", JSON.stringify(nested, null, 2))]);
    expect([r.code, r.err]).toEqual([0, ""]);
    const lines = r.out.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    const session = JSON.parse(lines[0]!);
    expect(session.session_id).toBe("agent_python");
    expect(session.state.in_memory.messages).toHaveLength(nested.agent_states.agent_python.agent_state.llm_context.messages.length);
  });

  it("--as <agent> that is not there: exit 2, naming the agents there are (run or state)", async () => {
    const run2 = await runCli(["convert", "--to", "maf", "--as", "nobody"], { stdin: jsonl(run) });
    expect([run2.code, run2.out]).toEqual([2, ""]);
    expect(run2.err).toContain('no agent "nobody" in the run');
    expect(run2.err).toContain("The agents in the run: user, bot.");
    const state = await runCli(["convert", "--to", "maf", "--as", "nobody", write("team_state_none.json", JSON.stringify(nested))]);
    expect(state.code).toBe(2);
    expect(state.err).toContain("agent_python");
  });

  it("an invalid state is reported with its path; exit 1", async () => {
    const bad = structuredClone(nested);
    bad.agent_states.agent_python.agent_state.llm_context.messages[0].source = 42;
    const r = await runCli(["convert", "--to", "maf"], { stdin: JSON.stringify(bad) });
    expect(r.code).toBe(1);
    expect(r.err).toContain("agent_states.agent_python.agent_state.llm_context.messages[0].source: expected string, got number 42");
  });
});

describe("MAF documents in validate, render, stats", () => {
  const session = write("session.json", JSON.stringify(recorded.session, null, 2));

  it("validate counts a valid session; a broken one is reported with its path", async () => {
    const ok = await runCli(["validate", session]);
    expect([ok.code, ok.out]).toEqual([0, "1 item: 1 valid, 0 invalid\nValid items per kind:\n  MAF AgentSession  1\n"]);
    const broken = structuredClone(recorded.session);
    broken.state.in_memory.messages[1].contents[0].callId = "x";
    const bad = await runCli(["validate"], { stdin: JSON.stringify(broken) });
    expect(bad.code).toBe(1);
    expect(bad.err).toContain("line 1: AgentSession: state.in_memory.messages[1].contents[0].callId: Content has no field \"callId\"");
  });

  it("render shows the session's messages as the Console does", async () => {
    const r = await runCli(["render", session]);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      "---------- TextMessage (user) ----------\nWhat's the weather in Paris?\n" +
        "---------- ToolCallRequestEvent (weather_bot) ----------\n[FunctionCall(id='call_1', arguments='{\"city\": \"Paris\"}', name='get_weather')]\n" +
        "---------- ToolCallExecutionEvent (weather_bot) ----------\n[FunctionExecutionResult(content='Sunny, 22°C in Paris', name='get_weather', call_id='call_1', is_error=False)]\n" +
        "---------- TextMessage (weather_bot) ----------\nIt is sunny in Paris.\n",
    );
  });

  it("render --html draws one card per message; stats counts them", async () => {
    const html = await runCli(["render", "--html", session]);
    expect(html.code).toBe(0);
    expect(html.out.match(/<article /g)).toHaveLength(4);
    expect(html.out).toContain("It is sunny in Paris.");
    const stats = await runCli(["stats", session]);
    expect(stats.out).toContain("Messages: 4 (2 chat messages, 2 events)\nResults: MAF AgentSession 1\n");
  });

  it("a broken first line that is not a whole document stays a syntax error, the rest is read as JSON Lines", async () => {
    const r = await runCli(["validate"], { stdin: `{"type": "TextMessage",\n${JSON.stringify(run[0])}\n` });
    expect(r.code).toBe(1);
    expect(r.out).toContain("2 items: 1 valid, 1 invalid");
  });
});
