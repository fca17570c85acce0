#!/usr/bin/env node
// Type-check budget (issue 7): what the library's types cost a consumer's compiler.
//
// Run after `npm run build`. budget/consumer.ts is typical app code compiled against the built declarations
// (budget/tsconfig.json maps "agentchat-messages" to dist/index.d.ts): it narrows every kind of AgentMessage in an
// exhaustive switch and calls load/dump/toText/toModelMessage. `tsc --extendedDiagnostics` reports the compiler's
// work; the figures below must stay within `types` of budgets.json (one place to adjust; limits were set from a
// measurement with about 2× headroom, see BENCHMARKS.md "Package budgets"). Instantiations and Types are
// deterministic and catch ordinary regressions; "Check time" is wall-clock and varies with machine load, so the
// script keeps the best of 3 runs and its limit is a looser backstop against a blow-up.
// Exit 1 on a compile error or a figure over its limit, 2 on a setup error.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const limits = JSON.parse(readFileSync(join(root, "budgets.json"), "utf8")).types;
if (!existsSync(join(root, "dist/index.d.ts"))) {
  console.error("check-types: dist/index.d.ts is missing; run `npm run build` first.");
  process.exit(2);
}

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
/** One `tsc --extendedDiagnostics` run: whether it compiled, its output and its figures by name. */
function runTsc() {
  let output;
  let compiled = true;
  try {
    output = execFileSync(process.execPath, [tsc, "-p", join(root, "budget/tsconfig.json"), "--extendedDiagnostics"], {
      cwd: root,
      encoding: "utf8",
    });
  } catch (error) {
    if (typeof error.stdout !== "string") throw error;
    output = error.stdout; // tsc exits non-zero on a type error but still prints its diagnostics
    compiled = false;
  }
  // tsc prints e.g. "Instantiations:  23666", "Check time:  0.36s", "Memory used:  60740K".
  const figures = {};
  for (const [, name, value] of output.matchAll(/^([A-Za-z ]+):\s+([\d.]+)[sK]?\s*$/gm)) figures[name.trim()] = Number(value);
  return { compiled, output, figures };
}

// Best of RUNS: time and memory vary with machine load; Instantiations and Types are the same every run.
const RUNS = 3;
const runs = Array.from({ length: RUNS }, runTsc);
const { compiled, output } = runs[0];
const figures = {};
for (const run of runs) {
  for (const [name, value] of Object.entries(run.figures)) figures[name] = Math.min(figures[name] ?? Infinity, value);
}

let failed = !compiled;
const rows = [];
for (const [key, limit] of Object.entries(limits)) {
  const name = key.replace(/ \((s|K)\)$/, ""); // "Check time (s)" → tsc's "Check time"
  const measured = figures[name];
  if (measured === undefined) {
    console.error(`check-types: tsc printed no "${name}" figure.`);
    process.exit(2);
  }
  const ok = measured <= limit;
  if (!ok) failed = true;
  rows.push([key, String(measured), `≤ ${limit}`, ok ? "ok" : "OVER"]);
}

if (!compiled) console.log(output.split("\n").filter((l) => /error TS\d+/.test(l)).join("\n") + "\n");
const header = ["tsc --extendedDiagnostics (budget/consumer.ts)", `Best of ${RUNS}`, "Limit", "Status"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join("  ");
console.log(line(header));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const r of rows) console.log(line(r));
console.log(
  !compiled
    ? "\ncheck-types: FAILED (budget/consumer.ts does not compile against dist/index.d.ts)"
    : failed
      ? "\ncheck-types: FAILED (a figure is over its budget in budgets.json)"
      : "\ncheck-types: within budget",
);
process.exit(failed ? 1 : 0);
