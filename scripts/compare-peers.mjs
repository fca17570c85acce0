#!/usr/bin/env node
// Bundle sizes measured against peers: this package's comparable imports next to the schemas of other
// TypeScript agent-message libraries, installed as devDependencies, all bundled by scripts/bundle-size.mjs
// (the method of check:size: esbuild bundle, minify, ESM, platform "neutral", dependencies included, gzip -9).
// Every row also gets the "browser" exports condition, as a front-end bundler resolves packages: without it
// `ai` pulls Node built-ins (fs, path) through @vercel/oidc and cannot be bundled for "neutral" at all; the
// condition changes none of this package's figures (they equal check:size's).
//
// Usage: npm run build && npm run size:peers [-- --record]
//   --record  writes the peers' figures into budgets.json (size.peerComparableImports), from which check:size
//             keeps the main entry below the smallest peer without re-bundling the peers on every CI run.
// Prints a Markdown table (BENCHMARKS.md, "Bundle size against peers"). Exit 2 on a setup error.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleSize } from "./bundle-size.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist", "index.js");
if (!existsSync(dist)) {
  console.error("compare-peers: dist/index.js is missing; run `npm run build` first.");
  process.exit(2);
}

/**
 * What is compared. `peer` rows are other libraries' message/event schemas, the import an app would write to
 * validate what they define; `self` rows are this package's; `reference` rows put zod's own share in context.
 */
const ROWS = [
  { kind: "self", name: "agentchat-messages", what: "`{ load, dump, toText }`", code: `export { load, dump, toText } from "agentchat-messages";` },
  { kind: "self", name: "agentchat-messages", what: "the whole main entry (`export *`)", code: `export * from "agentchat-messages";` },
  { kind: "peer", name: "@ag-ui/core", what: "`EventSchemas` from `@ag-ui/core/schemas` (the union of every AG-UI event)", code: `export { EventSchemas } from "@ag-ui/core/schemas";`, key: "EventSchemas from @ag-ui/core/schemas" },
  { kind: "peer", name: "@openai/agents-core", what: "`@openai/agents-core/types` (the protocol item and stream-event schemas)", code: `export * from "@openai/agents-core/types";`, key: "everything from @openai/agents-core/types" },
  { kind: "peer", name: "ai", what: "`modelMessageSchema` (AI SDK model messages)", code: `export { modelMessageSchema } from "ai";`, key: "modelMessageSchema from ai" },
  { kind: "reference", name: "zod", what: "classic zod alone: one `z.object` through `import * as z from \"zod\"`", code: `import * as z from "zod"; export const S = z.object({ a: z.string() });` },
  { kind: "reference", name: "zod", what: "classic zod through `import { z } from \"zod\"` (how the peers import it: all of zod)", code: `export { z } from "zod";` },
  { kind: "reference", name: "zod", what: "zod/mini alone: one `z.object` (what this package builds on)", code: `import * as z from "zod/mini"; export const S = z.object({ a: z.string() });` },
];

const require = createRequire(join(root, "package.json"));
/** The installed version of a package (its package.json, found through its main export's folder). */
function version(name) {
  if (name === "agentchat-messages") return JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
  let dir = dirname(require.resolve(name));
  while (!existsSync(join(dir, "package.json")) || JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name !== name) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json for ${name}`);
    dir = up;
  }
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).version;
}

const results = [];
for (const row of ROWS) {
  let size;
  try {
    size = await bundleSize(row.code, { resolveDir: root, alias: { "agentchat-messages": dist }, conditions: ["browser"] });
  } catch (e) {
    console.error(`compare-peers: cannot bundle ${row.name} (${row.code}): ${e.message.split("\n")[0]}. Is it installed (npm ci)?`);
    process.exit(2);
  }
  results.push({ ...row, version: version(row.name), ...size });
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const fmt = (n) => n.toLocaleString("en-US");
console.log("| Import | Version | Minified | Min+gzip |");
console.log("| --- | --- | --- | --- |");
for (const r of results) {
  const label = r.kind === "self" ? `**${r.name}** ${r.what}` : r.kind === "peer" ? `${r.name}: ${r.what}` : `(reference) ${r.what}`;
  console.log(`| ${label} | ${r.version} | ${fmt(r.min)} B | ${fmt(r.gzip)} B (${kb(r.gzip)}) |`);
}

const peers = results.filter((r) => r.kind === "peer");
const main = results.find((r) => r.kind === "self" && r.code.startsWith("export *"));
const smallest = peers.reduce((a, b) => (b.gzip < a.gzip ? b : a));
console.log(
  `\nWhole main entry ${fmt(main.gzip)} B vs the smallest peer import (${smallest.name}) ${fmt(smallest.gzip)} B: ` +
    (main.gzip < smallest.gzip ? `${((100 * main.gzip) / smallest.gzip).toFixed(0)}% of it.` : "NOT smaller."),
);

if (process.argv.includes("--record")) {
  const file = join(root, "budgets.json");
  const text = readFileSync(file, "utf8");
  const figures = Object.fromEntries(peers.map((r) => [`${r.name}@${r.version}: ${r.key}`, r.gzip]));
  const block = `"peerComparableImports": ${JSON.stringify(figures, null, 2).replace(/\n/g, "\n    ")}`;
  // Only this block changes, so the rest of budgets.json keeps its layout (other helpers edit it too).
  const existing = /"peerComparableImports": \{[^}]*\}/;
  const next = existing.test(text) ? text.replace(existing, block) : text.replace(/"size": \{\n/, `"size": {\n    ${block},\n`);
  JSON.parse(next); // still JSON
  writeFileSync(file, next);
  console.log(`Recorded ${peers.length} peer figures in budgets.json (size.peerComparableImports).`);
}
