/**
 * The built package (dist/) for tests that run it as its users do: the files of package.json's
 * `exports` and its bin. `npm run build` (CI, `.ci/run`) normally has built it; when a file is
 * missing or older than a source file (a local edit since the last build), tsup builds it here,
 * under a lock so that test files running in parallel workers do not build over each other.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The checkout's root (where package.json is). */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** package.json, as published. */
export const PACKAGE = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  name: string;
  version: string;
  exports: Record<string, unknown>;
  bin: Record<string, string>;
};

/** The command package.json's `bin` names (dist/cli/main.js). */
export const BIN = join(ROOT, Object.values(PACKAGE.bin)[0]!);

/** One subpath of package.json's `exports` and the file a condition resolves it to. */
export interface ExportTarget {
  /** `"."`, `"./contracts"`, … */
  readonly subpath: string;
  /** The specifier an app writes: `agentchat-messages`, `agentchat-messages/contracts`. */
  readonly specifier: string;
  /** Absolute path of the built file. */
  readonly file: string;
}

function targetOf(entry: unknown, condition: "import" | "require"): string | undefined {
  if (typeof entry === "string") return entry;
  if (entry === null || typeof entry !== "object") return undefined;
  const conditions = entry as Record<string, unknown>;
  for (const c of [condition, "default"]) if (c in conditions) return targetOf(conditions[c], condition);
  return undefined;
}

/**
 * The library entries of package.json's `exports` (not `./package.json` nor the JSON Schema
 * files) for `import` or `require`, read from package.json itself so that a new subpath is
 * covered without a test change.
 */
export function libraryExports(condition: "import" | "require"): ExportTarget[] {
  const out: ExportTarget[] = [];
  for (const [subpath, entry] of Object.entries(PACKAGE.exports)) {
    const target = targetOf(entry, condition);
    if (subpath === "./package.json" || subpath.includes("*") || target === undefined || !/\.c?js$/.test(target)) continue;
    out.push({ subpath, specifier: PACKAGE.name + subpath.slice(1), file: join(ROOT, target) });
  }
  return out;
}

const LOCK = join(ROOT, "node_modules", ".cache", "agentchat-messages-build.lock");
const TIMEOUT = 240_000;

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Every built file exists, is not empty and is newer than every file of src/. */
function built(): boolean {
  const files = [...libraryExports("import"), ...libraryExports("require")].map((t) => t.file);
  files.push(BIN);
  const sources = newestSource(join(ROOT, "src"));
  return files.every((f) => existsSync(f) && statSync(f).size > 0 && statSync(f).mtimeMs >= sources);
}

let checked = false; // once dist/ was found current, this process does not walk src/ again

/** Builds dist/ with tsup when a file of the `exports` map or the bin is missing or stale. */
export function ensureBuilt(): void {
  if (checked || built()) {
    checked = true;
    return;
  }
  mkdirSync(join(LOCK, ".."), { recursive: true });
  const deadline = Date.now() + TIMEOUT;
  for (;;) {
    try {
      mkdirSync(LOCK); // atomic: one worker builds, the others wait for it
      break;
    } catch {
      // A lock older than the longest build was left by a killed run.
      if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > TIMEOUT) rmdirSync(LOCK);
      if (Date.now() > deadline) throw new Error(`another test run holds ${LOCK}`);
      sleep(250);
      if (built()) return void (checked = true);
    }
  }
  try {
    if (built()) return void (checked = true);
    execFileSync(process.execPath, [join(ROOT, "node_modules", "tsup", "dist", "cli-default.js")], { cwd: ROOT, stdio: "pipe", timeout: TIMEOUT - 10_000 });
    if (!built()) throw new Error("tsup did not produce every file of package.json's exports and bin");
    checked = true;
  } finally {
    rmdirSync(LOCK);
  }
}

/** The path of the built bin, built first when missing or stale. */
export function builtBin(): string {
  ensureBuilt();
  return BIN;
}
