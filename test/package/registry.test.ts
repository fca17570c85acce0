/**
 * One registry per process, whatever the module system (issue 19.1). The built package runs in a
 * child `node` as an app runs it, resolved by name through package.json's `exports`:
 * - registry.cjs: a CommonJS app registers custom kinds on `require("agentchat-messages")` and
 *   hands them to every library subpath of `exports` (read from package.json, so a new subpath
 *   fails here until registry.cjs exercises it);
 * - dual.mjs: ESM code and a CommonJS dependency load the same version side by side and share
 *   the default registry and the wire-field / message-field registries;
 * - structurally, the registry's code exists once per module system, in a chunk the entries share.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, libraryExports, PACKAGE, ROOT } from "../helpers/dist.js";

function runNode(script: string): Record<string, unknown> {
  const out = execFileSync(process.execPath, [join(ROOT, "test", "package", script)], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
  return JSON.parse(out) as Record<string, unknown>;
}

/**
 * The files under dist/ that the library entries of one module system load: the entries and the
 * chunks they import or require, followed transitively (left-over chunks of an earlier build are
 * not part of the package an app loads). Paths relative to dist/.
 */
function loadedFiles(condition: "import" | "require"): string[] {
  const files = libraryExports(condition).map((t) => t.file);
  for (let i = 0; i < files.length; i++) {
    const code = readFileSync(files[i]!, "utf8");
    for (const m of code.matchAll(/(?:\bfrom\s*|\brequire\s*\(\s*|^import\s*)["'](\.{1,2}\/[^"']+)["']/gm)) {
      const target = join(dirname(files[i]!), m[1]!);
      if (!files.includes(target)) files.push(target);
    }
  }
  return files.map((f) => relative(join(ROOT, "dist"), f));
}

beforeAll(() => ensureBuilt(), 200_000);

describe("CommonJS: a custom kind registered on the main entry reaches every subpath", () => {
  let report: Record<string, { ok: boolean; result?: unknown; error?: string }>;
  beforeAll(() => {
    report = runNode("registry.cjs") as typeof report;
  });

  it("reports on exactly the library subpaths of package.json's exports", () => {
    expect(Object.keys(report).sort()).toEqual(libraryExports("require").map((t) => t.subpath).sort());
  });

  it.each(libraryExports("require").map((t) => t.subpath))("%s", (subpath) => {
    const entry = report[subpath];
    expect(entry?.error).toBeUndefined();
    expect(entry?.ok).toBe(true);
  });

  it("each subpath gives the custom kinds' own results", () => {
    const results = Object.fromEntries(Object.entries(report).map(([k, v]) => [k, v.result]));
    expect(results["."]).toEqual({ loaded: ["NoteMessage", "ProgressEvent"], text: "40%" });
    expect(results["./contracts"]).toEqual({ loaded: ["NoteMessage", "ProgressEvent"], dumped: ["step 2 done", 40] });
    expect(results["./stream"]).toEqual({ loaded: ["NoteMessage", "ProgressEvent"], sse: ["NoteMessage", "ProgressEvent"] });
    expect(results["./context"]).toEqual({ context: [["UserMessage", "planner", "step 2 done"], ["AssistantMessage", "assistant", "ok"]] });
    expect(results["./html"]).toEqual({ note: true, progress: true });
    expect(results["./ag-ui"]).toEqual({ custom: ["NoteMessage", "ProgressEvent"], values: ["step 2 done", 40] });
    expect(results["./state"]).toEqual({ loaded: ["NoteMessage"], dumped: ["step 2 done"] });
    expect(results["./components"]).toEqual({ provider: "autogen_agentchat.conditions.TextMentionTermination" });
    expect(results["./console"]).toEqual({
      text: "---------- NoteMessage (planner) ----------\nnote: step 2 done\n---------- ProgressEvent (worker) ----------\n40%\n",
    });
    expect(results["./agentscope"]).toEqual({ text: "step 2 done" });
    expect(results["./maf"]).toEqual({ text: "step 2 done" });
    expect(results["./otel"]).toEqual({ parts: ["step 2 done"] });
    expect(results["./structured"]).toEqual({ loaded: ["StructuredMessage[Ticket]"] });
    for (const provider of ["./openai", "./anthropic", "./gemini", "./ai-sdk"]) expect(results[provider]).toEqual({ text: "step 2 done" });
  });
});

describe("ESM and CommonJS side by side (dual-package hazard)", () => {
  it("share the default registry's registrations, the wire-field and message-field registries, the id generator", () => {
    const r = runNode("dual.mjs");
    expect(r.cjsIsNotEsm).toBe(true); // really two copies of the code, each with its own registry object
    expect(r.sameTypes).toBe(true);
    expect([r.esmErrorIsEsm, r.cjsErrorIsCjs]).toEqual([true, true]);
    expect(r.errorMessage).toBe("Invalid ProgressEvent: percent: expected number, got string \"x\"");
    expect(r.esmLoadsCjsKind).toBe("5%");
    expect(r.cjsLoadsEsmKind).toBe("hi");
    expect(r.cjsStream).toEqual(["ProgressEvent", "NoteMessage"]);
    expect(r.floatAcrossCopies).toBe("Oslo: -11.0");
    expect(r.contractKeys).toEqual(["id", "source", "models_usage", "metadata", "created_at", "content", "type"]);
    expect(r.cjsId).toBe("custom-id");
    expect(r.cjsIdAfterReset).toBe(26); // a ULID again
    const v = PACKAGE.version;
    expect(r.key).toEqual(
      ["generatedDefaults", "guards", "ids", "messageFields", "registrations", "wireFields"].map((n) => `Symbol(agentchat-messages@${v}/${n})`),
    );
  });
});

describe("the registry's code exists once per module system", () => {
  // Code only registry.ts holds: the class's duplicate-registration error, the default instance's registrations.
  const markers = [/is already registered/, /"registrations"/];
  it.each(["require", "import"] as const)("%s: only one shared chunk defines MessageRegistry / defaultRegistry", (condition) => {
    const files = loadedFiles(condition);
    expect(files.length).toBeGreaterThan(libraryExports(condition).length); // the entries share chunks
    for (const marker of markers) {
      const holders = files.filter((f) => marker.test(readFileSync(join(ROOT, "dist", f), "utf8")));
      expect(holders, String(marker)).toHaveLength(1);
      expect(holders[0], String(marker)).toMatch(/^chunk-[A-Z0-9]+\.c?js$/);
    }
  });
});
