/**
 * The built ESM bundle in real runtimes: headless Chromium (Debian's `chromium`, driven by
 * playwright-core) loads dist/index.js with zod and ulid through an import map and gives the
 * same load/dump/toText results as Node; and the bundle needs no Node built-in (static scan,
 * plus a worker thread without `process`/`Buffer` globals).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { builtinModules } from "node:module";
import type { AddressInfo } from "node:net";
import { dirname, extname, join, normalize, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIST, ROOT, RUN_CHROMIUM_TESTS, ensureBuilt, launchChromium } from "./helpers/chromium.js";
import { libraryExports } from "./helpers/dist.js";
import { readJsonl } from "./helpers/fixtures.js";

/** ~50 payloads across every kind (and some invalid ones), chosen deterministically from the fixtures. */
function samplePayloads(): unknown[] {
  const byType = new Map<string, unknown[]>();
  for (const r of readJsonl("autogen/messages.jsonl")) {
    if (r.kind === "core" || typeof r.type !== "string") continue;
    const list = byType.get(r.type) ?? [];
    list.push(r.dump);
    byType.set(r.type, list);
  }
  const out: unknown[] = [];
  for (const list of byType.values()) out.push(...list.slice(0, 3));
  const invalid = readJsonl("autogen/load-cases.jsonl").filter((r) => !r.accepted);
  out.push(...invalid.filter((_, i) => i % Math.ceil(invalid.length / 10) === 0).map((r) => r.payload));
  return out;
}

/** What the page and Node both compute for each payload (as JSON text, which keeps lone surrogates intact). */
const EXERCISE = `(lib, payloads) => payloads.map((p) => {
  try {
    const m = lib.load(p);
    const out = { ok: true, dump: lib.dump(m), text: lib.toText(m), iterm: lib.toText(m, { iterm: true }) };
    if (lib.isChatMessage(m) || lib.isStructuredMessage(m)) {
      out.modelText = lib.toModelText(m);
      out.modelMessage = lib.dump(lib.toModelMessage(m));
    }
    return out;
  } catch (e) {
    return { ok: false, name: e && e.name, validation: lib.MessageValidationError.isInstance(e), message: String(e && e.message) };
  }
})`;

const MIME: Record<string, string> = { ".js": "text/javascript", ".mjs": "text/javascript", ".html": "text/html", ".map": "application/json" };

function serve(): Promise<Server> {
  // Only these trees are served: the bundle and the two dependencies' browser ESM builds.
  const allowed = [join(ROOT, "dist") + sep, join(ROOT, "node_modules", "zod") + sep, join(ROOT, "node_modules", "ulid", "dist", "browser") + sep];
  const html = `<!doctype html><html><head><script type="importmap">${JSON.stringify({
    imports: { "zod/mini": "/node_modules/zod/mini/index.js", ulid: "/node_modules/ulid/dist/browser/index.js" },
  })}</script></head><body></body></html>`;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/" || url.pathname === "/index.html") {
      res.writeHead(200, { "content-type": "text/html" }).end(html);
      return;
    }
    const file = normalize(join(ROOT, decodeURIComponent(url.pathname)));
    if (!allowed.some((a) => file.startsWith(a)) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": MIME[extname(file)] ?? "application/octet-stream" }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

let browser: Browser | undefined;
let server: Server | undefined;

describe.skipIf(!RUN_CHROMIUM_TESTS)("the ESM bundle in headless Chromium", () => {
  beforeAll(async () => {
    ensureBuilt();
    server = await serve();
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it("gives the same load/dump/toText results as in Node for fixture payloads", async () => {
    const payloads = samplePayloads();
    expect(payloads.length).toBeGreaterThanOrEqual(50);
    const payloadsJson = JSON.stringify(payloads);

    const lib = await import(pathToFileURL(DIST).href);
    const nodeResults = JSON.stringify((0, eval)(EXERCISE)(lib, JSON.parse(payloadsJson)));

    const page = await browser!.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    const { port } = server!.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    // The page code is passed as text: vitest rewrites `import()` in functions of this file.
    const browserResults = (await page.evaluate(
      `(async () => { const lib = await import("/dist/index.js"); return JSON.stringify((${EXERCISE})(lib, JSON.parse(${JSON.stringify(payloadsJson)}))); })()`,
    )) as string;
    await page.close();
    expect(errors).toEqual([]);
    const parsed = JSON.parse(browserResults) as Array<{ ok: boolean; validation?: boolean }>;
    expect(parsed.filter((r) => r.ok).length).toBeGreaterThanOrEqual(40);
    expect(parsed.filter((r) => !r.ok).every((r) => r.validation)).toBe(true);
    expect(browserResults).toBe(nodeResults);
  }, 120_000);

  it("generates ids and timestamps in the page (ulid's browser build, no Node API)", async () => {
    const page = await browser!.newPage();
    const { port } = server!.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    const m = (await page.evaluate(
      `(async () => { const lib = await import("/dist/index.js"); return lib.dump(lib.createMessage("TextMessage", { source: "b", content: "hi" })); })()`,
    )) as Record<string, unknown>;
    await page.close();
    expect(m).toMatchObject({ source: "b", content: "hi", type: "TextMessage", models_usage: null, metadata: {} });
    expect(m.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(m.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?Z$/);
  }, 60_000);
});

describe("the bundle needs no Node built-in", () => {
  beforeAll(() => ensureBuilt(), 180_000);

  it("imports only zod/mini and ulid (and, in ./ag-ui alone, its optional peers), and never names require/process/Buffer", () => {
    ensureBuilt();
    // The optional peer dependencies (AG-UI's packages and rxjs) are the app's to install: only ./ag-ui may import them.
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { peerDependenciesMeta?: Record<string, { optional?: boolean }> };
    const optionalPeers = Object.entries(manifest.peerDependenciesMeta ?? {}).flatMap(([name, meta]) => (meta.optional ? [name] : []));
    const packageOf = (spec: string) => spec.split("/").slice(0, spec.startsWith("@") ? 2 : 1).join("/");
    for (const entry of libraryExports("import")) {
      // The entry and the chunks it shares (relative imports), followed transitively.
      const files = [entry.file];
      const external = new Set<string>();
      for (let i = 0; i < files.length; i++) {
        const file = files[i]!;
        const code = readFileSync(file, "utf8");
        // Module statements start a line in tsup's output; dynamic import() and require() can be anywhere.
        for (const re of [/^(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/gm, /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g, /^import\s*["']([^"']+)["']/gm, /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g]) {
          for (const m of code.matchAll(re)) {
            const spec = m[1]!;
            if (spec.startsWith(".")) {
              const target = join(dirname(file), spec);
              if (!files.includes(target)) files.push(target);
            } else external.add(spec);
          }
        }
        expect(code, file).not.toMatch(/\brequire\s*\(/);
        expect(code, file).not.toMatch(/\bprocess\s*\.\s*(env|versions|platform|nextTick|cwd)\b/);
        expect(code, file).not.toMatch(/\bBuffer\s*\.\s*(from|alloc|isBuffer|byteLength)\b/);
      }
      const own = [...external].filter((s) => !(entry.subpath === "./ag-ui" && optionalPeers.includes(packageOf(s))));
      expect(own.filter((s) => s !== "ulid" && s !== "zod/mini"), entry.subpath).toEqual([]);
      if (entry.subpath === ".") expect(own).toContain("zod/mini"); // the traversal reaches the chunks
      const builtins = new Set(builtinModules.flatMap((b) => [b, `node:${b}`]));
      expect([...external].filter((s) => builtins.has(s) || s.startsWith("node:")), entry.subpath).toEqual([]);
    }
  });

  it("loads and works in a worker with no process or Buffer globals", async () => {
    ensureBuilt();
    const payloads = samplePayloads();
    const lib = await import(pathToFileURL(DIST).href);
    const expected = JSON.stringify((0, eval)(EXERCISE)(lib, payloads));
    const code = `
      const { parentPort, workerData } = require("node:worker_threads");
      delete globalThis.process;
      delete globalThis.Buffer;
      delete globalThis.require;
      const globals = { process: typeof process, Buffer: typeof Buffer };
      import(workerData.dist).then((lib) => {
        const exercise = (0, eval)(workerData.exercise);
        parentPort.postMessage({ globals, results: JSON.stringify(exercise(lib, JSON.parse(workerData.payloads))) });
      }, (e) => parentPort.postMessage({ globals, error: String(e && e.stack || e) }));
    `;
    const msg = await new Promise<{ globals: Record<string, string>; results?: string; error?: string }>((resolve, reject) => {
      const w = new Worker(code, { eval: true, workerData: { dist: pathToFileURL(DIST).href, exercise: EXERCISE, payloads: JSON.stringify(payloads) } });
      w.once("message", (m) => {
        void w.terminate();
        resolve(m);
      });
      w.once("error", reject);
    });
    expect(msg.globals).toEqual({ process: "undefined", Buffer: "undefined" });
    expect(msg.error).toBeUndefined();
    expect(msg.results).toBe(expected);
  }, 60_000);
});
