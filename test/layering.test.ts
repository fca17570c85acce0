/**
 * Imports run one way (the style rule of the project), and nowhere in a circle:
 *
 * - **Layers**: base (wire rules, Python semantics, errors) ← schemas ← load/dump/render (with the
 *   wire data the loaders validate: saved states, component configs, `TaskResult` / `Response`)
 *   ← run (every item of a run: one union, one classifier) ← interop and tools ← the CLI. Every
 *   module of src/ belongs to one layer, and may import (types included) only from its own layer
 *   or a lower one. A new top-level file or folder must be placed in LAYERS.
 * - **Inside the interop layer**, an order: each folder may import only the interop folders
 *   INTEROP_ORDER lists for it (and, through them, what they list), as the code needs them.
 * - **No cycle between the top-level folders and files of src/** (types included): inside a
 *   layer too, so that its order is strict (`wire/` ← `errors.ts`, `kind-renderers/` ← `registry.ts` ← `render/`).
 * - **No import cycle between modules** (static imports that run, as the conformance house.mjs counts them:
 *   `import type` / `export type` are erased and do not count), after zod's
 *   `no-circular-imports.test.ts`.
 *
 * docs/development.md shows LAYERS and INTEROP_ORDER; a test below holds it to them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, posix, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));
const DEVELOPMENT = fileURLToPath(new URL("../docs/development.md", import.meta.url));

/** The interop and tool folders; their order among themselves is INTEROP_ORDER. */
const INTEROP = ["providers", "agentscope", "stream", "console", "context", "html", "ag-ui", "maf", "otel"] as const;
type InteropFolder = (typeof INTEROP)[number];

/** Layer of each top-level entry of src/, lowest first. */
const LAYERS: ReadonlyArray<{ name: string; entries: readonly string[] }> = [
  {
    name: "base: wire rules, Python semantics, helpers",
    // Inside it, one way too (no cycle between entries): process-wide.ts, define.ts ← wire/ ← python/, zod-def.ts, errors.ts ← own-properties.ts, parse.ts, ids.ts.
    entries: ["wire", "python", "define.ts", "zod-def.ts", "errors.ts", "own-properties.ts", "parse.ts", "ids.ts", "process-wide.ts"],
  },
  { name: "schemas", entries: ["schemas", "kinds.ts", "kind-groups.ts", "guards.ts"] },
  {
    name: "load/dump/render",
    // state, components, contracts: saved states, component configs, TaskResult / Response and the message
    // filter are wire data validated by load/dump (./json-schema describes the first two), and run/ above classifies them.
    entries: ["load.ts", "dump.ts", "create.ts", "kind-renderers", "registry.ts", "render", "fast", "structured", "json-schema", "state", "components", "contracts", "index.ts"],
  },
  // Everything a run yields (reader items, bare dumps, TaskResult, Response, control frames, errors), for every consumer above.
  { name: "run", entries: ["run"] },
  { name: "interop and tools", entries: INTEROP },
  { name: "command", entries: ["cli"] },
];

/**
 * Entries of LAYERS that arrive this round on other branches (`run/` from branch `run`, `otel/`
 * with `./otel`): until they do, their folder may be missing, and a layer holding only such
 * entries may be empty.
 */
const ARRIVING: ReadonlySet<string> = new Set(["otel"]);

/**
 * Which interop folders each interop folder may import, and why: the smallest order the code
 * needs. An import is allowed along a chain of these (the order is transitive); anything else
 * between two interop folders fails, so a new dependency between them is a decision made here.
 */
const INTEROP_ORDER = {
  // Model request formats and AgentScope: from the messages alone.
  providers: [],
  agentscope: [],
  // Readers turn bytes into frames and items.
  stream: [],
  // Model contexts: OpenAI's image removal for the models without vision (providers/openai/remove-images.ts).
  context: ["providers"],
  // Console writes run/'s items and values: no other interop folder.
  console: [],
  // The AG-UI transports read frames, JSON Lines and SSE with stream's readers.
  "ag-ui": ["stream"],
  // The HTML view: stream's assembler of streamed chunks (its statistics and shapes come from run/).
  html: ["stream"],
  // MAF sessions from AutoGen items: the run's messages come flattened from run/, not from another interop folder.
  maf: [],
  // OpenTelemetry GenAI spans (arriving this round): model contexts and MAF's message parts.
  otel: ["context", "maf"],
} as const satisfies Record<InteropFolder, readonly InteropFolder[]>;

/** The top-level entry (folder or file of src/) of a path relative to src/ (posix separators). */
const topOf = (path: string): string => path.split("/")[0]!;

/** The layer index of a path relative to src/, or -1 when no layer holds it. */
function layerOf(path: string): number {
  const top = topOf(path);
  return LAYERS.findIndex((l) => l.entries.includes(top));
}

/** One import of a module: what it names, and whether it is erased from the JavaScript. */
interface Import {
  readonly spec: string;
  /** `import type …` / `export type …`: no module runs for it. */
  readonly typeOnly: boolean;
  /** `import("…")`: loaded when it runs, not when the module loads. */
  readonly dynamic: boolean;
}

// Static imports and re-exports (`import … from`, `export … from`, `import type`), side-effect `import "…"`, and dynamic `import("…")`.
const IMPORT =
  /(?:^|[;\n])\s*(?:import|export)\s+(type\s+)?[\w$\s{},*]*?\bfrom\s*["']([^"']+)["']|(?:^|[;\n])\s*import\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

/** The relative imports of a module's text. */
function importsOf(code: string): Import[] {
  const out: Import[] = [];
  for (const m of code.matchAll(IMPORT)) {
    const spec = m[2] ?? m[3] ?? m[4]!;
    if (spec.startsWith(".")) out.push({ spec, typeOnly: m[1] !== undefined, dynamic: m[4] !== undefined });
  }
  return out;
}

/** The relative import specifiers of a module's text, types and dynamic imports included. */
const relativeImports = (code: string): string[] => importsOf(code).map((i) => i.spec);

/** The module (relative to src/) an import specifier of `file` names; a folder means its index.ts. */
function resolve(file: string, spec: string, files?: ReadonlyMap<string, string>): string {
  const path = posix.normalize(posix.join(posix.dirname(file), spec)).replace(/\.js$/, ".ts");
  const index = path.replace(/\.ts$/, "") + "/index.ts";
  return files && !files.has(path) && files.has(index) ? index : path;
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

/** The strongly connected components of more than one node (Tarjan), each sorted, in a stable order. */
function circles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) found.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** One way round a strongly connected component, from its first member back to it: "a → b → a". */
function oneWayRound(graph: ReadonlyMap<string, ReadonlySet<string>>, members: readonly string[]): string {
  const inside = new Set(members);
  const start = members[0]!;
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(from.get(path[0]!)!);
        return [...path, start].join(" → ");
      }
      if (!from.has(w)) {
        from.set(w, v);
        queue.push(w);
      }
    }
  }
  return members.join(" ↔ ");
}

/** The module graph of what runs: static imports between the files given, type-only ones left out. */
function moduleGraph(files: ReadonlyMap<string, string>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [file, code] of files) {
    const out = new Set<string>();
    for (const i of importsOf(code)) {
      if (i.typeOnly || i.dynamic) continue;
      const target = resolve(file, i.spec, files);
      if (files.has(target)) out.add(target);
    }
    graph.set(file, out);
  }
  return graph;
}

/** Every import cycle between modules, as one way round each: none is allowed. */
function moduleCycles(files: ReadonlyMap<string, string>): string[] {
  const graph = moduleGraph(files);
  return circles(graph).map((c) => `cycle of ${c.length} modules: ${oneWayRound(graph, c)}`);
}

/** The graph of the top-level entries of src/: every import counts (types and dynamic ones too, as for the layers). */
function entryGraph(files: ReadonlyMap<string, string>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [file, code] of files) {
    const from = topOf(file);
    const out = graph.get(from) ?? new Set<string>();
    graph.set(from, out);
    for (const spec of relativeImports(code)) {
      const to = topOf(resolve(file, spec));
      if (to !== from && !to.startsWith("..")) out.add(to);
    }
  }
  return graph;
}

/** Every cycle between top-level entries, as one way round each with the imports that make it. */
function entryCycles(files: ReadonlyMap<string, string>): string[] {
  const graph = entryGraph(files);
  return circles(graph).map((c) => `${oneWayRound(graph, c)} (${c.join(", ")} import each other)`);
}

/** The interop folders `folder` may import: INTEROP_ORDER's list for it, and theirs, transitively. */
function interopAllowed(folder: InteropFolder, order: Record<InteropFolder, readonly InteropFolder[]> = INTEROP_ORDER): Set<InteropFolder> {
  const out = new Set<InteropFolder>();
  const todo = [...order[folder]];
  while (todo.length) {
    const f = todo.pop()!;
    if (out.has(f)) continue;
    out.add(f);
    todo.push(...order[f]);
  }
  return out;
}

const isInterop = (entry: string): entry is InteropFolder => (INTEROP as readonly string[]).includes(entry);

/** Every import from one interop folder into another that INTEROP_ORDER does not allow. */
function interopViolations(files: ReadonlyMap<string, string>, order: Record<InteropFolder, readonly InteropFolder[]> = INTEROP_ORDER): string[] {
  const found: string[] = [];
  for (const [file, code] of files) {
    const from = topOf(file);
    if (!isInterop(from)) continue;
    const allowed = interopAllowed(from, order);
    for (const spec of relativeImports(code)) {
      const target = resolve(file, spec);
      const to = topOf(target);
      if (isInterop(to) && to !== from && !allowed.has(to)) {
        found.push(`${file} imports ${target}: ${from}/ may import ${[...allowed].map((f) => `${f}/`).join(", ") || "no other interop folder"}`);
      }
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
  const tops = new Set([...tree.keys()].map(topOf));

  it("reads the whole tree: modules in every layer, and their imports", () => {
    expect(tree.size).toBeGreaterThan(100);
    for (const layer of LAYERS) {
      // An entry named in LAYERS exists, unless it arrives this round; a layer of arriving entries only may be empty.
      for (const e of layer.entries) if (!ARRIVING.has(e)) expect(tops, `${layer.name}: ${e}`).toContain(e);
      if (layer.entries.every((e) => ARRIVING.has(e))) continue;
      expect([...tree.keys()].some((f) => layer.entries.includes(topOf(f))), layer.name).toBe(true);
    }
    // The import scanner sees the imports: schemas/base.ts imports the wire fields.
    expect(relativeImports(tree.get("schemas/base.ts")!)).toContain("../wire/fields.js");
    // And tells an erased import from one that runs: render/renderers.ts imports the registry's type and its default registry.
    const renderers = importsOf(tree.get("render/renderers.ts")!);
    expect(renderers).toContainEqual({ spec: "../registry.js", typeOnly: false, dynamic: false });
    expect(renderers).toContainEqual({ spec: "../kinds.js", typeOnly: true, dynamic: false });
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

  it("no import cycle between modules", () => {
    expect(moduleCycles(tree)).toEqual([]);
  });

  it("no cycle between the top-level folders and files of src/, inside a layer too", () => {
    expect(entryCycles(tree)).toEqual([]);
  });

  it("the interop folders import each other only in INTEROP_ORDER's order", () => {
    expect(interopViolations(tree)).toEqual([]);
  });

  it("docs/development.md shows the layers and the interop order as they are here", () => {
    const doc = readFileSync(DEVELOPMENT, "utf8");
    /** The rows of the markdown table whose header starts with `header`, as cells. */
    const rows = (header: string) => {
      const lines = doc.split("\n");
      const start = lines.findIndex((l) => l.startsWith(header));
      expect(start, header).toBeGreaterThan(-1);
      const out: string[][] = [];
      for (const line of lines.slice(start + 2)) {
        if (!line.startsWith("|")) break;
        out.push(line.split("|").slice(1, -1).map((c) => c.trim()));
      }
      return out;
    };
    /** The entries a cell names in code spans: `wire/` (a folder), `errors.ts` (a file). */
    const named = (cell: string) => [...cell.matchAll(/`([\w.-]+\/?)`/g)].map((m) => m[1]!).filter((n) => n.endsWith("/") || n.endsWith(".ts")).map((n) => n.replace(/\/$/, ""));
    const layerRows = rows("| layer |");
    expect(layerRows).toHaveLength(LAYERS.length);
    LAYERS.forEach((layer, i) => expect(named(layerRows[i]![1]!).sort(), layer.name).toEqual([...layer.entries].sort()));
    const order = new Map<string, string[]>();
    for (const [folders, imports] of rows("| folder | may import |")) for (const f of named(folders!)) order.set(f, named(imports!).sort());
    expect(Object.fromEntries(order)).toEqual(Object.fromEntries(INTEROP.map((f) => [f, [...INTEROP_ORDER[f]].sort()])));
  });

  it("INTEROP_ORDER is an order: every interop folder has a place, and no folder reaches itself", () => {
    expect(Object.keys(INTEROP_ORDER).sort()).toEqual([...INTEROP].sort());
    expect(LAYERS.find((l) => l.name === "interop and tools")!.entries).toEqual(INTEROP);
    for (const folder of INTEROP) expect(interopAllowed(folder).has(folder), folder).toBe(false);
  });
});

describe("each rule can fail", () => {
  it("catches an upward import of each kind", () => {
    const bad = new Map([
      ["python/repr.ts", 'import { TextMessage } from "../schemas/chat-messages.js";'],
      ["wire/fields.ts", 'export { toText } from "../render/renderers.js";'],
      ["schemas/base.ts", 'import type { KindRenderers } from "../kind-renderers/builtin.js";'],
      ["render/renderers.ts", 'const m = await import("../providers/openai/index.js");'],
      ["registry.ts", 'import { isRunItem } from "./run/items.js";'],
      ["run/items.ts", 'import { readMessages } from "../stream/jsonl.js";'],
      ["contracts/dump.ts", 'import "../cli/main.js";'],
      ["stream/jsonl.ts", 'import { x } from "../console/renderer.js";'], // same layer: left to INTEROP_ORDER
      ["newfolder/x.ts", ""],
    ]);
    expect(violations(bad)).toEqual([
      "python/repr.ts (base: wire rules, Python semantics, helpers) imports schemas/chat-messages.ts (schemas)",
      "wire/fields.ts (base: wire rules, Python semantics, helpers) imports render/renderers.ts (load/dump/render)",
      "schemas/base.ts (schemas) imports kind-renderers/builtin.ts (load/dump/render)",
      "render/renderers.ts (load/dump/render) imports providers/openai/index.ts (interop and tools)",
      "registry.ts (load/dump/render) imports run/items.ts (run)",
      "run/items.ts (run) imports stream/jsonl.ts (interop and tools)",
      "contracts/dump.ts (load/dump/render) imports cli/main.ts (command)",
      "newfolder/x.ts: in no layer (add its top-level folder or file to LAYERS)",
    ]);
  });

  it("catches an import cycle between modules, of two or more, through a folder's index.ts, and not an erased or a dynamic import", () => {
    const files = new Map([
      ["a/one.ts", 'import { two } from "./two.js";'],
      ["a/two.ts", 'import { one } from "./one.js";'],
      ["b/x.ts", 'export { y } from "../c/y.js";'],
      ["c/y.ts", 'import { z } from "../d";'],
      ["d/index.ts", 'import "../b/x.js";'],
      ["e/p.ts", 'import type { Q } from "./q.js";'],
      ["e/q.ts", 'import { p } from "./p.js";\nconst r = await import("./r.js");'],
      ["e/r.ts", 'export type { Q } from "./q.js";\nimport { q } from "./q.js";'],
    ]);
    expect(moduleCycles(files)).toEqual([
      "cycle of 2 modules: a/one.ts → a/two.ts → a/one.ts",
      "cycle of 3 modules: b/x.ts → c/y.ts → d/index.ts → b/x.ts",
    ]);
  });

  it("catches a cycle between top-level entries that no module cycle shows (the arrows of issue 33), types included", () => {
    const files = new Map([
      ["errors.ts", 'import { describeValue } from "./wire/check.js";'],
      ["wire/check.ts", ""],
      ["wire/own-view.ts", 'import { MessageValidationError } from "../errors.js";'],
      ["registry.ts", 'import { BUILTIN_RENDERERS } from "./render/builtin-renderers.js";'],
      ["render/builtin-renderers.ts", ""],
      ["render/renderers.ts", 'import type { MessageRegistry } from "../registry.js";'],
      ["load.ts", 'import { defaultRegistry } from "./registry.js";'],
    ]);
    expect(moduleCycles(files)).toEqual([]);
    expect(entryCycles(files)).toEqual([
      "errors.ts → wire → errors.ts (errors.ts, wire import each other)",
      "registry.ts → render → registry.ts (registry.ts, render import each other)",
    ]);
  });

  it("catches an interop import against INTEROP_ORDER, and allows one along it", () => {
    const files = new Map([
      ["console/renderer.ts", 'import { plan } from "../html/plan.js";'], // html imports console: never back
      ["providers/openai/x.ts", 'import type { Options } from "../../context/options.js";'],
      ["stream/jsonl.ts", 'import { write } from "../console/index.js";'],
      ["maf/convert/y.ts", 'import { toAgUiEvents } from "../../ag-ui/index.js";'],
      ["otel/spans.ts", 'import { toMafMessages } from "../maf/index.js";\nimport { removeImages } from "../providers/openai/remove-images.js";'], // through context/
      ["html/plan.ts", 'import { readMessages } from "../stream/jsonl.js";\nimport { load } from "../load.js";'],
      ["html/cards.ts", 'import { MessageStats } from "../console/stats.js";'], // statistics come from run/ now
      ["maf/convert/z.ts", 'import { runMessages } from "../../context/items.js";'], // flattening comes from run/ now
    ]);
    expect(interopViolations(files)).toEqual([
      "console/renderer.ts imports html/plan.ts: console/ may import no other interop folder",
      "providers/openai/x.ts imports context/options.ts: providers/ may import no other interop folder",
      "stream/jsonl.ts imports console/index.ts: stream/ may import no other interop folder",
      "maf/convert/y.ts imports ag-ui/index.ts: maf/ may import no other interop folder",
      "html/cards.ts imports console/stats.ts: html/ may import stream/",
      "maf/convert/z.ts imports context/items.ts: maf/ may import no other interop folder",
    ]);
  });

  it("catches an INTEROP_ORDER that goes round", () => {
    const order: Record<InteropFolder, readonly InteropFolder[]> = { ...INTEROP_ORDER, stream: ["html"] };
    expect(interopAllowed("html", order).has("html")).toBe(true);
    expect(interopAllowed("html").has("html")).toBe(false);
  });
});
