/**
 * Imports run one way (the style rule of the project): wire rules and Python semantics ←
 * schemas ← load/dump/render, component configs ← providers, AgentScope, contracts, stream, console, context, html, ag-ui ← CLI.
 * Every module of src/ belongs to one layer below, and may import (types included) only from
 * its own layer or a lower one. A new top-level file or folder must be placed in LAYERS.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, posix, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

/** Layer of each top-level entry of src/, lowest first. */
const LAYERS: ReadonlyArray<{ name: string; entries: readonly string[] }> = [
  {
    name: "base: wire rules, Python semantics, helpers",
    entries: ["wire", "python", "define.ts", "zod-def.ts", "errors.ts", "parse.ts", "ids.ts", "process-wide.ts"],
  },
  { name: "schemas", entries: ["schemas", "kinds.ts", "guards.ts"] },
  {
    name: "load/dump/render",
    // state, components: saved states and component configs are wire data validated by load/dump, and ./json-schema describes them.
    entries: ["load.ts", "dump.ts", "create.ts", "registry.ts", "render", "fast", "structured", "json-schema", "state", "components", "index.ts"],
  },
  { name: "interop and tools", entries: ["providers", "agentscope", "contracts", "stream", "console", "context", "html", "ag-ui", "maf"] },
  { name: "command", entries: ["cli"] },
];

/** The layer index of a path relative to src/ (posix separators), or -1 when no layer holds it. */
function layerOf(path: string): number {
  const top = path.split("/")[0]!;
  return LAYERS.findIndex((l) => l.entries.includes(top));
}

// Static imports and re-exports (`import … from`, `export … from`, side-effect `import "…"`) and dynamic `import("…")`.
const IMPORT = /(?:^|[;\n])\s*(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|(?:^|[;\n])\s*import\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

/** Relative import specifiers of a module's text. */
function relativeImports(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3]!;
    if (spec.startsWith(".")) out.push(spec);
  }
  return out;
}

/** The module (relative to src/) an import specifier of `file` names. */
function resolve(file: string, spec: string): string {
  return posix.normalize(posix.join(posix.dirname(file), spec)).replace(/\.js$/, ".ts");
}

/** Every import that goes up a layer, as "from → to", for files given as path (relative to src/) → text. */
function violations(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, code] of files) {
    const own = layerOf(file);
    if (own < 0) {
      found.push(`${file}: in no layer (add its top-level folder or file to LAYERS)`);
      continue;
    }
    for (const spec of relativeImports(code)) {
      const target = resolve(file, spec);
      const layer = layerOf(target);
      if (layer > own) found.push(`${file} (${LAYERS[own]!.name}) imports ${target} (${LAYERS[layer]!.name})`);
    }
  }
  return found;
}

function sourceTree(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts")) files.set(relative(SRC, path).split("\\").join("/"), readFileSync(path, "utf8"));
    }
  };
  walk(SRC);
  return files;
}

describe("imports run one way, from the CLI down to the wire rules and Python semantics", () => {
  const tree = sourceTree();

  it("reads the whole tree: modules in every layer, and their imports", () => {
    expect(tree.size).toBeGreaterThan(100);
    for (let i = 0; i < LAYERS.length; i++) expect([...tree.keys()].some((f) => layerOf(f) === i), LAYERS[i]!.name).toBe(true);
    // The import scanner sees the imports: schemas/base.ts imports the wire fields.
    expect(relativeImports(tree.get("schemas/base.ts")!)).toContain("../wire/fields.js");
  });

  it("no module imports from a higher layer", () => {
    expect(violations(tree)).toEqual([]);
  });

  it("python/ and wire/ import nothing outside the base layer", () => {
    const base = new Map([...tree].filter(([f]) => f.startsWith("python/") || f.startsWith("wire/")));
    expect(base.size).toBeGreaterThan(10);
    const outside = [...base].flatMap(([f, code]) =>
      relativeImports(code)
        .map((s) => resolve(f, s))
        .filter((t) => layerOf(t) !== 0)
        .map((t) => `${f} → ${t}`),
    );
    expect(outside).toEqual([]);
  });

  it("catches an upward import of each kind (the check can fail)", () => {
    const bad = new Map([
      ["python/repr.ts", 'import { TextMessage } from "../schemas/chat-messages.js";'],
      ["wire/fields.ts", 'export { toText } from "../render/renderers.js";'],
      ["schemas/base.ts", 'import type { KindRenderers } from "../render/builtin-renderers.js";'],
      ["render/renderers.ts", 'const m = await import("../providers/openai/index.js");'],
      ["contracts/dump.ts", 'import "../cli/main.js";'],
      ["stream/jsonl.ts", 'import { x } from "../console/renderer.js";'], // same layer: allowed
      ["newfolder/x.ts", ""],
    ]);
    expect(violations(bad)).toEqual([
      "python/repr.ts (base: wire rules, Python semantics, helpers) imports schemas/chat-messages.ts (schemas)",
      "wire/fields.ts (base: wire rules, Python semantics, helpers) imports render/renderers.ts (load/dump/render)",
      "schemas/base.ts (schemas) imports render/builtin-renderers.ts (load/dump/render)",
      "render/renderers.ts (load/dump/render) imports providers/openai/index.ts (interop and tools)",
      "contracts/dump.ts (interop and tools) imports cli/main.ts (command)",
      "newfolder/x.ts: in no layer (add its top-level folder or file to LAYERS)",
    ]);
  });
});
