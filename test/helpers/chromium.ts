/** Headless Chromium for the browser tests: Debian's `chromium`, driven by playwright-core, and the built dist/. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { ensureBuilt, ROOT } from "./dist.js";

export { ensureBuilt, ROOT };
export const DIST = join(ROOT, "dist", "index.js");
export const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));

/** Launches headless Chromium without background network activity. */
export function launchChromium(): Promise<Browser> {
  if (!CHROMIUM) throw new Error("chromium is not installed: apt-get install -y chromium (.ci/run does this)");
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}
