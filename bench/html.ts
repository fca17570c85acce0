/**
 * `npm run bench:html`: the HTML view of the 10,000-message bench transcript. Times `renderHtml`
 * (mitata) next to `JSON.stringify` of the same messages in the same process, the page's size
 * (bytes and gzip) next to the transcript's JSON, the built CLI end to end (`render --html`, load
 * included), and, when Chromium is installed, how long the page takes to load and lay out.
 * Needs `npm run build` first for the CLI figure. Writes the "html" section of BENCHMARKS.md.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { do_not_optimize, measure } from "mitata";
import { load, type AgentMessage } from "../src/index.js";
import { renderHtml } from "../src/html/index.js";
import { writeSection } from "./write-section.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const file = join(root, "bench/data/transcript-10k.json");
const text = readFileSync(file, "utf8");
const messages: AgentMessage[] = (JSON.parse(text) as unknown[]).map((m) => load(m));
const N = messages.length;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const ms = async (fn: () => unknown) => (await measure(() => do_not_optimize(fn()), { min_cpu_time: 0.5e9, max_samples: 30, min_samples: 5 })).p50 / 1e6;

// Alternating rounds, as bench/run.ts does: neighbouring measurements share the machine's load.
const renders: number[] = [];
const baselines: number[] = [];
for (let round = 0; round < 7; round++) {
  if (round % 2 === 0) baselines.push(await ms(() => JSON.stringify(messages)));
  renders.push(await ms(() => renderHtml(messages)));
  if (round % 2 === 1) baselines.push(await ms(() => JSON.stringify(messages)));
}
const ratios = renders.map((r, i) => r / baselines[i]!);

const page = renderHtml(messages, { title: "transcript-10k.json" });
const pageBytes = Buffer.byteLength(page);
const jsonBytes = Buffer.byteLength(text);
const gz = (s: string) => gzipSync(s, { level: 6 }).length;
const pageGz = gz(page);
const jsonGz = gz(text);
const cards = page.match(/<article /g)?.length ?? 0;

// The built command, end to end: read, validate, render, write (best of 3 wall-clock runs).
let cli: string;
const bin = join(root, "dist/cli/main.js");
const tmp = mkdtempSync(join(tmpdir(), "bench-html-"));
if (existsSync(bin)) {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const r = spawnSync(process.execPath, [bin, "render", "--html", file, "-o", join(tmp, "cli.html")]);
    if (r.status !== 0) throw new Error(`render --html failed: ${r.stderr}`);
    times.push(performance.now() - t);
  }
  cli = `${Math.min(...times).toFixed(0)} ms`;
} else cli = "n/a (run `npm run build` first)";

// Chromium: navigation to the load event, then a forced layout (best of 3).
let chromiumFigure = "n/a (no /usr/bin/chromium)";
if (existsSync("/usr/bin/chromium")) {
  const { chromium } = await import("playwright-core");
  const pageFile = join(tmp, "page.html");
  writeFileSync(pageFile, page);
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-background-networking"] });
  const loads: number[] = [];
  const layouts: number[] = [];
  let width = 0;
  for (let i = 0; i < 3; i++) {
    const tab = await browser.newPage({ viewport: { width: 800, height: 900 } });
    const t = performance.now();
    await tab.goto(pathToFileURL(pageFile).href, { timeout: 300_000 });
    loads.push(performance.now() - t);
    const r = await tab.evaluate(() => {
      const t0 = performance.now();
      const w = document.documentElement.scrollWidth;
      void document.body.getBoundingClientRect().height;
      return { w, layout: performance.now() - t0 };
    });
    layouts.push(r.layout);
    width = r.w;
    await tab.close();
  }
  await browser.close();
  chromiumFigure = `load ${Math.min(...loads).toFixed(0)} ms, then layout ${Math.min(...layouts).toFixed(0)} ms; scrollWidth ${width} px at 800 px`;
}
rmSync(tmp, { recursive: true, force: true });

const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
const fmt = (n: number, d = 1) => n.toFixed(d);
const rows = [
  ["renderHtml (10k loaded messages → page)", `${fmt(median(renders))} ms (${fmt((median(renders) * 1000) / N, 2)} µs/msg)`, `JSON.stringify ${fmt(median(baselines))} ms`, `${median(ratios).toFixed(2)}×`],
  ["page size", `${mb(pageBytes)} (gzip ${mb(pageGz)})`, `transcript JSON ${mb(jsonBytes)} (gzip ${mb(jsonGz)})`, `${(pageBytes / jsonBytes).toFixed(2)}× (gzip ${(pageGz / jsonGz).toFixed(2)}×)`],
  ["`render --html` (built CLI, read + validate + render + write)", cli, "", ""],
  ["Chromium 800 px", chromiumFigure, "", ""],
];
console.table(rows.map(([figure, value, baseline, ratio]) => ({ figure, value, baseline, ratio })));

writeSection(
  "html",
  `## HTML view of the 10,000-message transcript

Generated by \`npm run bench:html\` (bench/html.ts) on \`bench/data/transcript-10k.json\` (${N.toLocaleString("en")} messages,
${cards.toLocaleString("en")} cards: streamed chunks are folded into their messages).

- Date: ${new Date().toISOString()}
- Machine: \`nproc\` = ${availableParallelism()}, ${cpus()[0]?.model ?? "unknown CPU"}
- Node: ${process.version}

\`renderHtml\` is timed by mitata (median sample) in 7 rounds alternating with its baseline, \`JSON.stringify\`
of the same loaded messages; the value and baseline are the medians over the rounds, the ratio the median
of the per-round ratios (spread ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×). The CLI figure is wall
clock, best of 3, including Node's start-up. Chromium (\`/usr/bin/chromium\`, headless) is timed from
navigation to the load event of the page file, best of 3.

| Figure | Value | Baseline | Ratio |
| --- | --- | --- | --- |
${rows.map((r) => `| ${r.join(" | ")} |`).join("\n")}
`,
);
console.log("wrote BENCHMARKS.md (html section)");
