/**
 * The first run of a clone (issue 34.3): `npm ci && npm run demo` shows the demo after a few lines.
 * - `prepare` (run by `npm ci`) builds only when dist/ is stale, quietly: one line before and one
 *   after, the build's whole log and exit status only when it fails;
 * - `npm run demo` builds first only when dist/ is stale (a shipped file missing, or any build input
 *   changed since the build recorded in dist/.build-stamp.json), and says nothing when it is current;
 * - `npm run build` records the inputs it built from, hashed before it starts (an edit made while it
 *   runs leaves dist/ stale), and the record is not shipped;
 * - `npm ci` prints no install-script warning: package.json's `allowScripts` covers every
 *   dependency of the lock file that has an install script; and no funding notice (.npmrc).
 * Measured on a fresh clone in a terminal (issue 34.3): npm's own lines (its `> prepare` and `> demo`
 * banners, `added 338 packages`, with audit on `found 0 vulnerabilities`) and these two make 12 to
 * 14 lines before the demo's first line.
 *
 * In a temporary copy of the checkout's build inputs and scripts whose build tools (tsup, tsx) are
 * stand-ins that print 150 lines of log and write the files the package ships: the scripts under
 * test are the checkout's own, and each build is counted.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../helpers/dist.js";

const TMP = mkdtempSync(join(tmpdir(), "agentchat-first-run-"));
const CLONE = join(TMP, "clone");
const BUILDS = join(TMP, "builds.log");
const PKG = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
  files: string[];
  allowScripts?: Record<string, boolean>;
  main: string;
  module: string;
  types: string;
  bin: Record<string, string>;
  exports: unknown;
};

/** Every file package.json's exports, main, module, types and bin name: read here, not by the script under test. */
function shipped(): string[] {
  const files = new Set<string>([PKG.main, PKG.module, PKG.types, ...Object.values(PKG.bin)]);
  const walk = (t: unknown): void => {
    if (typeof t === "string") files.add(t);
    else if (t && typeof t === "object") Object.values(t).forEach(walk);
  };
  walk(PKG.exports);
  return [...files].filter((f) => !f.includes("*") && f !== "./package.json");
}

const env: NodeJS.ProcessEnv = { ...process.env, npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false" };
delete env.AGENTCHAT_MESSAGES_SKIP_PREPARE;
for (const key of Object.keys(env)) if (key.startsWith("npm_config_ignore_scripts") || key.startsWith("npm_lifecycle") || key === "npm_command") delete env[key];

const run = (script: string, extra: NodeJS.ProcessEnv = {}) => {
  const r = spawnSync(process.execPath, [join("scripts", script)], { cwd: CLONE, env: { ...env, ...extra }, encoding: "utf8", timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const builds = () => (existsSync(BUILDS) ? readFileSync(BUILDS, "utf8").split("\n").filter(Boolean).length : 0);
const lines = (text: string) => text.split("\n").filter((l) => l !== "");

beforeAll(() => {
  // The build's inputs and the scripts, as a clone has them (no dist/, no json-schema/).
  for (const f of ["src", "scripts", "package.json", "package-lock.json", "tsconfig.json", "tsup.config.ts"]) cpSync(join(ROOT, f), join(CLONE, f), { recursive: true });
  // Stand-ins for the build's tools, found first on PATH (node_modules/.bin) by the scripts as by npm run.
  const bin = join(CLONE, "node_modules", ".bin");
  mkdirSync(bin, { recursive: true });
  const tool = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!${process.execPath}\nconst fs = require("fs"), path = require("path");\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  tool(
    "tsup",
    `for (let i = 1; i <= 150; i++) console.log("CJS dist/chunk-" + i + ".cjs 1.00 KB");
fs.appendFileSync(${JSON.stringify(BUILDS)}, "tsup\\n");
if (process.env.FAKE_TSUP_EDITS) fs.appendFileSync("src/index.ts", "\\n// edited while the build ran\\n");
if (process.env.FAKE_TSUP_FAILS) { console.error("src/x.ts(1,1): error TS2322: Type 'number' is not assignable to type 'string'."); process.exit(3); }
for (const f of ${JSON.stringify(shipped())}) { fs.mkdirSync(path.dirname(f), { recursive: true }); fs.writeFileSync(f, "// built\\n"); }`,
  );
  tool("tsx", `fs.mkdirSync("json-schema", { recursive: true }); fs.writeFileSync("json-schema/TextMessage.json", "{}\\n"); console.log("json-schema/: 1 schemas");`);
}, 60_000);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe("the first run of a clone", { timeout: 120_000 }, () => {
  it("package.json: npm run demo builds through ensure-built, npm run build through build.mjs, prepare through prepare.mjs", () => {
    expect(PKG.scripts.demo).toBe("node scripts/ensure-built.mjs && tsx examples/demo.ts");
    expect(PKG.scripts.build).toBe("node scripts/build.mjs");
    expect(PKG.scripts.prepare).toBe("node scripts/prepare.mjs");
    expect(PKG.scripts.prepack).toBe("npm run build");
  });

  it("npm ci on a fresh clone: prepare builds, in two lines, the log held back", () => {
    expect(existsSync(join(CLONE, "dist"))).toBe(false);
    const r = run("prepare.mjs");
    expect([r.code, r.err]).toEqual([0, ""]);
    expect(lines(r.out)).toEqual([
      expect.stringMatching(/^prepare: building dist\/ \(\d+ shipped file\(s\) missing, e\.g\. \S+\); the log is shown only if the build fails$/),
      expect.stringMatching(/^prepare: built dist\/ in \d+ s$/),
    ]);
    expect(builds()).toBe(1);
    for (const f of shipped()) expect(existsSync(join(CLONE, f)), f).toBe(true);
    expect(existsSync(join(CLONE, "json-schema"))).toBe(true);
  });

  it("then npm run demo: dist/ is current, nothing is built and nothing printed before the demo", () => {
    const r = run("ensure-built.mjs");
    expect([r.code, r.out, r.err]).toEqual([0, "", ""]);
    expect(builds()).toBe(1);
    // A second npm ci: one line, no build.
    const p = run("prepare.mjs");
    expect([p.code, p.out, p.err]).toEqual([0, "prepare: dist/ is current (npm run build rebuilds it)\n", ""]);
    expect(builds()).toBe(1);
  });

  it.each([
    ["a source file", "src/index.ts"],
    ["the build's configuration", "tsup.config.ts"],
    ["the lock file (the tools' versions)", "package-lock.json"],
    ["package.json", "package.json"],
  ])("an edit of %s makes dist/ stale: npm run demo rebuilds, in one line, then it is current", (_, file) => {
    const before = builds();
    const path = join(CLONE, file);
    writeFileSync(path, readFileSync(path, "utf8").replace(/\n$/, file.endsWith(".json") ? "\n " : "\n// edited\n"));
    const r = run("ensure-built.mjs");
    expect([r.code, r.out]).toEqual([0, ""]);
    expect(r.err).toBe("building dist/ first (the sources changed since dist/ was built) …\n");
    expect(builds()).toBe(before + 1);
    expect(run("ensure-built.mjs")).toEqual({ code: 0, out: "", err: "" });
    expect(builds()).toBe(before + 1);
  });

  it("a new source file, a deleted shipped file, a dist/ built some other way (no record): stale", () => {
    let before = builds();
    writeFileSync(join(CLONE, "src", "new-module.ts"), "export const x = 1;\n");
    expect(run("ensure-built.mjs").err).toBe("building dist/ first (the sources changed since dist/ was built) …\n");
    expect(builds()).toBe(++before);
    rmSync(join(CLONE, PKG.main));
    expect(run("ensure-built.mjs").err).toBe(`building dist/ first (1 shipped file(s) missing, e.g. ${PKG.main}) …\n`);
    expect(builds()).toBe(++before);
    rmSync(join(CLONE, "dist", ".build-stamp.json"));
    expect(run("prepare.mjs").out).toMatch(/^prepare: building dist\/ \(no record of what dist\/ was built from\);/);
    expect(builds()).toBe(++before);
  });

  it("an edit made while the build runs leaves dist/ stale (the inputs are hashed before the build)", () => {
    const before = builds();
    rmSync(join(CLONE, "dist", ".build-stamp.json"));
    expect(run("ensure-built.mjs", { FAKE_TSUP_EDITS: "1" }).code).toBe(0);
    expect(builds()).toBe(before + 1);
    expect(run("ensure-built.mjs").err).toBe("building dist/ first (the sources changed since dist/ was built) …\n");
    expect(builds()).toBe(before + 2);
  });

  it("a failing build: its whole log and its exit status, no record (the next run builds again)", () => {
    appendFileSync(join(CLONE, "src", "index.ts"), "// break\n");
    const p = run("prepare.mjs", { FAKE_TSUP_FAILS: "1" });
    expect(p.code).toBe(3);
    expect(p.out.split("\n")[0]).toMatch(/^prepare: building dist\/ \(the sources changed since dist\/ was built\);/);
    expect(p.out).toContain("CJS dist/chunk-1.cjs 1.00 KB\n");
    expect(p.out).toContain("CJS dist/chunk-150.cjs 1.00 KB\n");
    expect(p.err).toContain("error TS2322");
    expect(p.err).toMatch(/prepare: the build failed \(exit 3\); its log is above\n$/);
    expect(existsSync(join(CLONE, "dist", ".build-stamp.json"))).toBe(false);
    const d = run("ensure-built.mjs", { FAKE_TSUP_FAILS: "1" });
    expect(d.code).toBe(3);
    expect(d.err).toMatch(/^building dist\/ first \(\d+ shipped file\(s\) missing, e\.g\. \S+\) …\n[\s\S]*error TS2322[\s\S]*npm run build failed \(exit 3\); its log is above\n$/);
    expect(run("ensure-built.mjs").code).toBe(0); // the build works again: built, current
    expect(run("ensure-built.mjs")).toEqual({ code: 0, out: "", err: "" });
  });

  it("the record of the build is not shipped; AGENTCHAT_MESSAGES_SKIP_PREPARE=1 skips prepare", () => {
    expect(existsSync(join(CLONE, "dist", ".build-stamp.json"))).toBe(true);
    const packed = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: CLONE, env, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })) as { files: { path: string }[] }[];
    const files = packed[0]!.files.map((f) => f.path);
    expect(files).toContain(PKG.main.replace(/^\.\//, ""));
    expect(files.filter((f) => f.includes("build-stamp"))).toEqual([]);
    expect(run("prepare.mjs", { AGENTCHAT_MESSAGES_SKIP_PREPARE: "1" }).out).toBe("prepare: skipped (AGENTCHAT_MESSAGES_SKIP_PREPARE=1)\n");
  });

  it("an installed copy (no src/ to build from, its files there) is current: prepare builds nothing", () => {
    const installed = join(TMP, "installed");
    for (const f of ["dist", "json-schema", "scripts", "package.json"]) cpSync(join(CLONE, f), join(installed, f), { recursive: true });
    rmSync(join(installed, "dist", ".build-stamp.json"), { force: true });
    const r = spawnSync(process.execPath, ["scripts/prepare.mjs"], { cwd: installed, env, encoding: "utf8" });
    expect([r.status, r.stdout]).toEqual([0, "prepare: dist/ is current (npm run build rebuilds it)\n"]);
  });
});

describe("npm ci prints no warning and no funding notice", () => {
  it("the project's .npmrc turns npm's funding notice off (three lines on the first screen)", () => {
    const npmrc = readFileSync(join(ROOT, ".npmrc"), "utf8");
    expect(npmrc).toMatch(/^fund=false$/m);
  });


  it("allowScripts covers every dependency of the lock file that has an install script", () => {
    const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, { version?: string; hasInstallScript?: boolean }> };
    const withScripts = Object.entries(lock.packages).filter(([path, p]) => path !== "" && p.hasInstallScript);
    expect(withScripts.length).toBeGreaterThan(0);
    const allowed = PKG.allowScripts ?? {};
    for (const [path, p] of withScripts) {
      const name = path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
      expect(name in allowed || `${name}@${p.version}` in allowed, `${name}@${p.version} (${path})`).toBe(true);
    }
  });
});
