/**
 * Quick iteration harness for dump (not part of `npm run bench`): `JSON.stringify(messages.map(dump))`
 * vs `JSON.stringify` of the parsed transcript, alternated in one process, wall and CPU time.
 * `tsx --expose-gc bench/quick-dump.ts [rounds]`.
 */
import { readFileSync } from "node:fs";
import { do_not_optimize } from "mitata";
import { dump, load } from "../src/index.js";

const text = readFileSync(new URL("./data/transcript-10k.json", import.meta.url), "utf8");
const parsed = JSON.parse(text) as unknown[];
const messages = parsed.map((m) => load(m));
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
function batch(fn: () => unknown, n: number): [number, number] {
  const w0 = performance.now();
  const c0 = cpu();
  for (let i = 0; i < n; i++) do_not_optimize(fn());
  return [(performance.now() - w0) / n, (cpu() - c0) / n];
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;
const rounds = Number(process.argv[2] ?? 15);
const dumpOnly = () => messages.map(dump);
const dumpAll = () => JSON.stringify(messages.map(dump));
const base = () => JSON.stringify(parsed);
for (let i = 0; i < 3; i++) batch(dumpAll, 5);
const bw: number[] = [], bc: number[] = [], dw: number[] = [], dc: number[] = [], ow: number[] = [];
for (let r = 0; r < rounds; r++) {
  const [a, b] = batch(base, 5);
  const [c, d] = batch(dumpAll, 5);
  const [e] = batch(dumpOnly, 5);
  bw.push(a), bc.push(b), dw.push(c), dc.push(d), ow.push(e);
}
const ratios = (l: number[], p: number[]) => l.map((x, i) => x / p[i]!);
console.log(`JSON.stringify ${median(bw).toFixed(1)} ms; dump+stringify ${median(dw).toFixed(1)} ms (dump alone ${median(ow).toFixed(1)} ms)`);
console.log(`ratio wall ${median(ratios(dw, bw)).toFixed(3)}×, cpu ${median(ratios(dc, bc)).toFixed(3)}×`);
