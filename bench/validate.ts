/**
 * Validation alone (`load` over already-parsed values) and the whole `load` of the 10k transcript,
 * each against `JSON.parse` of the same text, by process CPU time (`pairCpu`: steadier than wall
 * time on a shared machine), with the floor beside them (bench/floor.ts: a hand-shaped copy, no
 * checks, asserted equal to load's output), and issue 36's targets. Prints only; `tsx bench/validate.ts` (part of `npm run bench`).
 * Between processes these times move by ±0.1× here; `npm run bench:instructions` counts instructions instead.
 */
import { deepStrictEqual } from "node:assert/strict";
import { readFileSync } from "node:fs";
import { load } from "../src/index.js";
import { pairCpu } from "./pair.js";
import { floorCopy } from "./floor.js";

const text = readFileSync(new URL("./data/transcript-10k.json", import.meta.url), "utf8");
const parsed = JSON.parse(text) as unknown[];
const loadAll = (raw: unknown[]) => {
  const out = new Array<unknown>(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = load(raw[i]);
  return out;
};
const floorAll = (raw: unknown[]) => {
  const out = new Array<unknown>(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = floorCopy(raw[i] as Record<string, unknown>);
  return out;
};
deepStrictEqual(floorAll(parsed), loadAll(parsed)); // the floor does what load must do, no less
const parse = () => JSON.parse(text) as unknown;
const whole = pairCpu(() => loadAll(JSON.parse(text) as unknown[]), parse, 21, 4);
const alone = pairCpu(() => loadAll(parsed), parse, 21, 8);
const floorWhole = pairCpu(() => floorAll(JSON.parse(text) as unknown[]), parse, 21, 4);
const floorAlone = pairCpu(() => floorAll(parsed), parse, 21, 8);
const n = parsed.length;
const perMsg = (ms: number) => ((ms * 1000) / n).toFixed(3);
// Issue 36's targets: `load` within 1.2× `JSON.parse`; validation alone 20× Python AutoGen's
// `MessageFactory().create` of the same session (11.8 µs/msg on this machine kind when the issue was filed).
const PYTHON_CREATE_US = 11.8;
const met = (ok: boolean) => (ok ? "met" : "NOT met");
console.log(`load ${whole.t.toFixed(1)} ms vs JSON.parse ${whole.base.toFixed(1)} ms: ${whole.ratio.toFixed(3)}× (target ≤ 1.2×: ${met(whole.ratio <= 1.2)})`);
const aloneUs = (alone.t * 1000) / n;
console.log(
  `validation alone ${alone.t.toFixed(2)} ms (${aloneUs.toFixed(3)} µs/msg), ${(alone.ratio * 100).toFixed(1)} % of JSON.parse; ` +
    `${(PYTHON_CREATE_US / aloneUs).toFixed(1)}× Python's ${PYTHON_CREATE_US} µs/msg (target ≥ 20×, ≤ ${(PYTHON_CREATE_US / 20).toFixed(2)} µs/msg: ${met(aloneUs <= PYTHON_CREATE_US / 20)})`,
);
console.log(`floor: parse+copy ${floorWhole.ratio.toFixed(3)}×, copy alone ${perMsg(floorAlone.t)} µs/msg (load: ${whole.ratio.toFixed(3)}×, ${perMsg(alone.t)} µs/msg)`);
