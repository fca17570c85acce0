/**
 * The HTML view's behaviour in headless Chromium: the hashed view script runs under the page's
 * CSP; the per-agent and per-kind chips are "show only" filters (named groups, pressed states,
 * keyboard) and the search box finds text; on a phone the header and toolbar stay compact; events,
 * tool calls and everything collapse and expand; an image enlarges on click; Markdown links
 * from message text are inert unless http(s) (and then open without opener or referrer);
 * hostile content runs nothing and requests nothing; the page fits 375 px and 1200 px; and two
 * fragments share a host page without touching each other.
 */
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { load } from "../../src/index.js";
import { HTML_VIEW_CSS_SHA256, HTML_VIEW_SCRIPT, HTML_VIEW_SCRIPT_SHA256, renderHtml, type HtmlItem } from "../../src/html/index.js";
import { openOfflinePages, RUN_CHROMIUM_TESTS, type OfflinePages } from "../helpers/chromium.js";

const GIF = "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

/** Seven cards: user 1, planner 3, writer 2, attacker 1; TextMessage 3 and one each of four other kinds. */
const RUN: HtmlItem[] = [
  { type: "TextMessage", source: "user", content: "Plan a **trip** to Paris" },
  { type: "ToolCallRequestEvent", source: "planner", content: [{ id: "c1", name: "get_weather", arguments: '{"city": "Paris"}' }] },
  { type: "ToolCallExecutionEvent", source: "planner", content: [{ call_id: "c1", name: "get_weather", content: "sunny, 21 C", is_error: false }] },
  {
    type: "TextMessage",
    source: "planner",
    content: "## Itinerary\n- Day 1: the [Louvre](https://www.louvre.fr/)\n- Day 2: [a trap](javascript:window.__pwned=1)\n![tracker](http://127.0.0.1:9/pixel.png) and `code`",
  },
  { type: "MultiModalMessage", source: "writer", content: ["The map:", { data: GIF }] },
  { type: "ThoughtEvent", source: "writer", content: "Keep it *short*." },
  {
    type: "TextMessage",
    source: "attacker",
    content: `<script>window.__pwned=2</script><img src=x onerror="window.__pwned=3"> [x](JaVaScRiPt:window.__pwned=4) [y](data:text/html,<script>parent.__pwned=5</script>) **<svg onload=window.__pwned=6>**`,
  },
].map((m) => load(m));

let pages: OfflinePages;

/** Writes the page and opens it at `width` px. */
const open = (html: string, name: string, width = 800): Promise<Page> => pages.open(name, html, width);

/** The numbers of the cards on show. */
const shown = (page: Page, root = "body") =>
  page.evaluate((r) => Array.from(document.querySelectorAll(`${r} article.msg`)).filter((c) => !(c as HTMLElement).hidden).map((c) => c.querySelector(".n")!.textContent), root);

describe.skipIf(!RUN_CHROMIUM_TESTS)("the HTML view at work in Chromium", () => {
  beforeAll(async () => {
    pages = await openOfflinePages("agentchat-view-");
  }, 60_000);

  afterAll(async () => {
    await pages?.close();
  });

  it("runs its hashed script, filters by agent and kind (show only), searches, and counts cards", async () => {
    const page = await open(renderHtml(RUN, { title: "Trip" }), "filters.html");
    const chip = (f: "s" | "k", name: string) => `.filter[data-f="${f}"] button:has-text("${name}")`;
    const pressed = (f: "s" | "k") =>
      page.evaluate((row) => Array.from(document.querySelectorAll(`.filter[data-f="${row}"] button[aria-pressed=true]`)).map((b) => b.firstChild!.textContent), f);
    try {
      expect(await page.evaluate(() => document.body.classList.contains("acm-live"))).toBe(true); // the script ran: its hash matched
      expect(await page.isVisible(".tools")).toBe(true);
      const output = () => page.textContent(".tools output");
      expect(await output()).toBe("all 7 cards");
      expect(await shown(page)).toEqual(["#1", "#2", "#3", "#4", "#5", "#6", "#7"]);
      // Nothing picked: "all" is the pressed chip of each row.
      expect([await pressed("s"), await pressed("k")]).toEqual([["all"], ["all"]]);

      // Picking an agent shows only that agent's cards; "all" is released.
      await page.click(chip("s", "planner"));
      expect(await shown(page)).toEqual(["#2", "#3", "#4"]);
      expect(await output()).toBe("3 of 7 cards");
      expect(await pressed("s")).toEqual(["planner"]);
      // A second agent: either of the two (within a row, the picks add up).
      await page.click(chip("s", "writer"));
      expect(await shown(page)).toEqual(["#2", "#3", "#4", "#5", "#6"]);
      // A kind as well: rows combine (planner or writer, and a TextMessage).
      await page.click(chip("k", "TextMessage"));
      expect(await shown(page)).toEqual(["#4"]);
      await page.click(chip("s", "planner")); // planner released: writer's TextMessages, none
      expect(await shown(page)).toEqual([]);
      expect(await output()).toBe("0 of 7 cards");
      // The way back, in place: the row's "all" clears its picks.
      await page.click('.filter[data-f="s"] .all button');
      expect(await pressed("s")).toEqual(["all"]);
      expect(await shown(page)).toEqual(["#1", "#4", "#7"]);
      // …and for everything, the toolbar's "Show all", marked while anything is filtered.
      expect(await page.getAttribute('button[data-act="reset"]', "class")).toBe("on");
      await page.click('button[data-act="reset"]');
      expect(await shown(page)).toHaveLength(7);
      expect([await pressed("s"), await pressed("k")]).toEqual([["all"], ["all"]]);
      expect(await page.getAttribute('button[data-act="reset"]', "class")).toBe("");

      // Search: case-insensitive, over each card's text (the result of a call is shown with its call).
      await page.fill(".tools input", "SUNNY");
      await page.waitForFunction(() => document.querySelector(".tools output")!.textContent === "1 of 7 cards");
      expect(await shown(page)).toEqual(["#2"]);
      await page.fill(".tools input", "paris");
      await page.waitForFunction(() => document.querySelector(".tools output")!.textContent === "2 of 7 cards");
      expect(await shown(page)).toEqual(["#1", "#2"]);
      // Search and filters together.
      await page.click(chip("k", "ToolCallRequestEvent"));
      expect(await shown(page)).toEqual(["#2"]);
      await page.fill(".tools input", "");
      await page.waitForFunction(() => document.querySelector(".tools output")!.textContent === "1 of 7 cards");

      // "/" focuses the search box.
      await page.click("h1");
      await page.keyboard.press("/");
      expect(await page.evaluate(() => document.activeElement?.matches(".tools input"))).toBe(true);
    } finally {
      await page.close();
    }
    expect(pages.pageErrors).toEqual([]);
  }, 60_000);

  it("the filters for assistive technology and the keyboard: named groups, pressed states, Tab, Enter and Space, a live count", async () => {
    const page = await open(renderHtml(RUN, { title: "Trip" }), "a11y.html");
    try {
      const agents = page.getByRole("group", { name: "Cards per agent" });
      const kinds = page.getByRole("group", { name: "Cards per kind" });
      expect([await agents.count(), await kinds.count()]).toEqual([1, 1]);
      expect(await agents.getByRole("button", { pressed: true }).allTextContents()).toEqual(["all7"]);
      expect(await agents.getByRole("button", { pressed: false }).allTextContents()).toEqual(["user1", "planner3", "writer2", "attacker1"]);
      expect(await page.getAttribute(".tools output", "aria-live")).toBe("polite");
      // The label says what a pick does.
      expect(await page.textContent(".row .label")).toBe("Cards per agent · pick chips to show only their cards");
      // Tab reaches the chips in order; Space and Enter pick and release; focus is visible.
      await page.focus('.filter[data-f="s"] .all button');
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement!.textContent)).toBe("user1");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement!.textContent)).toBe("planner3");
      expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe("solid");
      await page.keyboard.press("Space");
      expect(await agents.getByRole("button", { pressed: true }).allTextContents()).toEqual(["planner3"]);
      expect(await shown(page)).toEqual(["#2", "#3", "#4"]);
      await page.keyboard.press("Enter");
      expect(await agents.getByRole("button", { pressed: true }).allTextContents()).toEqual(["all7"]);
      expect(await shown(page)).toHaveLength(7);
    } finally {
      await page.close();
    }
    expect(pages.pageErrors).toEqual([]);
  }, 60_000);

  it("on a 390×844 phone the header and the toolbar take the top 340 px (552 px before issue 34), the toolbar sticks, nothing overflows", async () => {
    // The recorded Swarm run of the screenshots (docs/html-view*.png), as `render --html` titles it.
    const record = readFileSync(new URL("../fixtures/autogen-teams/streams.jsonl", import.meta.url), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { name: string; steps: { stream?: Record<string, unknown>[] }[] })
      .find((r) => r.name === "swarm/handoff-termination-resume")!;
    const items = record.steps.flatMap((s) =>
      (s.stream ?? []).map((it) => (it.dump ?? (it.item === "TaskResult" ? { messages: it.messages, stop_reason: it.stop_reason } : { chat_message: it.chat_message, inner_messages: it.inner_messages })) as HtmlItem),
    );
    const page = await pages.open("phone.html", renderHtml(items, { title: "swarm-handoff-termination-resume.jsonl" }), 390);
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      const box = () =>
        page.evaluate(() => ({
          tools: document.querySelector(".tools")!.getBoundingClientRect().bottom,
          toolsTop: document.querySelector(".tools")!.getBoundingClientRect().top,
          firstCard: document.querySelector("article.msg")!.getBoundingClientRect().top,
          width: document.documentElement.scrollWidth,
          rows: Array.from(document.querySelectorAll(".tools>div, .row .chips")).map((e) => Math.round(e.getBoundingClientRect().height)),
        }));
      const top = await box();
      expect(top.tools).toBeLessThanOrEqual(340);
      expect(top.firstCard).toBeLessThanOrEqual(350);
      expect(top.width).toBeLessThanOrEqual(390);
      // The toolbar and each chip row are one line each, scrolled sideways rather than wrapped.
      for (const h of top.rows) expect(h).toBeLessThanOrEqual(40);
      // Scrolled down, the toolbar stays at the top of the screen.
      await page.evaluate(() => window.scrollTo(0, 1500));
      expect((await box()).toolsTop).toBe(0);
      // Every chip can still be reached and picked: the last kind, scrolled to.
      await page.click('.filter[data-f="k"] li:last-child button');
      expect(await page.textContent(".tools output")).toMatch(/^\d+ of 10 cards$/);
    } finally {
      await page.close();
    }
  }, 60_000);

  it("collapses and expands events, tool calls and everything", async () => {
    const page = await open(renderHtml(RUN), "collapse.html");
    const state = () =>
      page.evaluate(() => ({
        cards: Array.from(document.querySelectorAll("article.msg>details")).map((d) => (d as HTMLDetailsElement).open),
        calls: Array.from(document.querySelectorAll("details.call")).map((d) => (d as HTMLDetailsElement).open),
      }));
    try {
      expect(await state()).toEqual({ cards: [true, true, true, true, true, true, true], calls: [true] });
      await page.click('button[data-act="events"]');
      // The tool call request and execution and the thought are events; messages stay open.
      expect(await state()).toEqual({ cards: [true, false, false, true, true, false, true], calls: [true] });
      await page.click('button[data-act="expand"]');
      await page.click('button[data-act="calls"]');
      expect(await state()).toEqual({ cards: [true, true, true, true, true, true, true], calls: [false] });
      await page.click('button[data-act="expand"]');
      expect((await state()).calls).toEqual([true]);
      // A card folds by its own header too, without the toolbar.
      await page.click("#m1 summary .kind");
      expect((await state()).cards[0]).toBe(false);
      expect(await page.isVisible("#m1 .text")).toBe(false);
    } finally {
      await page.close();
    }
  }, 60_000);

  it("enlarges an image on click, and closes it on click or Escape", async () => {
    const page = await open(renderHtml(RUN), "zoom.html", 1200);
    try {
      const img = "article.msg img";
      const box = async () => page.evaluate((s) => {
        const e = document.querySelector(s)!;
        const r = e.getBoundingClientRect();
        return { zoom: e.classList.contains("zoom"), position: getComputedStyle(e).position, width: Math.round(r.width) };
      }, img);
      const before = await box();
      expect(before.zoom).toBe(false);
      await page.click(img);
      const after = await box();
      expect(after).toMatchObject({ zoom: true, position: "fixed" });
      expect(after.width).toBeGreaterThan(1000); // 96vw of 1200 px
      await page.keyboard.press("Escape");
      expect((await box()).zoom).toBe(false);
      await page.click(img);
      await page.mouse.click(5, 5);
      expect((await box()).zoom).toBe(false);
    } finally {
      await page.close();
    }
  }, 60_000);

  it("keeps hostile content inert: no script from content, no javascript: or data: link, no request", async () => {
    pages.requests.length = 0;
    pages.cspViolations.length = 0;
    const page = await open(renderHtml(RUN), "hostile.html");
    try {
      const res = await page.evaluate(() => ({
        pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
        scripts: document.scripts.length,
        links: Array.from(document.querySelectorAll("a[href]")).map((a) => ({ href: a.getAttribute("href"), rel: a.getAttribute("rel"), target: a.getAttribute("target") })),
        imgs: Array.from(document.images).map((i) => i.getAttribute("src")!.slice(0, 15)),
        onAttrs: Array.from(document.querySelectorAll("*")).filter((e) => Array.from(e.attributes).some((a) => /^on/i.test(a.name))).length,
        foreign: document.querySelectorAll("iframe, object, embed, link, svg, body meta").length,
        text: document.body.innerText,
      }));
      expect(res.pwned).toBeNull();
      expect(res.scripts).toBe(1);
      expect(res.onAttrs).toBe(0);
      expect(res.foreign).toBe(0);
      expect(res.imgs).toEqual(["data:image/gif;"]);
      // In-page anchors, and the one http(s) link from Markdown, opening apart from the page.
      const external = res.links.filter((l) => !l.href!.startsWith("#"));
      expect(external).toEqual([{ href: "https://www.louvre.fr/", rel: "noopener noreferrer", target: "_blank" }]);
      // Every character of the hostile text is on screen, as text.
      expect(res.text).toContain(`<script>window.__pwned=2</script><img src=x onerror="window.__pwned=3"> [x](JaVaScRiPt:window.__pwned=4)`);
      expect(res.text).toContain("![tracker](http://127.0.0.1:9/pixel.png)");
      // Clicking the inert links does nothing.
      for (const name of ["a trap", "x"]) await page.click(`.md-a:text-is("${name}")`);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned ?? null)).toBeNull();
      expect(pages.requests).toEqual([]);
      expect(pages.cspViolations).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it.each([375, 1200])("fits %i px", async (width) => {
    const page = await open(renderHtml(RUN), `w${width}.html`, width);
    try {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    } finally {
      await page.close();
    }
  }, 60_000);

  it("two fragments in one host page: scoped style, separate ids and filters, one script run", async () => {
    const a = renderHtml(RUN, { fragment: true, idPrefix: "a-", title: "Run A" });
    const b = renderHtml(RUN, { fragment: true, idPrefix: "b-", title: "Run B" });
    expect(a).not.toContain("<script");
    expect(a.startsWith('<div class="acm-view" lang="en"><style>')).toBe(true);
    const host =
      `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; ` +
      `style-src '${HTML_VIEW_CSS_SHA256}'; script-src '${HTML_VIEW_SCRIPT_SHA256}'"></head><body style="background:rgb(1, 2, 3)">` +
      `<p id="host">The app's own text</p><section id="A">${a}</section><section id="B">${b}</section><script>${HTML_VIEW_SCRIPT}</script></body></html>`;
    pages.cspViolations.length = 0;
    const page = await open(host, "host.html", 1200);
    try {
      const ids = await page.evaluate(() => Array.from(document.querySelectorAll("[id]")).map((e) => e.id));
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toContain("a-m1");
      expect(ids).toContain("b-call-1");
      // The host page keeps its own look (the inline style attribute of body is refused by this
      // host's CSP only for the attribute, so read the computed values of the app's paragraph).
      expect(await page.evaluate(() => getComputedStyle(document.getElementById("host")!).fontFamily)).not.toContain("system-ui");
      await page.click('#A .filter[data-f="s"] button:has-text("planner")');
      expect(await shown(page, "#A")).toEqual(["#2", "#3", "#4"]);
      expect(await shown(page, "#B")).toHaveLength(7);
      expect(await page.textContent("#B .tools output")).toBe("all 7 cards");
      // The in-page link of fragment B points into fragment B.
      expect(await page.getAttribute('#B a.n[href="#b-m3"]', "href")).toBe("#b-m3");
      expect(pages.cspViolations.filter((v) => !/style-src|inline style/i.test(v))).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it("the offline pages record and refuse a request that leaves the page, and a CSP refusal (so the checks above can fail)", async () => {
    pages.requests.length = 0;
    pages.cspViolations.length = 0;
    const leaky = `<!doctype html><html><body><img src="http://127.0.0.1:9/leak.png"></body></html>`;
    const strict = `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'"></head><body><script>window.__ran = 1</script></body></html>`;
    for (const [name, html] of [["leaky.html", leaky], ["strict.html", strict]] as const) {
      const page = await open(html, name);
      await page.waitForLoadState("load");
      await page.close();
    }
    expect(pages.requests).toContain("http://127.0.0.1:9/leak.png");
    expect(pages.cspViolations.some((v) => /inline script violates the following Content Security Policy/.test(v))).toBe(true);
  }, 60_000);
});
