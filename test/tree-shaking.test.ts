/**
 * Bundlers keep only what an app imports: each case bundles one import from the sources
 * (esbuild, minified, zod included) and checks which modules' code made it in, found by a
 * string literal only that module holds. Byte budgets are checked in CI on dist/.
 */
import { describe, expect, it } from "vitest";
import { bundleAsApp } from "./helpers/bundle.js";

const MARKERS = {
  registry: "is already registered",
  "python/format": "for integer string conversion",
  "python/json": "Expecting property name enclosed in double quotes",
  "image-data": "not an image AutoGen can read",
  "json-schema": "json-schema.org/draft/2020-12",
  "from-json-schema": "Recursion error - cyclic reference detected",
  console: "Total completion tokens: ",
  context: "Relevant memory content (in chronological order)",
  state: "state nested more than",
  "zod toJSONSchema": "unrepresentable",
} as const;
type Module = keyof typeof MARKERS;

async function modulesIn(code: string): Promise<Set<Module>> {
  const text = await bundleAsApp(code, new URL(".", import.meta.url).pathname);
  return new Set((Object.keys(MARKERS) as Module[]).filter((m) => text.includes(MARKERS[m])));
}

describe("tree-shaking", () => {
  it("one schema brings its own field checkers, not the loader, renderers or other schemas' checkers", async () => {
    expect([...(await modulesIn(`export { TextMessage } from "../src/index.js";`))]).toEqual([]);
  });

  it("an image-carrying schema brings the image checks", async () => {
    expect([...(await modulesIn(`export { MultiModalMessage } from "../src/index.js";`))]).toEqual(["image-data"]);
  });

  it("load brings the registry and the renderers, not the subpaths' code", async () => {
    expect([...(await modulesIn(`export { load } from "../src/index.js";`))].sort()).toEqual(["image-data", "python/format", "registry"]);
  });

  it("the main entry holds none of the subpaths' code", async () => {
    expect([...(await modulesIn(`export * from "../src/index.js";`))].sort()).toEqual(["image-data", "python/format", "registry"]);
  });

  it("each subpath brings its own code", async () => {
    expect(await modulesIn(`export * from "../src/json-schema/index.js";`)).toContain("json-schema");
    expect(await modulesIn(`export * from "../src/structured/index.js";`)).toContain("from-json-schema");
    expect(await modulesIn(`export * from "../src/console/index.js";`)).toContain("console");
    expect(await modulesIn(`export * from "../src/providers/anthropic/index.js";`)).toContain("python/json");
    expect(await modulesIn(`export * from "../src/context/index.js";`)).toContain("context");
    expect(await modulesIn(`export * from "../src/state/index.js";`)).toContain("state");
    expect(await modulesIn(`export * from "../src/json-schema/index.js";`)).not.toContain("zod toJSONSchema");
  });
});
