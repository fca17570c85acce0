/**
 * The built bin as npm installs it (dist/cli/main.js): `--version` is written in at build time
 * (it stays right wherever the file is copied), and the progress line on a real pseudo-terminal
 * (util-linux `script`) is drawn and cleared, and absent when stderr is redirected.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLEAR_LINE } from "../../src/cli/progress.js";
import { PACKAGE } from "./helpers.js";
import { ROOT, builtBin } from "../helpers/dist.js";

let bin: string;
const dir = mkdtempSync(join(tmpdir(), "agentchat-bin-"));
beforeAll(() => {
  bin = builtBin();
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the built bin", { timeout: 60_000 }, () => {
  it("--version and -v print package.json's version", () => {
    for (const flag of ["--version", "-v"]) {
      const r = spawnSync(process.execPath, [bin, flag], { encoding: "utf8" });
      expect([r.status, r.stdout, r.stderr]).toEqual([0, `${PACKAGE.version}\n`, ""]);
    }
  });

  it("the version is in the bin itself: a copy away from package.json still prints it", () => {
    // Inside node_modules/.cache so that zod still resolves; no package.json two folders up.
    const copy = join(ROOT, "node_modules", ".cache", "agentchat-bin-copy", "a", "main.js");
    mkdirSync(join(copy, ".."), { recursive: true });
    copyFileSync(bin, copy);
    try {
      const r = spawnSync(process.execPath, [copy, "--version"], { encoding: "utf8" });
      expect([r.status, r.stdout]).toEqual([0, `${PACKAGE.version}\n`]);
    } finally {
      rmSync(join(copy, "..", ".."), { recursive: true, force: true });
    }
  });

  it("no arguments: usage on stderr, exit 2", () => {
    const r = spawnSync(process.execPath, [bin], { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^Usage: agentchat-messages <command>/);
  });

  describe("the progress line on a pseudo-terminal", () => {
    // The second half of the input arrives 2.5 s after the first: the run outlasts the 1 s delay.
    const transcript = JSON.parse(readFileSync(join(ROOT, "examples/data/transcript.json"), "utf8")) as unknown[];
    const file = join(dir, "run.jsonl");
    writeFileSync(file, transcript.map((m) => JSON.stringify(m)).join("\n") + "\n");
    const slowly = `(head -n 200 '${file}'; sleep 2.5; tail -n +201 '${file}')`;
    const inPty = (command: string) => spawnSync("script", ["-qec", command, "/dev/null"], { encoding: "utf8", timeout: 50_000 });

    it("stderr a terminal: items, MB read and rate, then erased before the report", () => {
      const r = inPty(`${slowly} | '${process.execPath}' '${bin}' validate`);
      expect(r.status).toBe(0);
      const shown = r.stdout.match(/\r\x1b\[Kvalidate: [\d,]+ items, \d+\.\d MB read, \d+\.\d MB\/s/g) ?? [];
      expect(shown.length).toBeGreaterThanOrEqual(1);
      // Erased, then the report (the terminal turns \n into \r\n).
      expect(r.stdout).toContain(`${CLEAR_LINE}400 items: 400 valid, 0 invalid\r\n`);
      expect(r.stdout.lastIndexOf("validate: ")).toBeLessThan(r.stdout.indexOf("400 items:"));
    });

    it("stderr redirected to a file (stdout still the terminal): no progress line anywhere", () => {
      const err = join(dir, "stderr.txt");
      const r = inPty(`${slowly} | '${process.execPath}' '${bin}' validate 2>'${err}'`);
      expect(r.status).toBe(0);
      expect(readFileSync(err, "utf8")).toBe("");
      expect(r.stdout).not.toContain("\x1b[");
      expect(r.stdout.startsWith("400 items: 400 valid, 0 invalid\r\n")).toBe(true);
    });
  });
});
