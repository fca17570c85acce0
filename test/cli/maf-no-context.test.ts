/**
 * `convert --to maf` of a saved state whose agents hold no model context (issue 34.5): a
 * `CodeExecutorAgent` or `UserProxyAgent` saves a bare `BaseState`, which has nothing a MAF session
 * could carry. That is not an invalid input: the command converts what the state does hold (a
 * session per AssistantAgent), names each agent that had nothing to carry on stderr, and exits 0.
 * Through the built bin as a process (every recorded state in this process, through `main`), on the
 * states recorded from Python AutoGen 0.7.5, as
 * `json.dump(state, f, indent=2)` writes them; the expected sessions and agents are read from the
 * recorded JSON itself.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtBin } from "../helpers/dist.js";
import { runCli } from "./helpers.js";

let bin: string;
beforeAll(() => {
  bin = builtBin();
}, 300_000);
const dir = mkdtempSync(join(tmpdir(), "agentchat-maf-no-context-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Json = Record<string, any>;
const RECORDS = readFileSync(new URL("../fixtures/autogen-teams/state.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as { name: string; states: { kind: string; state: Json }[] });
const stateOf = (scenario: string, kind: string) => RECORDS.find((r) => r.name === scenario)!.states.find((s) => s.kind === kind)!.state;

let n = 0;
const file = (content: string | Buffer, ext = "json") => {
  const path = join(dir, `state${n++}.${ext}`);
  writeFileSync(path, content);
  return path;
};
const convert = (...args: string[]) => {
  const r = spawnSync(process.execPath, [bin, "convert", "--to", "maf", ...args], { encoding: "utf8", timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const sessions = (out: string) => out.trimEnd().split("\n").filter(Boolean).map((l) => JSON.parse(l) as { type: string; session_id: string });

describe("convert --to maf of a state with nothing to carry over", { timeout: 120_000 }, () => {
  it("a CodeExecutorAgent's own state (BaseState): no session, one note naming it, exit 0", () => {
    const state = stateOf("code-executor/model-retry", "agent");
    expect(state).toEqual({ type: "BaseState", version: "1.0.0" });
    for (const content of [JSON.stringify(state, null, 2), gzipSync(JSON.stringify(state, null, 2))]) {
      const r = convert(file(content));
      expect([r.code, r.out]).toEqual([0, ""]);
      expect(r.err).toBe("document: BaseState has no model context to carry over (as a CodeExecutorAgent or UserProxyAgent saves); no session written\n");
    }
  });

  it("a team with a code executor: the AssistantAgent's session, the executor named (exit 0)", () => {
    const team = stateOf("code-executor/no-model", "team");
    const participants = Object.entries(team.agent_states as Json).filter(([, v]) => v.agent_state);
    const assistants = participants.filter(([, v]) => v.agent_state.type === "AssistantAgentState").map(([k]) => k);
    const bare = participants.filter(([, v]) => v.agent_state.type === "BaseState").map(([k]) => k);
    expect([assistants.length, bare.length]).toEqual([1, 1]);
    const r = convert(file(JSON.stringify(team, null, 2)));
    expect(r.code).toBe(0);
    expect(sessions(r.out).map((s) => [s.type, s.session_id])).toEqual([["session", assistants[0]]]);
    expect(r.err).toBe(`document: agent "${bare[0]}" (BaseState at agent_states.${bare[0]}.agent_state) has no model context to carry over (as a CodeExecutorAgent or UserProxyAgent saves); no session written\n`);
    // --as the executor: nothing to write, said so, exit 0; --as the assistant: its session, no note.
    const asBare = convert("--as", bare[0]!, file(JSON.stringify(team, null, 2)));
    expect([asBare.code, asBare.out]).toEqual([0, ""]);
    expect(asBare.err).toContain(`agent "${bare[0]}" (BaseState at `);
    const asAssistant = convert("--as", assistants[0]!, file(JSON.stringify(team, null, 2)));
    expect([asAssistant.code, asAssistant.err, sessions(asAssistant.out).length]).toEqual([0, "", 1]);
  });

  // In this process (`main`, as the bin runs it): a hundred and more states.
  it("every recorded state converts with exit 0: one session per AssistantAgentState, one note per agent without a model context", async () => {
    let notes = 0;
    for (const record of RECORDS) {
      for (const { kind, state } of record.states) {
        // Read from the JSON: every AssistantAgentState, and every agent state that is neither that, a team nor a SocietyOfMindAgent.
        let assistants = 0;
        let bare = 0;
        const visit = (s: Json) => {
          if (s.agent_states) for (const v of Object.values(s.agent_states as Json)) if (v.agent_state) visit(v.agent_state);
          if (s.inner_team_state) visit(s.inner_team_state);
          if (s.type === "AssistantAgentState") assistants++;
          else if (!s.agent_states && !s.inner_team_state && !s.message_thread) bare++;
        };
        visit(state);
        const r = await runCli(["convert", "--to", "maf", file(JSON.stringify(state, null, 2))]);
        expect(r.code, `${record.name} ${kind}`).toBe(0);
        expect(sessions(r.out).length, `${record.name} ${kind}`).toBe(assistants);
        expect(r.err.match(/has no model context to carry over/g)?.length ?? 0, `${record.name} ${kind}`).toBe(bare);
        notes += bare;
      }
    }
    expect(notes).toBeGreaterThanOrEqual(8);
  });
});
