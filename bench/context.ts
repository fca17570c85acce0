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

/** Per-run milliseconds of a batch of `n` consecutive runs. */
function batch(fn: () => unknown, n: number): number {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) do_not_optimize(fn());
  return (performance.now() - t0) / n;
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;

for (let i = 0; i < 3; i++) batch(run, 3), batch(base, 3);
const ts: number[] = [];
const bs: number[] = [];
for (let r = 0; r < 15; r++) {
  if (r % 2 === 0) bs.push(batch(base, 5)), ts.push(batch(run, 5));
  else ts.push(batch(run, 5)), bs.push(batch(base, 5));
}
const ratio = median(ts.map((t, i) => t / bs[i]!));
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

The result holds ${context.length.toLocaleString("en")} LLM messages. Validation (\`load\` of each item) is most of the time;
the replay itself is one pass over the items.`;
line(md);
writeSection("context", md);
