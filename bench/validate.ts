/**
 * Validation alone (`load` over already-parsed values) and the whole `load` of the 10k transcript,
 * each against `JSON.parse` of the same text, by process CPU time (`pairCpu`: steadier than wall
 * time on a shared machine). Prints only; `tsx bench/validate.ts`.
 */
import { readFileSync } from "node:fs";
import { load } from "../src/index.js";
import { pairCpu } from "./pair.js";

const text = readFileSync(new URL("./data/transcript-10k.json", import.meta.url), "utf8");
const parsed = JSON.parse(text) as unknown[];
const loadAll = (raw: unknown[]) => {
  const out = new Array<unknown>(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = load(raw[i]);
  return out;
};
const parse = () => JSON.parse(text) as unknown;
const whole = pairCpu(() => loadAll(JSON.parse(text) as unknown[]), parse, 21, 4);
const alone = pairCpu(() => loadAll(parsed), parse, 21, 8);
const n = parsed.length;
console.log(`load ${whole.t.toFixed(1)} ms vs JSON.parse ${whole.base.toFixed(1)} ms: ${whole.ratio.toFixed(3)}×`);
console.log(`validation alone ${alone.t.toFixed(2)} ms (${((alone.t * 1000) / n).toFixed(3)} µs/msg), ${(alone.ratio * 100).toFixed(1)} % of JSON.parse`);
