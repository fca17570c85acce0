/**
 * Quick iteration harness (not part of `npm run bench`): only the load / JSON.parse pair of
 * bench/run.ts, same mitata options, fewer rounds. `tsx --expose-gc bench/quick.ts [rounds]`.
 */
import { readFileSync } from "node:fs";
import { measure, do_not_optimize } from "mitata";
import { load } from "../src/index.js";

const text = readFileSync(new URL("./data/transcript-10k.json", import.meta.url), "utf8");
const loadAll = (t: string) => {
  const raw = JSON.parse(t) as unknown[];
  const out = new Array<unknown>(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = load(raw[i]);
  return out;
};
const rounds = Number(process.argv[2] ?? 3);
const opts = { min_cpu_time: 1e9, max_samples: 60, min_samples: 8 };
const ratios: number[] = [];
for (let r = 0; r < rounds; r++) {
  const b = (await measure(() => do_not_optimize(JSON.parse(text)), opts)).p50 / 1e6;
  const l = (await measure(() => do_not_optimize(loadAll(text)), opts)).p50 / 1e6;
  ratios.push(l / b);
  console.log(`parse ${b.toFixed(1)} ms  load ${l.toFixed(1)} ms  ratio ${(l / b).toFixed(3)}`);
}
ratios.sort((a, b) => a - b);
console.log(`median ratio ${ratios[ratios.length >> 1]!.toFixed(3)}  min ${ratios[0]!.toFixed(3)}`);
