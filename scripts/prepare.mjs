#!/usr/bin/env node
// `npm run prepare`: npm runs it after `npm install` / `npm ci` in a checkout, when it installs this
// repository as a git dependency (`npm install git+https://…`, `git+file://…`), and on `npm pack`.
// It builds dist/ (and json-schema/) only when a file the package ships is missing, so that a git
// install or a fresh clone gets the built package while an install in a built checkout, or the second
// `prepare` of a git install, costs nothing. `prepack` always rebuilds (a tarball never carries a stale
// build). AGENTCHAT_MESSAGES_SKIP_PREPARE=1 skips it (.ci/run builds in its own step).
import { execSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

/** Every file path (relative) that package.json's exports, types and bin name, wildcards left out. */
function shippedFiles() {
  const files = new Set([pkg.main, pkg.module, pkg.types, ...Object.values(pkg.bin ?? {})]);
  const walk = (target) => {
    if (typeof target === "string") files.add(target);
    else if (target && typeof target === "object") Object.values(target).forEach(walk);
  };
  walk(pkg.exports);
  return [...files].filter((f) => typeof f === "string" && !f.includes("*") && f !== "./package.json");
}

const missing = shippedFiles().filter((f) => !existsSync(join(root, f)));
if (!existsSync(join(root, "json-schema"))) missing.push("json-schema/");

if (process.env.AGENTCHAT_MESSAGES_SKIP_PREPARE === "1") {
  console.log("prepare: skipped (AGENTCHAT_MESSAGES_SKIP_PREPARE=1)");
} else if (missing.length === 0) {
  console.log("prepare: dist/ is built (run `npm run build` to rebuild)");
} else {
  console.log(`prepare: building the package (${missing.length} shipped file(s) missing, e.g. ${missing[0]})`);
  execSync("npm run build", { cwd: root, stdio: "inherit" });
}
