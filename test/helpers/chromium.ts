/** Headless Chromium for the browser tests: Debian's `chromium`, driven by playwright-core, and the built dist/. */
import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const DIST = join(ROOT, "dist", "index.js");
export const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));

/** Builds dist/ with tsup when it is missing (`.ci/run` and `npm run build` normally have built it). */
export function ensureBuilt(): void {
  if (existsSync(DIST) && statSync(DIST).size > 0) return;
  execFileSync(process.execPath, [join(ROOT, "node_modules", "tsup", "dist", "cli-default.js")], { cwd: ROOT, stdio: "pipe", timeout: 120_000 });
  if (!existsSync(DIST)) throw new Error("tsup did not produce dist/index.js");
}

/** Launches headless Chromium without background network activity. */
export function launchChromium(): Promise<Browser> {
  if (!CHROMIUM) throw new Error("chromium is not installed: apt-get install -y chromium (.ci/run does this)");
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}
