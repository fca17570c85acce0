/**
 * `npm run bench:context`: `toModelContext` over the 10,000-message transcript (as the agent
 * "assistant"; every item validated and replayed) next to `JSON.parse` of the same payload, in
 * alternated batches in one process (the ratio holds on a shared machine). Writes its section
 * of BENCHMARKS.md.
 */
import { readFileSync } from "node:fs";
import { do_not_optimize } from "mitata";
import { toModelContext } from "../src/context/index.js";
import { writeSection } from "./write-section.js";

const text = readFileSync(new URL("./data/transcript-10k.json", import.meta.url), "utf8");
const parsed = JSON.parse(text) as unknown[];
const agent = "assistant";
const run = () => toModelContext(JSON.parse(text) as unknown[], { agent });
const base = () => JSON.parse(text) as unknown;
// With a team config: a RoundRobinGroupChat of the transcript's six agents, on the transcript without its
// SelectSpeakerEvents (which would switch the replay off), so that every item goes through the turn replay.
// A selector picked the recorded order, so only the time is compared, not the context.
const speakers = ["planner", "coder", "executor", "critic", "web_surfer", "assistant"];
const team = { provider: "autogen_agentchat.teams.RoundRobinGroupChat", config: { participants: speakers.map((name) => ({ provider: "autogen_agentchat.agents.AssistantAgent", config: { name } })) } };
const isEvent = (m: unknown) => (m as { type?: string }).type === "SelectSpeakerEvent";
const runTeam = () => toModelContext((JSON.parse(text) as unknown[]).filter((m) => !isEvent(m)), { agent, team });
const runNoEvents = () => toModelContext((JSON.parse(text) as unknown[]).filter((m) => !isEvent(m)), { agent });

/** Per-run milliseconds of a batch of `n` consecutive runs. */
function batch(fn: () => unknown, n: number): number {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) do_not_optimize(fn());
  return (performance.now() - t0) / n;
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;

for (let i = 0; i < 3; i++) batch(run, 3), batch(base, 3), batch(runTeam, 3), batch(runNoEvents, 3);
const ts: number[] = [];
const bs: number[] = [];
const teamTs: number[] = [];
const plainTs: number[] = [];
for (let r = 0; r < 15; r++) {
  if (r % 2 === 0) bs.push(batch(base, 5)), ts.push(batch(run, 5)), plainTs.push(batch(runNoEvents, 5)), teamTs.push(batch(runTeam, 5));
  else teamTs.push(batch(runTeam, 5)), plainTs.push(batch(runNoEvents, 5)), ts.push(batch(run, 5)), bs.push(batch(base, 5));
}
const ratio = median(ts.map((t, i) => t / bs[i]!));
const teamRatio = median(teamTs.map((t, i) => t / plainTs[i]!));
const context = run();
const line = (s: string) => console.log(s);
const md = `## Model context from a run: \`toModelContext\`

\`npm run bench:context\` (bench/context.ts): the ${parsed.length.toLocaleString("en")}-message transcript (${(text.length / 1e6).toFixed(1)} MB)
parsed and replayed as the agent \`${agent}\` (every item validated through \`load\`, then the delivery and turn
rules), against \`JSON.parse\` of the same text, 15 alternated rounds of 5 runs, medians (Node ${process.version}).

| | ms per run |
|---|---|
| \`JSON.parse\` (baseline) | ${median(bs).toFixed(1)} |
| \`toModelContext(JSON.parse(text), { agent })\` | ${median(ts).toFixed(1)} |
| ratio (median of per-round ratios) | ${ratio.toFixed(2)}× |
| without its \`SelectSpeakerEvent\`s, \`{ agent }\` | ${median(plainTs).toFixed(1)} |
| the same with \`team\` (a \`RoundRobinGroupChat\` config: every item through the turn replay) | ${median(teamTs).toFixed(1)} |
| ratio with / without \`team\` (median of per-round ratios) | ${teamRatio.toFixed(2)}× |

The result holds ${context.length.toLocaleString("en")} LLM messages. Validation (\`load\` of each item) is most of the time;
the replay itself is one pass over the items, and the team's speaker replay (\`team\`) another check per item.`;
line(md);
writeSection("context", md);
