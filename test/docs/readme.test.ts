/**
 * The README as a document (issues 19.4, 27.5): a front door of at most 300 lines that starts from
 * npm (install, then the contributor commands, then an example) and lists every subpath of the
 * package; the rest lives in docs/*.md, where docs/development.md lists every npm script. Every
 * relative link of the README and of docs/*.md resolves (file and heading). The README's
 * "Differences from AutoGen" list is numbered once each, holds every difference
 * test/fixtures/deviations.json names, and has the same entries as docs/differences.md.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { libraryExports, PACKAGE, ROOT } from "../helpers/dist.js";

const read = (file: string): string => readFileSync(join(ROOT, file), "utf8");
const README = read("README.md");
/** README.md and every page of docs/. */
const DOCUMENTS = ["README.md", ...readdirSync(join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];

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

  it("is a front door: at most 300 lines", () => {
    expect(README.split("\n").length).toBeLessThanOrEqual(300);
  });

  it("links a docs/ page for each task it shows, and every page of docs/", () => {
    const links = new Set([...prose(README).matchAll(/\]\((docs\/[^)#\s]+)/g)].map((m) => m[1]!));
    for (const doc of DOCUMENTS.filter((d) => d.startsWith("docs/"))) expect(links, doc).toContain(doc);
  });

  it("has every npm script in docs/development.md", () => {
    const dev = read("docs/development.md");
    for (const name of Object.keys((PACKAGE as unknown as { scripts: Record<string, string> }).scripts)) {
      const command = name === "test" ? "npm test" : `npm run ${name}`;
      expect(dev, name).toMatch(new RegExp(`${command.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w:-])`));
    }
  });

  it("links, in README.md and docs/*.md, to files and sections that exist", () => {
    let sections = 0;
    for (const doc of DOCUMENTS) {
      const text = prose(read(doc));
      const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g), ...text.matchAll(/<(?:img|a)\b[^>]*?\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
      for (const target of targets) {
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

    // The same entries, in the same order, in docs/differences.md (where each is in full).
    const detail = [...read("docs/differences.md").matchAll(/^(\d+)\. \*\*(.+?)\*\*/gm)];
    const title = (t: string) => t.replace(/\.$/, "");
    expect(detail.map((m) => `${m[1]}. ${title(m[2]!)}`)).toEqual(items.map((i) => `${i.n}. ${title(i.title)}`));

    // A section a reason names ("README, OpenAI") is a heading of the README or of one of its docs/ pages.
    const deviations = JSON.parse(read("test/fixtures/deviations.json")) as Record<string, Record<string, string>>;
    const headings = DOCUMENTS.flatMap((doc) => [...read(doc).matchAll(/^#{1,3} (.*)$/gm)].map((m) => m[1]!));
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
