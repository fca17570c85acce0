/** Replaces one script's section of BENCHMARKS.md (between its markers), keeping the others. */
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const FILE = new URL("../BENCHMARKS.md", import.meta.url);

export function writeSection(name: string, markdown: string): void {
  const begin = `<!-- begin:${name} -->`;
  const end = `<!-- end:${name} -->`;
  const block = `${begin}\n${markdown.trim()}\n${end}`;
  const current = existsSync(FILE) ? readFileSync(FILE, "utf8") : "# Benchmarks\n";
  const start = current.indexOf(begin);
  const stop = current.indexOf(end);
  const next =
    start >= 0 && stop > start ? current.slice(0, start) + block + current.slice(stop + end.length) : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(FILE, next);
}
