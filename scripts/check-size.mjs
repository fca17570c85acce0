#!/usr/bin/env node
// Bundle budget (issue 7): what an app pays, min+gzip, for each library entry of package.json "exports".
//
// Run after `npm run build`; it measures dist/ as published. Each entry is bundled by esbuild the way an
// app bundler would see it (bundle, minify, ESM, platform "neutral") WITH zod included, since an app ships
// it too; the size is the gzip (level 9) of the output.
// - main entry "." : absolute size, limit `size.mainMaxBytes`.
// - other subpaths : "on top" = size(main + subpath) − size(main), limit `size.subpathOnTopMaxBytes`, since an
//   app using a subpath already ships the main entry. Entries in `size.subpathsExemptFromLimit` (provider
//   converters and AgentScope, excluded by the issue) are printed but not enforced.
// - tree shaking   : `import { TextMessage } from "agentchat-messages"` must bundle to at most
//   `size.treeShakeTextMessageMaxRatioOfMain` × main, i.e. unused kinds, renderers and helpers are dropped.
// budgets.json holds two numbers per figure: the target (`*Target*`, printed as met / NOT met)
// and the CI ceiling (`*Max*`, enforced). Where the target is not reached yet the ceiling is the measured
// size plus a little headroom, so CI still fails on any regression; BENCHMARKS.md records the gap.
// Exit 1 on any ceiling breach, 2 on a setup error.
import { readFileSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const limits = JSON.parse(readFileSync(join(root, "budgets.json"), "utf8")).size;

/** The ESM file an `import` of this exports target resolves to, or undefined for non-JS targets. */
function esmTarget(target) {
  if (typeof target === "string") return target.endsWith(".js") ? target : undefined;
  if (target && typeof target === "object") {
    for (const cond of ["import", "default"]) if (cond in target) return esmTarget(target[cond]);
  }
  return undefined;
}

const entries = [];
for (const [subpath, target] of Object.entries(pkg.exports)) {
  if (subpath === "./package.json" || subpath.includes("*")) continue; // metadata and JSON Schema files
  const file = esmTarget(target);
  if (!file || file.includes("/cli/")) continue;
  const abs = join(root, file);
  if (!existsSync(abs)) {
    console.error(`check-size: ${abs} is missing; run \`npm run build\` first.`);
    process.exit(2);
  }
  entries.push({ subpath, abs });
}
const main = entries.find((e) => e.subpath === ".");
if (!main) {
  console.error('check-size: package.json "exports" has no "." entry.');
  process.exit(2);
}

/** Bundles `contents` (an ES module) and returns its min+gzip size and exported names. */
async function measure(contents) {
  const result = await esbuild.build({
    stdin: { contents, resolveDir: root, sourcefile: "budget-entry.js", loader: "js" },
    // The package itself, as an app importing it by name would resolve it (to the worktree's dist/).
    alias: { "agentchat-messages": main.abs },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const [out] = result.outputFiles;
  const exports = Object.values(result.metafile.outputs)[0].exports;
  return { min: out.contents.length, gzip: gzipSync(out.contents, { level: 9 }).length, exports };
}

const spec = (abs) => JSON.stringify(abs);
const rows = [];
let failed = false;
const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
function row(name, measured, limit, target, note = "") {
  const ok = limit === undefined || measured <= limit;
  if (!ok) failed = true;
  const targetText = target === undefined ? "—" : `≤ ${target} B (${kb(target)}) ${measured <= target ? "met" : "NOT met"}`;
  rows.push([name, `${measured} B (${kb(measured)})`, targetText, limit === undefined ? "—" : `≤ ${limit} B (${kb(limit)})`, limit === undefined ? "not enforced" : ok ? "ok" : "OVER", note]);
}

const mainSize = await measure(`export * from ${spec(main.abs)};`);
row('"." (main, absolute)', mainSize.gzip, limits.mainMaxBytes, limits.mainTargetBytes, `minified ${mainSize.min} B`);

for (const e of entries) {
  if (e === main) continue;
  const alone = await measure(`export * from ${spec(e.abs)};`);
  const both = await measure(`export * from ${spec(main.abs)};\nexport * from ${spec(e.abs)};`);
  // `export *` silently drops a name two modules export with different bindings: refuse to measure less.
  const expected = new Set([...mainSize.exports, ...alone.exports]);
  if (both.exports.length !== expected.size) {
    console.error(`check-size: "${e.subpath}" and "." export conflicting names; the combined bundle would omit code.`);
    process.exit(2);
  }
  const exempt = limits.subpathsExemptFromLimit.includes(e.subpath);
  const ceiling = limits.subpathOnTopMaxBytesFor?.[e.subpath] ?? limits.subpathOnTopMaxBytes;
  row(`"${e.subpath}" on top of main`, both.gzip - mainSize.gzip, exempt ? undefined : ceiling, exempt ? undefined : limits.subpathOnTopTargetBytes, `alone ${alone.gzip} B${exempt ? "; excluded by issue 7" : ""}`);
}

const shaken = await measure(`import { TextMessage } from "agentchat-messages";\nconsole.log(TextMessage);`);
const shakeLimit = Math.floor(mainSize.gzip * limits.treeShakeTextMessageMaxRatioOfMain);
row("tree shaking: { TextMessage } only", shaken.gzip, shakeLimit, undefined, `${((100 * shaken.gzip) / mainSize.gzip).toFixed(0)}% of main; limit ${limits.treeShakeTextMessageMaxRatioOfMain * 100}% of main`);

const header = ["Bundle (min+gzip, zod included)", "Measured", "Issue 7 target", "CI ceiling", "Status", "Note"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join("  ");
console.log(line(header));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const r of rows) console.log(line(r));
console.log(failed ? "\ncheck-size: FAILED (a bundle is over its budget in budgets.json)" : "\ncheck-size: all bundles within budget");
process.exit(failed ? 1 : 0);
