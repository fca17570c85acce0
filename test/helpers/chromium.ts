/**
 * Headless Chromium for the browser tests: Debian's `chromium`, driven by playwright-core, and the
 * built dist/. Without Chromium, the browser tests are skipped on a developer's machine (one
 * notice for the run, from test/helpers/chromium-notice.ts) and fail in CI (`CI` set, as `.ci/run`
 * sets it), so that CI can never pass without having run them.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { ensureBuilt, ROOT } from "./dist.js";

export { ensureBuilt, ROOT };
export const DIST = join(ROOT, "dist", "index.js");
export const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));

/** Whether `CI` is set (to anything but an empty string, `0` or `false`). */
export const IN_CI = !["", "0", "false"].includes((process.env.CI ?? "").toLowerCase());

/** Whether the browser tests run: Chromium is installed, or we are in CI (where a missing one fails them). */
export const RUN_CHROMIUM_TESTS = CHROMIUM !== undefined || IN_CI;

/** Why the browser tests are skipped, shown once per run. */
export const CHROMIUM_NOTICE =
  "Chromium not found (/usr/bin/chromium): the browser tests are skipped. Install it (apt-get install -y chromium) " +
  "to run them; with CI set, they fail instead.";

/** Launches headless Chromium without background network activity. */
export function launchChromium(): Promise<Browser> {
  if (!CHROMIUM) throw new Error("chromium is not installed: apt-get install -y chromium (.ci/run does this)");
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}
