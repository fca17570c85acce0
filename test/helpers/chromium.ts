/**
 * Headless Chromium for the browser tests: Debian's `chromium`, driven by playwright-core, the
 * built dist/, and the offline pages the HTML view's tests open ({@link openOfflinePages}).
 * Without Chromium, the browser tests are skipped on a developer's machine (one notice for the
 * run, from test/helpers/chromium-notice.ts) and fail in CI (`CI` set, as `.ci/run` sets it), so
 * that CI can never pass without having run them.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
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

/** A Chromium context for pages written to a temporary folder, from which nothing may leave. */
export interface OfflinePages {
  readonly browser: Browser;
  readonly context: BrowserContext;
  /** Every request that tried to leave a page (anything but `file:` and `data:` URLs), refused. Empty it between pages. */
  readonly requests: string[];
  /** What the console said of the Content Security Policy (`Refused to …`). Empty it between pages. */
  readonly cspViolations: string[];
  /** Every uncaught error of a page opened with {@link OfflinePages.open}. */
  readonly pageErrors: string[];
  /** Writes `html` to `name` in the folder and returns its `file:` URL. */
  write(name: string, html: string): string;
  /** Writes `html` to `name` and opens it in a new page (at `width` px, when given). */
  open(name: string, html: string, width?: number): Promise<Page>;
  /** Closes the browser and removes the folder. */
  close(): Promise<void>;
}

/**
 * Launches Chromium (see {@link launchChromium}) with one context whose requests are recorded and
 * refused unless they stay on the page's file or a `data:` URI, and whose CSP violations are
 * collected, for pages written to a fresh temporary folder (`prefix`: its name's start).
 */
export async function openOfflinePages(prefix: string, viewport?: { width: number; height: number }): Promise<OfflinePages> {
  const browser = await launchChromium();
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const requests: string[] = [];
  const cspViolations: string[] = [];
  const pageErrors: string[] = [];
  const local = (url: string) => url.startsWith("file:") || url.startsWith("data:");
  const context = await browser.newContext(viewport ? { viewport } : {});
  // Anything but the page file and data: URIs would be a request leaving the page: record and refuse it.
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (local(url)) return route.continue();
    requests.push(url);
    return route.abort();
  });
  context.on("request", (q) => {
    if (!local(q.url())) requests.push(q.url());
  });
  context.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) cspViolations.push(m.text());
  });
  const write = (name: string, html: string): string => {
    const file = join(dir, name);
    writeFileSync(file, html);
    return pathToFileURL(file).href;
  };
  return {
    browser,
    context,
    requests,
    cspViolations,
    pageErrors,
    write,
    async open(name, html, width) {
      const url = write(name, html);
      const page = await context.newPage();
      page.on("pageerror", (e) => pageErrors.push(e.message));
      if (width !== undefined) await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      return page;
    },
    async close() {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
