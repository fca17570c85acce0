/**
 * The built bin (dist/cli/main.js), for tests that run the command as npm installs it. CI
 * builds first (`.ci/run`); locally, tsup builds it here when it is missing or older than the
 * CLI's sources, under the lock the other build-dependent tests use, so that test files in
 * parallel workers do not build over each other.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The bin package.json names. */
export const BIN = join(ROOT, "dist", "cli", "main.js");

const LOCK = join(ROOT, "node_modules", ".cache", "agentchat-messages-build.lock");

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function fresh(): boolean {
  return existsSync(BIN) && statSync(BIN).mtimeMs >= newestSource(join(ROOT, "src"));
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The path of the built bin, built first when missing or stale. */
export function builtBin(): string {
  if (fresh()) return BIN;
  mkdirSync(join(LOCK, ".."), { recursive: true });
  const deadline = Date.now() + 240_000;
  for (;;) {
    try {
      mkdirSync(LOCK); // atomic: one worker builds, the others wait
      break;
    } catch {
      if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > 240_000) rmdirSync(LOCK); // left by a killed run
      if (Date.now() > deadline) throw new Error(`another test run holds ${LOCK}`);
      sleep(250);
    }
  }
  try {
    if (!fresh()) execFileSync(process.execPath, [join(ROOT, "node_modules", "tsup", "dist", "cli-default.js")], { cwd: ROOT, stdio: "pipe", timeout: 230_000 });
  } finally {
    rmdirSync(LOCK);
  }
  if (!existsSync(BIN)) throw new Error("tsup did not produce dist/cli/main.js");
  return BIN;
}
