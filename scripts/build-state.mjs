// Whether dist/ (and json-schema/) is the build of the checkout as it is now, and the quiet build.
// `npm run build` (scripts/build.mjs) records what it built from in dist/.build-stamp.json: a
// SHA-256 over every build input (src/, the build's configuration, the lock file), taken before the
// build starts, so an edit made while it runs leaves the stamp behind. dist/ is current when every
// file the package ships exists and the stamp names the inputs as they are now; anything else (no
// stamp: dist/ built some other way, or an edit, a checkout, a pull) is stale and gets rebuilt.
// The stamp is not shipped (package.json "files": "!dist/.build-stamp.json").
// Used by scripts/prepare.mjs (npm ci / npm install / git installs) and scripts/ensure-built.mjs (npm run demo).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** The checkout's root (where package.json is). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Where the build records its inputs' hash. */
export const STAMP = "dist/.build-stamp.json";

/** What the build reads besides src/: its configuration, the JSON Schema writer, and the tools' versions (the lock file). */
export const BUILD_CONFIG = ["package.json", "package-lock.json", "tsconfig.json", "tsup.config.ts", "scripts/build-json-schema.ts"];

/** Every file path (relative) that package.json's exports, types and bin name, wildcards left out, and json-schema/. */
export function shippedFiles(root = ROOT) {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const files = new Set([pkg.main, pkg.module, pkg.types, ...Object.values(pkg.bin ?? {})]);
  const walk = (target) => {
    if (typeof target === "string") files.add(target);
    else if (target && typeof target === "object") Object.values(target).forEach(walk);
  };
  walk(pkg.exports);
  return [...[...files].filter((f) => typeof f === "string" && !f.includes("*") && f !== "./package.json"), "json-schema/"];
}

/** The shipped files that are not there. */
export function missingFiles(root = ROOT) {
  return shippedFiles(root).filter((f) => !existsSync(join(root, f)));
}

function filesUnder(root, dir) {
  const out = [];
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) out.push(relative(root, path).split(sep).join("/"));
    }
  };
  walk(join(root, dir));
  return out;
}

/** SHA-256 over the build's inputs: each path and its bytes, in a fixed order. */
export function inputsHash(root = ROOT) {
  const hash = createHash("sha256");
  const files = [...filesUnder(root, "src"), ...BUILD_CONFIG.filter((f) => existsSync(join(root, f)))].sort();
  for (const file of files) {
    hash.update(`${file}\0${statSync(join(root, file)).size}\0`);
    hash.update(readFileSync(join(root, file)));
  }
  return hash.digest("hex");
}

/**
 * Whether dist/ is current: `{ current: true }`, or `{ current: false, reason }` saying why not.
 * An installed copy of the package (no src/ to build from) is current when its files are there.
 */
export function buildState(root = ROOT) {
  const missing = missingFiles(root);
  if (missing.length > 0) return { current: false, reason: `${missing.length} shipped file(s) missing, e.g. ${missing[0]}` };
  if (!existsSync(join(root, "src"))) return { current: true };
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(join(root, STAMP), "utf8"));
  } catch {
    return { current: false, reason: "no record of what dist/ was built from" };
  }
  if (stamp?.inputs !== inputsHash(root)) return { current: false, reason: "the sources changed since dist/ was built" };
  return { current: true };
}

/** Records that dist/ is the build of the inputs whose hash is `inputs` (taken before the build started). */
export function writeStamp(inputs, root = ROOT) {
  writeFileSync(join(root, STAMP), `${JSON.stringify({ inputs, builtAt: new Date().toISOString() })}\n`);
}

/** The environment for the build's tools: node_modules/.bin on PATH, as `npm run` has it. */
export function toolEnv(root = ROOT) {
  return { ...process.env, PATH: `${join(root, "node_modules", ".bin")}${delimiter}${process.env.PATH ?? ""}` };
}

/**
 * Runs `command` with its output held back: `{ ok, status, stdout, stderr, seconds }`. The caller
 * prints the output only when it failed.
 */
export function runQuietly(command, args, options = {}) {
  const started = Date.now();
  const r = spawnSync(command, args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024, shell: process.platform === "win32", ...options });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (r.error) return { ok: false, status: 2, stdout: "", stderr: `${command}: ${r.error.message}\n`, seconds };
  return { ok: r.status === 0, status: r.status ?? 1, stdout: r.stdout ?? "", stderr: r.stderr ?? "", seconds };
}

/** `npm run build` in `root`, quietly (see {@link runQuietly}). */
export function buildQuietly(root = ROOT) {
  return runQuietly("npm", ["run", "build", "--silent"], { cwd: root, env: toolEnv(root) });
}
