/**
 * Records the MAF judge's verdicts on the sessions `toMafSessions` makes from every saved AutoGen
 * state in test/fixtures/autogen-teams/state.jsonl, into test/fixtures/maf/judge-verdicts.jsonl
 * (one line per AssistantAgentState: the exact session text fed to the judge, `dumpMafJson` of the
 * session, and the judge's verdict line, unedited). test/maf/convert-judged.test.ts holds the converter to those sessions.
 *
 * Needs the judge's environment (docs/maf-migration.md, "Judging"):
 *   export MAF_SRC=… ; source ../shared/maf-judge/env.sh   # or the path of shared/maf-judge
 *   npx tsx scripts/record-maf-verdicts.ts [path/to/judge_session.py]
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dumpMafJson, toMafSessions } from "../src/maf/index.js";

const judge = process.argv[2] ?? process.env.MAF_JUDGE_DIR + "/judge_session.py";
const states = readFileSync("test/fixtures/autogen-teams/state.jsonl", "utf8").trim().split("\n").map((l) => JSON.parse(l));

const candidates: Array<{ id: string; scenario: string; state: string; path: Array<string | number>; agent: string | null; sessionText: string }> = [];
for (const record of states) {
  for (const s of record.states) {
    for (const { agent, path, session } of toMafSessions(s.state, { sessionId: ({ path }) => [record.name, s.name, ...path].join("/") })) {
      candidates.push({ id: session.session_id, scenario: record.name, state: s.name, path: [...path], agent, sessionText: dumpMafJson(session) });
    }
  }
}
const input = candidates.map((c) => `{"id": ${JSON.stringify(c.id)}, "session": ${c.sessionText}}\n`).join("");
const run = spawnSync("python3", [judge], { input, encoding: "utf8", maxBuffer: 1 << 28 });
if (run.status !== 0) throw new Error(`judge failed (${run.status}): ${run.stderr}`);
const verdicts = run.stdout.trim().split("\n");
if (verdicts.length !== candidates.length) throw new Error(`judge gave ${verdicts.length} verdicts for ${candidates.length} sessions`);
const lines = candidates.map((c, i) => {
  const verdict = JSON.parse(verdicts[i]!);
  if (verdict.id !== c.id) throw new Error(`verdict ${i} is for ${verdict.id}, not ${c.id}`);
  return JSON.stringify({ id: c.id, scenario: c.scenario, state: c.state, path: c.path, agent: c.agent, session_text: c.sessionText, verdict });
});
writeFileSync("test/fixtures/maf/judge-verdicts.jsonl", lines.join("\n") + "\n");
const pass = (k: string) => verdicts.filter((v) => JSON.parse(v)[k] === true).length;
console.log(`${candidates.length} sessions judged: loads ${pass("loads")}, roundtrip_equal ${pass("roundtrip_equal")}, roundtrip_same_key_order ${pass("roundtrip_same_key_order")}, continues ${pass("continues")}`);
