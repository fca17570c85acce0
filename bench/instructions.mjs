// Instructions per pass of `load` over the parsed 10k transcript, counted by valgrind (cachegrind), for one
// or more builds and for the floor (bench/floor.ts: the shaped copy with no checks). Counts do not move with
// the machine's load, so two builds compare here when their timings drown in noise (on a 2-core machine
// timings of the same code move by ±0.1× between processes). Needs valgrind and a build (`npm run build`):
//   node bench/instructions.mjs [<dist/index.js> ...] [--passes N] [--repeats R] [--components]
// With --components: `dumpComponentJson` over every recorded component model (bench/component-docs.ts, the set bench/components.ts times,
// loaded by each build's own loadComponent), beside `JSON.stringify` of the same documents parsed.
// Each count is (run with N passes − run with 0 passes) / N, after 5 warm-up passes in both; the outputs of
// the last two passes stay referenced, so the copies are made (an unreferenced copy can be optimised away)
// and the scavenges that copy them are counted. Node runs with V8's --predictable (no concurrent GC or
// compiler threads): without it, when a major GC lands moves a pass's count by up to 2×; with it, repeats
// agree to 0.1 % (component dumps: to about 2 %). Prints the median over R repeats and the spread.
import { spawn } from "node:child_process";
import { build } from "esbuild";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const [, value] = args.splice(i, 2);
  return Number(value);
};
const passes = option("--passes", 10);
const repeats = option("--repeats", 2);
const flag = args.indexOf("--components");
const components = flag >= 0;
if (components) args.splice(flag, 1);
const builds = args.length ? args : [fileURLToPath(new URL("../dist/index.js", import.meta.url))];
const data = fileURLToPath(new URL("./data/transcript-10k.json", import.meta.url));

const dir = mkdtempSync(join(tmpdir(), "instructions-"));
const floor = join(dir, "floor.mjs");
await build({ entryPoints: [fileURLToPath(new URL("./floor.ts", import.meta.url))], format: "esm", outfile: floor, logLevel: "warning" });

/** The child: warm up, then `n` passes of `fn` over the parsed transcript. */
const child = join(dir, "child.mjs");
writeFileSync(
  child,
  `import { readFileSync } from "node:fs";
const [module, name, file, n] = process.argv.slice(2);
const fn = (await import(module))[name];
const parsed = JSON.parse(readFileSync(file, "utf8"));
const pass = () => { const out = new Array(parsed.length); for (let i = 0; i < parsed.length; i++) out[i] = fn(parsed[i]); return out; };
globalThis.sink = [];
for (let w = 0; w < 5 + Number(n); w++) globalThis.sink[w & 1] = pass();
`,
);

/** The components child: bench/component-docs.ts's documents; `dumpComponentJson` of each build's loaded models, or the baseline. */
const docs = join(dir, "component-docs.mjs");
await build({ entryPoints: [fileURLToPath(new URL("./component-docs.ts", import.meta.url))], format: "esm", platform: "node", outfile: docs, logLevel: "warning" });
const componentChild = join(dir, "components.mjs");
writeFileSync(
  componentChild,
  `import { componentTexts } from ${JSON.stringify(pathToFileURL(docs).href)};
const [module, name, dir, n] = process.argv.slice(2);
const texts = componentTexts(dir);
let pass;
if (name === "JSON.stringify") { const parsed = texts.map((t) => JSON.parse(t)); pass = () => parsed.map((p) => JSON.stringify(p)); }
else { const m = await import(module); const loaded = texts.map((t) => m.loadComponent(JSON.parse(t))); pass = () => loaded.map((c) => m[name](c)); }
globalThis.sink = [];
for (let w = 0; w < 5 + Number(n); w++) globalThis.sink[w & 1] = pass();
`,
);
const fixtures = fileURLToPath(new URL("../test/fixtures/", import.meta.url));

/** Instructions of one child run, all threads (valgrind runs them one at a time). */
function count(module, name, n) {
  return new Promise((done, fail) => {
    const p = spawn("valgrind", ["--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", process.execPath, "--predictable", ...(components ? [componentChild, module, name, fixtures] : [child, module, name, data]), String(n)], { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    p.stderr.on("data", (d) => (err += d));
    p.on("error", fail);
    p.on("close", (code) => {
      const m = /I\s+refs:\s+([\d,]+)/.exec(err);
      if (code !== 0 || !m) fail(new Error(`valgrind failed (${code}): ${err.slice(-500)}`));
      else done(Number(m[1].replaceAll(",", "")));
    });
  });
}

const subjects = components
  ? [...builds.map((b) => [b, pathToFileURL(join(resolve(b), "..", "components", "index.js")).href, "dumpComponentJson"]), ["JSON.stringify (baseline)", "", "JSON.stringify"]]
  : [...builds.map((b) => [b, pathToFileURL(resolve(b)).href, "load"]), ["floor (bench/floor.ts)", pathToFileURL(floor).href, "floorCopy"]];
for (const [label, module, name] of subjects) {
  const perPass = [];
  for (let r = 0; r < repeats; r++) {
    const [zero, many] = await Promise.all([count(module, name, 0), count(module, name, passes)]); // two cores
    perPass.push((many - zero) / passes);
  }
  const sorted = [...perPass].sort((a, b) => a - b);
  const m = sorted[sorted.length >> 1];
  const unit = components ? "" : ` (${(m / 1e4).toFixed(0)} a message)`;
  console.log(`${label}: ${(m / 1e6).toFixed(1)} M instructions a pass${unit}, repeats ${sorted.map((x) => (x / 1e6).toFixed(1)).join(", ")} M`);
}
rmSync(dir, { recursive: true, force: true });
