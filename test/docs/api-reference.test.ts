/**
 * The API reference (issue 27.5) is built by `npm run docs` (TypeDoc, typedoc.json) on every CI
 * run (.ci/run), warnings as errors. It must cover the whole package: typedoc.json's entry points
 * are exactly the sources of the library subpaths of package.json's `exports` (the source of each
 * built file found through tsup.config.ts's entries), so a new subpath cannot be left out.
 */
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { libraryExports, ROOT } from "../helpers/dist.js";

const read = (file: string): string => readFileSync(join(ROOT, file), "utf8");

/** tsup.config.ts's library entries: built name (`providers/openai/index`) → source file. */
function tsupEntries(): Map<string, string> {
  const config = read("tsup.config.ts");
  const library = config.slice(config.indexOf("entry:"), config.indexOf("},", config.indexOf("entry:")));
  return new Map([...library.matchAll(/^\s*"?([\w/-]+)"?: "(src\/[^"]+)",?$/gm)].map((m) => [m[1]!, m[2]!]));
}

describe("the API reference", () => {
  it("documents every subpath of the package, and nothing else, and CI builds it", () => {
    const entries = tsupEntries();
    const sources = libraryExports("import").map(({ subpath, file }) => {
      const built = relative(join(ROOT, "dist"), file).replace(/\.js$/, "");
      expect(entries.has(built), `${subpath}: ${built} in tsup.config.ts`).toBe(true);
      return entries.get(built)!;
    });
    expect(sources.length).toBeGreaterThan(10);
    const typedoc = JSON.parse(read("typedoc.json")) as { entryPoints: string[]; out: string; treatWarningsAsErrors: boolean };
    expect([...typedoc.entryPoints].sort()).toEqual([...sources].sort());
    expect(typedoc).toMatchObject({ out: "docs/api", treatWarningsAsErrors: true });
    expect(read(".ci/run")).toMatch(/^npm run docs\b/m);
  });
});
