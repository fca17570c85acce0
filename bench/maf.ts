/**
 * `npm run bench:maf`: a 10,000-message MAF `AgentSession` (the history messages of the recorded
 * `Agent.run` sessions in test/fixtures/maf/sessions.jsonl, repeated: text, tool calls and results,
 * images, reasoning, approvals, usage) read with `loadMaf` and written back with `dumpMafJson`,
 * against `JSON.parse` / `JSON.stringify` of the same text in alternated batches in one process
 * (the ratio holds on a shared machine). Writes its section of BENCHMARKS.md.
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { isDeepStrictEqual } from "node:util";
import { do_not_optimize } from "mitata";
import { dumpMaf, dumpMafJson, loadMaf } from "../src/maf/index.js";
import { mafJsonText } from "../src/maf/json.js";
import { floorLoad } from "./maf-floor.js";
import { writeSection } from "./write-section.js";

const startLoad = loadavg()[0]!;
const N = 10_000;
const recorded = readFileSync(new URL("../test/fixtures/maf/sessions.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .flatMap((l) => (JSON.parse(l) as { session: { state: { in_memory: { messages: unknown[] } } } }).session.state.in_memory.messages);
const messages = Array.from({ length: N }, (_, i) => recorded[i % recorded.length]);
// The text MAF itself writes for such a session (json.dumps of to_dict()).
const text = dumpMafJson(loadMaf({ type: "session", session_id: "bench", service_session_id: null, state: { in_memory: { messages } } }, "AgentSession"));
const parsed = JSON.parse(text) as unknown;
const session = loadMaf(parsed, "AgentSession");
if (dumpMafJson(session) !== text) throw new Error("bench: the session does not round-trip");
// The floors (bench/maf-floor.ts) must give what the library gives.
if (!isDeepStrictEqual(floorLoad(JSON.parse(text) as Record<string, unknown>), session)) throw new Error("bench: the load floor differs from loadMaf");
const dumped = dumpMaf(session);
if (mafJsonText(dumped) !== text) throw new Error("bench: the dump floor differs from dumpMafJson");

/** Per-run milliseconds of a batch of `n` consecutive runs. */
function batch(fn: () => unknown, n: number): number {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) do_not_optimize(fn());
  return (performance.now() - t0) / n;
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;

/** Median ms of `fn` and `base`, and the median of their per-round ratios, over alternated rounds. */
function compare(fn: () => unknown, base: () => unknown): { ms: number; baseMs: number; ratio: number } {
  for (let i = 0; i < 3; i++) batch(fn, 3), batch(base, 3);
  const ts: number[] = [];
  const bs: number[] = [];
  for (let r = 0; r < 15; r++) {
    if (r % 2 === 0) bs.push(batch(base, 5)), ts.push(batch(fn, 5));
    else ts.push(batch(fn, 5)), bs.push(batch(base, 5));
  }
  return { ms: median(ts), baseMs: median(bs), ratio: median(ts.map((t, i) => t / bs[i]!)) };
}

const parse = () => JSON.parse(text) as unknown;
const load = compare(() => loadMaf(JSON.parse(text), "AgentSession"), parse);
const loadOnly = compare(() => loadMaf(parsed, "AgentSession"), parse);
const dump = compare(() => dumpMafJson(session), () => JSON.stringify(parsed));
const loadFloor = compare(() => floorLoad(JSON.parse(text) as Record<string, unknown>), parse);
// No JavaScript writer beats the native one on the same tree; the byte writer alone is the floor of Python's text.
const stringifyDumped = compare(() => JSON.stringify(dumped), () => JSON.stringify(parsed));
const dumpFloor = compare(() => mafJsonText(dumped), () => JSON.stringify(parsed));

const f = (n: number) => n.toFixed(1);
const md = `## Microsoft Agent Framework sessions (\`agentchat-messages/maf\`)

\`npm run bench:maf\` (bench/maf.ts): a ${N.toLocaleString("en")}-message MAF \`AgentSession\` (${(text.length / 1e6).toFixed(1)} MB of the text MAF
writes; the history messages of the recorded \`Agent.run\` sessions, repeated), 15 alternated rounds of 5 runs,
medians (Node ${process.version}). Target: \`loadMaf\` within 1.5× \`JSON.parse\` of the same text: \`loadMaf\` takes the
parsed value, so its own cost is the second row; the first is the whole read from text. Measured on a 2-core machine
shared with other jobs (load average ${startLoad.toFixed(1)} when it started): between runs the ratios move by up to ±0.5×.

| | ms per run | baseline | ratio |
|---|---|---|---|
| \`loadMaf(JSON.parse(text), "AgentSession")\` vs \`JSON.parse(text)\` | ${f(load.ms)} | ${f(load.baseMs)} | ${load.ratio.toFixed(2)}× |
| \`loadMaf(parsed, "AgentSession")\` alone vs \`JSON.parse(text)\` | ${f(loadOnly.ms)} | ${f(loadOnly.baseMs)} | ${loadOnly.ratio.toFixed(2)}× |
| \`dumpMafJson(session)\` (Python's \`json.dumps\` text) vs \`JSON.stringify(parsed)\` | ${f(dump.ms)} | ${f(dump.baseMs)} | ${dump.ratio.toFixed(2)}× |
| floor of the read: \`JSON.parse\`, then a shaped copy with no checks (bench/maf-floor.ts) vs \`JSON.parse(text)\` | ${f(loadFloor.ms)} | ${f(loadFloor.baseMs)} | ${loadFloor.ratio.toFixed(2)}× |
| floor of the write: the byte writer alone on the dumped tree (no walk, no checks) vs \`JSON.stringify(parsed)\` | ${f(dumpFloor.ms)} | ${f(dumpFloor.baseMs)} | ${dumpFloor.ratio.toFixed(2)}× |
| \`JSON.stringify\` of the dumped tree (not Python's text; what no JavaScript writer beats) vs \`JSON.stringify(parsed)\` | ${f(stringifyDumped.ms)} | ${f(stringifyDumped.baseMs)} | ${stringifyDumped.ratio.toFixed(2)}× |

\`loadMaf\` validates every message and content as MAF's \`from_dict\` does and builds a fresh value in
\`to_dict()\`'s key order (sharing nothing with its input); \`dumpMafJson\` re-checks the value, then writes
Python's text (\`", "\` / \`": "\` separators, every non-ASCII character escaped).`;
console.log(md);
writeSection("maf", md);
