/**
 * Quick iteration harness (not part of `npm run bench`): load vs `JSON.parse` of the transcript
 * (or, with `--dump`, `JSON.stringify(messages.map(dump))` vs `JSON.stringify` of the parsed
 * transcript) as bench/run.ts pairs them (batches of consecutive runs, alternated in one
 * process), timed by wall clock and by process CPU time. On a shared machine the CPU-time ratio
 * is the steadier one while iterating; the recorded figures come from `npm run bench`.
 * `tsx --expose-gc bench/quick.ts [rounds] [--dump]`.
 */
import { readFileSync } from "node:fs";
import { do_not_optimize } from "mitata";
import { dump, load } from "../src/index.js";

const text = readFileSync(new URL("./data/transcript-10k.json", import.meta.url), "utf8");
const loadAll = (t: string) => {
  const raw = JSON.parse(t) as unknown[];
  const out = new Array<unknown>(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = load(raw[i]);
  return out;
};
const dumpMode = process.argv.includes("--dump");
const parsed = JSON.parse(text) as unknown[];
const messages = dumpMode ? loadAll(text) : [];
const [name, baseName, target, baseline] = dumpMode
  ? ["dump", "stringify", () => JSON.stringify(messages.map(dump)), () => JSON.stringify(parsed)]
  : ["load", "parse", () => loadAll(text), () => JSON.parse(text)];

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** Per-run wall and CPU ms of a batch of `n` consecutive runs. */
function batch(fn: () => unknown, n: number): [number, number] {
  const w0 = performance.now();
  const c0 = cpu();
  for (let i = 0; i < n; i++) do_not_optimize(fn());
  return [(performance.now() - w0) / n, (cpu() - c0) / n];
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;
const rounds = Number(process.argv.slice(2).find((a) => !a.startsWith("--")) ?? 15);
for (let i = 0; i < 3; i++) batch(target, 10);
const pw: number[] = [], pc: number[] = [], lw: number[] = [], lc: number[] = [];
for (let r = 0; r < rounds; r++) {
  const [a, b] = batch(baseline, 10);
  const [c, d] = batch(target, 10);
  pw.push(a), pc.push(b), lw.push(c), lc.push(d);
  if (process.env.VERBOSE) console.log(`${baseName} ${a.toFixed(1)} / ${b.toFixed(1)} ms  ${name} ${c.toFixed(1)} / ${d.toFixed(1)} ms  wall ${(c / a).toFixed(3)} cpu ${(d / b).toFixed(3)}`);
}
const ratios = (l: number[], p: number[]) => l.map((x, i) => x / p[i]!);
console.log(
  `median ms: ${baseName} ${median(pw).toFixed(1)} wall / ${median(pc).toFixed(1)} cpu, ${name} ${median(lw).toFixed(1)} / ${median(lc).toFixed(1)}; ` +
    `ratio of medians: wall ${(median(lw) / median(pw)).toFixed(3)}, cpu ${(median(lc) / median(pc)).toFixed(3)}; ` +
    `median of pair ratios: wall ${median(ratios(lw, pw)).toFixed(3)}, cpu ${median(ratios(lc, pc)).toFixed(3)}`,
);
