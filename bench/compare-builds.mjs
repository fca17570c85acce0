// Load and dump speed of two builds of the library, side by side in one process, on the 10k-message
// transcript: `node --expose-gc bench/compare-builds.mjs <baseline dist/index.js> <candidate dist/index.js> [rounds]`.
// Each round times both builds (alternating which goes first) in CPU time (`process.cpuUsage`), so a
// busy shared machine slows both alike; the figure is the median of the per-round ratios.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [basePath, candidatePath, roundsArg] = process.argv.slice(2);
if (!basePath || !candidatePath) {
  console.error("usage: node --expose-gc bench/compare-builds.mjs <baseline dist/index.js> <candidate dist/index.js> [rounds]");
  process.exit(2);
}
const rounds = Number(roundsArg ?? 120);
const text = readFileSync(new URL("./data/transcript-10k.json", import.meta.url), "utf8");
const builds = [await import(pathToFileURL(basePath).href), await import(pathToFileURL(candidatePath).href)];

const loadAll = (api) => JSON.parse(text).map((p) => api.load(p));
const dumpAll = (api, messages) => JSON.stringify(messages.map((m) => api.dump(m)));
const loaded = builds.map(loadAll);
const cpu = (f) => {
  globalThis.gc?.();
  const start = process.cpuUsage();
  f();
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
};

const times = { load: [[], []], dump: [[], []] };
for (let r = 0; r < rounds; r++) {
  for (const i of r % 2 ? [0, 1] : [1, 0]) {
    times.load[i].push(cpu(() => loadAll(builds[i])));
    times.dump[i].push(cpu(() => dumpAll(builds[i], loaded[i])));
  }
}
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
for (const what of ["load", "dump"]) {
  const [base, candidate] = times[what];
  const ratio = median(candidate.map((c, i) => c / base[i]));
  console.log(`${what}: baseline ${median(base).toFixed(1)} ms, candidate ${median(candidate).toFixed(1)} ms CPU; candidate/baseline ${ratio.toFixed(3)}× (median of ${rounds} rounds)`);
}
