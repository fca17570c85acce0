/**
 * Installable from anywhere (issue 27.1): `npm pack` on a fresh clone builds the package itself
 * (`prepack`; `prepare` does the same for a git install) and the tarball, installed in a new project,
 * imports at every subpath of `exports` in ESM and CommonJS and type-checks under
 * `"moduleResolution": "node"` (node10, through `typesVersions`) as well as node16.
 *
 * The clone is the checkout's files as git lists them (tracked and new, not ignored: no dist/, no
 * json-schema/), with node_modules linked from the checkout (the build's tools, no network). The new
 * project installs the tarball with zod and ulid packed from node_modules, offline.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../helpers/dist.js";

interface Manifest {
  name: string;
  exports: Record<string, { import: { types: string; default: string }; require: { types: string; default: string } } | string>;
  typesVersions: Record<string, Record<string, string[]>>;
  bin: Record<string, string>;
}

const TMP = mkdtempSync(join(tmpdir(), "agentchat-messages-install-"));
const CLONE = join(TMP, "clone");
const APP = join(TMP, "app");
const env: NodeJS.ProcessEnv = { ...process.env, npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false" };
delete env.AGENTCHAT_MESSAGES_SKIP_PREPARE;
for (const key of Object.keys(env)) if (key.startsWith("npm_config_ignore_scripts") || key === "npm_lifecycle_event") delete env[key];

function npm(args: string[], cwd: string): string {
  // The pack builds the package (declarations included): about 2 minutes on a quiet machine, far more on a busy one.
  return execFileSync("npm", args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 1_100_000 });
}

/** What a checkout without git would leave out of a clone: the build's and the install's output (.gitignore). */
const NOT_IN_A_CLONE = /^(?:\.git|node_modules|dist|json-schema|coverage|docs\/api)(?:\/|$)|\.tgz$/;

/** Every file under `dir` (relative paths), for a checkout that is not a git work tree. */
function walk(dir: string, prefix = ""): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) => {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (NOT_IN_A_CLONE.test(rel)) return [];
    return e.isDirectory() ? walk(dir, rel) : [rel];
  });
}

/** The files a fresh clone has: what git tracks, plus new files not ignored (uncommitted work). */
function cloneFiles(): string[] {
  let out: string;
  try {
    out = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch {
    return walk(ROOT); // not a git work tree (an exported source tree)
  }
  return out.split("\0").filter((f) => f !== "" && existsSync(join(ROOT, f)));
}

let manifest: Manifest;
let subpaths: string[];
let installed: string;

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

// Node processes and the TypeScript compiler over the declarations: seconds each, more on a busy machine.
describe("npm pack on a fresh clone, installed in a new project", { timeout: 120_000 }, () => {
  beforeAll(() => {
    for (const file of cloneFiles()) {
      mkdirSync(dirname(join(CLONE, file)), { recursive: true });
      copyFileSync(join(ROOT, file), join(CLONE, file));
    }
    symlinkSync(join(ROOT, "node_modules"), join(CLONE, "node_modules"), "dir");
    expect(existsSync(join(CLONE, "dist"))).toBe(false);
    npm(["pack", "--pack-destination", TMP], CLONE); // runs prepack (the build), then prepare
    const tarball = readdirSync(TMP).find((f) => f.startsWith("agentchat-messages-") && f.endsWith(".tgz"))!;
    // The peer (zod) and the dependency (ulid), packed from node_modules: the install needs no registry.
    for (const dep of ["zod", "ulid"]) npm(["pack", "--ignore-scripts", "--pack-destination", TMP, join(ROOT, "node_modules", dep)], TMP);
    const deps = readdirSync(TMP).filter((f) => /^(zod|ulid)-.*\.tgz$/.test(f));
    mkdirSync(APP);
    writeFileSync(join(APP, "package.json"), JSON.stringify({ name: "app", version: "1.0.0", private: true }));
    npm(["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", ...[tarball, ...deps].map((f) => join(TMP, f))], APP);
    // The optional peers of ./ag-ui (AG-UI's packages, rxjs), as an app that uses that subpath installs them: linked
    // from node_modules (their own dependencies resolve from there).
    for (const peer of ["@ag-ui", "rxjs"]) symlinkSync(join(ROOT, "node_modules", peer), join(APP, "node_modules", peer), "dir");
    installed = join(APP, "node_modules", "agentchat-messages");
    manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as Manifest;
    subpaths = Object.keys(manifest.exports).filter((s) => s !== "./package.json" && !s.includes("*"));
  }, 1_200_000);

  it("the tarball carries every file exports and bin name, and the JSON Schema files", () => {
    const files: string[] = [...Object.values(manifest.bin), "./json-schema/TextMessage.json"];
    for (const entry of Object.values(manifest.exports)) {
      if (typeof entry === "string") continue;
      files.push(entry.import.types, entry.import.default, entry.require.types, entry.require.default);
    }
    expect(subpaths.length).toBeGreaterThan(10);
    for (const f of files) expect(existsSync(join(installed, f)), f).toBe(true);
  });

  it("every subpath imports in ESM and requires in CommonJS", () => {
    const specifiers = subpaths.map((s) => manifest.name + s.slice(1));
    writeFileSync(
      join(APP, "esm.mjs"),
      `const out = {};\nfor (const s of ${JSON.stringify(specifiers)}) out[s] = Object.keys(await import(s)).length;\n` +
        `const { load, toText } = await import("agentchat-messages");\nout.text = toText(load({ type: "TextMessage", source: "a", content: "hi" }));\n` +
        `process.stdout.write(JSON.stringify(out));\n`,
    );
    writeFileSync(
      join(APP, "cjs.cjs"),
      `const out = {};\nfor (const s of ${JSON.stringify(specifiers)}) out[s] = Object.keys(require(s)).length;\n` +
        `const { load, toText } = require("agentchat-messages");\nout.text = toText(load({ type: "TextMessage", source: "a", content: "hi" }));\n` +
        `process.stdout.write(JSON.stringify(out));\n`,
    );
    for (const script of ["esm.mjs", "cjs.cjs"]) {
      const out = JSON.parse(execFileSync(process.execPath, [script], { cwd: APP, encoding: "utf8" })) as Record<string, unknown>;
      expect(out.text, script).toBe("hi");
      for (const s of specifiers) expect(out[s], `${script}: ${s}`).toBeGreaterThan(0);
    }
  });

  it("the installed bin runs", () => {
    const out = execFileSync(join(APP, "node_modules", ".bin", "agentchat-messages"), ["--version"], { encoding: "utf8" });
    expect(out.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.each([
    ["node (node10, through typesVersions)", ts.ModuleResolutionKind.Node10, ts.ModuleKind.CommonJS],
    ["node16", ts.ModuleResolutionKind.Node16, ts.ModuleKind.Node16],
  ])('a consumer with "moduleResolution": %s resolves every subpath to its declarations and type-checks', (_, moduleResolution, module) => {
    const lines = subpaths.map((s, i) => `import * as m${i} from "${manifest.name + s.slice(1)}";\nexport const k${i}: string[] = Object.keys(m${i});`);
    lines.push(`import { load, type TextMessage } from "agentchat-messages";\nexport const t: TextMessage["type"] | undefined = load({}).type === "TextMessage" ? "TextMessage" : undefined;`);
    const file = join(APP, `consumer-${moduleResolution}.ts`);
    writeFileSync(file, lines.join("\n") + "\n");
    const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module, moduleResolution, skipLibCheck: true, types: [] };
    const program = ts.createProgram([file], options);
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(diagnostics).toEqual([]);
    const host = ts.createCompilerHost(options);
    for (const s of subpaths) {
      const resolved = ts.resolveModuleName(manifest.name + s.slice(1), file, options, host).resolvedModule?.resolvedFileName;
      const entry = manifest.exports[s]!;
      const want = typeof entry === "string" ? entry : entry.import.types;
      // node16 resolves a CommonJS consumer to the `require` declarations (.d.cts): either is the subpath's own file.
      expect(resolved?.replace(/\.d\.cts$/, ".d.ts"), s).toBe(join(installed, want));
    }
  });
});

describe("package.json", () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as Manifest & { scripts: Record<string, string> };

  it("typesVersions maps each library subpath of exports to its import declarations, and nothing else", () => {
    const expected = Object.fromEntries(
      Object.entries(pkg.exports)
        .filter(([s, e]) => s !== "." && typeof e !== "string")
        .map(([s, e]) => [s.slice(2), [(e as { import: { types: string } }).import.types]]),
    );
    expect(pkg.typesVersions).toEqual({ "*": expected });
  });
});
