/**
 * The README as a document (issue 19.4): it starts from npm (install, then the contributor
 * commands, then an example), lists every subpath of the package and every npm script, its links
 * resolve, and its "Differences from AutoGen" list is numbered once each and holds every
 * difference test/fixtures/deviations.json names.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { libraryExports, PACKAGE, ROOT } from "../helpers/dist.js";

const read = (file: string): string => readFileSync(join(ROOT, file), "utf8");
const README = read("README.md");

/** The text of a `## ` section (up to the next `## ` heading). */
function section(doc: string, heading: string): string {
  const start = doc.indexOf(`\n## ${heading}`);
  expect(start, heading).toBeGreaterThan(-1);
  const end = doc.indexOf("\n## ", start + 1);
  return doc.slice(start, end === -1 ? undefined : end);
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");

/** The anchors of a Markdown document's headings (outside code blocks), numbered as GitHub numbers repeats. */
function anchors(doc: string): Set<string> {
  const out = new Set<string>();
  let fenced = false;
  for (const line of doc.split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const h = !fenced && /^#{1,6} (.*)$/.exec(line);
    if (!h) continue;
    let a = slug(h[1]!);
    for (let n = 1; out.has(a); n++) a = `${slug(h[1]!)}-${n}`;
    out.add(a);
  }
  return out;
}

/** A Markdown document without its code blocks and code spans, where `[x](y)` is not a link. */
const prose = (doc: string): string => doc.replace(/^\s*```[^\n]*\n[\s\S]*?^\s*```\s*$/gm, "").replace(/(`+)[\s\S]*?\1/g, "");

describe("README.md", () => {
  it("opens for a user arriving from npm: install, the two contributor commands, then an example", () => {
    const lines = README.split("\n");
    expect(lines[0]).toBe("# agentchat-messages");
    const install = lines.indexOf("npm install agentchat-messages zod");
    expect(install).toBeGreaterThan(0);
    expect(lines[install - 1]).toBe("```sh");
    expect(lines[install + 1]).toMatch(/^npm ci && npm run demo {3}# /);
    expect(lines[install + 2]).toMatch(/^npm ci && npm test {7}# .*Chromium/);
    expect(install + 2).toBeLessThan(12);
    // The next block is the TypeScript example of the core.
    const example = lines.indexOf("```ts", install);
    expect(lines.slice(install + 3, example).every((l) => l === "```" || l === "")).toBe(true);
    const code = lines.slice(example, lines.indexOf("```", example + 1)).join("\n");
    for (const name of ["load(", "msg.type ===", "dump(", "MessageValidationError"]) expect(code).toContain(name);
  });

  it("lists every subpath of package.json's exports in \"What's in the box\"", () => {
    const box = section(README, "What's in the box");
    for (const { subpath } of libraryExports("import")) {
      const name = subpath === "." ? "`agentchat-messages`" : `\`${subpath.slice(1)}\``;
      expect(box, subpath).toContain(name);
    }
  });

  it("lists every npm script in Development", () => {
    const dev = section(README, "Development");
    for (const name of Object.keys((PACKAGE as unknown as { scripts: Record<string, string> }).scripts)) {
      const command = name === "test" ? "npm test" : `npm run ${name}`;
      expect(dev, name).toMatch(new RegExp(`${command.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w:-])`));
    }
  });

  it("links to sections and files that exist", () => {
    const docs = ["README.md", "docs/components.md", "docs/providers.md"];
    let sections = 0;
    for (const doc of docs) {
      const text = prose(read(doc));
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue; // https:, mailto:
        const [file, anchor] = target!.split("#") as [string, string | undefined];
        const path = file === "" ? doc : join(doc, "..", file);
        expect(existsSync(join(ROOT, path)), `${doc}: ${target}`).toBe(true);
        if (anchor === undefined) continue;
        expect(anchors(read(path)).has(anchor), `${doc}: ${target}`).toBe(true);
        sections++;
      }
    }
    expect(sections).toBeGreaterThan(20);
  });

  it("numbers its differences from AutoGen 1, 2, … once each, and has every one deviations.json names", () => {
    const list = section(README, "Differences from AutoGen");
    const items = [...list.matchAll(/^(\d+)\. \*\*(.+?)\*\*/gm)].map((m) => ({ n: Number(m[1]), title: m[2]! }));
    expect(items.map((i) => i.n)).toEqual(items.map((_, k) => k + 1));
    expect(new Set(items.map((i) => i.title)).size).toBe(items.length);

    const deviations = JSON.parse(read("test/fixtures/deviations.json")) as Record<string, Record<string, string>>;
    const headings = [...README.matchAll(/^#{2,3} (.*)$/gm)].map((m) => m[1]!);
    let cited = 0;
    for (const [file, cases] of Object.entries(deviations)) {
      for (const [name, reason] of Object.entries(cases)) {
        for (const [, ref] of reason.matchAll(/README, ([^)]*)\)/g)) {
          cited++;
          const difference = /^differences? (\d+)/.exec(ref!);
          if (difference) expect(Number(difference[1]), `${file}: ${name}`).toBeLessThanOrEqual(items.length);
          else expect(headings.some((h) => h.startsWith(ref!)), `${file}: ${name}: README section ${ref}`).toBe(true);
        }
      }
    }
    expect(cited).toBeGreaterThan(50);
  });
});
