/**
 * Component configs: `loadComponent` and `dumpComponent` over every component model recorded from
 * AutoGen 0.7.5 (test/fixtures/autogen-components and autogen-teams: 400+ documents, teams and agents included),
 * against `JSON.parse` / `JSON.stringify` of the same documents in the same process. Batches of the
 * two sides alternate; the figure is the median of the per-round ratios.
 * `tsx --expose-gc bench/components.ts [rounds]` (npm run bench:components).
 */
import { do_not_optimize } from "mitata";
import { dumpComponent, dumpComponentJson, loadComponent, type AnyComponent } from "../src/components/index.js";
import { componentTexts } from "./component-docs.js";

const texts = componentTexts();
const bytes = texts.reduce((n, t) => n + t.length, 0);
const loaded: AnyComponent[] = texts.map((t) => loadComponent(JSON.parse(t)));
const parsed = texts.map((t) => JSON.parse(t) as unknown);

const pairs: [string, () => unknown, string, () => unknown][] = [
  ["loadComponent(JSON.parse(text))", () => texts.map((t) => loadComponent(JSON.parse(t))), "JSON.parse(text)", () => texts.map((t) => JSON.parse(t))],
  ["JSON.stringify(dumpComponent(c))", () => loaded.map((c) => JSON.stringify(dumpComponent(c))), "JSON.stringify(parsed)", () => parsed.map((p) => JSON.stringify(p))],
  ["dumpComponentJson(c)", () => loaded.map((c) => dumpComponentJson(c)), "JSON.stringify(parsed)", () => parsed.map((p) => JSON.stringify(p))],
];

function batch(fn: () => unknown, n: number): number {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) do_not_optimize(fn());
  return (performance.now() - t0) / n;
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;
const rounds = Number(process.argv[2] ?? 15);
console.log(`${texts.length} component documents, ${(bytes / 1024).toFixed(0)} KiB of JSON; ${rounds} alternating rounds of 5 runs`);
console.log("| figure | value (all documents) | baseline | ratio (median of rounds) |\n| --- | --- | --- | --- |");
for (const [name, fn, baseName, base] of pairs) {
  for (let i = 0; i < 3; i++) batch(fn, 3), batch(base, 3);
  const a: number[] = [], b: number[] = [], r: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const x = i % 2 ? batch(base, 5) : 0;
    const y = batch(fn, 5);
    const z = i % 2 ? x : batch(base, 5);
    a.push(y), b.push(z), r.push(y / z);
  }
  console.log(`| ${name} | ${median(a).toFixed(2)} ms (${((median(a) * 1000) / texts.length).toFixed(1)} µs/doc) | ${baseName} ${median(b).toFixed(2)} ms | ${median(r).toFixed(1)}× |`);
}
