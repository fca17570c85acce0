#!/usr/bin/env node
// The screenshots of the HTML view in docs/html-view.md and the README (docs/html-view*.png: 1200 px light, a 390×844 phone dark): a recorded real AutoGen run
// (test/fixtures/autogen-teams/streams.jsonl) through the built CLI, `render --html`, opened in
// headless Chromium. Run after `npm run build`: node scripts/screenshot-html.mjs [scenario]
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const scenario = process.argv[2] ?? "swarm/handoff-termination-resume";
const runs = readFileSync(join(root, "test/fixtures/autogen-teams/streams.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
const run = runs.find((r) => r.name === scenario);
if (!run) throw new Error(`no scenario ${scenario}`);
// Everything the run yielded, as an app would save it: messages, then each TaskResult / Response.
const items = run.steps.flatMap((s) =>
  (s.stream ?? []).map((it) =>
    it.dump ?? (it.item === "TaskResult" ? { messages: it.messages, stop_reason: it.stop_reason } : { chat_message: it.chat_message, inner_messages: it.inner_messages }),
  ),
);
const tmp = mkdtempSync(join(tmpdir(), "html-shot-"));
const input = join(tmp, `${scenario.replace(/\W+/g, "-")}.jsonl`);
const page = join(tmp, "page.html");
writeFileSync(input, items.map((i) => JSON.stringify(i)).join("\n") + "\n");
execFileSync(process.execPath, [join(root, "dist/cli/main.js"), "render", "--html", input, "-o", page]);

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-background-networking"] });
for (const [name, width, height, colorScheme] of [["html-view.png", 1200, 1400, "light"], ["html-view-phone-dark.png", 390, 844, "dark"]]) {
  const p = await browser.newPage({ viewport: { width, height }, colorScheme });
  await p.goto(`file://${page}`);
  await p.screenshot({ path: join(root, "docs", name) });
  await p.close();
  console.log(`docs/${name}: ${scenario}, ${width}×${height}, ${colorScheme}`);
}
await browser.close();
rmSync(tmp, { recursive: true, force: true });
