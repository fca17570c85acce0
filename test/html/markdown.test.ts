/**
 * The HTML view's Markdown subset (src/html/markdown.ts), with hand-written expectations: what
 * is drawn, that every character of the text stays visible, that nothing from the text becomes
 * markup or a link to anything but http(s)/mailto, and that hostile inputs take linear time.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { inlineHtml, markdownHtml } from "../../src/html/markdown.js";
import { costRatio, describeCostRatio } from "../helpers/timing.js";

const mk = (s: string) => `<span class="mk">${s}</span>`;
const A = (href: string) => `<a href="${href}" rel="noopener noreferrer" referrerpolicy="no-referrer" target="_blank">`;

/** What a browser shows: tags removed, entities read. */
const visible = (html: string) => html.replace(/<[^>]*>/g, "").replace(/&(lt|gt|amp|quot|#39);/g, (_, e: string) => ({ lt: "<", gt: ">", amp: "&", quot: '"', "#39": "'" })[e]!);

describe("markdown: what is drawn", () => {
  it("headings, quotes and list items, their marks kept", () => {
    expect(markdownHtml("## Plan")).toBe(`<span class="md-h md-h2">${mk("## ")}Plan</span>`);
    expect(markdownHtml("#no heading")).toBe("#no heading");
    expect(markdownHtml("####### seven")).toBe("####### seven");
    expect(markdownHtml("> said")).toBe(`<span class="md-q">${mk("&gt; ")}said</span>`);
    expect(markdownHtml("- one\n  * two\n3. three\n10) ten\n-not a list")).toBe(
      `<span class="mk md-li">- </span>one\n  <span class="mk md-li">* </span>two\n<span class="mk md-li">3. </span>three\n<span class="mk md-li">10) </span>ten\n-not a list`,
    );
  });

  it("strong, emphasis and code spans", () => {
    expect(inlineHtml("a **b** c")).toBe(`a <strong>${mk("**")}b${mk("**")}</strong> c`);
    expect(inlineHtml("*x* and _y_")).toBe(`<em>${mk("*")}x${mk("*")}</em> and <em>${mk("_")}y${mk("_")}</em>`);
    expect(inlineHtml("**bold *and em* too**")).toBe(`<strong>${mk("**")}bold <em>${mk("*")}and em${mk("*")}</em> too${mk("**")}</strong>`);
    expect(inlineHtml("use `npm i` now")).toBe(`use <code>${mk("`")}npm i${mk("`")}</code> now`);
    expect(inlineHtml("``a ` b``")).toBe(`<code>${mk("``")}a \` b${mk("``")}</code>`);
    // Inside a code span nothing else is Markdown.
    expect(inlineHtml("`**not bold**`")).toBe(`<code>${mk("`")}**not bold**${mk("`")}</code>`);
  });

  it("leaves alone what is not emphasis: snake_case, arithmetic, lone or unmatched marks, runs of three", () => {
    for (const t of ["snake_case_name", "2 * 3 * 4", "a * b", "**unclosed", "closed**", "***x***", "regex \\d+\\s*\\n and \\s*", "`unclosed code", "[no link]", "[x](no close", "[x](http://a b)"]) {
      expect(inlineHtml(t), t).toBe(t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"));
    }
  });

  it("links: http(s) and mailto get an href opening a new tab without opener or referrer; anything else is inert", () => {
    expect(inlineHtml("see [docs](https://x.dev/a?b=1&c=2)")).toBe(`see ${mk("[")}${A("https://x.dev/a?b=1&amp;c=2")}docs</a>${mk("](https://x.dev/a?b=1&amp;c=2)")}`);
    expect(inlineHtml("[mail](mailto:a@b.c)")).toBe(`${mk("[")}${A("mailto:a@b.c")}mail</a>${mk("](mailto:a@b.c)")}`);
    for (const url of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<script>", "/relative", "#m1", "vbscript:x", "file:///etc/passwd"]) {
      const html = inlineHtml(`[x](${url})`);
      expect(html, url).not.toContain("<a");
      expect(html, url).not.toContain("href");
      expect(visible(html)).toBe(`[x](${url})`);
    }
    // An image is never loaded, nor made a link.
    expect(inlineHtml("![pixel](https://t.example/p.png)")).toBe(`!${mk("[")}<span class="md-a">pixel</span>${mk("](https://t.example/p.png)")}`);
    // A quote cannot leave the attribute.
    expect(inlineHtml('[x](https://a"onmouseover="alert(1))')).toContain('href="https://a&quot;onmouseover=&quot;alert(1"');
  });

  it("pairs are always nested: a mark opened outside a link and closed inside it stays text", () => {
    expect(inlineHtml("**a [b** c](https://u)")).toBe(`**a ${mk("[")}${A("https://u")}b** c</a>${mk("](https://u)")}`);
    expect(inlineHtml("[a **b](https://u) c**")).toBe(`${mk("[")}${A("https://u")}a **b</a>${mk("](https://u)")} c**`);
  });

  it("never writes markup from the text, and shows every character of it", () => {
    const evil = `# <script>alert(1)</script>\n- **<img src=x onerror=alert(2)>**\n> [<b>](https://x) \`</code><svg>\``;
    const html = markdownHtml(evil);
    expect(html.replace(/<\/?(span|strong|em|code|a)\b[^>]*>/g, "")).not.toMatch(/[<>]/);
    expect(visible(html)).toBe(evil);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("*", "_", "`", "[", "]", "(", ")", "#", ">", "-", " ", "\n", "a", "<", "&", "h", "t", "p", ":", "/", "1", ".") }), (s) => {
        const out = markdownHtml(s);
        expect(visible(out)).toBe(s);
        expect(out.replace(/<\/?(span|strong|em|code)\b[^>]*>|<a href="[^"<>]*" rel="noopener noreferrer" referrerpolicy="no-referrer" target="_blank">|<\/a>/g, "")).not.toMatch(/[<>]/);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("markdown: linear time on hostile text", () => {
  const cases: Array<[string, (n: number) => string]> = [
    ["unclosed links", (n) => "[a](b".repeat(n)],
    ["brackets", (n) => "[".repeat(n) + "](x)".repeat(n)],
    ["emphasis", (n) => "*a _b ".repeat(n)],
    ["backtick runs of every length", (n) => Array.from({ length: Math.sqrt(n) | 0 }, (_, i) => "`".repeat(i + 1) + "x").join("")],
    ["unmatched backticks", (n) => "` ".repeat(n)],
    ["list-like lines", (n) => "  - 1. > # x\n".repeat(n)],
  ];
  // Against a linear pass over the same text that allocates per character as the renderer does
  // (the garbage collector, not the algorithm, dominates both): a quadratic renderer would be
  // thousands of times slower on these ~250,000 characters, a linear one is a few times.
  const perCharacter = (s: string) => s.split("").map((c) => ({ c })).map((o) => o.c).join("");
  it.each(cases)("%s: a small multiple of a linear pass over the same text", (_name, make) => {
    const text = make(50_000);
    const r = costRatio(() => perCharacter(text), () => markdownHtml(text), { below: 30 });
    expect(r.ratio, describeCostRatio(r)).toBeLessThan(30);
  }, 60_000);
});
