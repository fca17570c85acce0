/**
 * The component documents the component benchmarks run over: every component model (an object
 * with `provider` and `config`, nested ones inside their parents) in the recorded component files,
 * each as its JSON text. bench/components.ts times them; bench/instructions.mjs --components counts them.
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const FILES = ["autogen-components/components.jsonl", "autogen-components/gallery.jsonl", "autogen-teams/components.jsonl", "autogen-components/client-components.jsonl"];

const isComponent = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && typeof (v as { provider?: unknown }).provider === "string" && "config" in v;

/** The JSON text of each top-level component model in the files under `fixtures` (a URL or a path; test/fixtures/ by default). */
export function componentTexts(fixtures: URL | string = new URL("../test/fixtures/", import.meta.url)): string[] {
  const docs: unknown[] = [];
  const collect = (v: unknown): void => {
    if (isComponent(v)) docs.push(v);
    else if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === "object") Object.values(v).forEach(collect);
  };
  const dir = typeof fixtures === "string" ? pathToFileURL(fixtures.endsWith("/") ? fixtures : `${fixtures}/`) : fixtures;
  for (const f of FILES) for (const line of readFileSync(new URL(f, dir), "utf8").split("\n")) if (line.trim()) collect(JSON.parse(line));
  return docs.map((d) => JSON.stringify(d));
}
