#!/usr/bin/env node
// Bundle budget: what an app pays, min+gzip, for each library entry of package.json "exports".
//
// Run after `npm run build`; it measures dist/ as published, each entry bundled by scripts/bundle-size.mjs
// (esbuild: bundle, minify, ESM, platform "neutral", zod and ulid included; gzip -9).
// The size rule: smaller than every peer's comparable import, and no regression.
// - main entry "." : absolute size, ceiling `size.mainMaxBytes`; and smaller than the smallest figure in
//   `size.peerComparableImports` (recorded by `npm run size:peers`, not re-measured here: see compare-peers.mjs).
// - other subpaths : "on top" = size(main + subpath) − size(main), since an app using a subpath already ships
//   the main entry; ceiling `size.subpathOnTopMaxBytesFor[subpath]`, else `size.subpathOnTopMaxBytes` (the
//   default for a new subpath until it gets its own). Entries
//   in `size.subpathsExemptFromLimit` (provider converters and AgentScope) are printed but not enforced.
// - tree shaking   : `import { TextMessage } from "agentchat-messages"` must bundle to at most
//   `size.treeShakeTextMessageMaxRatioOfMain` × main, i.e. unused kinds, renderers and helpers are dropped.
// The ceilings are the measured sizes plus about 3%, so CI fails on any regression; raising one is a decision
// recorded in budgets.json and BENCHMARKS.md. Exit 1 on any breach, 2 on a setup error.
import { readFileSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleSize } from "./bundle-size.mjs";

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

/** The min+gzip size and exported names of `contents`, with the package resolved to the worktree's dist/. */
// The AG-UI packages (and rxjs, which @ag-ui/client brings) are optional peers of ./ag-ui, shipped by the app
// whether or not it uses this library: only our code on top of them is measured.
const EXTERNAL = ["@ag-ui/*", "rxjs"];
const measure = (contents) => bundleSize(contents, { resolveDir: root, alias: { "agentchat-messages": main.abs }, external: EXTERNAL });

const spec = (abs) => JSON.stringify(abs);
const rows = [];
let failed = false;
const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
function row(name, measured, limit, note = "") {
  const ok = limit === undefined || measured <= limit;
  if (!ok) failed = true;
  rows.push([name, `${measured} B (${kb(measured)})`, limit === undefined ? "—" : `≤ ${limit} B (${kb(limit)})`, limit === undefined ? "not enforced" : ok ? "ok" : "OVER", note]);
}

const mainSize = await measure(`export * from ${spec(main.abs)};`);
row('"." (main, absolute)', mainSize.gzip, limits.mainMaxBytes, `minified ${mainSize.min} B`);

// Peers' comparable imports, as recorded in budgets.json: the main entry must stay below the smallest.
const peers = Object.entries(limits.peerComparableImports ?? {});
if (peers.length === 0) {
  console.error("check-size: budgets.json has no size.peerComparableImports; run `npm run size:peers -- --record`.");
  process.exit(2);
}
const [smallestPeer, smallestPeerBytes] = peers.reduce((a, b) => (b[1] < a[1] ? b : a));
row('"." below every peer', mainSize.gzip, smallestPeerBytes - 1, `smallest peer: ${smallestPeer.split(":")[0]} ${smallestPeerBytes} B (recorded by npm run size:peers)`);

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
  row(`"${e.subpath}" on top of main`, both.gzip - mainSize.gzip, exempt ? undefined : ceiling, `alone ${alone.gzip} B${exempt ? "; not limited (interop)" : ""}`);
}

const shaken = await measure(`import { TextMessage } from "agentchat-messages";\nconsole.log(TextMessage);`);
const shakeLimit = Math.floor(mainSize.gzip * limits.treeShakeTextMessageMaxRatioOfMain);
row("tree shaking: { TextMessage } only", shaken.gzip, shakeLimit, `${((100 * shaken.gzip) / mainSize.gzip).toFixed(0)}% of main; limit ${limits.treeShakeTextMessageMaxRatioOfMain * 100}% of main`);

const header = ["Bundle (min+gzip, zod and ulid included)", "Measured", "CI ceiling", "Status", "Note"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join("  ");
console.log(line(header));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const r of rows) console.log(line(r));
console.log(failed ? "\ncheck-size: FAILED (a bundle is over its budget in budgets.json)" : "\ncheck-size: all bundles within budget");
process.exit(failed ? 1 : 0);
