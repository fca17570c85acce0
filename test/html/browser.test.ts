/**
 * The HTML view of every recorded real AutoGen run (test/fixtures/autogen-teams/streams.jsonl),
 * with hostile messages appended, opened in headless Chromium: every message's text is on
 * screen, the hostile markup stays text and runs nothing, no request leaves the page, the
 * layout fits 800 px and a 375 px phone, the hashed style (and script, when present) is
 * admitted by the CSP, and dark mode follows the system.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { load, toText, type AgentMessage } from "../../src/index.js";
import { Response, TaskResult } from "../../src/contracts/schemas.js";
import { renderHtml, type HtmlItem } from "../../src/html/index.js";
import { openOfflinePages, RUN_CHROMIUM_TESTS, type OfflinePages } from "../helpers/chromium.js";
import { readJsonl } from "../helpers/fixtures.js";

const GIF = "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

/** Messages meant to break out of the page, fetch something or run script. */
const HOSTILE = [
  { type: "TextMessage", source: "attacker", content: `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>` },
  { type: "TextMessage", source: `"><img src=x onerror=window.__pwned=3>`, content: "</pre></div></article><iframe src=\"http://127.0.0.1:9/frame\"></iframe><svg onload=window.__pwned=4>" },
  { type: "TextMessage", source: "attacker", content: "<link rel=stylesheet href=http://127.0.0.1:9/s.css><meta http-equiv=refresh content=\"0;url=http://127.0.0.1:9/\"><style>body{background:url(http://127.0.0.1:9/bg)}</style>" },
  { type: "ToolCallRequestEvent", source: "attacker", content: [{ id: "x1\"><b>", name: "<script>window.__pwned=5</script>", arguments: '{"url": "</pre><img src=http://127.0.0.1:9/arg onerror=window.__pwned=6>"}' }] },
  { type: "ToolCallExecutionEvent", source: "attacker", content: [{ call_id: "x1\"><b>", name: "t", content: "<object data=http://127.0.0.1:9/o></object>", is_error: true }] },
  { type: "CodeExecutionEvent", source: "attacker", retry_attempt: 0, result: { exit_code: 1, output: "<a href=javascript:window.__pwned=7>x</a>\u0000NUL \ud800 lone" } },
  { type: "MultiModalMessage", source: "attacker", content: ["a real GIF:", { data: GIF }] },
  // Long unbroken strings everywhere, which must wrap (or scroll inside their block) on a phone.
  { type: "TextMessage", source: "s".repeat(300), content: "y".repeat(5000) },
  { type: "ToolCallRequestEvent", source: "a", content: [{ id: "i".repeat(200), name: "n".repeat(300), arguments: JSON.stringify({ k: "v".repeat(3000) }) }] },
  { type: "CodeExecutionEvent", source: "a", retry_attempt: 0, result: { exit_code: 0, output: "o".repeat(4000) } },
  { type: "StructuredMessage[Wide]", source: "a", content: { w: "w".repeat(3000) }, format_string: null },
].map((m) => load(m));

/** What of a message the page must show as text (hand-written per kind). */
function expectedTexts(m: AgentMessage): string[] {
  switch (m.type) {
    case "ToolCallRequestEvent":
      return m.content.flatMap((c) => [c.name, c.id]);
    case "ToolCallExecutionEvent":
      return m.content.map((r) => r.content);
    case "MultiModalMessage":
      return m.content.filter((c): c is string => typeof c === "string");
    case "MemoryQueryEvent":
      return m.content.flatMap((c) => (typeof c.content === "string" && c.mime_type.startsWith("text/") ? [c.content] : []));
    case "SelectSpeakerEvent":
      return m.content;
    case "CodeExecutionEvent":
      return [m.result.output];
    case "HandoffMessage":
      return [m.content, m.target];
    case "UserInputRequestedEvent":
      return [m.request_id];
  }
  if (m.type.startsWith("StructuredMessage[")) {
    const s = m as { content: Record<string, unknown>; format_string: string | null };
    // With a format string its text; else the JSON shown, whose strings appear quoted.
    return s.format_string !== null ? [toText(m)] : Object.values(s.content).filter((v): v is string => typeof v === "string").map((v) => JSON.stringify(v));
  }
  return typeof (m as { content?: unknown }).content === "string" ? [(m as { content: string }).content] : [];
}

interface Run {
  name: string;
  items: HtmlItem[];
  messages: AgentMessage[];
}

/** Each recorded run: everything its steps yielded (messages, TaskResult, Response), loaded. */
function runs(): Run[] {
  return readJsonl("autogen-teams/streams.jsonl").map((r) => {
    const items: HtmlItem[] = [];
    const messages: AgentMessage[] = [];
    for (const step of (r.steps as Array<{ stream?: Array<Record<string, unknown>> }>) ?? []) {
      for (const it of step.stream ?? []) {
        if (it.dump) {
          const m = load(it.dump);
          items.push(m);
          messages.push(m);
        } else if (it.item === "TaskResult") items.push(TaskResult.parse({ messages: it.messages, stop_reason: it.stop_reason }));
        else if (it.item === "Response") {
          const resp = Response.parse({ chat_message: it.chat_message, inner_messages: it.inner_messages });
          items.push(resp);
          messages.push(resp.chat_message);
        }
      }
    }
    items.push(...HOSTILE);
    messages.push(...HOSTILE);
    return { name: r.name, items, messages };
  });
}

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

let pages: OfflinePages;

describe.skipIf(!RUN_CHROMIUM_TESTS)("the HTML view of recorded AutoGen runs in Chromium", () => {
  beforeAll(async () => {
    pages = await openOfflinePages("agentchat-html-", { width: 800, height: 900 });
  }, 60_000);

  afterAll(async () => {
    await pages?.close();
  });

  const all = runs();

  it("covers every recorded run and every kind they hold", () => {
    expect(all.length).toBeGreaterThanOrEqual(49);
    const kinds = new Set(all.flatMap((r) => r.messages.map((m) => m.type.replace(/\[.*/, ""))));
    for (const k of ["TextMessage", "ToolCallRequestEvent", "ToolCallExecutionEvent", "ModelClientStreamingChunkEvent", "ThoughtEvent", "HandoffMessage", "MultiModalMessage", "StructuredMessage", "MemoryQueryEvent", "CodeGenerationEvent", "CodeExecutionEvent", "SelectSpeakerEvent", "SelectorEvent", "StopMessage", "UserInputRequestedEvent", "ToolCallSummaryMessage"]) {
      expect(kinds, k).toContain(k);
    }
  });

  it.each(all.map((r) => [r.name, r] as const))("%s: complete, inert, offline, fits 800 px and 375 px", async (_name, run) => {
    const { requests, cspViolations } = pages;
    const url = pages.write(`${run.name.replace(/\W+/g, "_")}.html`, renderHtml(run.items, { title: run.name }));
    requests.length = 0;
    cspViolations.length = 0;
    const page = await pages.context.newPage();
    try {
      await page.goto(url);
      const res = await page.evaluate(() => {
        const w = window as unknown as { __pwned?: unknown };
        const onAttrs = Array.from(document.querySelectorAll("*")).filter((e) => Array.from(e.attributes).some((a) => /^on/i.test(a.name))).length;
        const imgs = Array.from(document.images);
        return {
          text: document.body.innerText,
          pwned: w.__pwned ?? null,
          scrollWidth: document.documentElement.scrollWidth,
          scripts: document.scripts.length,
          placeholders: document.querySelectorAll("b[data-u]").length,
          foreign: document.querySelectorAll("iframe, object, embed, link, svg, body meta, a[href^='javascript']").length,
          styles: document.querySelectorAll("style").length,
          onAttrs,
          imgs: imgs.map((i) => ({ src: i.src.slice(0, 22), ok: i.complete && i.naturalWidth > 0 })),
          border: getComputedStyle(document.querySelector(".msg")!).borderLeftWidth,
        };
      });
      const body = squash(res.text);
      const missing = run.messages.flatMap(expectedTexts).filter((t) => t.trim() && !body.includes(squash(t)));
      expect(missing).toEqual([]);
      // The hostile markup is on screen as text, character for character (NUL and the lone surrogate restored).
      for (const h of HOSTILE) for (const t of expectedTexts(h)) expect(body).toContain(squash(t));
      expect(res.text).toContain("\u0000NUL \ud800 lone");
      expect(res.pwned).toBeNull();
      expect(res.onAttrs).toBe(0);
      expect(res.foreign).toBe(0);
      expect(res.styles).toBe(1);
      expect(res.scripts).toBe(1); // the view script (hashed in the CSP); it restored every placeholder
      expect(res.placeholders).toBe(0);
      expect(res.imgs.length).toBeGreaterThan(0);
      for (const img of res.imgs) expect(img).toEqual({ src: expect.stringMatching(/^data:image\/(png|gif|jpeg|webp);base/), ok: true });
      expect(res.border).toBe("4px"); // the stylesheet applied: its hash matched the CSP
      expect(res.scrollWidth).toBeLessThanOrEqual(800);
      expect(requests).toEqual([]);
      expect(cspViolations).toEqual([]);

      await page.setViewportSize({ width: 375, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    } finally {
      await page.close();
    }
  }, 60_000);

  it("follows the system's dark mode", async () => {
    const url = pages.write("dark.html", renderHtml(all[0]!.items));
    const colours: Record<string, string[]> = {};
    for (const scheme of ["light", "dark"] as const) {
      const page = await pages.context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(url);
      colours[scheme] = await page.evaluate(() => [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color]);
      await page.close();
    }
    expect(colours.light).toEqual(["rgb(245, 246, 248)", "rgb(28, 35, 45)"]);
    expect(colours.dark).toEqual(["rgb(14, 18, 23)", "rgb(226, 231, 238)"]);
  }, 60_000);

  it("a static page (interactive: false) of a run without NUL or lone surrogates has no script at all", async () => {
    const html = renderHtml(all[0]!.items.filter((i) => !HOSTILE.includes(i as AgentMessage)), { interactive: false });
    expect(html).not.toContain("<script");
    expect(html).not.toContain("script-src");
  });

  it("a static page restores NUL and lone surrogates with its one restoring script", async () => {
    const url = pages.write("static.html", renderHtml(HOSTILE, { interactive: false }));
    const { cspViolations } = pages;
    cspViolations.length = 0;
    const page = await pages.context.newPage();
    await page.goto(url);
    const res = await page.evaluate(() => ({ text: document.body.innerText, scripts: document.scripts.length, tools: document.querySelectorAll(".tools").length }));
    await page.close();
    expect(res).toMatchObject({ scripts: 1, tools: 0 });
    expect(res.text).toContain("\u0000NUL \ud800 lone");
    expect(cspViolations).toEqual([]);
  }, 60_000);
});
