/**
 * What the package ships (issue 19.2): a stack trace through the library points at files the
 * package holds (dist/ has no source maps naming unshipped `src/*.ts`), and the tarball stays lean.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, ROOT } from "../helpers/dist.js";

interface Packed {
  size: number;
  unpackedSize: number;
  files: { path: string; size: number }[];
}

let packed: Packed;
beforeAll(() => {
  ensureBuilt();
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  packed = (JSON.parse(out) as Packed[])[0]!;
}, 200_000);

describe("package contents", () => {
  it("every source map a shipped file names is shipped, and names only shipped or embedded sources", () => {
    const shipped = new Set(packed.files.map((f) => f.path));
    for (const file of packed.files.filter((f) => /\.c?js$/.test(f.path))) {
      const ref = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(join(ROOT, file.path), "utf8"))?.[1];
      if (ref === undefined) continue;
      const map = join(file.path, "..", ref);
      expect(shipped.has(map), `${file.path} names ${map}`).toBe(true);
      const { sources, sourcesContent } = JSON.parse(readFileSync(join(ROOT, map), "utf8")) as { sources: string[]; sourcesContent?: unknown[] };
      sources.forEach((s, i) => expect(shipped.has(join(map, "..", s)) || typeof sourcesContent?.[i] === "string", `${map}: ${s}`).toBe(true));
    }
  });

  it("a stack trace from the built package points at files it ships, source maps enabled", () => {
    const code = `try { (await import("agentchat-messages")).load({ type: "TextMessage", source: 1 }) } catch (e) { process.stdout.write(e.stack) }`;
    const stack = execFileSync(process.execPath, ["--enable-source-maps", "--input-type=module", "-e", code], { cwd: ROOT, encoding: "utf8" });
    const files = [...stack.matchAll(/\((?:file:\/\/)?(\/[^):]+):\d+:\d+\)/g)].map((m) => m[1]!).filter((f) => f.startsWith(ROOT));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      expect(f.startsWith(join(ROOT, "dist")), f).toBe(true);
      expect(existsSync(f), f).toBe(true);
    }
  });

  it("the tarball stays lean: no source maps, under 1 MiB packed (BENCHMARKS.md, Package size; maps doubled it)", () => {
    expect(packed.files.filter((f) => f.path.endsWith(".map"))).toEqual([]);
    expect(packed.size).toBeLessThan(1024 * 1024);
  });
});
